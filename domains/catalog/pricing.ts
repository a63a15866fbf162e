/**
 * What a shopper is charged for one unit and how many they may order: the rules the product page,
 * the cart and checkout share. Pure functions (islands import this file directly).
 */

/** A pre-order has no stock to bound it; at most this many per order. */
export const PREORDER_MAX_QUANTITY = 10;

export interface Priced {
  priceCents: number;
  salePriceCents: number | null;
  preorder: boolean;
  /** Percent off for ordering ahead (10 = 10%). */
  preorderDiscount: number | null;
}

/** The effective price (sale price, else price), less the pre-order discount on a pre-order. */
export function chargedPriceCents(c: Priced): number {
  const base = c.salePriceCents ?? c.priceCents;
  if (!c.preorder || !c.preorderDiscount || c.preorderDiscount <= 0) return base;
  // Basis points keep the arithmetic in integers; the result rounds half up to the cent.
  const bp = Math.min(10_000, Math.round(c.preorderDiscount * 100));
  return Math.round((base * (10_000 - bp)) / 10_000);
}

/** The most of one choice a shopper may order: its stock, or the pre-order bound; 0 when it cannot be ordered. */
export function maxQuantity(c: { preorder: boolean; stock: number }): number {
  if (c.preorder) return PREORDER_MAX_QUANTITY;
  return Math.max(0, c.stock);
}
