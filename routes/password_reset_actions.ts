/**
 * Forgot-password and reset-password as the API and the page forms both perform them: rate limits,
 * the domain call, and a log line that names the failure without the token, the link or the
 * password (a database error's message carries the query's parameters, so it is never logged).
 */
import type { Context } from "hono";
import type { AppEnv } from "../app.ts";
import { hitRateLimit, LIMITS, requestPasswordReset, resetPassword } from "../domains/auth/mod.ts";
import { AppError, pgErrorCode } from "../lib/errors.ts";
import { clientIp } from "./client_ip.ts";

export const SEND_FAILED = "Failed to send password reset email. Please try again.";
export const RESET_FAILED = "Failed to reset password. Please try again.";

/** A failure that is not the visitor's fault: the caller shows SEND_FAILED or RESET_FAILED. */
export class ResetServiceError extends Error {}

function logFailure(c: Context<AppEnv>, message: string, err: unknown) {
  console.error(JSON.stringify({
    time: new Date().toISOString(),
    level: "error",
    requestId: c.get("requestId"),
    message,
    error: err instanceof Error ? err.name : typeof err,
    code: pgErrorCode(err) ?? null,
  }));
}

/** Counts the request against the IP's and the address's limits, then queues the e-mail (if the address has an account). */
export async function forgotPassword(c: Context<AppEnv>, email: string): Promise<void> {
  const { db, config } = c.var;
  await hitRateLimit(db, `reset:ip:${clientIp(c)}`, LIMITS.resetPerIp);
  await hitRateLimit(db, `reset:account:${email}`, LIMITS.resetPerAccount);
  try {
    await requestPasswordReset(db, email, { siteUrl: config.siteUrl, shopName: config.shop.name });
  } catch (err) {
    if (err instanceof AppError) throw err;
    logFailure(c, "password reset request failed", err);
    throw new ResetServiceError(SEND_FAILED);
  }
}

/** Sets the new password with the token (InvalidResetTokenError when it is unknown, used or expired). */
export async function completeReset(c: Context<AppEnv>, token: string, password: string): Promise<void> {
  try {
    await resetPassword(c.var.db, token, password);
  } catch (err) {
    if (err instanceof AppError) throw err;
    logFailure(c, "password reset failed", err);
    throw new ResetServiceError(RESET_FAILED);
  }
}
