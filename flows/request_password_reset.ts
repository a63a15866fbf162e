/**
 * A forgotten password (spec: password reset by e-mail). The request stores the SHA-256 of a fresh
 * single-use token (valid 1 hour, replacing the user's older unused ones; domains/auth) and queues the
 * e-mail with the link (domains/mail) in the same transaction. An unknown address does the same work
 * without writing, so the answer never tells whether an account exists. Using the token is
 * resetPassword in domains/auth.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { passwordResetTokens, users } from "../db/schema/mod.ts";
import { generateToken, hashToken, RESET_TOKEN_TTL_MS } from "../domains/auth/mod.ts";
import { enqueueEmail, passwordResetEmail } from "../domains/mail/mod.ts";

/**
 * Starts a reset for `email`: for an account, a new token and the e-mail in the outbox; for an
 * unknown (or erased) address, the same steps without the writes. Returns nothing either way.
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  opts: { siteUrl: string; shopName: string; now?: Date },
): Promise<void> {
  const address = email.trim().toLowerCase();
  const now = opts.now ?? new Date();
  const token = generateToken();
  const tokenHash = hashToken(token);
  const [row] = await db.select({
    id: users.id,
    email: users.email,
    username: users.username,
    firstName: users.firstName,
    deletedAt: users.deletedAt,
  }).from(users).where(eq(users.email, address)).limit(1);
  const user = row && !row.deletedAt ? row : null;
  const message = passwordResetEmail({
    to: user?.email ?? address,
    name: user?.firstName || user?.username || "there",
    token,
    siteUrl: opts.siteUrl,
    shopName: opts.shopName,
  });
  if (!user) {
    // The same round trip to the token table as the real branch, without writing anything.
    await db.select({ id: passwordResetTokens.id }).from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.token, tokenHash), isNull(passwordResetTokens.usedAt))).limit(1);
    return;
  }
  await db.transaction(async (tx) => {
    // A new link replaces any older unused one.
    await tx.delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      token: tokenHash,
      expires: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      createdAt: now,
    });
    await enqueueEmail(tx, message, now);
  });
}
