/**
 * /api/account: profile, password, data export and account deletion for the signed-in customer.
 * PUT /profile (currentPassword needed when the e-mail changes), POST /password, GET /export (a
 * JSON download), POST /delete.
 */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { accountSchemas, changePassword } from "../../domains/accounts/mod.ts";
import type { Config } from "../../config.ts";
import { currentUser, requireUser } from "../guards.ts";
import { endSession } from "../session.ts";
import { defineAction, jsonRoute } from "../action.ts";
import { successMessage, userJson, userSchema } from "./auth.ts";
import { deleteAccount } from "../../flows/delete_account.ts";
import { exportFileName, exportUserData } from "../../flows/export_account_data.ts";
import { type ShopMailInfo, updateProfile } from "../../flows/update_profile.ts";
import { PRIVATE_CACHE_CONTROL } from "../page_cache.ts";

/** The shop details an account e-mail (the e-mail-change notice) names. */
function shopMailInfo(config: Config): ShopMailInfo {
  return { siteUrl: config.siteUrl, shopName: config.shop.name, supportEmail: config.shop.contact.email };
}

export const updateProfileAction = defineAction({
  method: "put",
  path: "/account/profile",
  input: accountSchemas.profileBody,
  output: userSchema,
  auth: "customer",
  summary: "Change the customer's profile (the current password is needed to change the e-mail)",
  handler: async (c, input) =>
    userJson(await updateProfile(c.var.db, currentUser(c).id, input, shopMailInfo(c.var.config))),
});

export const changePasswordAction = defineAction({
  method: "post",
  path: "/account/password",
  input: accountSchemas.passwordBody,
  output: successMessage,
  auth: "customer",
  summary: "Change the customer's password (other sessions are signed out)",
  handler: async (c, input) => {
    await changePassword(c.var.db, currentUser(c).id, c.var.session?.id ?? null, input);
    return { success: true as const, message: "Password changed" };
  },
});

export const deleteAccountAction = defineAction({
  method: "post",
  path: "/account/delete",
  input: accountSchemas.deleteBody,
  output: successMessage,
  auth: "customer",
  summary: "Delete the customer's account (password confirmed) and end the session",
  handler: async (c, input) => {
    await deleteAccount(c.var.db, currentUser(c).id, input.password);
    await endSession(c);
    return { success: true as const, message: "Your account has been deleted" };
  },
});

export function accountApi() {
  const app = new Hono<AppEnv>();
  app.use("*", requireUser());
  jsonRoute(app, updateProfileAction, "/account");
  jsonRoute(app, changePasswordAction, "/account");

  app.get("/export", async (c) => {
    const now = new Date();
    const data = await exportUserData(c.var.db, currentUser(c).id, now);
    c.header("Content-Disposition", `attachment; filename="${exportFileName(c.var.config.shop.name, now)}"`);
    c.header("Cache-Control", PRIVATE_CACHE_CONTROL);
    return c.body(JSON.stringify(data, null, 2), 200, { "Content-Type": "application/json; charset=utf-8" });
  });
  jsonRoute(app, deleteAccountAction, "/account");
  return app;
}
