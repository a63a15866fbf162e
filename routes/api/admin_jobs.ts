/**
 * The background jobs for staff: GET /api/admin/jobs (each job, its period and last run) and
 * POST /api/admin/jobs/{name}/run (run it now: its outcome as JSON, the run audited). The jobs are
 * the server's own (main.ts); an app built without them (tests, scripts) has none to list or run.
 */
import { z } from "zod";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import type { Scheduler } from "../../db/jobs.ts";
import { recordAudit } from "../../domains/admin_audit/mod.ts";
import { ConflictError, NotFoundError } from "../../lib/errors.ts";
import { currentUser } from "../guards.ts";
import { validate } from "../validate.ts";
import { actionApi, defineAction, validParams } from "../action.ts";

export const jobParam = z.object({
  name: z.string().regex(/^[a-z0-9][a-z0-9 -]{0,79}$/, "There is no job by that name."),
});

const when = z.string().nullable();

export const jobStatusSchema = z.object({
  name: z.string(),
  intervalSeconds: z.number().int(),
  lastStartedAt: when,
  lastFinishedAt: when,
  lastError: z.string().nullable(),
  runs: z.number().int(),
  running: z.boolean(),
});

const runOutputSchema = z.object({
  name: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
  durationMs: z.number().int(),
  ok: z.boolean(),
  error: z.string().nullable(),
});

function scheduler(c: Context<AppEnv>): Scheduler {
  const jobs = c.var.deps.jobs;
  if (!jobs) throw new NotFoundError("Background jobs do not run in this server process.");
  return jobs;
}

export const listJobsAction = defineAction({
  method: "get",
  path: "/admin/jobs",
  input: undefined,
  output: z.array(jobStatusSchema),
  auth: "admin",
  summary: "The background jobs with their period and last run (on any instance)",
  handler: async (c) =>
    (await scheduler(c).statuses(c.var.db)).map((j) => ({
      name: j.name,
      intervalSeconds: Math.round(j.intervalMs / 1000),
      lastStartedAt: j.lastStartedAt?.toISOString() ?? null,
      lastFinishedAt: j.lastFinishedAt?.toISOString() ?? null,
      lastError: j.lastError,
      runs: j.runs,
      running: j.running,
    })),
});

export const runJobAction = defineAction({
  method: "post",
  path: "/admin/jobs/:name/run",
  input: undefined,
  output: runOutputSchema,
  auth: "admin",
  middleware: [validate("param", jobParam)],
  summary: "Run a background job now (409 while a run of it is under way); the run is audited",
  handler: async (c) => {
    const { name } = validParams(c, jobParam);
    const result = await scheduler(c).runNow(name);
    if (result === null) throw new NotFoundError(`There is no job named "${name}".`);
    if (result === "busy") throw new ConflictError(`"${name}" is running now. Try again when it has finished.`);
    await recordAudit(c.var.db, {
      userId: currentUser(c).id,
      entityType: "job",
      entityId: 0,
      action: "run",
      details: { job: name, durationMs: result.durationMs, error: result.error },
    });
    return {
      name,
      startedAt: result.startedAt.toISOString(),
      finishedAt: result.finishedAt.toISOString(),
      durationMs: result.durationMs,
      ok: result.error === null,
      error: result.error,
    };
  },
});

export function adminJobsApi() {
  return actionApi("/admin/jobs", [listJobsAction, runJobAction]);
}
