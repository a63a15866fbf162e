/**
 * The retailer id: the one name a product or variant has outside the shop. The Meta catalogue feed
 * (/feeds/meta.csv, /api/meta-commerce/products) publishes it as each item's id, Meta's catalogue
 * and WhatsApp carts send it back (`product_retailer_id`), and the import keys on it. A product
 * imported from Meta keeps Meta's retailer id; any other product is known by its SKU; a variant by
 * its own SKU.
 */
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, productVariants } from "../../db/schema/mod.ts";
import { onStorefront } from "../catalog/visibility.ts";

// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/g;

/** Longest retailer id Meta accepts (and the feeds write). */
export const RETAILER_ID_MAX = 100;

/** An id as the feeds write it: no control characters, single spaces, trimmed, at most 100 characters. */
export function cleanRetailerId(id: string | null | undefined): string {
  return (id ?? "").replace(CONTROL, "").replace(/\s+/g, " ").trim().slice(0, RETAILER_ID_MAX);
}

/** A product's retailer id: Meta's retailer id when it came from the catalogue, else its SKU. */
export function productRetailerId(p: { fbRetailerId: string | null; sku: string }): string {
  return cleanRetailerId(p.fbRetailerId || p.sku);
}

/** A variant's retailer id: its SKU. */
export function variantRetailerId(v: { sku: string }): string {
  return cleanRetailerId(v.sku);
}

/** What a retailer id names: a product, or one variant of it. */
export interface RetailerItem {
  retailerId: string;
  productId: number;
  variantId: number | null;
}

/**
 * The shop's items for these retailer ids (drafts and archived products never), by the same rule the feeds
 * publish: a product's Meta retailer id, else the SKU of a product without one, else a variant's
 * SKU. Ids not found are absent from the map. At most 100 ids a call (a WhatsApp cart's limit).
 */
export async function findByRetailerIds(db: Db, ids: readonly string[]): Promise<Map<string, RetailerItem>> {
  const wanted = [...new Set(ids.map(cleanRetailerId).filter(Boolean))].slice(0, 100);
  const found = new Map<string, RetailerItem>();
  if (!wanted.length) return found;
  const own = await db.select({ id: products.id, sku: products.sku, fbRetailerId: products.fbRetailerId })
    .from(products).where(and(
      onStorefront(),
      or(
        inArray(products.fbRetailerId, wanted),
        and(inArray(products.sku, wanted), sql`coalesce(${products.fbRetailerId}, '') = ''`),
      ),
    ));
  for (const p of own) {
    const id = productRetailerId(p);
    if (wanted.includes(id) && !found.has(id)) found.set(id, { retailerId: id, productId: p.id, variantId: null });
  }
  const rest = wanted.filter((id) => !found.has(id));
  if (rest.length) {
    const variants = await db.select({
      id: productVariants.id,
      productId: productVariants.productId,
      sku: productVariants.sku,
    })
      .from(productVariants).innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(inArray(productVariants.sku, rest), onStorefront()));
    for (const v of variants) {
      const id = variantRetailerId(v);
      if (!found.has(id)) found.set(id, { retailerId: id, productId: v.productId, variantId: v.id });
    }
  }
  return found;
}
