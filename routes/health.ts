/** Liveness (/healthz: the process answers) and readiness (/readyz: the database answers). */
import { Hono } from "hono";
import type { AppEnv } from "../app.ts";

export function healthRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      await c.var.deps.database.ping();
      return c.json({ status: "ok", database: c.var.deps.database.kind });
    } catch (err) {
      return c.json({ status: "unavailable", error: err instanceof Error ? err.message : String(err) }, 503);
    }
  });
  return app;
}
