/**
 * A stored row's prices read for `chargedPriceCents`. Apart from pricing.ts because islands import that
 * file: lib/money.ts would join their bundles (decision 0096).
 */
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

/** The stored prices in cents, as `chargedPriceCents` reads them. */
export function pricedRow(row: StoredPrices): Priced {
  return {
    priceCents: toCents(row.price)!,
    salePriceCents: toCents(row.salePrice),
    preorder: row.preorder ?? false,
    preorderDiscount: row.preorderDiscount == null ? null : Number(row.preorderDiscount),
  };
}
