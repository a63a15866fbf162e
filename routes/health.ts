/** Liveness (/healthz: the process answers) and readiness (/readyz: the database answers). */
import { Hono } from "hono";
import type { AppEnv } from "./context.ts";
import { logError } from "../lib/error_log.ts";

export function healthRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      await c.var.deps.database.ping();
      return c.json({ status: "ok", database: c.var.deps.database.kind });
    } catch (err) {
      // The driver's text can name hosts and users: it goes to the log, never to the prober.
      logError("readiness check failed", err, { requestId: c.get("requestId") });
      return c.json({ status: "unavailable", error: "database unavailable" }, 503);
    }
  });
  return app;
}
