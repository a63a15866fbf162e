/**
 * Taking and giving back stock for order lines. Each take is one conditional UPDATE (`stock >= n`),
 * so two orders racing for the last units can never both succeed and stock never goes negative,
 * on PGlite and on PostgreSQL alike. A variant's units also count in its product's stock (the
 * product's stock is the sum over its variants). Pre-orders have no stock to take.
 *
 * Lock order: every caller locks stock rows in one global order: by product id, and within a
 * product its own row first, then its variants by id. Two checkouts buying the same products in
 * opposite cart order then queue behind each other instead of each holding a row the other needs
 * (PostgreSQL would abort one of them with a deadlock, 40P01).
 *
 * Stock history (decision 0071): each take and give-back reports the changed rows' stock as its
 * UPDATE returned it. A take returns the changes for its caller to record once the order has an id
 * (placement takes the stock before inserting the order: decision 0061); a give-back knows its order
 * and records them itself, one insert for all its lines.
 */
import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, productVariants } from "../../db/schema/mod.ts";
import { ConflictError } from "../../lib/errors.ts";
import { recordStockMovements, type StockChange, type StockContext } from "../stock_history/mod.ts";

export interface StockLine {
  productId: number;
  variantId: number | null;
  quantity: number;
  /** For the message when the stock has run out. */
  name: string;
}

/** The lines in lock order: by product, the product's own line first, then its variants by id. */
export function inLockOrder<T extends { productId: number; variantId: number | null }>(lines: readonly T[]): T[] {
  return [...lines].sort((a, b) => a.productId - b.productId || (a.variantId ?? 0) - (b.variantId ?? 0));
}

/** Locks the product's row before any of its variants' rows (see the lock order above). */
async function lockProduct(tx: Db, productId: number): Promise<void> {
  await tx.execute(sql`select id from ${products} where ${products.id} = ${productId} for update`);
}

/**
 * Sets a product's stock to the sum of its in-stock variants' units (pre-order variants hold none),
 * so the product's figure follows every take and give-back exactly instead of drifting. Its row is
 * already locked by the caller. Staff variant edits (domains/catalog_admin) call it too.
 */
export async function syncProductStock(tx: Db, productId: number): Promise<void> {
  await tx.update(products).set({
    stock: sql`(select coalesce(sum(${productVariants.stock}), 0) from ${productVariants}
      where ${productVariants.productId} = ${productId} and not ${productVariants.preorder})`,
    updatedAt: new Date(),
  }).where(eq(products.id, productId));
}

/**
 * Takes the units of every line or throws ConflictError naming the first line that is short. Returns
 * the changes (negative deltas, the stock left): the caller records them with reason "sale" and the
 * order's id, in the same transaction (`recordStockMovements`).
 */
export async function takeStock(tx: Db, lines: StockLine[]): Promise<StockChange[]> {
  const changes: StockChange[] = [];
  for (const line of inLockOrder(lines)) {
    if (line.variantId !== null) {
      await lockProduct(tx, line.productId);
      const [variant] = await tx.select({ preorder: productVariants.preorder }).from(productVariants)
        .where(eq(productVariants.id, line.variantId));
      if (variant?.preorder) continue;
      const [taken] = await tx.update(productVariants)
        .set({ stock: sql`${productVariants.stock} - ${line.quantity}`, updatedAt: new Date() })
        .where(and(eq(productVariants.id, line.variantId), gte(productVariants.stock, line.quantity)))
        .returning({ stock: productVariants.stock });
      if (!taken) throw await shortage(tx, line);
      await syncProductStock(tx, line.productId);
      changes.push({
        productId: line.productId,
        variantId: line.variantId,
        delta: -line.quantity,
        stockAfter: taken.stock,
      });
      continue;
    }
    const [taken] = await tx.update(products)
      .set({ stock: sql`${products.stock} - ${line.quantity}`, updatedAt: new Date() })
      .where(and(eq(products.id, line.productId), gte(products.stock, line.quantity)))
      .returning({ stock: products.stock });
    if (!taken) throw await shortage(tx, line);
    changes.push({ productId: line.productId, variantId: null, delta: -line.quantity, stockAfter: taken.stock });
  }
  return changes;
}

/**
 * Gives the units of every line back (a cancelled or expired order, a refund's restock) and records
 * them in the stock history with `movement` (its reason, order and actor), one insert for all lines.
 */
export async function releaseStock(
  tx: Db,
  lines: Omit<StockLine, "name">[],
  movement: StockContext,
): Promise<StockChange[]> {
  const changes: StockChange[] = [];
  for (const line of inLockOrder(lines)) {
    if (line.quantity <= 0) continue;
    if (line.variantId !== null) {
      await lockProduct(tx, line.productId);
      const [back] = await tx.update(productVariants)
        .set({ stock: sql`${productVariants.stock} + ${line.quantity}`, updatedAt: new Date() })
        .where(and(eq(productVariants.id, line.variantId), eq(productVariants.preorder, false)))
        .returning({ stock: productVariants.stock });
      if (!back) continue;
      await syncProductStock(tx, line.productId);
      changes.push({
        productId: line.productId,
        variantId: line.variantId,
        delta: line.quantity,
        stockAfter: back.stock,
      });
      continue;
    }
    const [back] = await tx.update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}`, updatedAt: new Date() })
      .where(eq(products.id, line.productId))
      .returning({ stock: products.stock });
    if (back) {
      changes.push({ productId: line.productId, variantId: null, delta: line.quantity, stockAfter: back.stock });
    }
  }
  await recordStockMovements(tx, changes, movement);
  return changes;
}

async function shortage(tx: Db, line: StockLine): Promise<ConflictError> {
  const [row] = line.variantId !== null
    ? await tx.select({ stock: productVariants.stock }).from(productVariants).where(
      eq(productVariants.id, line.variantId),
    )
    : await tx.select({ stock: products.stock }).from(products).where(eq(products.id, line.productId));
  const left = Math.max(0, row?.stock ?? 0);
  return new ConflictError(
    left === 0
      ? `${line.name} has just sold out. Please remove it from your cart to continue.`
      : `Only ${left} of ${line.name} ${left === 1 ? "is" : "are"} left. Please lower the quantity in your cart.`,
  );
}
