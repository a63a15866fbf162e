/**
 * Taking and giving back stock for order lines. Each take is one conditional UPDATE (`stock >= n`),
 * so two orders racing for the last units can never both succeed and stock never goes negative,
 * on PGlite and on PostgreSQL alike. A variant's units also count in its product's stock (the
 * product's stock is the sum over its variants). Pre-orders have no stock to take.
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

/** Takes the units of every line or throws ConflictError naming the first line that is short. */
export async function takeStock(tx: Db, lines: StockLine[]): Promise<void> {
  for (const line of lines) {
    if (line.variantId !== null) {
      const [variant] = await tx.select({ preorder: productVariants.preorder }).from(productVariants)
        .where(eq(productVariants.id, line.variantId));
      if (variant?.preorder) continue;
      const taken = await tx.update(productVariants)
        .set({ stock: sql`${productVariants.stock} - ${line.quantity}`, updatedAt: new Date() })
        .where(and(eq(productVariants.id, line.variantId), gte(productVariants.stock, line.quantity)))
        .returning({ id: productVariants.id });
      if (!taken.length) throw await shortage(tx, line);
      await tx.update(products).set({ stock: sql`greatest(${products.stock} - ${line.quantity}, 0)` })
        .where(eq(products.id, line.productId));
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
  for (const line of lines) {
    if (line.variantId !== null) {
      const back = await tx.update(productVariants)
        .set({ stock: sql`${productVariants.stock} + ${line.quantity}`, updatedAt: new Date() })
        .where(and(eq(productVariants.id, line.variantId), eq(productVariants.preorder, false)))
        .returning({ id: productVariants.id });
      if (!back.length) continue;
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
