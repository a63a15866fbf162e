/**
 * Writing the stock history. Every change of a product's or a variant's stock leaves a row here, in
 * the same transaction as the change, written as ONE insert for the whole operation (a purchase of
 * ten lines adds one statement, not ten: decision 0071). The stock after each change is the value the
 * caller's atomic UPDATE returned (RETURNING), so rows stay right when purchases race.
 */
import type { Db } from "../../db/client.ts";
import { stockMovementReason, stockMovements } from "../../db/schema/mod.ts";

/** Why stock changed: the `stock_movement_reason` enum's values, in its order (for schemas and filters). */
export const STOCK_REASONS = stockMovementReason.enumValues;
export type StockReason = (typeof STOCK_REASONS)[number];

/** One changed row: what a stock primitive returns for each line it changed. */
export interface StockChange {
  productId: number;
  /** The variant whose units changed, or null for a product sold without variants. */
  variantId: number | null;
  /** Units added (positive) or taken (negative); a zero change is not recorded. */
  delta: number;
  /** The changed row's stock right after the change (from the UPDATE's RETURNING). */
  stockAfter: number;
  /** Optional words more, e.g. "variant 50W deleted". */
  note?: string | null;
}

/** What the whole operation shares: why, which order, whose action. */
export interface StockContext {
  reason: StockReason;
  orderId?: number | null;
  /** The staff member behind the change; null for a shopper's checkout and for a job. */
  actorUserId?: number | null;
  /** Defaults to the database's now(). */
  at?: Date;
  /** Words for every change of the operation that has none of its own (a delivery's reference). */
  note?: string | null;
}

/**
 * Records the changes of one operation as one multi-row insert (nothing for no change). Call it
 * with the transaction that changed the stock.
 */
export async function recordStockMovements(tx: Db, changes: readonly StockChange[], ctx: StockContext): Promise<void> {
  const rows = changes.filter((c) => c.delta !== 0).map((c) => ({
    productId: c.productId,
    variantId: c.variantId,
    delta: c.delta,
    stockAfter: c.stockAfter,
    reason: ctx.reason,
    orderId: ctx.orderId ?? null,
    actorUserId: ctx.actorUserId ?? null,
    note: (c.note ?? ctx.note) ? (c.note ?? ctx.note)!.slice(0, 200) : null,
    ...(ctx.at ? { createdAt: ctx.at } : {}),
  }));
  if (rows.length) await tx.insert(stockMovements).values(rows);
}
