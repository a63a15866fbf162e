/**
 * Whether a product (or one of its options) can go in a cart, and how many: stock, or the pre-order
 * bound. Adding, changing, merging and the AMP page's add link all ask here.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared.ts";
import { products, productVariants } from "../../db/schema/mod.ts";
import { NotFoundError, ValidationError } from "../../lib/errors.ts";
import { maxQuantity } from "../catalog/pricing.ts";
import { onStorefront } from "../catalog/mod.ts";

export interface Buyable {
  name: string;
  maxQuantity: number;
}

// Prepared (db/prepared.ts) and sent together: every add to cart reads both.
const buyableProduct = preparedQuery((db) =>
  db.select({ id: products.id, name: products.name, stock: products.stock }).from(products)
    .where(and(eq(products.id, sql.placeholder("productId")), onStorefront())).prepare("buyable_product")
);
const buyableVariants = preparedQuery((db) =>
  db.select({
    id: productVariants.id,
    name: productVariants.name,
    stock: productVariants.stock,
    preorder: productVariants.preorder,
  }).from(productVariants).where(eq(productVariants.productId, sql.placeholder("productId")))
    .prepare("buyable_variants")
);

/** The product or option's name and the most that may be ordered; refuses one not on sale. */
export async function buyable(db: Db, productId: number, variantId: number | null): Promise<Buyable> {
  const [[product], variants] = await Promise.all([
    buyableProduct(db).execute({ productId }),
    buyableVariants(db).execute({ productId }),
  ]);
  if (!product) throw new NotFoundError("Product not found");
  if (variantId === null) {
    if (variants.length) throw new ValidationError("Please choose an option for this product.");
    return { name: product.name, maxQuantity: maxQuantity({ preorder: false, stock: product.stock }) };
  }
  const variant = variants.find((v) => v.id === variantId);
  if (!variant) throw new ValidationError("That option does not belong to this product.");
  return {
    name: `${product.name} (${variant.name})`,
    maxQuantity: maxQuantity({ preorder: variant.preorder, stock: variant.stock }),
  };
}

/** Why a quantity was refused, in the shopper's words. */
export function stockMessage(b: Buyable, inCart: number): string {
  if (b.maxQuantity === 0) return `${b.name} is out of stock.`;
  const left = `Only ${b.maxQuantity} of ${b.name} can be ordered`;
  return inCart ? `${left}, and you already have ${inCart} in your cart.` : `${left}.`;
}

/** What GET /cart?product={id} (the AMP page's Add to Cart link) offers to add. */
export type AddOffer =
  | { status: "unknown" }
  | { status: "out_of_stock"; name: string; slug: string }
  | {
    status: "available";
    productId: number;
    name: string;
    slug: string;
    /** The options that can be ordered now; empty for a product without options. */
    variants: { id: number; name: string }[];
  };

/** Whether a product can be put in a cart, and with which options: the confirm box reads this. */
export async function addOffer(db: Db, productId: number): Promise<AddOffer> {
  const [product] = await db.select({
    id: products.id,
    name: products.name,
    slug: products.slug,
    stock: products.stock,
  })
    .from(products).where(and(eq(products.id, productId), onStorefront()));
  if (!product) return { status: "unknown" };
  const options = await db.select().from(productVariants).where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.price), asc(productVariants.id));
  const variants = options.filter((v) => maxQuantity(v) > 0).map((v) => ({ id: v.id, name: v.name }));
  const orderable = options.length ? variants.length > 0 : maxQuantity({ preorder: false, stock: product.stock }) > 0;
  if (!orderable) return { status: "out_of_stock", name: product.name, slug: product.slug };
  return { status: "available", productId: product.id, name: product.name, slug: product.slug, variants };
}
