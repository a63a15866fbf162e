/**
 * A catalogue item read as a product draft: cleaned, checked and in the shop's units, or skipped
 * with a reason; and the product columns the import owns.
 */
import { toNumeric } from "../../lib/money.ts";
import { parseGraphPrice, PriceFormatError } from "./price.ts";
import type { GraphProductItem } from "./schemas.ts";

/** A product as the catalogue describes it, checked and in the shop's units. */
export interface Draft {
  retailerId: string;
  commerceId: string | null;
  name: string;
  description: string;
  priceCents: number;
  salePriceCents: number | null;
  stock: number;
  brand: string | null;
  availability: string;
  condition: string | null;
  link: string | null;
  gtin: string | null;
  mpn: string | null;
  images: string[];
  categoryText: string;
}

// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const clean = (s: string | undefined, max: number) => (s ?? "").replace(CONTROL, "").trim().slice(0, max);
const orNull = (s: string) => s || null;
const httpUrl = (s: string | undefined) => {
  if (!s) return null;
  try {
    const u = new URL(s.trim());
    return u.protocol === "https:" || u.protocol === "http:" ? u.href : null;
  } catch {
    return null;
  }
};

const AVAILABILITIES = new Set(["in stock", "out of stock", "preorder", "available for order", "discontinued"]);
const MAX_IMAGES = 8;
const MAX_STOCK = 1_000_000;

/** One catalogue item as a draft, or the reason it cannot be imported. */
export function draftOf(item: GraphProductItem | null): Draft | { skip: string } {
  if (!item) return { skip: "unreadable item" };
  const retailerId = clean(item.retailer_id ?? item.id, 100);
  if (!retailerId) return { skip: "no retailer id" };
  const name = clean(item.name, 200).replace(/\s+/g, " ");
  if (!name) return { skip: `${retailerId}: no name` };
  let priceCents: number | null;
  let salePriceCents: number | null = null;
  try {
    priceCents = parseGraphPrice(item.price, item.currency);
    const sale = parseGraphPrice(item.sale_price, item.currency);
    if (sale !== null && priceCents !== null && sale < priceCents) salePriceCents = sale;
  } catch (err) {
    if (err instanceof PriceFormatError) return { skip: `${retailerId}: ${err.message}` };
    throw err;
  }
  if (priceCents === null) return { skip: `${retailerId}: no price` };
  const availability = (item.availability ?? "").trim().toLowerCase().replaceAll("_", " ");
  const known = AVAILABILITIES.has(availability) ? availability : "out of stock";
  const count = item.quantity_to_sell_on_facebook ?? item.inventory;
  const sellable = known === "in stock" || known === "available for order";
  const images = [...new Set([item.image_url, ...(item.additional_image_urls ?? [])].map(httpUrl).filter((u) => u))]
    .slice(0, MAX_IMAGES) as string[];
  return {
    retailerId,
    commerceId: orNull(clean(item.id, 100)),
    name,
    description: clean(item.description, 10_000),
    priceCents,
    salePriceCents,
    stock: sellable && count !== undefined ? Math.min(MAX_STOCK, Math.max(0, count)) : 0,
    brand: orNull(clean(item.brand, 100)),
    availability: known,
    condition: orNull(clean(item.condition, 30).toLowerCase()),
    link: httpUrl(item.url),
    gtin: orNull(clean(item.gtin, 30)),
    mpn: orNull(clean(item.mpn, 64)),
    images,
    categoryText: [item.product_type, item.category].filter(Boolean).join(" "),
  };
}

/** The product columns the import owns (compared on a second import). */
export function importedColumns(d: Draft) {
  return {
    name: d.name,
    description: d.description,
    price: toNumeric(d.priceCents),
    salePrice: d.salePriceCents === null ? null : toNumeric(d.salePriceCents),
    stock: d.stock,
    brand: d.brand,
    fbCommerceId: d.commerceId,
    fbAvailability: d.availability,
    fbCondition: d.condition,
    fbLink: d.link,
    fbGtin: d.gtin,
    fbMpn: d.mpn,
  };
}
