/**
 * Staff see the background jobs and run one now: GET /api/admin/jobs, POST /api/admin/jobs/{name}/run
 * and the /admin/jobs screen's form. Role checks, the outcome as JSON, the audit entry, a failing job's
 * error, one run at a time (409), unknown and malformed names.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { staffAccount } from "../helpers/staff.ts";
import { registerCustomer } from "../helpers/accounts.ts";
import { type JobSpec, startScheduler } from "../../db/jobs.ts";
import { auditLogs } from "../../db/schema/mod.ts";
import type { Database, Db } from "../../db/client.ts";

const { test, closeDatabase } = useTestDatabase();

function withJobs(db: Db, database: Database, jobs: JobSpec[]) {
  const scheduler = startScheduler({ jobs, db, mode: "interval" });
  return { scheduler, app: testApp(database, {}, undefined, { jobs: scheduler }) };
}

const HOUR = 60 * 60_000;

test(
  "[admin jobs] staff list the jobs and run one now: outcome as JSON, audited; a failure says why",
  async (db, database) => {
    let tidied = 0;
    const { scheduler, app } = withJobs(db, database, [
      { name: "tidy up", intervalMs: HOUR, run: () => Promise.resolve(void tidied++) },
      { name: "broken", intervalMs: 24 * HOUR, run: () => Promise.reject(new Error("disk full")) },
    ]);
    try {
      const { client: admin, user } = await staffAccount(db, database, "admin", "admin", {}, app);
      const before = await (await admin.get("/api/admin/jobs")).json();
      assert.deepEqual(before.map((j: { name: string; runs: number }) => [j.name, j.runs]), [["tidy up", 0], [
        "broken",
        0,
      ]]);
      assert.equal(before[1].intervalSeconds, 86_400);

      const run = await admin.postJson("/api/admin/jobs/tidy up/run", {});
      assert.equal(run.status, 200);
      const result = await run.json();
      assert.equal(result.name, "tidy up");
      assert.equal(result.ok, true);
      assert.equal(result.error, null);
      assert.equal(tidied, 1, "the job ran, whatever its period");
      const [entry] = await db.select().from(auditLogs).where(
        and(eq(auditLogs.entityType, "job"), eq(auditLogs.action, "run")),
      );
      assert.equal(entry.userId, user.id);
      assert.equal((entry.details as { job: string }).job, "tidy up");

      const failed = await (await admin.postJson("/api/admin/jobs/broken/run", {})).json();
      assert.deepEqual([failed.ok, failed.error], [false, "disk full"]);
      const after = await (await admin.get("/api/admin/jobs")).json();
      const broken = after.find((j: { name: string }) => j.name === "broken");
      assert.deepEqual([broken.runs, broken.lastError, broken.running], [1, "disk full", false]);

      assert.equal((await admin.postJson("/api/admin/jobs/no such job/run", {})).status, 404);
      assert.equal((await admin.postJson("/api/admin/jobs/..%2Fetc/run", {})).status, 400);
    } finally {
      await scheduler.stop();
    }
  },
);

test(
  "[admin jobs] one run at a time: a second run while the first is under way is 409, then runs",
  async (db, database) => {
    let release!: () => void;
    let started = 0;
    const { scheduler, app } = withJobs(db, database, [{
      name: "slow export",
      intervalMs: HOUR,
      run: () => (started++, new Promise<void>((r) => (release = r))),
    }]);
    try {
      const { client: admin } = await staffAccount(db, database, "admin", "admin", {}, app);
      const first = admin.postJson("/api/admin/jobs/slow export/run", {});
      while (!started) await new Promise((r) => setTimeout(r, 5));
      const second = await admin.postJson("/api/admin/jobs/slow export/run", {});
      assert.equal(second.status, 409);
      assert.match((await second.json()).error, /is running now/);
      const listed = await (await admin.get("/api/admin/jobs")).json();
      assert.equal(listed[0].running, true);
      release();
      assert.equal((await first).status, 200);
      assert.equal(started, 1, "the refused run never started");
    } finally {
      release?.();
      await scheduler.stop();
    }
  },
);

test(
  "[admin jobs] visitors and customers are refused; the screen runs a job without JavaScript",
  async (db, database) => {
    let ran = 0;
    const { scheduler, app } = withJobs(db, database, [{
      name: "outbox sender",
      intervalMs: 60_000,
      run: () => Promise.resolve(void ran++),
    }]);
    try {
      assert.equal((await testClient(app).postJson("/api/admin/jobs/outbox sender/run", {})).status, 401);
      const customer = testClient(app);
      await registerCustomer(customer);
      assert.equal((await customer.postJson("/api/admin/jobs/outbox sender/run", {})).status, 403);
      assert.equal((await customer.get("/api/admin/jobs")).status, 403);
      assert.equal(ran, 0);

      const { client: admin } = await staffAccount(db, database, "admin", "admin", {}, app);
      const page = await (await admin.get("/admin/jobs")).text();
      assert.match(page, /outbox sender/);
      assert.match(page, /every minute/);
      assert.match(page, /action="\/admin\/jobs\/outbox%20sender\/run"/);
      const posted = await admin.postForm("/admin/jobs/outbox sender/run", {});
      assert.equal(posted.status, 303);
      assert.equal(posted.headers.get("location"), "/admin/jobs");
      assert.equal(ran, 1);
      const after = await (await admin.get("/admin/jobs")).text();
      assert.match(after, /Job finished/);
    } finally {
      await scheduler.stop();
    }
  },
);

test("[admin jobs] an app without the server's jobs (a script, a test) says so", async (db, database) => {
  const { client: admin } = await staffAccount(db, database, "admin");
  const res = await admin.get("/api/admin/jobs");
  assert.equal(res.status, 404);
  assert.match((await res.json()).error, /do not run in this server process/);
  assert.match(await (await admin.get("/admin/jobs")).text(), /do not run in this server process/);
});

closeDatabase();
