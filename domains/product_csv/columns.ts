/**
 * The product CSV's columns (docs/product-csv.md), modelled on Shopify's product CSV where the shop has
 * the same thing, with the shop's own fields beside them. One row per variant, or one row for a product
 * without variants; the product's fields are written on every row of it and read from the first.
 */
import { toCents } from "../../lib/money.ts";

/** The product's fields that open every row, after its handle. */
const PRODUCT_HEAD = [
  "Title",
  "Body (HTML)",
  "Vendor",
  "Product Category",
  "Status",
  "Featured",
  "New",
  "PUDO Eligible",
  "Product SKU",
  "Product Price",
  "Product Compare At Price",
] as const;

/** A variant's name, SKU, prices and stock, side by side in the export. */
const VARIANT_CORE = [
  "Variant Name",
  "Variant SKU",
  "Variant Price",
  "Variant Compare At Price",
  "Variant Inventory Qty",
] as const;

/** Every column, in the order the export writes them. */
export const COLUMNS = [
  "Handle",
  ...PRODUCT_HEAD,
  "Option1 Name",
  "Option1 Value",
  "Option2 Name",
  "Option2 Value",
  "Option3 Name",
  "Option3 Value",
  ...VARIANT_CORE,
  "Variant Grams",
  "Variant Dimensions",
  "Variant Pre-order",
  "Variant Pre-order Discount",
  "Variant Arrival Date",
  "Image Src",
  "Image Alt Text",
  "SEO Title",
  "SEO Description",
  // The shop's own (decision 0105), last so files laid out before it keep their positions.
  "Low Stock Alert",
] as const;
export type Column = (typeof COLUMNS)[number];

/** The product's own fields: the same on every row of a product (a later row may leave them empty). */
export const PRODUCT_COLUMNS = [
  ...PRODUCT_HEAD,
  "Option1 Name",
  "Option2 Name",
  "Option3 Name",
  "Variant Grams",
  "SEO Title",
  "SEO Description",
  "Low Stock Alert",
] as const satisfies readonly Column[];

/** A variant's fields (on a product without variants: its SKU, prices and stock; the rest empty). */
export const VARIANT_COLUMNS = [
  "Option1 Value",
  "Option2 Value",
  "Option3 Value",
  ...VARIANT_CORE,
  "Variant Dimensions",
  "Variant Pre-order",
  "Variant Pre-order Discount",
  "Variant Arrival Date",
] as const satisfies readonly Column[];

/** The option columns by number (1 to 3): a product's option names, a variant's values (decision 0070). */
export const OPTION_COLUMNS = [1, 2, 3].map((i) => ({
  name: `Option${i} Name` as Column,
  value: `Option${i} Value` as Column,
}));

/**
 * A product's photo addresses: the first on the product's rows, more on rows of their own (Handle and
 * Image Src only, as Shopify writes them). Read only for a product without photos (decision 0094).
 */
export const IMAGE_COLUMN: Column = "Image Src";
/** What a photo shows, for screen readers (Shopify's column): on a photo's row, beside its Image Src. */
export const IMAGE_ALT_COLUMN: Column = "Image Alt Text";

/**
 * The shop's price and sale price the Shopify way round: "Price" is what a shopper pays (the sale price
 * while there is one), "Compare At Price" the higher price it is compared with (the regular price).
 */
export function shopifyPrices(price: string, salePrice: string | null): { price: string; compareAt: string } {
  return salePrice === null
    ? { price: rand(price), compareAt: "" }
    : { price: rand(salePrice), compareAt: rand(price) };
}

/** The inverse: the shop's price and sale price (cents) from a row's Price and Compare At Price. */
export function shopPrices(priceCents: number, compareAtCents: number | null) {
  return compareAtCents === null
    ? { price: priceCents, salePrice: null }
    : { price: compareAtCents, salePrice: priceCents };
}

/** A numeric(10,2) amount as the file writes it: rand with two decimals ("2299.00"). */
export function rand(numeric: string): string {
  return (toCents(numeric)! / 100).toFixed(2);
}

/** A weight in kilograms (numeric text) as whole grams, the Shopify unit. */
export function grams(kg: string | null): string {
  return kg === null ? "" : String(Math.round(Number(kg) * 1000));
}

/** A product's status column: archived wins over draft and active. */
export function statusCell(p: { status: string; archivedAt: Date | null }): "draft" | "active" | "archived" {
  return p.archivedAt ? "archived" : p.status === "draft" ? "draft" : "active";
}

export const bool = (v: boolean) => (v ? "true" : "false");
