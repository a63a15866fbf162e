/**
 * Background jobs behind one scheduler: `Deno.cron` on Deno Deploy (DENO_DEPLOYMENT_ID is set), a
 * timer per job in a container or on a machine. However a run is triggered, it first claims the job
 * in the job_runs table (one conditional UPDATE), so with many instances on one database only one
 * of them does each period's run. Errors are logged, never thrown.
 */
import { sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { rowsOf } from "./client.ts";
import { jobRuns } from "./schema/mod.ts";
import { logError } from "../lib/error_log.ts";

export interface JobSpec {
  /** Unique, also the job_runs key and the Deno.cron name. */
  name: string;
  intervalMs: number;
  run: () => Promise<void>;
}

export interface Scheduler {
  readonly mode: "cron" | "interval";
  /** Claims the job for this period and runs it; false when another run (here or elsewhere) has it. */
  runIfDue(name: string): Promise<boolean>;
  /** Stops the timers and waits for runs in progress. */
  stop(): Promise<void>;
}

/**
 * How early a run may start relative to a full period after the last start: timers and cron fire a
 * little late or early, and a run that just missed its period would otherwise wait a whole one.
 */
function slackMs(intervalMs: number) {
  return Math.min(5_000, Math.floor(intervalMs / 20));
}

/**
 * Claims `name` for a run: true when its last run started at least one period ago (or never), in
 * which case the start is recorded in the same statement, so two instances can never both get it.
 */
export async function claimJobRun(db: Db, name: string, intervalMs: number): Promise<boolean> {
  await db.insert(jobRuns).values({ name }).onConflictDoNothing();
  const dueMs = intervalMs - slackMs(intervalMs);
  const claimed = await db.execute(sql`
    update ${jobRuns} set last_started_at = now(), runs = runs + 1
    where name = ${name}
      and (last_started_at is null or last_started_at <= now() - make_interval(secs => ${dueMs / 1000}))
    returning name`);
  return rowsOf(claimed).length > 0;
}

async function recordFinish(db: Db, name: string, error: string | null) {
  await db.update(jobRuns).set({ lastFinishedAt: new Date(), lastError: error }).where(sql`name = ${name}`);
}

/** A Deno.cron schedule for an interval: whole minutes (Deno.cron's finest step), or whole hours. */
export function cronSchedule(intervalMs: number): string {
  const minutes = Math.max(1, Math.round(intervalMs / 60_000));
  if (minutes === 1) return "* * * * *";
  if (minutes < 60) return `*/${minutes} * * * *`;
  return `0 */${Math.min(23, Math.round(minutes / 60))} * * *`;
}

/** Deno.cron (an unstable API: on Deploy always there, locally with deno.json's "unstable": ["cron"]). */
function denoCron(name: string, schedule: string, handler: () => Promise<void>): void {
  const cron = (Deno as unknown as { cron?: (n: string, s: string, h: () => Promise<void>) => Promise<void> }).cron;
  if (!cron) throw new Error("Deno.cron is not available: run with --unstable-cron");
  void cron(name, schedule, handler);
}

/** True on Deno Deploy, where jobs run through Deno.cron. */
export function onDenoDeploy(env: { get(name: string): string | undefined } = Deno.env): boolean {
  try {
    return !!env.get("DENO_DEPLOYMENT_ID");
  } catch {
    return false;
  }
}

/**
 * Starts the jobs. `mode` "cron" registers one Deno.cron per job (main.ts creates the scheduler
 * before its first await, as Deploy wants crons registered while the module loads); `db` may then
 * arrive later through `ready`, and a cron firing before it is skipped.
 */
export function startScheduler(opts: {
  jobs: JobSpec[];
  db: Db | Promise<Db>;
  mode?: "cron" | "interval";
}): Scheduler {
  const mode = opts.mode ?? (onDenoDeploy() ? "cron" : "interval");
  const jobs = new Map(opts.jobs.map((j) => [j.name, j]));
  const running = new Map<string, Promise<boolean>>();
  let db: Db | null = opts.db instanceof Promise ? null : opts.db;
  if (opts.db instanceof Promise) opts.db.then((d) => db = d, () => {});
  let stopped = false;

  function runIfDue(name: string): Promise<boolean> {
    const job = jobs.get(name);
    if (!job) return Promise.reject(new Error(`unknown job ${name}`));
    const current = running.get(name);
    if (current) return current.then(() => false); // this instance is still on the last run
    const run = (async () => {
      if (!db || stopped) return false;
      try {
        if (!(await claimJobRun(db, name, job.intervalMs))) return false;
      } catch (err) {
        logError(`${name}: could not claim the run`, err, { job: name });
        return false;
      }
      let error: string | null = null;
      try {
        await job.run();
      } catch (err) {
        error = err instanceof Error ? err.message.slice(0, 500) : String(err).slice(0, 500);
        logError(`${name} failed`, err, { job: name });
      }
      await recordFinish(db, name, error).catch((err) => logError(`${name}: could not record the run`, err));
      return true;
    })().finally(() => running.delete(name));
    running.set(name, run);
    return run;
  }

  const timers: ReturnType<typeof setInterval>[] = [];
  if (mode === "cron") {
    for (const job of opts.jobs) {
      denoCron(job.name, cronSchedule(job.intervalMs), async () => {
        await runIfDue(job.name);
      });
    }
  } else {
    for (const job of opts.jobs) timers.push(setInterval(() => void runIfDue(job.name), job.intervalMs));
  }

  return {
    mode,
    runIfDue,
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.all(running.values());
    },
  };
}
