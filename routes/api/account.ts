/**
 * /api/account: profile, password, data export and account deletion for the signed-in customer.
 * PUT /profile (currentPassword needed when the e-mail changes), POST /password, GET /export (a
 * JSON download), POST /delete.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../app.ts";
import {
  accountSchemas,
  changePassword,
  deleteAccount,
  exportFileName,
  exportUserData,
  updateProfile,
} from "../../domains/accounts/mod.ts";
import { shopMailInfo } from "../pages/account.tsx";
import { currentUser, requireUser } from "../guards.ts";
import { endSession } from "../session.ts";
import { validate } from "../validate.ts";
import { userJson } from "./auth.ts";

export function accountApi() {
  const app = new Hono<AppEnv>();
  app.use("*", requireUser());

  app.put("/profile", validate("json", accountSchemas.profileBody), async (c) => {
    const user = await updateProfile(c.var.db, currentUser(c).id, c.req.valid("json"), shopMailInfo(c.var.config));
    return c.json(userJson(user));
  });

  app.post("/password", validate("json", accountSchemas.passwordBody), async (c) => {
    await changePassword(c.var.db, currentUser(c).id, c.var.session?.id ?? null, c.req.valid("json"));
    return c.json({ success: true, message: "Password changed" });
  });

  app.get("/export", async (c) => {
    const now = new Date();
    const data = await exportUserData(c.var.db, currentUser(c).id, now);
    c.header("Content-Disposition", `attachment; filename="${exportFileName(c.var.config.shop.name, now)}"`);
    c.header("Cache-Control", "private, no-store");
    return c.body(JSON.stringify(data, null, 2), 200, { "Content-Type": "application/json; charset=utf-8" });
  });

  app.post("/delete", validate("json", accountSchemas.deleteBody), async (c) => {
    await deleteAccount(c.var.db, currentUser(c).id, c.req.valid("json").password);
    await endSession(c);
    return c.json({ success: true, message: "Your account has been deleted" });
  });
  return app;
}
