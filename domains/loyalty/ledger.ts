/**
 * Loyalty points: every change to a balance is one ledger row, and the balance is their sum. A unique
 * index on (user, reference type, reference id) makes each award happen once, however often the
 * event that causes it (a webhook, a retried request) arrives.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { loyaltyLedger } from "../../db/schema/mod.ts";

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
