/**
 * Points taken back when an order is refunded (docs/decisions/0057): what is due is always taken,
 * paid first from the balance, then from the customer's unused reward codes, and any rest is a debt.
 */
import { and, eq, like, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { loyaltyLedger, users } from "../../db/schema/mod.ts";
import { pointsForPaidTotal, REFUND_CLAWBACK } from "./ledger.ts";
import { voidCodesToCover } from "./voids.ts";

/**
 * Takes back the points an order earned on the part of it now refunded: after refunds totalling
 * `refundedCents`, the order keeps the points of what is left paid (1 per whole rand), so the
 * points taken back over all its refunds are floor(refunded rand), never more than the order
 * earned. Nothing is taken when the order earned none. What is due is always taken
 * (docs/decisions/0057): when the balance is short because the points were spent, the customer's
 * unused reward codes are voided first, newest first, each giving its points back, until the
 * balance covers what is due; whatever is still missing leaves the balance below zero, a debt that
 * later points pay off first. Runs inside the refund's transaction after the order's row lock; the
 * user's row is locked here (as redemptions do), then the codes' rows, so the balance read is the
 * one written against and a code being spent at checkout is either spent first or voided first.
 * Returns the points taken back now (>= 0).
 */
export async function clawBackOrderPoints(
  tx: Db,
  refund: {
    userId: number;
    orderId: number;
    orderNumber: string;
    refundId: number;
    refundedCents: number;
    now?: Date;
  },
): Promise<number> {
  const now = refund.now ?? new Date();
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
  const points = Math.min(earned.points, pointsForPaidTotal(refund.refundedCents)) + Number(taken?.points ?? 0);
  if (points <= 0) return 0;
  await voidCodesToCover(tx, refund.userId, points, {
    now,
    why: `its points went back with the refund on order ${refund.orderNumber}`,
  });
  await tx.insert(loyaltyLedger).values({
    userId: refund.userId,
    points: -points,
    reason: `Points taken back: refund on order ${refund.orderNumber}`,
    referenceType: REFUND_CLAWBACK,
    referenceId: `${refund.orderId}:${refund.refundId}`,
    createdAt: now,
  });
  return points;
}
