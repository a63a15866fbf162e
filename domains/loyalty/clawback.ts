/**
 * Points taken back when an order is refunded, or a referral reversed (docs/decisions/0057): what is
 * due is always taken, paid first from the balance, then from the customer's unused reward codes,
 * and any rest is a debt.
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
 * later points pay off first ({@link takeBackPoints}). Runs in the transaction that handles the
 * refund's 'order.refunded' event, after the order's row lock. Returns the points taken back now (>= 0).
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
  const [taken] = await tx.select({ points: sql<number>`coalesce(sum(${loyaltyLedger.points}), 0)::int` })
    .from(loyaltyLedger).where(and(
      eq(loyaltyLedger.userId, refund.userId),
      eq(loyaltyLedger.referenceType, REFUND_CLAWBACK),
      like(loyaltyLedger.referenceId, `${refund.orderId}:%`),
    ));
  const points = Math.min(earned.points, pointsForPaidTotal(refund.refundedCents)) + Number(taken?.points ?? 0);
  return await takeBackPoints(tx, {
    userId: refund.userId,
    points,
    reason: `Points taken back: refund on order ${refund.orderNumber}`,
    referenceType: REFUND_CLAWBACK,
    referenceId: `${refund.orderId}:${refund.refundId}`,
    why: `its points went back with the refund on order ${refund.orderNumber}`,
    now,
  });
}

/**
 * Takes `points` back from the user whatever their balance (docs/decisions/0057), as one ledger row
 * (`reason`, `referenceType`, `referenceId`): when the balance is short because the points were
 * spent, the user's unused reward codes are voided first, newest first, each giving its points back
 * (the code's ledger row ends with `why`), until the balance covers them; whatever is still missing
 * leaves the balance below zero, a debt that later points pay off first and that blocks redeeming.
 * Used by a refund's claw-back and by the referral reversal. Runs inside the caller's transaction,
 * after any order row lock the caller takes: the user's row is locked here (as redemptions do; held
 * already is fine), then the codes' rows, so the balance read is the one written against and a code
 * being applied at checkout is either spent first or voided first. The caller makes sure the take
 * happens once; the ledger's unique index is the backstop. Returns the points taken back (0 when
 * `points` <= 0 or that ledger row exists already).
 */
export async function takeBackPoints(
  tx: Db,
  take: {
    userId: number;
    points: number;
    reason: string;
    referenceType: string;
    referenceId: string;
    why: string;
    now: Date;
  },
): Promise<number> {
  if (take.points <= 0) return 0;
  await tx.execute(sql`select id from ${users} where ${users.id} = ${take.userId} for update`);
  await voidCodesToCover(tx, take.userId, take.points, { now: take.now, why: take.why });
  const written = await tx.insert(loyaltyLedger).values({
    userId: take.userId,
    points: -take.points,
    reason: take.reason,
    referenceType: take.referenceType,
    referenceId: take.referenceId,
    createdAt: take.now,
  }).onConflictDoNothing().returning({ id: loyaltyLedger.id });
  return written.length ? take.points : 0;
}
