/**
 * The catalogue as merchant centres read it (Meta commerce catalogue, Google Merchant Center):
 * every active product (archived ones never) and every variant as its own item, with absolute
 * links and prices in rand. Two queries however large the catalogue: products with their
 * category, then all variants of active products.
 */
import { asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, products, productVariants } from "../../db/schema/mod.ts";
import { toCents } from "../../lib/money.ts";
import { socialImagePath } from "../../lib/placeholder.ts";
import { chargedPriceCents } from "../catalog/pricing.ts";

export type FeedAvailability = "in stock" | "out of stock" | "preorder";

/** One feed item: a product or one of its variants. */
export interface FeedItem {
  /** The retailer id: the Meta retailer id of an imported product, else its SKU; a variant's SKU. */
  id: string;
  title: string;
  description: string;
  availability: FeedAvailability;
  /** ISO date a pre-order is expected (variants' arrival date). */
  availabilityDate: string | null;
  condition: "new" | "refurbished" | "used";
  priceCents: number;
  /** Below the price only (a sale price, or a pre-order discount). */
  salePriceCents: number | null;
  link: string;
  imageLink: string;
  additionalImageLinks: string[];
  brand: string;
  gtin: string | null;
  mpn: string | null;
  /** Groups a product and its variants; null for a product without variants. */
  itemGroupId: string | null;
  /** The shop's category name (product_type). */
  productType: string | null;
  googleProductCategory: string | null;
}

// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/g;

/** Text safe for any feed: no control characters (XML 1.0 forbids them), trimmed, bounded. */
export function feedText(text: string | null | undefined, max = 5000): string {
  return (text ?? "").replace(CONTROL, "").replace(/\s+/g, " ").trim().slice(0, max);
}

function absolute(siteUrl: string, url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${siteUrl}${url.startsWith("/") ? "" : "/"}${url}`;
}

const CONDITIONS = new Set(["new", "refurbished", "used"]);

/** Every feed item, products in id order with each one's variants after it. */
export async function feedItems(db: Db, shop: { siteUrl: string; name: string }): Promise<FeedItem[]> {
  const rows = await db.select({ product: products, categoryName: categories.name }).from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(isNull(products.archivedAt))
    .orderBy(asc(products.id));
  const variants = await db.select({ variant: productVariants }).from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(isNull(products.archivedAt))
    .orderBy(asc(productVariants.productId), asc(productVariants.id));
  const byProduct = new Map<number, (typeof productVariants.$inferSelect)[]>();
  for (const { variant } of variants) {
    const list = byProduct.get(variant.productId) ?? [];
    list.push(variant);
    byProduct.set(variant.productId, list);
  }

  const items: FeedItem[] = [];
  for (const { product: p, categoryName } of rows) {
    const id = feedText(p.fbRetailerId || p.sku, 100);
    const title = feedText(p.name, 200);
    const images = p.images.length ? p.images : [socialImagePath(p.name)];
    const own = byProduct.get(p.id) ?? [];
    const priceCents = toCents(p.price)!;
    const sale = toCents(p.salePrice);
    const base: FeedItem = {
      id,
      title,
      description: feedText(p.description) || title,
      availability: p.stock > 0 ? "in stock" : "out of stock",
      availabilityDate: null,
      condition: CONDITIONS.has(p.fbCondition ?? "") ? p.fbCondition as FeedItem["condition"] : "new",
      priceCents,
      salePriceCents: sale !== null && sale < priceCents ? sale : null,
      link: `${shop.siteUrl}/product/${encodeURIComponent(p.slug)}`,
      imageLink: absolute(shop.siteUrl, images[0]),
      additionalImageLinks: images.slice(1, 11).map((u) => absolute(shop.siteUrl, u)),
      brand: feedText(p.brand, 100) || shop.name,
      gtin: feedText(p.fbGtin, 50) || null,
      mpn: feedText(p.fbMpn, 70) || null,
      itemGroupId: own.length ? id : null,
      productType: categoryName ? feedText(categoryName, 200) : null,
      googleProductCategory: feedText(p.googleProductCategoryId || p.googleProductCategory, 250) || null,
    };
    items.push(base);
    for (const v of own) {
      const vPrice = toCents(v.price)!;
      const charged = chargedPriceCents({
        priceCents: vPrice,
        salePriceCents: toCents(v.salePrice),
        preorder: v.preorder,
        preorderDiscount: v.preorderDiscount === null ? null : Number(v.preorderDiscount),
      });
      items.push({
        ...base,
        id: feedText(v.sku, 100),
        title: feedText(`${p.name} - ${v.name}`, 200),
        availability: v.preorder ? "preorder" : v.stock > 0 ? "in stock" : "out of stock",
        availabilityDate: v.preorder && v.arrivalDate ? v.arrivalDate : null,
        priceCents: vPrice,
        salePriceCents: charged < vPrice ? charged : null,
        // A variant's own GTIN/MPN are not kept; the product's would be wrong for it.
        gtin: null,
        mpn: null,
        itemGroupId: id,
      });
    }
  }
  return items;
}
