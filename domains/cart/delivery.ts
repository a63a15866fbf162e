/**
 * What delivery costs: the one rule the cart, the checkout review, order placement, e-mails and the
 * shop's texts all follow (docs/decisions/0030-delivery-fee.md).
 *
 * - Standard delivery costs the flat fee (shop settings, default R95) while the goods value after
 *   discounts is below the free-delivery threshold (default R1,500); at or above it, R0.
 * - A free-shipping coupon (FREESHIP) waives the standard fee whatever the value.
 * - A PUDO locker is free; whether an order may use one (R1,000 after discounts, small items only)
 *   is checkout's pudoEligibility, which reads the same goods value.
 *
 * Prices include VAT, so the fee does too. Pure functions: callers hand in the rates they read.
 */
import type { Cart } from "./types.ts";

export type DeliveryMethod = "standard" | "pudo_locker";

/** The shop's delivery amounts in cents, as staff set them (domains/settings/shop.ts). */
export interface DeliveryRates {
  feeCents: number;
  freeThresholdCents: number;
}

/**
 * The shop's defaults (config DELIVERY_FEE and FREE_SHIPPING_THRESHOLD). Routes always pass what the
 * settings say; domain callers that pass nothing (scripts, tests) get these, never a free delivery.
 */
export const DEFAULT_DELIVERY_RATES: DeliveryRates = { feeCents: 9_500, freeThresholdCents: 150_000 };

/** Why a delivery costs nothing (null when it costs the fee). */
export type FreeDeliveryReason = "threshold" | "coupon" | "pudo" | null;

export interface DeliveryQuote {
  method: DeliveryMethod;
  feeCents: number;
  free: FreeDeliveryReason;
  /** How much more in goods (after discounts) makes standard delivery free; 0 when it already is. */
  toFreeCents: number;
}

/**
 * The fee for `method` on goods worth `goodsCents` after every discount. `freeShipping` is a
 * free-shipping coupon on the cart (its own minimum, R500 for FREESHIP, is the coupon's rule).
 */
export function deliveryQuote(
  goodsCents: number,
  method: DeliveryMethod,
  rates: DeliveryRates,
  freeShipping = false,
): DeliveryQuote {
  const toFree = Math.max(0, rates.freeThresholdCents - goodsCents);
  const quote = (feeCents: number, free: FreeDeliveryReason): DeliveryQuote => ({
    method,
    feeCents,
    free,
    toFreeCents: free ? 0 : toFree,
  });
  if (method === "pudo_locker") return quote(0, "pudo");
  if (freeShipping) return quote(0, "coupon");
  if (toFree === 0) return quote(0, "threshold");
  // A shop that sets the fee to R0 delivers free everywhere: nothing is left to "buy" free delivery.
  if (rates.feeCents === 0) return quote(0, "threshold");
  return quote(rates.feeCents, null);
}

/** An order's money as checkout shows and stores it: goods less discounts, plus delivery. */
export interface OrderTotals {
  subtotalCents: number;
  discountCents: number;
  /** Goods after discounts: what the free-delivery threshold and the PUDO minimum judge. */
  goodsCents: number;
  delivery: DeliveryQuote;
  /** What the customer pays: goods after discounts plus the delivery fee. */
  totalCents: number;
}

/**
 * The cart's totals for a delivery method: the one place the delivery fee joins the total (the
 * cart page, the checkout review and placeOrder all call it).
 */
export function orderTotals(
  cart: Pick<Cart, "subtotalCents" | "discountCents" | "referralDiscountCents" | "totalCents" | "freeShipping">,
  method: DeliveryMethod,
  rates: DeliveryRates,
): OrderTotals {
  const goodsCents = cart.totalCents;
  const delivery = deliveryQuote(goodsCents, method, rates, cart.freeShipping);
  return {
    subtotalCents: cart.subtotalCents,
    // The coupon's and a referral's first-order discount (cart.totalCents is after both).
    discountCents: cart.discountCents + cart.referralDiscountCents,
    goodsCents,
    delivery,
    totalCents: goodsCents + delivery.feeCents,
  };
}
