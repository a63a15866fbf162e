/** The rewards customers can spend points on, and the points history. */
import { and, asc, desc, eq, gt, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { loyaltyLedger, loyaltyRewards } from "../../db/schema/mod.ts";
import { toCents } from "../../lib/money.ts";

export type DiscountType = "percentage" | "fixed_amount" | "free_shipping";

export interface Reward {
  id: number;
  code: string;
  name: string;
  description: string | null;
  pointsCost: number;
  /** Rand amount in cents for fixed_amount; the percentage (x100) for percentage; 0 for free_shipping. */
  discountValueCents: number;
  discountType: DiscountType;
  expiresAt: Date | null;
}

export interface LedgerEntry {
  id: number;
  points: number;
  reason: string;
  referenceType: string | null;
  referenceId: string | null;
  createdAt: Date;
}

export function rewardOf(row: typeof loyaltyRewards.$inferSelect): Reward {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    pointsCost: row.pointsCost,
    discountValueCents: toCents(row.discountValue) ?? 0,
    discountType: row.discountType as DiscountType,
    expiresAt: row.expiresAt,
  };
}

/** Rewards on offer now: active and not expired, cheapest first. */
export async function listRewards(db: Db, now = new Date()): Promise<Reward[]> {
  const rows = await db.select().from(loyaltyRewards)
    .where(and(
      eq(loyaltyRewards.isActive, true),
      or(isNull(loyaltyRewards.expiresAt), gt(loyaltyRewards.expiresAt, now)),
    ))
    .orderBy(asc(loyaltyRewards.pointsCost), asc(loyaltyRewards.id));
  return rows.map(rewardOf);
}

/** The user's points history (every credit and debit), newest first. */
export async function listHistory(db: Db, userId: number, opts: { limit?: number } = {}): Promise<LedgerEntry[]> {
  return await db.select({
    id: loyaltyLedger.id,
    points: loyaltyLedger.points,
    reason: loyaltyLedger.reason,
    referenceType: loyaltyLedger.referenceType,
    referenceId: loyaltyLedger.referenceId,
    createdAt: loyaltyLedger.createdAt,
  }).from(loyaltyLedger).where(eq(loyaltyLedger.userId, userId))
    .orderBy(desc(loyaltyLedger.createdAt), desc(loyaltyLedger.id))
    .limit(opts.limit ?? 200);
}
