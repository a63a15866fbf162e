/**
 * The catalogue as merchant centres read it (Meta commerce catalogue, Google Merchant Center):
 * every storefront product (drafts and archived ones never) and every variant as its own item, with absolute
 * links and prices in rand. Read in keyset pages by product id (decision 0060): each page is two
 * bounded queries (its products with their category, then those products' variants), so a feed
 * of any size is written while it is read and never held whole in memory.
 */
import { and, asc, count, eq, gt, inArray, max } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { cacheVersions, categories, products, productVariants } from "../../db/schema/mod.ts";
import { STOREFRONT } from "../../db/cache_versions.ts";
import { toCents } from "../../lib/money.ts";
import { socialImagePath } from "../../lib/placeholder.ts";
import { chargedPriceCents } from "../catalog/pricing.ts";
import { pricedRow, variantPriceColumns } from "../catalog/stored_prices.ts";
import { onStorefront } from "../catalog/visibility.ts";
import { productRetailerId, variantRetailerId } from "./retailer_id.ts";
import { rasterImagePath } from "./raster_image.ts";

export type FeedAvailability = "in stock" | "out of stock" | "preorder";

/** One feed item: a product or one of its variants. */
export interface FeedItem {
  /** The retailer id (retailer_id.ts): Meta's retailer id of an imported product, else its SKU; a variant's SKU. */
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

/**
 * Products per page of a feed read. Smaller pages leave less alive whenever the garbage collector
 * runs (measured at 100,000 products: RSS grew ~170 MB with 500, ~140 MB with 200, ~125 MB with 100),
 * larger ones cost fewer round trips; 200 is about 650 pages for 130,000 items.
 */
export const FEED_PAGE_SIZE = 200;

/**
 * The product columns a feed prints, and no more: the row's search document and admin fields would
 * only be parsed and dropped, many megabytes a feed.
 */
const productColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  description: products.description,
  price: products.price,
  salePrice: products.salePrice,
  sku: products.sku,
  stock: products.stock,
  images: products.images,
  brand: products.brand,
  fbRetailerId: products.fbRetailerId,
  fbCondition: products.fbCondition,
  fbGtin: products.fbGtin,
  fbMpn: products.fbMpn,
  googleProductCategoryId: products.googleProductCategoryId,
  googleProductCategory: products.googleProductCategory,
};

const variantColumns = {
  productId: productVariants.productId,
  name: productVariants.name,
  sku: productVariants.sku,
  stock: productVariants.stock,
  arrivalDate: productVariants.arrivalDate,
  ...variantPriceColumns,
};

type ProductRow = { [K in keyof typeof productColumns]: (typeof products.$inferSelect)[K] };
type VariantRow = { [K in keyof typeof variantColumns]: (typeof productVariants.$inferSelect)[K] };

/**
 * The feed items page by page, products in id order with each one's variants after it. Each page
 * is read only when the caller asks for the next one, so a slow reader holds no connection and no
 * more than one page; a failing read throws out of the iteration (the caller must not end the file
 * as if it were complete).
 */
export async function* feedItemPages(
  db: Db,
  shop: { siteUrl: string; name: string },
  { pageSize = FEED_PAGE_SIZE }: { pageSize?: number } = {},
): AsyncGenerator<FeedItem[]> {
  let after = 0;
  while (true) {
    const rows = await db.select({ product: productColumns, categoryName: categories.name }).from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(and(onStorefront(), gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(pageSize);
    if (!rows.length) return;
    const variants = await db.select(variantColumns).from(productVariants)
      .where(inArray(productVariants.productId, rows.map((r) => r.product.id)))
      .orderBy(asc(productVariants.productId), asc(productVariants.id));
    const byProduct = Map.groupBy(variants, (v) => v.productId);
    yield rows.flatMap(({ product, categoryName }) =>
      productItems(product, categoryName, byProduct.get(product.id) ?? [], shop)
    );
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1].product.id;
  }
}

/** Every feed item at once: for callers that need the whole list (the JSON API, tests). */
export async function feedItems(db: Db, shop: { siteUrl: string; name: string }): Promise<FeedItem[]> {
  const items: FeedItem[] = [];
  for await (const page of feedItemPages(db, shop)) items.push(...page);
  return items;
}

/** What a feed's validators (ETag, Last-Modified) are made of: cheap aggregates, no item is read. */
export interface FeedStamp {
  products: number;
  variants: number;
  categories: number;
  /** The storefront cache version staff writes bump (db/cache_versions.ts), 0 before the first. */
  storefrontVersion: number;
  /** The latest change among storefront products, their variants, categories and staff writes. */
  lastModified: Date;
}

/**
 * The feed's stamp: it moves whenever a feed's content can. Counts and newest change times catch
 * checkout's stock changes (they touch updated_at) and added or archived rows; the storefront version
 * catches every staff write, including ones that leave updated_at alone (a category renamed). A few
 * aggregate scans of narrow rows, far cheaper than one page of the feed.
 */
export async function feedStamp(db: Db): Promise<FeedStamp> {
  const [[p], [v], [c], [version]] = await Promise.all([
    db.select({ n: count(), at: max(products.updatedAt) }).from(products).where(onStorefront()),
    db.select({ n: count(), at: max(productVariants.updatedAt) }).from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId)).where(onStorefront()),
    db.select({ n: count(), at: max(categories.updatedAt) }).from(categories),
    db.select({ version: cacheVersions.version, at: cacheVersions.updatedAt }).from(cacheVersions)
      .where(eq(cacheVersions.name, STOREFRONT)),
  ]);
  const times = [p.at, v.at, c.at, version?.at].filter((t) => t !== null && t !== undefined)
    .map((t) => new Date(t).getTime());
  return {
    products: p.n,
    variants: v.n,
    categories: c.n,
    storefrontVersion: Number(version?.version ?? 0),
    lastModified: new Date(times.length ? Math.max(...times) : 0),
  };
}

/**
 * One product's items: the product itself, or, when it has variants, its variants alone (grouped by
 * `item_group_id`): the parent is not a thing a shopper can buy at one price, so merchant centres
 * must not list it beside them.
 */
function productItems(
  p: ProductRow,
  categoryName: string | null,
  own: VariantRow[],
  shop: { siteUrl: string; name: string },
): FeedItem[] {
  const id = productRetailerId(p);
  const title = feedText(p.name, 200);
  const images = p.images.length ? p.images : [socialImagePath(p.name)];
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
    imageLink: absolute(shop.siteUrl, rasterImagePath(images[0])),
    additionalImageLinks: images.slice(1, 11).map((u) => absolute(shop.siteUrl, rasterImagePath(u))),
    brand: feedText(p.brand, 100) || shop.name,
    gtin: feedText(p.fbGtin, 50) || null,
    mpn: feedText(p.fbMpn, 70) || null,
    itemGroupId: null,
    productType: categoryName ? feedText(categoryName, 200) : null,
    googleProductCategory: feedText(p.googleProductCategoryId || p.googleProductCategory, 250) || null,
  };
  if (!own.length) return [base];
  return [
    ...own.map((v): FeedItem => {
      const vPrice = toCents(v.price)!;
      const charged = chargedPriceCents(pricedRow(v));
      return {
        ...base,
        id: variantRetailerId(v),
        title: feedText(`${p.name} - ${v.name}`, 200),
        availability: v.preorder ? "preorder" : v.stock > 0 ? "in stock" : "out of stock",
        availabilityDate: v.preorder && v.arrivalDate ? v.arrivalDate : null,
        priceCents: vPrice,
        salePriceCents: charged < vPrice ? charged : null,
        // A variant's own GTIN/MPN are not kept; the product's would be wrong for it.
        gtin: null,
        mpn: null,
        itemGroupId: id,
      };
    }),
  ];
}
