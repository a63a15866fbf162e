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
 */
import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, productVariants } from "../../db/schema/mod.ts";
import { ConflictError } from "../../lib/errors.ts";

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

/** Takes the units of every line or throws ConflictError naming the first line that is short. */
export async function takeStock(tx: Db, lines: StockLine[]): Promise<void> {
  for (const line of inLockOrder(lines)) {
    if (line.variantId !== null) {
      await lockProduct(tx, line.productId);
      const [variant] = await tx.select({ preorder: productVariants.preorder }).from(productVariants)
        .where(eq(productVariants.id, line.variantId));
      if (variant?.preorder) continue;
      const taken = await tx.update(productVariants)
        .set({ stock: sql`${productVariants.stock} - ${line.quantity}`, updatedAt: new Date() })
        .where(and(eq(productVariants.id, line.variantId), gte(productVariants.stock, line.quantity)))
        .returning({ id: productVariants.id });
      if (!taken.length) throw await shortage(tx, line);
      await syncProductStock(tx, line.productId);
      continue;
    }
    const taken = await tx.update(products)
      .set({ stock: sql`${products.stock} - ${line.quantity}`, updatedAt: new Date() })
      .where(and(eq(products.id, line.productId), gte(products.stock, line.quantity)))
      .returning({ id: products.id });
    if (!taken.length) throw await shortage(tx, line);
  }
}

/** Gives the units of every line back (a cancelled order). */
export async function releaseStock(tx: Db, lines: Omit<StockLine, "name">[]): Promise<void> {
  for (const line of inLockOrder(lines)) {
    if (line.variantId !== null) {
      await lockProduct(tx, line.productId);
      const back = await tx.update(productVariants)
        .set({ stock: sql`${productVariants.stock} + ${line.quantity}`, updatedAt: new Date() })
        .where(and(eq(productVariants.id, line.variantId), eq(productVariants.preorder, false)))
        .returning({ id: productVariants.id });
      if (back.length) await syncProductStock(tx, line.productId);
      continue;
    }
    await tx.update(products).set({ stock: sql`${products.stock} + ${line.quantity}`, updatedAt: new Date() })
      .where(eq(products.id, line.productId));
  }
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
