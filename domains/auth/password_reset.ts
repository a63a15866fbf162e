/**
 * Password reset by e-mail. The request (a token and the e-mail with the link) is
 * flows/request_password_reset.ts. Using the token is atomic (marked used only if unused and unexpired),
 * sets an argon2id hash and ends every session of the user.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { passwordResetTokens, users } from "../../db/schema/mod.ts";
import { ValidationError } from "../../lib/errors.ts";
import { hashPassword } from "./password.ts";
import { accountLoginKey } from "./rate_limit.ts";
import { forgiveAccount } from "./login_throttle.ts";
import { INVALID_TOKEN, resetToken } from "./reset_schemas.ts";
import { password as passwordRule } from "./schemas.ts";
import { invalidateUserSessions } from "./sessions.ts";
import { hashToken } from "./tokens.ts";

/** How long a reset link works. */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;

/** What the forgot-password form answers, whether or not the address has an account. */
export const RESET_REQUESTED_MESSAGE =
  "If an account exists for that e-mail, we have sent a reset link. It expires in 1 hour.";

export class InvalidResetTokenError extends ValidationError {
  constructor() {
    super(INVALID_TOKEN, [{ path: "token", message: INVALID_TOKEN }]);
  }
}

function usable(tokenHash: string, now: Date) {
  return and(
    eq(passwordResetTokens.token, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expires, now),
    sql`${passwordResetTokens.userId} in (select ${users.id} from ${users} where ${users.deletedAt} is null)`,
  );
}

/** True when `token` is a reset token that is unused, unexpired and of a live account. */
export async function verifyResetToken(db: Db, token: string, now = new Date()): Promise<boolean> {
  const parsed = resetToken.safeParse(token);
  if (!parsed.success) return false;
  const [row] = await db.select({ id: passwordResetTokens.id }).from(passwordResetTokens)
    .where(usable(hashToken(parsed.data), now)).limit(1);
  return Boolean(row);
}

/**
 * Sets a new password with a reset token, once: throws InvalidResetTokenError for an unknown, used
 * or expired token, ValidationError for a password that breaks the rules. Ends every session of the
 * user and clears the account's login lockout. Returns the user's id.
 */
export async function resetPassword(
  db: Db,
  token: string,
  newPassword: string,
  now = new Date(),
): Promise<{ userId: number }> {
  const parsed = resetToken.safeParse(token);
  if (!parsed.success) throw new InvalidResetTokenError();
  const rule = passwordRule.safeParse(newPassword);
  if (!rule.success) {
    const issues = rule.error.issues.map((i) => ({ path: "password", message: i.message }));
    throw new ValidationError(issues[0].message, issues);
  }
  const tokenHash = hashToken(parsed.data);
  // Cheap check first, so a bad link costs no argon2 hash; argon2 runs outside the transaction
  // (PGlite has one connection). The transaction below decides, atomically.
  if (!(await verifyResetToken(db, parsed.data, now))) throw new InvalidResetTokenError();
  const hash = await hashPassword(newPassword);
  const user = await db.transaction(async (tx) => {
    const [used] = await tx.update(passwordResetTokens).set({ usedAt: now })
      .where(usable(tokenHash, now))
      .returning({ userId: passwordResetTokens.userId });
    if (!used) return null;
    const [row] = await tx.update(users).set({ password: hash, updatedAt: now }).where(eq(users.id, used.userId))
      .returning({ id: users.id });
    await invalidateUserSessions(tx, used.userId);
    await tx.delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)));
    return row;
  });
  if (!user) throw new InvalidResetTokenError();
  // Whoever locked the account out with wrong passwords no longer keeps its owner from signing in.
  await forgiveAccount(db, accountLoginKey(user.id));
  return { userId: user.id };
}
