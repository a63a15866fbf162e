/**
 * GET and PUT /api/admin/settings (admin and super_admin): the shop's details, delivery amounts and
 * where the low-stock e-mail goes.
 */
import { z } from "zod";
import { shopSettingsBody } from "../../domains/settings/mod.ts";
import { currentUser, requireRole } from "../guards.ts";
import { actionApi, defineAction } from "../action.ts";
import { adminBodyLimit } from "../admin_limits.ts";

/** The settings in force (each stored field over its default), not re-validated as input. */
const settingsJson = z.object({
  shopName: z.string(),
  companyName: z.string(),
  registrationNumber: z.string(),
  vatNumber: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  freeDeliveryThreshold: z.number().describe("Rand"),
  deliveryFee: z.number().describe("Rand"),
  stockAlertEmail: z.string().describe("Where the daily low-stock e-mail goes; empty: none is sent"),
});

export const getSettingsAction = defineAction({
  method: "get",
  path: "/admin/settings",
  input: undefined,
  output: settingsJson,
  auth: "admin",
  summary: "The shop's details, delivery amounts and low-stock e-mail address in force",
  handler: (c) => c.var.caches.settings.get(),
});

export const saveSettingsAction = defineAction({
  method: "put",
  path: "/admin/settings",
  input: shopSettingsBody,
  output: settingsJson,
  auth: "admin",
  middleware: [adminBodyLimit()],
  summary: "Save the shop's details, delivery amounts and low-stock e-mail address (every field)",
  handler: async (c, input) => await c.var.caches.settings.save(input, currentUser(c).id),
});

export function adminSettingsApi() {
  return actionApi("/admin/settings", [getSettingsAction, saveSettingsAction], requireRole("admin"));
}
