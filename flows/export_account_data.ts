/**
 * "Download my data" (POPIA section 23, access to personal information): everything the shop holds
 * about one customer as plain JSON. Never a password hash, a session token or its hash, a reset or
 * confirmation token: the export is a file that may be e-mailed around, so it must not open the account.
 */
import { asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  addresses,
  auditLogs,
  browsingHistory,
  cartItems,
  cartReminders,
  coupons,
  couponUsage,
  emailOutbox,
  keeperAnimals,
  loyaltyLedger,
  loyaltyRedemptions,
  loyaltyRewards,
  newsletterSubscriptions,
  orderItems,
  orders,
  passwordResetTokens,
  products,
  productVariants,
  referrals,
  reminderPreferences,
  reviewReplies,
  reviews,
  reviewVotes,
  sessions,
  species,
  stockNotifications,
  users,
  wishlistItems,
} from "../db/schema/mod.ts";
import { NotFoundError } from "../lib/errors.ts";
import { toCents, toRand } from "../lib/money.ts";
import { slugify } from "../lib/ids.ts";
import { postalFields } from "../domains/addresses/mod.ts";

/** Version of the export's layout, so a reader can tell formats apart. */
export const EXPORT_FORMAT = 1;

const dayFormat = new Intl.DateTimeFormat("en-ZA", {
  timeZone: "Africa/Johannesburg",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The download's file name: "reptile-basics-my-data-2026-11-22.json" (the date in South Africa). */
export function exportFileName(shopName: string, now = new Date()): string {
  const parts = Object.fromEntries(dayFormat.formatToParts(now).map((p) => [p.type, p.value]));
  return `${slugify(shopName) || "shop"}-my-data-${parts.year}-${parts.month}-${parts.day}.json`;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const rand = (numeric: string | null | undefined) => toRand(toCents(numeric));

/** A JSON-serialisable copy of every record the shop keeps about the user. */
export async function exportUserData(db: Db, userId: number, now = new Date()) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.deletedAt) throw new NotFoundError("Account not found");

  const addressRows = await db.select().from(addresses).where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.id));

  const orderRows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
  const itemRows = orderRows.length
    ? await db.select().from(orderItems).where(inArray(orderItems.orderId, orderRows.map((o) => o.id)))
      .orderBy(asc(orderItems.id))
    : [];

  const wishlist = await db.select({
    addedAt: wishlistItems.addedAt,
    productId: products.id,
    name: products.name,
    priceSeen: wishlistItems.priceSeen,
  })
    .from(wishlistItems).innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.userId, userId)).orderBy(asc(wishlistItems.addedAt));

  const cart = await db.select({
    productId: cartItems.productId,
    name: products.name,
    variant: productVariants.name,
    quantity: cartItems.quantity,
    addedAt: cartItems.createdAt,
  }).from(cartItems).innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(eq(cartItems.userId, userId)).orderBy(asc(cartItems.id));

  const reviewRows = await db.select({ review: reviews, productName: products.name }).from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId)).where(eq(reviews.userId, userId))
    .orderBy(asc(reviews.createdAt));
  const votes = await db.select().from(reviewVotes).where(eq(reviewVotes.userId, userId))
    .orderBy(asc(reviewVotes.createdAt));
  const replies = await db.select().from(reviewReplies).where(eq(reviewReplies.userId, userId))
    .orderBy(asc(reviewReplies.createdAt));

  const ledger = await db.select().from(loyaltyLedger).where(eq(loyaltyLedger.userId, userId))
    .orderBy(asc(loyaltyLedger.createdAt), asc(loyaltyLedger.id));
  const redemptions = await db.select({ r: loyaltyRedemptions, rewardName: loyaltyRewards.name })
    .from(loyaltyRedemptions).innerJoin(loyaltyRewards, eq(loyaltyRewards.id, loyaltyRedemptions.rewardId))
    .where(eq(loyaltyRedemptions.userId, userId)).orderBy(asc(loyaltyRedemptions.createdAt));

  const referralRows = await db.select().from(referrals)
    .where(or(eq(referrals.referrerId, userId), eq(referrals.refereeId, userId))).orderBy(asc(referrals.id));

  const newsletter = await db.select().from(newsletterSubscriptions).where(
    or(eq(newsletterSubscriptions.userId, userId), sql`lower(${newsletterSubscriptions.email}) = ${user.email}`),
  );

  const alerts = await db.select({ n: stockNotifications, productName: products.name }).from(stockNotifications)
    .innerJoin(products, eq(products.id, stockNotifications.productId))
    .where(or(eq(stockNotifications.userId, userId), sql`lower(${stockNotifications.email}) = ${user.email}`))
    .orderBy(asc(stockNotifications.createdAt));

  const history = await db.select({ h: browsingHistory, productName: products.name }).from(browsingHistory)
    .innerJoin(products, eq(products.id, browsingHistory.productId)).where(eq(browsingHistory.userId, userId))
    .orderBy(asc(browsingHistory.lastViewedAt));

  const sessionRows = await db.select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
    .from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt));
  const resets = await db.select({
    createdAt: passwordResetTokens.createdAt,
    expires: passwordResetTokens.expires,
    usedAt: passwordResetTokens.usedAt,
  }).from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId))
    .orderBy(asc(passwordResetTokens.createdAt));

  const couponRows = await db.select({ u: couponUsage, code: coupons.code }).from(couponUsage)
    .innerJoin(coupons, eq(coupons.id, couponUsage.couponId)).where(eq(couponUsage.userId, userId))
    .orderBy(asc(couponUsage.createdAt));

  // Subjects and dates only: a body may carry a reset or confirmation link.
  const mail = await db.select({
    subject: emailOutbox.subject,
    status: emailOutbox.status,
    createdAt: emailOutbox.createdAt,
    sentAt: emailOutbox.sentAt,
  }).from(emailOutbox).where(sql`lower(${emailOutbox.toAddress}) = ${user.email}`)
    .orderBy(asc(emailOutbox.createdAt));

  const adminActions = await db.select().from(auditLogs).where(eq(auditLogs.userId, userId))
    .orderBy(asc(auditLogs.createdAt));

  const animals = await db.select({ a: keeperAnimals, speciesName: species.commonName }).from(keeperAnimals)
    .innerJoin(species, eq(species.id, keeperAnimals.speciesId)).where(eq(keeperAnimals.userId, userId))
    .orderBy(asc(keeperAnimals.createdAt), asc(keeperAnimals.id));
  const [choices] = await db.select().from(reminderPreferences).where(eq(reminderPreferences.userId, userId));
  const [cartReminder] = await db.select().from(cartReminders).where(eq(cartReminders.userId, userId));

  return {
    format: EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    profile: {
      id: user.id,
      username: user.username,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      vatNumber: user.vatNumber,
      role: user.role,
      // What staff noted about the customer: the right of access covers it.
      staffNote: user.staffNote,
      tags: user.tags,
      defaultShippingAddressId: user.defaultShippingAddressId,
      defaultBillingAddressId: user.defaultBillingAddressId,
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
    },
    addresses: addressRows.map((a) => ({
      id: a.id,
      label: a.label,
      addressType: a.addressType,
      isDefault: a.isDefault,
      ...postalFields(a),
      createdAt: iso(a.createdAt),
      updatedAt: iso(a.updatedAt),
    })),
    orders: orderRows.map((o) => ({
      id: o.id,
      orderNumber: o.orderNumber,
      status: o.status,
      createdAt: iso(o.createdAt),
      subtotal: rand(o.subtotal),
      shippingCost: rand(o.shippingCost),
      discountAmount: rand(o.discountAmount),
      total: rand(o.total),
      currency: "ZAR",
      shippingMethod: o.shippingMethod,
      pudoLockerCode: o.pudoLockerCode,
      pudoLockerAddress: o.pudoLockerAddress,
      shippingAddress: o.shippingAddress,
      billingAddress: o.billingAddress,
      paymentMethod: o.paymentMethod,
      paymentId: o.paymentId,
      paidAt: iso(o.paidAt),
      notes: o.notes,
      items: itemRows.filter((i) => i.orderId === o.id).map((i) => ({
        productId: i.productId,
        name: i.name,
        variantName: i.variantName,
        sku: i.sku,
        price: rand(i.price),
        quantity: i.quantity,
      })),
    })),
    wishlist: wishlist.map((w) => ({
      productId: w.productId,
      name: w.name,
      addedAt: iso(w.addedAt),
      // The price last seen, from which a price drop is told (decision 0108).
      priceSeen: w.priceSeen === null ? null : Number(w.priceSeen),
    })),
    cart: cart.map((c) => ({ ...c, addedAt: iso(c.addedAt) })),
    reviews: reviewRows.map(({ review: r, productName }) => ({
      id: r.id,
      productId: r.productId,
      productName,
      orderId: r.orderId,
      title: r.title,
      content: r.content,
      rating: r.rating,
      status: r.status,
      verificationStatus: r.verificationStatus,
      photos: r.photos,
      helpfulCount: r.helpfulCount,
      notHelpfulCount: r.notHelpfulCount,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    })),
    reviewVotes: votes.map((v) => ({ reviewId: v.reviewId, helpful: v.vote, createdAt: iso(v.createdAt) })),
    reviewReplies: replies.map((r) => ({
      id: r.id,
      reviewId: r.reviewId,
      content: r.content,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    })),
    loyalty: {
      balance: ledger.reduce((sum, l) => sum + l.points, 0),
      ledger: ledger.map((l) => ({
        points: l.points,
        reason: l.reason,
        referenceType: l.referenceType,
        referenceId: l.referenceId,
        createdAt: iso(l.createdAt),
      })),
      redemptions: redemptions.map(({ r, rewardName }) => ({
        reward: rewardName,
        code: r.code,
        pointsSpent: r.pointsSpent,
        used: r.used,
        usedAt: iso(r.usedAt),
        orderId: r.orderId,
        createdAt: iso(r.createdAt),
        expiresAt: iso(r.expiresAt),
      })),
    },
    referrals: referralRows.map((r) => ({
      role: r.referrerId === userId ? "referrer" : "referee",
      code: r.code,
      status: r.status,
      discountAmount: rand(r.discountAmount),
      discountType: r.discountType,
      dateCreated: iso(r.dateCreated),
      dateUsed: iso(r.dateUsed),
      dateExpires: iso(r.dateExpires),
      firstOrderCompleted: r.firstOrderCompleted,
      referrerRewarded: r.referrerRewarded,
    })),
    newsletter: newsletter.map((n) => ({
      email: n.email,
      consentAt: iso(n.consentAt),
      consentSource: n.consentSource,
      confirmedAt: iso(n.confirmedAt),
      unsubscribedAt: iso(n.unsubscribedAt),
      discountCode: n.discountCode,
      createdAt: iso(n.createdAt),
    })),
    animals: animals.map(({ a, speciesName }) => ({
      name: a.name,
      species: speciesName,
      acquiredOn: a.acquiredOn,
      notes: a.notes,
      createdAt: iso(a.createdAt),
      updatedAt: iso(a.updatedAt),
    })),
    reminders: {
      replacementReminders: !choices?.remindersOff,
      cartReminders: !choices?.cartRemindersOff,
      priceDropEmails: !choices?.priceAlertsOff,
      lastCartReminderAt: iso(cartReminder?.sentAt),
    },
    stockNotifications: alerts.map(({ n, productName }) => ({
      productId: n.productId,
      productName,
      variantId: n.variantId,
      email: n.email,
      active: n.active,
      notifiedAt: iso(n.notifiedAt),
      createdAt: iso(n.createdAt),
    })),
    browsingHistory: history.map(({ h, productName }) => ({
      productId: h.productId,
      productName,
      viewCount: h.viewCount,
      timeSpentSeconds: h.timeSpent,
      firstViewedAt: iso(h.createdAt),
      lastViewedAt: iso(h.lastViewedAt),
    })),
    couponUsage: couponRows.map(({ u, code }) => ({
      code,
      orderId: u.orderId,
      discountAmount: rand(u.discountAmount),
      createdAt: iso(u.createdAt),
    })),
    sessions: {
      count: sessionRows.length,
      list: sessionRows.map((s) => ({ startedAt: iso(s.createdAt), expiresAt: iso(s.expiresAt) })),
    },
    passwordResetRequests: resets.map((r) => ({
      requestedAt: iso(r.createdAt),
      expiresAt: iso(r.expires),
      usedAt: iso(r.usedAt),
    })),
    emails: mail.map((m) => ({
      subject: m.subject,
      status: m.status,
      queuedAt: iso(m.createdAt),
      sentAt: iso(m.sentAt),
    })),
    adminActions: adminActions.map((a) => ({
      entityType: a.entityType,
      entityId: a.entityId,
      action: a.action,
      details: a.details,
      createdAt: iso(a.createdAt),
    })),
  };
}

export type UserDataExport = Awaited<ReturnType<typeof exportUserData>>;
