/**
 * The delete-account workflow (POPIA erasure, docs/decisions/0009-account-deletion.md): the accounts
 * domain checks the password, then one transaction anonymises the user and removes what every other
 * domain keeps about them (addresses, cart, wishlist, sessions, alerts, newsletter, browsing, queued
 * mail, review votes, points, unused invitations, animals and reminder choices). Orders and their
 * lines stay as tax records.
 */
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  addresses,
  auditLogs,
  browsingHistory,
  cartCoupons,
  cartItems,
  cartReminders,
  emailOutbox,
  keeperAnimals,
  loyaltyLedger,
  loyaltyRedemptions,
  newsletterSubscriptions,
  passwordResetTokens,
  referrals,
  reminderPreferences,
  replacementReminders,
  reviews,
  reviewVotes,
  sessions,
  stockNotifications,
  users,
  wishlistItems,
} from "../db/schema/mod.ts";
import { checkErasure } from "../domains/accounts/mod.ts";
import { generateToken, hashPassword } from "../domains/auth/mod.ts";

/**
 * Erases the account (POPIA right to deletion) after the password is confirmed, in one transaction:
 * the users row is anonymised (it stays so that kept orders, reviews and redemptions still point at
 * something), personal rows are deleted, and sessions end everywhere. Orders and their lines are kept
 * as tax records. Returns the time of erasure.
 */
export async function deleteAccount(db: Db, userId: number, password: string): Promise<{ deletedAt: Date }> {
  const user = await checkErasure(db, userId, password);
  // A hash of a random secret nobody holds: no password can ever match it.
  const unusable = await hashPassword(`${generateToken()}${generateToken()}`);
  const deletedAt = new Date();
  await db.transaction(async (tx) => {
    await tx.update(users).set({
      username: `deleted-${userId}`,
      email: `deleted-${userId}@deleted.invalid`,
      firstName: null,
      lastName: null,
      phone: null,
      vatNumber: null,
      // The WhatsApp number goes too: a later WhatsApp cart from it makes a new account.
      waId: null,
      password: unusable,
      role: "customer",
      defaultShippingAddressId: null,
      defaultBillingAddressId: null,
      staffNote: null,
      tags: [],
      deletedAt,
      updatedAt: deletedAt,
    }).where(eq(users.id, userId));
    // Staff's notes and tags on the customer go from the audit trail too: it keeps that they changed, by whom.
    await tx.update(auditLogs).set({ details: { erased: true } }).where(and(
      eq(auditLogs.entityType, "user"),
      eq(auditLogs.entityId, userId),
      inArray(auditLogs.action, ["note_change", "tags_change"]),
    ));
    await tx.delete(addresses).where(eq(addresses.userId, userId));
    await tx.delete(cartItems).where(eq(cartItems.userId, userId));
    await tx.delete(cartCoupons).where(eq(cartCoupons.userId, userId));
    await tx.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    // Alerts and subscriptions are also keyed by e-mail address (a guest may have signed up with it).
    await tx.delete(stockNotifications).where(
      or(eq(stockNotifications.userId, userId), sql`lower(${stockNotifications.email}) = ${user.email}`),
    );
    await tx.delete(newsletterSubscriptions).where(
      or(eq(newsletterSubscriptions.userId, userId), sql`lower(${newsletterSubscriptions.email}) = ${user.email}`),
    );
    await tx.delete(browsingHistory).where(eq(browsingHistory.userId, userId));
    // A keeper's animals (names, notes), their reminder choices and what they were reminded of.
    await tx.delete(keeperAnimals).where(eq(keeperAnimals.userId, userId));
    await tx.delete(reminderPreferences).where(eq(reminderPreferences.userId, userId));
    await tx.delete(replacementReminders).where(eq(replacementReminders.userId, userId));
    await tx.delete(cartReminders).where(eq(cartReminders.userId, userId));
    // Mail to the address (sent copies and anything still queued: nothing more goes to an erased account).
    await tx.delete(emailOutbox).where(sql`lower(${emailOutbox.toAddress}) = ${user.email}`);
    // The votes go; the reviews' helpful counters drop by the votes removed so they stay true.
    const votes = await tx.select({ reviewId: reviewVotes.reviewId, vote: reviewVotes.vote }).from(reviewVotes)
      .where(eq(reviewVotes.userId, userId));
    for (const v of votes) {
      const counter = v.vote ? reviews.helpfulCount : reviews.notHelpfulCount;
      await tx.update(reviews).set(
        v.vote ? { helpfulCount: sql`greatest(${counter} - 1, 0)` } : {
          notHelpfulCount: sql`greatest(${counter} - 1, 0)`,
        },
      ).where(eq(reviews.id, v.reviewId));
    }
    await tx.delete(reviewVotes).where(eq(reviewVotes.userId, userId));
    // The points balance is forfeited; a redemption already applied to a kept order stays with it.
    await tx.delete(loyaltyLedger).where(eq(loyaltyLedger.userId, userId));
    await tx.delete(loyaltyRedemptions).where(
      and(eq(loyaltyRedemptions.userId, userId), isNull(loyaltyRedemptions.orderId)),
    );
    // Unused invitation codes go; used referrals stay (they are the other customer's discount record).
    await tx.delete(referrals).where(and(eq(referrals.referrerId, userId), isNull(referrals.refereeId)));
  });
  return { deletedAt };
}
