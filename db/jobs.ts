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

/** What a run staff started answered: its times and how it ended (error null: it went through). */
export interface JobRunResult {
  name: string;
  startedAt: Date;
  finishedAt: Date;
  durationMs: number;
  error: string | null;
}

/** A job as the admin's Jobs screen lists it: its period and its last run (on any instance). */
export interface JobStatus {
  name: string;
  intervalMs: number;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  lastError: string | null;
  runs: number;
  /** Started and not finished (within the hour a run may take before it counts as lost). */
  running: boolean;
}

export interface Scheduler {
  /** "on demand": no timers of its own (a second server thread: staff may still run a job from it). */
  readonly mode: "cron" | "interval" | "on demand";
  /** Claims the job for this period and runs it; false when another run (here or elsewhere) has it. */
  runIfDue(name: string): Promise<boolean>;
  /**
   * Runs the job now, whatever its period (staff asked): null for an unknown job, "busy" while a run
   * of it is under way here or on another instance.
   */
  runNow(name: string): Promise<JobRunResult | "busy" | null>;
  /** Every job with its last run. */
  statuses(db: Db): Promise<JobStatus[]>;
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

/** How long a started run may take before a new run may start anyway (a crashed instance's run). */
const LOST_RUN_MS = 60 * 60_000;

/**
 * Claims `name` for a run staff asked for: true unless a run of it started and has not finished
 * (within LOST_RUN_MS), here or on another instance. The start is recorded in the same statement.
 */
export async function claimJobRunNow(db: Db, name: string): Promise<boolean> {
  await db.insert(jobRuns).values({ name }).onConflictDoNothing();
  const claimed = await db.execute(sql`
    update ${jobRuns} set last_started_at = now(), runs = runs + 1
    where name = ${name}
      and (last_started_at is null or last_finished_at >= last_started_at
        or last_started_at <= now() - make_interval(secs => ${LOST_RUN_MS / 1000}))
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
  mode?: "cron" | "interval" | "on demand";
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
      await runAndRecord(db, job);
      return true;
    })().finally(() => running.delete(name));
    running.set(name, run);
    return run;
  }

  /** Runs a claimed job and records how it ended; errors are logged and returned, never thrown. */
  async function runAndRecord(db: Db, job: JobSpec): Promise<string | null> {
    let error: string | null = null;
    try {
      await job.run();
    } catch (err) {
      error = err instanceof Error ? err.message.slice(0, 500) : String(err).slice(0, 500);
      logError(`${job.name} failed`, err, { job: job.name });
    }
    await recordFinish(db, job.name, error).catch((err) => logError(`${job.name}: could not record the run`, err));
    return error;
  }

  async function runNow(name: string): Promise<JobRunResult | "busy" | null> {
    const job = jobs.get(name);
    if (!job) return null;
    if (!db || stopped || running.has(name)) return "busy";
    if (!(await claimJobRunNow(db, name))) return "busy";
    const startedAt = new Date();
    const run = runAndRecord(db, job);
    running.set(name, run.then(() => true));
    try {
      const error = await run;
      const finishedAt = new Date();
      return { name, startedAt, finishedAt, durationMs: finishedAt.getTime() - startedAt.getTime(), error };
    } finally {
      running.delete(name);
    }
  }

  async function statuses(on: Db): Promise<JobStatus[]> {
    const rows = await on.select().from(jobRuns);
    const lost = Date.now() - LOST_RUN_MS;
    return opts.jobs.map((j) => {
      const row = rows.find((r) => r.name === j.name);
      const started = row?.lastStartedAt ?? null;
      const finished = row?.lastFinishedAt ?? null;
      return {
        name: j.name,
        intervalMs: j.intervalMs,
        lastStartedAt: started,
        lastFinishedAt: finished,
        lastError: row?.lastError ?? null,
        runs: row?.runs ?? 0,
        running: !!started && (!finished || finished < started) && started.getTime() > lost,
      };
    });
  }

  const timers: ReturnType<typeof setInterval>[] = [];
  if (mode === "cron") {
    for (const job of opts.jobs) {
      denoCron(job.name, cronSchedule(job.intervalMs), async () => {
        await runIfDue(job.name);
      });
    }
  } else if (mode === "interval") {
    for (const job of opts.jobs) timers.push(setInterval(() => void runIfDue(job.name), job.intervalMs));
  }

  return {
    mode,
    runIfDue,
    runNow,
    statuses,
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.all(running.values());
    },
  };
}
