/** The admin area under /admin: one guard for the whole folder (admin and super_admin only). */
import { Hono } from "hono";
import type { AppEnv } from "../../app.ts";
import { requireRole } from "../guards.ts";
import { outboxAdmin } from "./outbox.tsx";
import { dashboardAdmin } from "./dashboard.tsx";

export function adminRoutes() {
  const app = new Hono<AppEnv>();
  app.use("*", requireRole("admin"));
  app.route("/", dashboardAdmin());
  app.route("/outbox", outboxAdmin());
  return app;
}
