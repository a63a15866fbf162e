/**
 * Account settings: profile edits, password change and the checks before account deletion (POPIA
 * erasure, the workflow flows/delete_account.ts). Orders survive deletion as tax records; see
 * docs/decisions/0009-account-deletion.md.
 */
import { and, eq, isNull, ne } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { passwordResetTokens, users } from "../../db/schema/mod.ts";
import { ConflictError, NotFoundError, pgErrorCode, ValidationError } from "../../lib/errors.ts";
import {
  checkRateLimit,
  findUser,
  hashPassword,
  hitRateLimit,
  invalidateUserSessions,
  LIMITS,
  resetRateLimit,
  type SessionUser,
  verifyPassword,
} from "../auth/mod.ts";
import {
  CURRENT_PASSWORD_WRONG,
  deleteBody,
  EMAIL_CHANGE_NEEDS_PASSWORD,
  PASSWORD_WRONG,
  passwordBody,
  type PasswordInput,
  profileBody,
  type ProfileInput,
} from "./schemas.ts";

export const EMAIL_TAKEN = "An account with that e-mail address already exists.";

/** How an erased account's reviews and replies are signed. */
export const FORMER_CUSTOMER = "Former customer";

/** Parses input with a schema; a failure is a ValidationError (400) carrying every issue, never a 500. */
function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  throw new ValidationError(issues[0]?.message ?? "Invalid request", issues);
}

/** The live (not erased) user, or 404. */
async function liveUser(db: Db, userId: number): Promise<SessionUser> {
  const user = await findUser(db, userId);
  if (!user) throw new NotFoundError("Account not found");
  return user;
}

/**
 * Checks a password the signed-in user typed to confirm a sensitive change. Wrong guesses count
 * against the account like failed logins, so a borrowed session cannot be used to guess it.
 */
async function confirmPassword(
  db: Db,
  userId: number,
  password: string,
  field: string,
  message: string,
): Promise<void> {
  const key = `account-password:user:${userId}`;
  await checkRateLimit(db, key, LIMITS.passwordConfirmPerAccount);
  const [row] = await db.select({ password: users.password }).from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt))).limit(1);
  if (!row) throw new NotFoundError("Account not found");
  if (!(await verifyPassword(row.password, password))) {
    await hitRateLimit(db, key, LIMITS.passwordConfirmPerAccount);
    throw new ValidationError(message, [{ path: field, message }]);
  }
  await resetRateLimit(db, key);
}

/** What changed when the e-mail address did: the notice to the old address is the caller's (flows/update_profile.ts). */
export interface EmailChange {
  /** The account as it was, with the old address. */
  user: SessionUser;
  newEmail: string;
  at: Date;
}

/**
 * Changes name, e-mail and phone. A new e-mail address needs the current password (the address is
 * where password resets go, so a borrowed session must not be able to move the account away);
 * unused reset links (sent to the old address) die and `onEmailChange` runs in the same transaction
 * (flows/update_profile.ts queues the notice to the OLD address there). 409 when another account
 * has the e-mail.
 */
export async function changeProfile(
  db: Db,
  userId: number,
  input: ProfileInput,
  onEmailChange: (tx: Db, change: EmailChange) => Promise<void>,
): Promise<SessionUser> {
  const data = parse(profileBody, input);
  const user = await liveUser(db, userId);
  const emailChanged = data.email !== user.email.toLowerCase();
  if (emailChanged) {
    if (!data.currentPassword) {
      throw new ValidationError(EMAIL_CHANGE_NEEDS_PASSWORD, [
        { path: "currentPassword", message: EMAIL_CHANGE_NEEDS_PASSWORD },
      ]);
    }
    await confirmPassword(db, userId, data.currentPassword, "currentPassword", CURRENT_PASSWORD_WRONG);
    const [other] = await db.select({ id: users.id }).from(users)
      .where(and(eq(users.email, data.email), ne(users.id, userId))).limit(1);
    if (other) throw new ConflictError(EMAIL_TAKEN);
  }
  const now = new Date();
  try {
    await db.transaction(async (tx) => {
      await tx.update(users).set({
        firstName: data.firstName,
        lastName: data.lastName,
        email: data.email,
        phone: data.phone,
        ...(data.vatNumber === undefined ? {} : { vatNumber: data.vatNumber }),
        updatedAt: now,
      }).where(eq(users.id, userId));
      if (!emailChanged) return;
      await tx.delete(passwordResetTokens)
        .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
      await onEmailChange(tx, { user, newEmail: data.email, at: now });
    });
  } catch (err) {
    // Two accounts racing for the same address: the unique index decides.
    if (pgErrorCode(err) === "23505") throw new ConflictError(EMAIL_TAKEN);
    throw err;
  }
  return await liveUser(db, userId);
}

/**
 * Sets a new password after checking the current one. Every other session of the user ends (a
 * thief signed in elsewhere is signed out); `currentSessionId` stays signed in. Unused reset links die.
 */
export async function changePassword(
  db: Db,
  userId: number,
  currentSessionId: string | null,
  input: PasswordInput,
): Promise<void> {
  const data = parse(passwordBody, input);
  await confirmPassword(db, userId, data.currentPassword, "currentPassword", CURRENT_PASSWORD_WRONG);
  // argon2 outside the transaction: PGlite has one connection.
  const hash = await hashPassword(data.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password: hash, updatedAt: new Date() }).where(eq(users.id, userId));
    await invalidateUserSessions(tx, userId, currentSessionId ?? undefined);
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  });
}

/**
 * The checks before an account is erased (flows/delete_account.ts): the password given, the account
 * live, and the password right (wrong guesses count like failed logins). Returns the user.
 */
export async function checkErasure(db: Db, userId: number, password: string): Promise<SessionUser> {
  parse(z.object({ password: deleteBody.shape.password }), { password });
  const user = await liveUser(db, userId);
  await confirmPassword(db, userId, password, "password", PASSWORD_WRONG);
  return user;
}

/** The name to show for the author of a review or reply: 'Former customer' once the account is erased. */
export function authorName(
  author: { username: string; firstName: string | null; lastName: string | null; deletedAt: Date | null } | null,
): string {
  if (!author || author.deletedAt) return FORMER_CUSTOMER;
  if (author.firstName) return author.lastName ? `${author.firstName} ${author.lastName.charAt(0)}.` : author.firstName;
  return author.username;
}
