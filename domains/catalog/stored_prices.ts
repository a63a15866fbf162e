/**
 * A stored row's prices read for `chargedPriceCents`. Apart from pricing.ts because islands import that
 * file: lib/money.ts would join their bundles (decision 0096).
 */
import { productVariants } from "../../db/schema/mod.ts";
import { toCents } from "../../lib/money.ts";
import type { Priced } from "./pricing.ts";

/**
 * A product or variant row's prices as stored (numeric columns read as text, rand). A product row has
 * no pre-order terms of its own.
 */
export interface StoredPrices {
  price: string;
  salePrice: string | null;
  preorder?: boolean;
  preorderDiscount?: string | null;
}

/** The variant columns `pricedRow` reads: spread into a select whose variants are priced. */
export const variantPriceColumns = {
  price: productVariants.price,
  salePrice: productVariants.salePrice,
  preorder: productVariants.preorder,
  preorderDiscount: productVariants.preorderDiscount,
};

/** The stored prices in cents, as `chargedPriceCents` reads them. */
export function pricedRow(row: StoredPrices): Priced {
  return {
    priceCents: toCents(row.price)!,
    salePriceCents: toCents(row.salePrice),
    preorder: row.preorder ?? false,
    preorderDiscount: row.preorderDiscount == null ? null : Number(row.preorderDiscount),
  };
}
