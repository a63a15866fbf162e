/** The scheduler's claim in job_runs: with many instances on one database, one run per period. */
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { openTestDatabase, resetDatabase } from "../tests/helpers/db.ts";
import { usingPostgres } from "../tests/helpers/scratch_db.ts";
import { jobRuns } from "./schema/mod.ts";
import { cronSchedule, type JobSpec, type Scheduler, startScheduler } from "./jobs.ts";

const ready = openTestDatabase();
const options = { sanitizeOps: false, sanitizeResources: false };
const PERIOD = 60 * 60_000; // long: the timers never fire during a test, runs are triggered by hand

function counted(name: string) {
  const job = { name, intervalMs: PERIOD, ran: 0, run: async () => {} } as JobSpec & { ran: number };
  job.run = async () => {
    job.ran++;
    await new Promise((r) => setTimeout(r, 20)); // a run takes a moment: the other instance tries meanwhile
  };
  return job;
}

/** Moves the job's last start one period back: the next period has begun. */
async function nextPeriod(name: string) {
  const { db } = await ready;
  await db.update(jobRuns).set({ lastStartedAt: sql`now() - interval '1 hour 1 second'` }).where(
    eq(jobRuns.name, name),
  );
}

async function twoInstances(job: JobSpec): Promise<Scheduler[]> {
  const { db } = await ready;
  return [startScheduler({ jobs: [job], db, mode: "interval" }), startScheduler({ jobs: [job], db, mode: "interval" })];
}

Deno.test({
  name: "[jobs] two schedulers on one database: each period's run happens once, on one of them",
  ignore: !usingPostgres,
  ...options,
  fn: async () => {
    const { db } = await ready;
    await resetDatabase(db);
    const job = counted("sweep");
    const schedulers = await twoInstances(job);
    try {
      for (let period = 1; period <= 3; period++) {
        const results = await Promise.all(schedulers.flatMap((s) => [s.runIfDue("sweep"), s.runIfDue("sweep")]));
        assert.equal(results.filter(Boolean).length, 1, `one run in period ${period}`);
        assert.equal(job.ran, period);
        // Still the same period: nobody runs it again.
        assert.deepEqual(await Promise.all(schedulers.map((s) => s.runIfDue("sweep"))), [false, false]);
        await nextPeriod("sweep");
      }
      const [row] = await db.select().from(jobRuns).where(eq(jobRuns.name, "sweep"));
      assert.equal(row.runs, 3);
      assert.ok(row.lastFinishedAt && row.lastError === null);
    } finally {
      await Promise.all(schedulers.map((s) => s.stop()));
    }
  },
});

Deno.test({
  name: "[jobs] a run is claimed once per period and a failing run is recorded, not thrown",
  ...options,
  fn: async () => {
    const { db } = await ready;
    await resetDatabase(db);
    const quiet = console.error;
    const logged: string[] = [];
    console.error = (line: string) => logged.push(line);
    let calls = 0;
    const scheduler = startScheduler({
      jobs: [{
        name: "flaky",
        intervalMs: PERIOD,
        run: () => {
          calls++;
          return Promise.reject(new Error("simulated outage"));
        },
      }],
      db,
      mode: "interval",
    });
    try {
      assert.equal(await scheduler.runIfDue("flaky"), true);
      assert.equal(await scheduler.runIfDue("flaky"), false, "same period");
      await nextPeriod("flaky");
      assert.equal(await scheduler.runIfDue("flaky"), true);
      assert.equal(calls, 2);
      const [row] = await db.select().from(jobRuns).where(eq(jobRuns.name, "flaky"));
      assert.equal(row.runs, 2);
      assert.equal(row.lastError, "simulated outage");
      const line = JSON.parse(logged.find((l) => l.includes("flaky failed"))!);
      assert.equal(line.level, "error");
      assert.equal(line.job, "flaky");
    } finally {
      console.error = quiet;
      await scheduler.stop();
    }
  },
});

Deno.test("[jobs] Deno.cron schedules: whole minutes at least, hours for long periods", () => {
  assert.equal(cronSchedule(3_000), "* * * * *");
  assert.equal(cronSchedule(60_000), "* * * * *");
  assert.equal(cronSchedule(30 * 60_000), "*/30 * * * *");
  assert.equal(cronSchedule(60 * 60_000), "0 */1 * * *");
});

Deno.test({ name: "(close the test database)", ...options, fn: async () => (await ready).close() });
