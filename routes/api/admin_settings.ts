/** GET and PUT /api/admin/settings (admin and super_admin): the shop's details and delivery amounts. */
import { Hono } from "hono";
import type { AppEnv } from "../../app.ts";
import { shopSettingsBody } from "../../domains/settings/mod.ts";
import { currentUser, requireRole } from "../guards.ts";
import { validate } from "../validate.ts";
import { adminBodyLimit } from "../admin_limits.ts";

export function adminSettingsApi() {
  const app = new Hono<AppEnv>();
  app.use("*", requireRole("admin"));
  app.get("/", async (c) => c.json(await c.var.caches.settings.get()));
  app.put("/", adminBodyLimit(), validate("json", shopSettingsBody), async (c) => {
    return c.json(await c.var.caches.settings.save(c.req.valid("json"), currentUser(c).id));
  });
  return app;
}
