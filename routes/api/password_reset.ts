/**
 * POST /api/auth/forgot-password {email}, GET /api/auth/reset-password/verify?token=,
 * POST /api/auth/reset-password {token, password, confirmPassword}.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../app.ts";
import { RESET_REQUESTED_MESSAGE, resetSchemas, verifyResetToken } from "../../domains/auth/mod.ts";
import { validate } from "../validate.ts";
import { completeReset, forgotPassword, ResetServiceError } from "../password_reset_actions.ts";

export function passwordResetApi() {
  const app = new Hono<AppEnv>();

  app.post("/forgot-password", validate("json", resetSchemas.forgotPasswordBody), async (c) => {
    try {
      await forgotPassword(c, c.req.valid("json").email);
    } catch (err) {
      if (err instanceof ResetServiceError) return c.json({ error: err.message }, 500);
      throw err;
    }
    // The same answer whether or not the address has an account.
    return c.json({ success: true, message: RESET_REQUESTED_MESSAGE });
  });

  app.get("/reset-password/verify", async (c) => {
    const token = c.req.query("token") ?? "";
    if (!(await verifyResetToken(c.var.db, token))) {
      return c.json({ valid: false, error: resetSchemas.INVALID_TOKEN }, 400);
    }
    return c.json({ valid: true });
  });

  app.post("/reset-password", validate("json", resetSchemas.resetPasswordBody), async (c) => {
    const body = c.req.valid("json");
    try {
      await completeReset(c, body.token, body.password);
    } catch (err) {
      if (err instanceof ResetServiceError) return c.json({ error: err.message }, 500);
      throw err;
    }
    return c.json({ success: true, message: "Your password has been reset. You can now sign in." });
  });
  return app;
}
