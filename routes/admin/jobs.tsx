/**
 * /admin/jobs: the background jobs and a Run now button each, the no-JavaScript twin of
 * POST /api/admin/jobs/{name}/run (routes/api/admin_jobs.ts). Guarded by routes/admin/mod.ts.
 */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { JobsView } from "../../components/admin/JobsView.tsx";
import { formRoute } from "../action.ts";
import { runJobAction } from "../api/admin_jobs.ts";
import { setFlash } from "../flash.ts";
import { renderAdminPage } from "./render.tsx";

const ACTIVE = "/admin/jobs";

export function jobsAdmin() {
  const app = new Hono<AppEnv>();

  app.get("/", async (c) => {
    const jobs = c.var.deps.jobs ? await c.var.deps.jobs.statuses(c.var.db) : null;
    return renderAdminPage(c, { title: "Background jobs", active: ACTIVE, body: <JobsView jobs={jobs} /> });
  });

  formRoute(app, runJobAction, {
    path: "/:name/run",
    onSuccess: (c, run) => {
      const took = run.durationMs < 1000 ? `${run.durationMs} ms` : `${(run.durationMs / 1000).toFixed(1)} s`;
      setFlash(
        c,
        run.ok
          ? { title: "Job finished", description: `${run.name} ran in ${took}.`, variant: "success" }
          : { title: "Job failed", description: `${run.name}: ${run.error}`, variant: "destructive" },
      );
      return c.redirect(ACTIVE, 303);
    },
    onError: (c, err) => {
      if (err.status !== 409) throw err;
      setFlash(c, { title: "Job already running", description: err.message, variant: "destructive" });
      return c.redirect(ACTIVE, 303);
    },
  });
  return app;
}
