/**
 * What a shopper can buy on a product page: the product itself, or one of its variants. The buy box island
 * and the server-rendered specifications read the same rules from here (price, pre-order price, stock line,
 * quantity bound), so the page says the same thing before and after hydration. Browser-safe: no server
 * imports, JSON-only data.
 */
import type { ProductWithVariants } from "../../domains/catalog/mod.ts";
import { chargedPriceCents, maxQuantity, PREORDER_MAX_QUANTITY } from "../../domains/catalog/pricing.ts";

export { chargedPriceCents, maxQuantity, PREORDER_MAX_QUANTITY };

/** One buyable choice: a variant, or the product itself when it has no variants (`variantId` null). */
export interface BuyChoice {
  variantId: number | null;
  /** The variant's name; null for the product itself. */
  name: string | null;
  sku: string;
  priceCents: number;
  salePriceCents: number | null;
  stock: number;
  preorder: boolean;
  /** Percentage, e.g. 10 for 10 %. */
  preorderDiscount: number | null;
  /** YYYY-MM-DD */
  arrivalDate: string | null;
  /** The variant's own dimensions text, else the product's L × W × H when all three exist. */
  dimensions: string | null;
  /** The variant's value of each of the product's options (["Small", "5%"]); null outside the option matrix. */
  optionValues?: string[] | null;
}

/**
 * The option types the product page offers as one select each (Size, UVB): the product's options
 * when every variant has a value for each of them, else none (the variant choice shows instead).
 */
export function optionsOf(p: ProductWithVariants): { name: string; values: string[] }[] | undefined {
  if (!p.options.length || !p.variants.length) return undefined;
  const complete = p.variants.every((v) => v.optionValues?.length === p.options.length);
  if (!complete) return undefined;
  // Values no variant has are left out: a shopper is never offered a combination that cannot be bought.
  return p.options.map((o, i) => ({
    name: o.name,
    values: o.values.filter((value) => p.variants.some((v) => v.optionValues![i] === value)),
  }));
}

const decimal = new Intl.NumberFormat("en-ZA", { maximumFractionDigits: 2 });
const longDate = new Intl.DateTimeFormat("en-ZA", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** 14.5 -> "14,5" (en-ZA, like the prices). */
export function formatDecimal(n: number): string {
  return decimal.format(n);
}

/** "2027-01-20" -> "20 January 2027" (en-ZA); null for a missing or malformed date. */
export function formatArrivalDate(date: string | null): string | null {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const d = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? null : longDate.format(d);
}

/** "50 × 50 × 68 cm" when length, width and height all exist, else null. */
export function productDimensions(
  p: { lengthCm: number | null; widthCm: number | null; heightCm: number | null },
): string | null {
  if (p.lengthCm === null || p.widthCm === null || p.heightCm === null) return null;
  return `${formatDecimal(p.lengthCm)} × ${formatDecimal(p.widthCm)} × ${formatDecimal(p.heightCm)} cm`;
}

/** The choices of a product: its variants in the catalogue's order, or the product alone. */
export function choicesOf(p: ProductWithVariants): BuyChoice[] {
  const dims = productDimensions(p);
  if (!p.variants.length) {
    return [{
      variantId: null,
      name: null,
      sku: p.sku,
      priceCents: p.priceCents,
      salePriceCents: p.salePriceCents,
      stock: p.stock,
      preorder: false,
      preorderDiscount: null,
      arrivalDate: null,
      dimensions: dims,
    }];
  }
  return p.variants.map((v) => ({
    variantId: v.id,
    name: v.name,
    sku: v.sku,
    priceCents: v.priceCents,
    salePriceCents: v.salePriceCents,
    stock: v.stock,
    preorder: v.preorder,
    preorderDiscount: v.preorderDiscount,
    arrivalDate: v.arrivalDate,
    dimensions: v.dimensions || dims,
    optionValues: v.optionValues,
  }));
}

export type ChoiceStatus = "preorder" | "in_stock" | "out_of_stock";

/** The admin's rule: Pre-order if pre-order, else In Stock if stock above 0, else Out of Stock. */
export function choiceStatus(c: Pick<BuyChoice, "preorder" | "stock">): ChoiceStatus {
  return c.preorder ? "preorder" : c.stock > 0 ? "in_stock" : "out_of_stock";
}

export const statusLabel: Record<ChoiceStatus, string> = {
  preorder: "Pre-order",
  in_stock: "In stock",
  out_of_stock: "Out of stock",
};

/** The first in-stock choice, else the first. */
export function defaultChoiceIndex(choices: Pick<BuyChoice, "preorder" | "stock">[]): number {
  const i = choices.findIndex((c) => choiceStatus(c) === "in_stock");
  return i === -1 ? 0 : i;
}

/** The stock line under the price. */
export function stockLine(c: Pick<BuyChoice, "preorder" | "stock">): string {
  if (c.preorder) return "Available for pre-order";
  if (c.stock <= 0) return "Out of stock";
  if (c.stock <= 5) return `Only ${c.stock} left in stock`;
  return `In stock (${c.stock} available)`;
}

/** The Specifications tab's stock row. */
export function stockUnits(c: Pick<BuyChoice, "preorder" | "stock" | "arrivalDate">): string {
  if (c.preorder) {
    const date = formatArrivalDate(c.arrivalDate);
    return date ? `Pre-order (expected ${date})` : "Pre-order";
  }
  return `${c.stock} ${c.stock === 1 ? "unit" : "units"}`;
}

/** The stock line with a coloured dot: green in stock, amber low or pre-order, red out of stock. */
export function StockLine({ choice }: { choice: Pick<BuyChoice, "preorder" | "stock"> }) {
  const status = choiceStatus(choice);
  const tone = status === "out_of_stock"
    ? ["text-red-700", "bg-red-600"]
    : status === "preorder"
    ? ["text-sky-800", "bg-sky-600"]
    : choice.stock <= 5
    ? ["text-amber-800", "bg-amber-500"]
    : ["text-green-800", "bg-green-600"];
  return (
    <p className={`flex items-center gap-2 text-sm font-semibold ${tone[0]}`}>
      <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 rounded-full ${tone[1]}`} />
      <span data-stock>{stockLine(choice)}</span>
    </p>
  );
}
