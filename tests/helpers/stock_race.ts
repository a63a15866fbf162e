/**
 * Staff work on stock racing shoppers' checkouts (PostgreSQL race tests): four customers each buy one
 * of each line while the staff work runs, and none of it may fail; then each stock history must chain,
 * every movement starting where the one before it ended.
 */
import assert from "node:assert/strict";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { stockMovements } from "../../db/schema/mod.ts";
import { customer, placedOrder } from "./paid_orders.ts";

/** Runs `staffWork` beside four paid-by-test orders of one unit of each line; nothing may be refused. */
export async function racingFourPurchases(
  db: Db,
  lines: { productId: number; variantId?: number }[],
  ...staffWork: (() => Promise<unknown>)[]
): Promise<void> {
  const buyers = await Promise.all([1, 2, 3, 4].map((n) => customer(db, { username: `buyer${n}` })));
  const results = await Promise.allSettled([
    ...staffWork.map((work) => work()),
    ...buyers.map((b) =>
      placedOrder(db, lines.map((l) => ({ ...l, quantity: 1 })), { userId: b.id, paymentMethod: "test" })
    ),
  ]);
  assert.deepEqual(
    results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason)),
    [],
  );
}

/** The stock history of a product (or one variant of it), oldest first, checked to chain; returned. */
export async function chainedMovements(db: Db, productId: number, variantId: number | null = null) {
  const moves = await db.select().from(stockMovements).where(and(
    eq(stockMovements.productId, productId),
    variantId === null ? isNull(stockMovements.variantId) : eq(stockMovements.variantId, variantId),
  )).orderBy(asc(stockMovements.id));
  for (let i = 1; i < moves.length; i++) {
    assert.equal(moves[i].stockAfter, moves[i - 1].stockAfter + moves[i].delta, `row ${i} follows row ${i - 1}`);
  }
  return moves;
}
