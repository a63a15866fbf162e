/**
 * Voiding reward codes whose points are needed back (docs/decisions/0057): a refund takes back points
 * the customer has already spent on a code not yet used, or a cancelled order gives a code back while
 * its owner's balance is below zero. A voided code can never be spent; its points come back in one
 * ledger row (REDEMPTION_VOID, referenceId the redemption's id), which is also what tells a voided
 * code from one spent on an order.
 */
import { and, desc, eq, gt, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { loyaltyLedger, loyaltyRedemptions } from "../../db/schema/mod.ts";
import { pointsBalance } from "./ledger.ts";

/** loyalty_ledger.referenceType of the points a voided reward code gives back (referenceId: the redemption's id). */
export const REDEMPTION_VOID = "redemption_void";

interface VoidableCode {
  id: number;
  userId: number;
  code: string;
  pointsSpent: number;
}

/**
 * Voids a redemption whose row the caller has locked and credits its points back; returns the points
 * credited (0 if it was voided before: the ledger's unique index keeps the credit to one).
 */
async function voidRedemption(tx: Db, r: VoidableCode, now: Date, why: string): Promise<number> {
  // used = true with no order: the checks that spend or take back a code (usableRedemption,
  // retakeRedemption) refuse it, and a cancelled order's release never finds it.
  await tx.update(loyaltyRedemptions).set({ used: true, usedAt: now, orderId: null })
    .where(eq(loyaltyRedemptions.id, r.id));
  const credited = await tx.insert(loyaltyLedger).values({
    userId: r.userId,
    points: r.pointsSpent,
    reason: `Reward code ${r.code} cancelled: ${why}`,
    referenceType: REDEMPTION_VOID,
    referenceId: String(r.id),
    createdAt: now,
  }).onConflictDoNothing().returning({ id: loyaltyLedger.id });
  return credited.length ? r.pointsSpent : 0;
}

/**
 * Voids the user's unused, unexpired reward codes, newest first (the newest were most likely bought
 * with the points now taken back), until the balance reaches `target` or none are left. The caller
 * holds the user's row lock. Returns the codes voided and the balance after.
 */
export async function voidCodesToCover(
  tx: Db,
  userId: number,
  target: number,
  { now, why }: { now: Date; why: string },
): Promise<{ voided: string[]; balance: number }> {
  let balance = await pointsBalance(tx, userId);
  const voided: string[] = [];
  if (balance >= target) return { voided, balance };
  // Every candidate is locked, newest first. A code being applied to an order at this moment is
  // waited for: spent there, it no longer matches when the lock is granted and is left alone; voided
  // here first, checkout's locked re-check finds it used and refuses it.
  const codes = await tx.select({
    id: loyaltyRedemptions.id,
    userId: loyaltyRedemptions.userId,
    code: loyaltyRedemptions.code,
    pointsSpent: loyaltyRedemptions.pointsSpent,
  }).from(loyaltyRedemptions)
    .where(and(
      eq(loyaltyRedemptions.userId, userId),
      eq(loyaltyRedemptions.used, false),
      or(isNull(loyaltyRedemptions.expiresAt), gt(loyaltyRedemptions.expiresAt, now)),
    ))
    .orderBy(desc(loyaltyRedemptions.createdAt), desc(loyaltyRedemptions.id))
    .for("update");
  for (const code of codes) {
    if (balance >= target) break;
    balance += await voidRedemption(tx, code, now, why);
    voided.push(code.code);
  }
  return { voided, balance };
}

/**
 * A code a cancelled order has just given back (its row updated, so locked, by the caller): voided
 * when its owner's balance is below zero, its points paying that debt, instead of becoming spendable
 * again. An expired code is left as it is (worth nothing either way). Returns true when voided.
 */
export async function voidReleasedCodeInDebt(
  tx: Db,
  r: VoidableCode & { expiresAt: Date | null },
  now: Date,
): Promise<boolean> {
  if (r.expiresAt && r.expiresAt <= now) return false;
  if (await pointsBalance(tx, r.userId) >= 0) return false;
  await voidRedemption(tx, r, now, "its points paid towards your negative balance");
  return true;
}

/** Whether this redemption was voided (its points given back) rather than spent on an order. */
export async function isVoided(db: Db, r: { id: number; userId: number }): Promise<boolean> {
  const [row] = await db.select({ id: loyaltyLedger.id }).from(loyaltyLedger).where(and(
    eq(loyaltyLedger.userId, r.userId),
    eq(loyaltyLedger.referenceType, REDEMPTION_VOID),
    eq(loyaltyLedger.referenceId, String(r.id)),
  ));
  return Boolean(row);
}
