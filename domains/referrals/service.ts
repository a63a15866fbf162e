/**
 * Referrals (spec 001: 50 points per successful referral). A customer's invitation is their row with
 * a code and no referee; a friend who redeems the code gets a row of their own (status pending) that
 * gives them a discount on their first order. When that friend's first order is paid the row turns
 * completed and the referrer is credited 50 points, once: the conditional status change and the
 * ledger's unique (user, type, reference) index both stand in the way of a second credit. A full
 * refund of that order turns it reversed and takes the points back, spent or not (docs/decisions/0057).
 */
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared.ts";
import { loyaltyLedger, orders, referrals, users } from "../../db/schema/mod.ts";
import { ConflictError, ValidationError } from "../../lib/errors.ts";
import { takeBackPoints } from "../loyalty/mod.ts";
import { newReferralCode } from "./codes.ts";
import type { ReferralOffer } from "./pricing.ts";

/** Spec 001: 50 points per successful referral. */
export const REFERRAL_POINTS = 50;
/** loyalty_ledger.referenceType of a referrer's credit and of its reversal (referenceId: the referee's row id). */
export const REFERRAL_CREDIT = "referral";
export const REFERRAL_REVERSAL = "referral_reversal";

export const REFERRAL_UNKNOWN = "This referral code is not valid.";
export const REFERRAL_EXPIRED = "This referral code has expired.";
export const REFERRAL_OWN_CODE = "You cannot use your own referral code.";
export const REFERRAL_ALREADY_USED = "You have already used a referral code. Only one referral code can be used.";
export const REFERRAL_NOT_FIRST_ORDER =
  "Referral codes are for new customers: you already have a paid order, so this code cannot be used.";

/** The customer's invitation: their code (created on first use, the same afterwards). */
export async function ensureInvitation(db: Db, userId: number, now = new Date()): Promise<{ code: string }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await invitationOf(db, userId);
    if (existing) return existing;
    // A code drawn twice, or two first calls at once: the partial unique indexes keep one row each
    // (per code, per customer); the loop reads what is there and draws again only if it is not ours.
    await db.insert(referrals).values({
      referrerId: userId,
      code: newReferralCode(),
      status: "active",
      dateCreated: now,
    })
      .onConflictDoNothing();
  }
  const existing = await invitationOf(db, userId);
  if (!existing) throw new ConflictError("Could not create your referral code. Please try again.");
  return existing;
}

async function invitationOf(db: Db, userId: number): Promise<{ code: string } | null> {
  const [row] = await db.select({ code: referrals.code }).from(referrals)
    .where(and(eq(referrals.referrerId, userId), isNull(referrals.refereeId)));
  return row ?? null;
}

async function hasPaidOrder(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders)
    .where(and(eq(orders.userId, userId), isNotNull(orders.paidAt))).limit(1);
  return !!row;
}

/**
 * Why `userId` may not redeem `code` now (null: they may). Read inside the redeeming transaction,
 * after the customer's row is locked, so two redemptions of one customer are decided one by one.
 */
async function refusal(
  db: Db,
  userId: number,
  code: string,
  now: Date,
): Promise<{ status: 400 | 409; message: string } | { invitation: { referrerId: number; code: string } }> {
  const [invitation] = await db.select({
    referrerId: referrals.referrerId,
    code: referrals.code,
    dateExpires: referrals.dateExpires,
  })
    .from(referrals).innerJoin(users, eq(users.id, referrals.referrerId))
    .where(and(eq(referrals.code, code), isNull(referrals.refereeId), isNull(users.deletedAt)));
  if (!invitation) return { status: 400, message: REFERRAL_UNKNOWN };
  if (invitation.referrerId === userId) return { status: 400, message: REFERRAL_OWN_CODE };
  if (invitation.dateExpires && invitation.dateExpires <= now) return { status: 400, message: REFERRAL_EXPIRED };
  const [used] = await db.select({ id: referrals.id }).from(referrals).where(eq(referrals.refereeId, userId));
  if (used) return { status: 409, message: REFERRAL_ALREADY_USED };
  if (await hasPaidOrder(db, userId)) return { status: 409, message: REFERRAL_NOT_FIRST_ORDER };
  return { invitation };
}

function refuse(r: { status: 400 | 409; message: string }): never {
  throw r.status === 400 ? new ValidationError(r.message) : new ConflictError(r.message);
}

/**
 * Checks a code before an account exists (registration): unknown and expired codes are refused
 * with their message, so the visitor can fix the link before the account is created.
 */
export async function checkReferralCode(db: Db, code: string, now = new Date()): Promise<void> {
  const r = await refusal(db, 0, code.trim().toUpperCase(), now);
  if (!("invitation" in r)) refuse(r);
}

export interface RedeemedReferral {
  code: string;
  discountPercent: number;
}

/**
 * Redeems `code` for the customer, promising them `percent` off their first order. Refused (400) for
 * an unknown, expired or own code; (409) for a second code or a customer who already has a paid order.
 */
export async function redeemReferral(
  db: Db,
  userId: number,
  rawCode: string,
  percent: number,
  now = new Date(),
): Promise<RedeemedReferral> {
  const code = rawCode.trim().toUpperCase();
  return await db.transaction(async (tx) => {
    await tx.execute(sql`select id from ${users} where ${users.id} = ${userId} for update`);
    const r = await refusal(tx, userId, code, now);
    if (!("invitation" in r)) refuse(r);
    // The unique index on refereeId is the last word should another path insert meanwhile.
    const inserted = await tx.insert(referrals).values({
      referrerId: r.invitation.referrerId,
      refereeId: userId,
      code: r.invitation.code,
      status: "pending",
      discountAmount: percent.toFixed(2),
      discountType: "percentage",
      dateCreated: now,
      dateUsed: now,
    }).onConflictDoNothing().returning({ id: referrals.id });
    if (!inserted.length) throw new ConflictError(REFERRAL_ALREADY_USED);
    return { code: r.invitation.code, discountPercent: percent };
  });
}

// Prepared (db/prepared.ts): every read of a signed-in customer's cart asks.
const pendingReferralOf = preparedQuery((db) =>
  db.select({ id: referrals.id, code: referrals.code, percent: referrals.discountAmount })
    .from(referrals).where(and(eq(referrals.refereeId, sql.placeholder("userId")), eq(referrals.status, "pending")))
    .prepare("pending_referral_of")
);

/** The first-order discount the customer holds (a redeemed code whose first order is not yet paid). */
export async function referralOffer(db: Db, userId: number): Promise<ReferralOffer | null> {
  const [row] = await pendingReferralOf(db).execute({ userId });
  if (!row) return null;
  const percent = Number(row.percent ?? 0);
  return percent > 0 ? { referralId: row.id, code: row.code, percent } : null;
}

/**
 * Called once a customer's order is paid (inside finalisation's transaction): if the customer was
 * referred and this is their first paid order, the referral completes and the referrer gets their
 * points. Only one caller can move the row from pending; the ledger's unique index backs that up.
 * Returns the points credited now (0 when nothing was due).
 */
export async function creditReferrer(
  tx: Db,
  paid: { userId: number; orderId: number; orderNumber: string },
  now = new Date(),
): Promise<number> {
  const [done] = await tx.update(referrals).set({
    status: "completed",
    firstOrderCompleted: true,
    referrerRewarded: true,
    orderId: paid.orderId,
  }).where(and(eq(referrals.refereeId, paid.userId), eq(referrals.status, "pending")))
    .returning({ id: referrals.id, referrerId: referrals.referrerId });
  if (!done) return 0;
  const [referee] = await tx.select({ username: users.username }).from(users).where(eq(users.id, paid.userId));
  const credited = await tx.insert(loyaltyLedger).values({
    userId: done.referrerId,
    points: REFERRAL_POINTS,
    reason: `Referral: ${referee?.username ?? "a friend"} placed their first order`,
    referenceType: REFERRAL_CREDIT,
    referenceId: String(done.id),
    createdAt: now,
  }).onConflictDoNothing().returning({ id: loyaltyLedger.id });
  return credited.length ? REFERRAL_POINTS : 0;
}

/**
 * Called when an order is fully refunded (in the transaction that handles the refund's
 * 'order.refunded' event, after the order's row lock and the order's own points claw-back): the
 * referral it completed turns reversed and the points it credited the referrer are taken back,
 * once, whatever the referrer's balance (docs/decisions/0057): points already spent on a reward
 * code not yet used come back by voiding the referrer's codes, newest first; what is still missing
 * leaves their balance below zero.
 * Returns the points taken back now.
 */
export async function reverseReferralCredit(tx: Db, orderId: number, now = new Date()): Promise<number> {
  const [reversed] = await tx.update(referrals).set({ status: "reversed" })
    .where(and(eq(referrals.orderId, orderId), eq(referrals.status, "completed")))
    .returning({ id: referrals.id, referrerId: referrals.referrerId });
  if (!reversed) return 0;
  const [credit] = await tx.select({ points: loyaltyLedger.points }).from(loyaltyLedger).where(and(
    eq(loyaltyLedger.userId, reversed.referrerId),
    eq(loyaltyLedger.referenceType, REFERRAL_CREDIT),
    eq(loyaltyLedger.referenceId, String(reversed.id)),
  ));
  if (!credit) return 0;
  const [order] = await tx.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, orderId));
  const refunded = `order ${order?.orderNumber ?? orderId} was refunded`;
  return await takeBackPoints(tx, {
    userId: reversed.referrerId,
    points: credit.points,
    reason: `Referral points taken back: ${refunded}`,
    referenceType: REFERRAL_REVERSAL,
    referenceId: String(reversed.id),
    why: `the referral points it was bought with went back (${refunded})`,
    now,
  });
}

export interface ReferralSummary {
  code: string;
  referrals: {
    username: string;
    status: "pending" | "completed" | "reversed";
    dateUsed: Date | null;
    firstOrderCompleted: boolean;
  }[];
  pointsEarned: number;
}

/** The referrer's view: their code, every friend who redeemed it, and the points referrals earned (net). */
export async function myReferrals(db: Db, userId: number, now = new Date()): Promise<ReferralSummary> {
  const { code } = await ensureInvitation(db, userId, now);
  const rows = await db.select({
    username: users.username,
    deletedAt: users.deletedAt,
    status: referrals.status,
    dateUsed: referrals.dateUsed,
    firstOrderCompleted: referrals.firstOrderCompleted,
  }).from(referrals).leftJoin(users, eq(users.id, referrals.refereeId))
    .where(and(eq(referrals.referrerId, userId), isNotNull(referrals.dateUsed)))
    .orderBy(asc(referrals.dateUsed), asc(referrals.id));
  const [points] = await db.select({ n: sql<number>`coalesce(sum(${loyaltyLedger.points}), 0)::int` })
    .from(loyaltyLedger).where(and(
      eq(loyaltyLedger.userId, userId),
      inArray(loyaltyLedger.referenceType, [REFERRAL_CREDIT, REFERRAL_REVERSAL]),
    ));
  return {
    code,
    referrals: rows.map((r) => ({
      username: r.username && !r.deletedAt ? r.username : "Deleted account",
      status: r.status === "completed" || r.status === "reversed" ? r.status : "pending",
      dateUsed: r.dateUsed,
      firstOrderCompleted: r.firstOrderCompleted,
    })),
    pointsEarned: Number(points?.n ?? 0),
  };
}
