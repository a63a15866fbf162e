/** GET and PUT /api/admin/settings (admin and super_admin): the shop's details and delivery amounts. */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { shopSettingsBody } from "../../domains/settings/mod.ts";
import { currentUser, requireRole } from "../guards.ts";
import { defineAction, jsonRoute } from "../action.ts";
import { adminBodyLimit } from "../admin_limits.ts";

export const saveSettingsAction = defineAction({
  method: "put",
  path: "/admin/settings",
  input: shopSettingsBody,
  // The settings now in force (each stored field over its default), not re-validated as input.
  output: z.object({
    shopName: z.string(),
    companyName: z.string(),
    registrationNumber: z.string(),
    vatNumber: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    freeDeliveryThreshold: z.number(),
    deliveryFee: z.number(),
  }),
  auth: "admin",
  middleware: [adminBodyLimit()],
  summary: "Save the shop's details and delivery amounts",
  handler: async (c, input) => await c.var.caches.settings.save(input, currentUser(c).id),
});

export function adminSettingsApi() {
  const app = new Hono<AppEnv>();
  app.use("*", requireRole("admin"));
  app.get("/", async (c) => c.json(await c.var.caches.settings.get()));
  jsonRoute(app, saveSettingsAction, "/admin/settings");
  return app;
}
