/**
 * Forgot-password and reset-password as the API and the page forms both perform them: rate limits,
 * the domain call, and on an unexpected failure a log line without the token, the link or the
 * password (lib/error_log.ts drops a database error's query parameters) and the spec's fallback.
 */
import type { Context } from "hono";
import type { AppEnv } from "./context.ts";
import { hitRateLimit, keyPart, LIMITS, resetPassword } from "../domains/auth/mod.ts";
import { requestPasswordReset } from "../flows/request_password_reset.ts";
import { ServiceError, withFallback } from "../lib/error_log.ts";
import { clientIp } from "./client_ip.ts";

export const SEND_FAILED = "Failed to send password reset email. Please try again.";
export const RESET_FAILED = "Failed to reset password. Please try again.";

/** A failure that is not the visitor's fault: its message is SEND_FAILED or RESET_FAILED. */
export { ServiceError as ResetServiceError };

/** Counts the request against the IP's and the address's limits, then queues the e-mail (if the address has an account). */
export function forgotPassword(c: Context<AppEnv>, email: string): Promise<void> {
  const { db, config } = c.var;
  return withFallback(SEND_FAILED, {
    message: "password reset request failed",
    fields: { requestId: c.get("requestId") },
  }, async () => {
    await hitRateLimit(db, `reset:ip:${clientIp(c)}`, LIMITS.resetPerIp);
    await hitRateLimit(db, `reset:account:${keyPart(email)}`, LIMITS.resetPerAccount);
    await requestPasswordReset(db, email, { siteUrl: config.siteUrl, shopName: config.shop.name });
  });
}

/** Sets the new password with the token (InvalidResetTokenError when it is unknown, used or expired). */
export function completeReset(c: Context<AppEnv>, token: string, password: string): Promise<void> {
  return withFallback(
    RESET_FAILED,
    { message: "password reset failed", fields: { requestId: c.get("requestId") } },
    async () => {
      await resetPassword(c.var.db, token, password);
    },
  );
}
