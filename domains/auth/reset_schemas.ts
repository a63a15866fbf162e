/**
 * Forgot-password and reset-password shapes with the spec's messages (document 2 sections 5 and 8).
 * The API applies them with `.strict()` bodies; the pages and the reset form island use the same ones.
 */
import { z } from "zod";
import { password } from "./schemas.ts";

export const INVALID_TOKEN = "Invalid or missing token";

/** The e-mail of the forgot-password form: required, then valid; kept in lower case. */
export const resetEmail = z.string({ error: "Email is required" }).trim().toLowerCase()
  .min(1, "Email is required")
  .max(254, "Please enter a valid email address")
  .pipe(z.email({ error: "Please enter a valid email address" }));

/** A reset token as e-mailed: 32 characters of lower-case base32. */
export const resetToken = z.string({ error: INVALID_TOKEN }).trim().toLowerCase()
  .regex(/^[a-z2-7]{32}$/, INVALID_TOKEN);

export const forgotPasswordBody = z.object({ email: resetEmail }).strict();

export const verifyResetQuery = z.object({ token: resetToken });

export const resetPasswordBody = z.object({
  token: resetToken,
  password,
  confirmPassword: z.string({ error: "Passwords do not match" }).max(100, "Passwords do not match"),
}).strict().refine((v) => v.password === v.confirmPassword, {
  error: "Passwords do not match",
  path: ["confirmPassword"],
});

export type ForgotPasswordInput = z.infer<typeof forgotPasswordBody>;
export type ResetPasswordInput = z.infer<typeof resetPasswordBody>;
