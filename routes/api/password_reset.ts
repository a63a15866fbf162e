/**
 * POST /api/auth/forgot-password {email}, GET /api/auth/reset-password/verify?token=,
 * POST /api/auth/reset-password {token, password, confirmPassword}.
 */
import { z } from "zod";
import { RESET_REQUESTED_MESSAGE, resetSchemas, verifyResetToken } from "../../domains/auth/mod.ts";
import { actionApi, defineAction } from "../action.ts";
import { completeReset, forgotPassword } from "../password_reset_actions.ts";
import { successMessage } from "./auth.ts";

// forgotPassword and completeReset throw a ServiceError on our side's failure: jsonRoute answers
// 500 with its text, the spec's fallback.
export const forgotPasswordAction = defineAction({
  method: "post",
  path: "/auth/forgot-password",
  input: resetSchemas.forgotPasswordBody,
  output: successMessage,
  auth: "public",
  summary: "E-mail a password reset link (the same answer whether or not the address has an account)",
  handler: async (c, input) => {
    await forgotPassword(c, input.email);
    return { success: true as const, message: RESET_REQUESTED_MESSAGE };
  },
});

export const resetPasswordAction = defineAction({
  method: "post",
  path: "/auth/reset-password",
  input: resetSchemas.resetPasswordBody,
  output: successMessage,
  auth: "public",
  summary: "Set a new password with a reset link's token",
  handler: async (c, input) => {
    await completeReset(c, input.token, input.password);
    return { success: true as const, message: "Your password has been reset. You can now sign in." };
  },
});

export const verifyResetTokenAction = defineAction({
  method: "get",
  path: "/auth/reset-password/verify",
  input: undefined,
  output: z.union([
    z.object({ valid: z.literal(true) }),
    z.object({ valid: z.literal(false), error: z.string() }).describe("Answered with 400"),
  ]),
  auth: "public",
  summary: "Whether a reset link's token (?token=) is still good: unused and less than an hour old",
  handler: async (c) => {
    if (await verifyResetToken(c.var.db, c.req.query("token") ?? "")) return { valid: true as const };
    c.status(400);
    return { valid: false as const, error: resetSchemas.INVALID_TOKEN };
  },
});

export function passwordResetApi() {
  return actionApi("/auth", [forgotPasswordAction, verifyResetTokenAction, resetPasswordAction]);
}
