/**
 * 'Add all to cart' for Frequently Bought Together (domains/recommendations) into the cart
 * (domains/cart): one of each product (a product with options gets its first option in stock, the
 * cheapest first). Each product is added on its own, so one that is
 * out of stock does not stop the others; the answer says which were added and why others were not.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { productVariants } from "../db/schema/mod.ts";
import { addToCart, type CartOwner } from "../domains/cart/mod.ts";
import { AppError } from "../lib/errors.ts";

export interface BundleResult {
  added: string[];
  refused: { productId: number; message: string }[];
}

/** The option a bundle adds: in stock (or taking pre-orders) first, then the cheapest. */
async function defaultVariant(db: Db, productId: number): Promise<number | null> {
  const [v] = await db.select({ id: productVariants.id }).from(productVariants)
    .where(and(eq(productVariants.productId, productId)))
    .orderBy(
      sql`(${productVariants.stock} > 0 or ${productVariants.preorder}) desc`,
      asc(sql`coalesce(${productVariants.salePrice}, ${productVariants.price})`),
      asc(productVariants.id),
    ).limit(1);
  return v?.id ?? null;
}

export async function addBundleToCart(db: Db, owner: CartOwner, productIds: number[]): Promise<BundleResult> {
  const result: BundleResult = { added: [], refused: [] };
  for (const productId of [...new Set(productIds)]) {
    try {
      const line = await addToCart(db, owner, {
        productId,
        variantId: await defaultVariant(db, productId),
        quantity: 1,
      });
      result.added.push(line.name);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      result.refused.push({ productId, message: err.message });
    }
  }
  return result;
}
