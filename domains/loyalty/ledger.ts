/**
 * Loyalty points: every change to a balance is one ledger row, and the balance is their sum. A unique
 * index on (user, reference type, reference id) makes each award happen once, however often the
 * event that causes it (a webhook, a retried request) arrives.
 */
import { and, eq, like, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { loyaltyLedger, users } from "../../db/schema/mod.ts";

/** 1 point per whole rand paid (spec: 1 point per R1 spent). */
export function pointsForPaidTotal(totalCents: number): number {
  return Math.max(0, Math.floor(totalCents / 100));
}

/** Credits the points of a paid order once; returns the points credited now (0 when already done). */
export async function awardOrderPoints(
  db: Db,
  order: { userId: number; orderId: number; orderNumber: string; totalCents: number },
): Promise<number> {
  const points = pointsForPaidTotal(order.totalCents);
  if (points === 0) return 0;
  const rows = await db.insert(loyaltyLedger).values({
    userId: order.userId,
    points,
    reason: `Points for order ${order.orderNumber}`,
    referenceType: "order",
    referenceId: String(order.orderId),
  }).onConflictDoNothing().returning({ id: loyaltyLedger.id });
  return rows.length ? points : 0;
}

/** The user's current balance. */
export async function pointsBalance(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ points: sql<number>`coalesce(sum(${loyaltyLedger.points}), 0)::int` })
    .from(loyaltyLedger).where(eq(loyaltyLedger.userId, userId));
  return Number(row?.points ?? 0);
}

/** loyalty_ledger.referenceType of points taken back for a refund (referenceId "{orderId}:{refundId}"). */
export const REFUND_CLAWBACK = "order_refund";

/**
 * Takes back the points an order earned on the part of it now refunded: after refunds totalling
 * `refundedCents`, the order keeps the points of what is left paid (1 per whole rand), so the
 * points taken back over all its refunds are floor(refunded rand), never more than the order
 * earned. Nothing is taken when the order earned none. The balance never goes below zero (points
 * already spent on rewards stay spent): the user's row is locked, as redemptions do, so the
 * balance read here is the one written against. Returns the points taken back now (>= 0).
 */
export async function clawBackOrderPoints(
  tx: Db,
  refund: { userId: number; orderId: number; orderNumber: string; refundId: number; refundedCents: number },
): Promise<number> {
  const [earned] = await tx.select({ points: loyaltyLedger.points }).from(loyaltyLedger).where(and(
    eq(loyaltyLedger.userId, refund.userId),
    eq(loyaltyLedger.referenceType, "order"),
    eq(loyaltyLedger.referenceId, String(refund.orderId)),
  ));
  if (!earned || earned.points <= 0) return 0;
  await tx.execute(sql`select id from ${users} where ${users.id} = ${refund.userId} for update`);
  const [taken] = await tx.select({ points: sql<number>`coalesce(sum(${loyaltyLedger.points}), 0)::int` })
    .from(loyaltyLedger).where(and(
      eq(loyaltyLedger.userId, refund.userId),
      eq(loyaltyLedger.referenceType, REFUND_CLAWBACK),
      like(loyaltyLedger.referenceId, `${refund.orderId}:%`),
    ));
  const due = Math.min(earned.points, pointsForPaidTotal(refund.refundedCents)) + Number(taken?.points ?? 0);
  const points = Math.min(due, Math.max(0, await pointsBalance(tx, refund.userId)));
  if (points <= 0) return 0;
  await tx.insert(loyaltyLedger).values({
    userId: refund.userId,
    points: -points,
    reason: `Points taken back: refund on order ${refund.orderNumber}`,
    referenceType: REFUND_CLAWBACK,
    referenceId: `${refund.orderId}:${refund.refundId}`,
  });
  return points;
}
