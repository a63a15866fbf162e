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

/**
 * Adds one line to the cart, or says why not: a refusal (sold out, too many, an option or product no
 * longer sold) comes back as the error instead of a throw, so adding several lines goes on past it.
 */
export async function tryAddToCart(
  db: Db,
  owner: CartOwner,
  input: Parameters<typeof addToCart>[2],
): Promise<{ added: string } | { refused: AppError }> {
  try {
    return { added: (await addToCart(db, owner, input)).name };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { refused: err };
  }
}

export async function addBundleToCart(db: Db, owner: CartOwner, productIds: number[]): Promise<BundleResult> {
  const result: BundleResult = { added: [], refused: [] };
  for (const productId of [...new Set(productIds)]) {
    const variantId = await defaultVariant(db, productId);
    const outcome = await tryAddToCart(db, owner, { productId, variantId, quantity: 1 });
    if ("added" in outcome) result.added.push(outcome.added);
    else result.refused.push({ productId, message: outcome.refused.message });
  }
  return result;
}
