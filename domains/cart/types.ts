/**
 * What a cart is: its owner (a signed-in user or a guest's session), its lines and totals as the
 * server prices them, and the where-clauses that pick one owner's rows.
 */
import { eq } from "drizzle-orm";
import { cartCoupons, cartItems } from "../../db/schema/mod.ts";
import type { CouponRule } from "../coupons/mod.ts";

/** Whose cart: a signed-in user's, or a guest session's. */
export type CartOwner = { userId: number } | { sessionId: string };

export interface CartLine {
  id: number;
  productId: number;
  variantId: number | null;
  quantity: number;
  product: {
    name: string;
    slug: string;
    sku: string;
    brand: string | null;
    image: string | null;
    variantName: string | null;
    categoryId: number | null;
    /** The parent of the product's category when that is a sub-category (category coupons cover both). */
    parentCategoryId: number | null;
    pudoEligible: boolean;
    preorder: boolean;
    /** Most that may be ordered: stock, or the pre-order bound. */
    maxQuantity: number;
  };
  unitPriceCents: number;
  /** The regular unit price when a sale or pre-order price applies, else null. */
  regularUnitPriceCents: number | null;
  lineTotalCents: number;
}

export interface AppliedCoupon {
  code: string;
  type: CouponRule["type"];
  value: number;
  description: string;
  minOrderCents: number | null;
  endDate: Date | null;
}

export interface Cart {
  lines: CartLine[];
  itemCount: number;
  subtotalCents: number;
  /** The coupon's discount (0 when a larger referral discount replaced a first-order coupon). */
  discountCents: number;
  /** A referred customer's first-order discount (its own line in cart and checkout); 0 otherwise. */
  referralDiscountCents: number;
  /** The redeemed referral behind referralDiscountCents (null when none applies). */
  referral: { referralId: number; code: string; percent: number } | null;
  /** Set when a first-order coupon and the referral discount met and the larger one applies. */
  referralNote: string | null;
  /** Subtotal less both discounts, never below 0. Shipping is worked out at checkout. */
  totalCents: number;
  coupon: AppliedCoupon | null;
  /** A coupon can make shipping free. */
  freeShipping: boolean;
  /** Set when a previously applied coupon no longer applies and was removed. */
  couponNotice: string | null;
  /**
   * The applied coupon is a first-order coupon held by a guest: it holds provisionally and is only
   * confirmed once they sign in (SIGN_IN_TO_CONFIRM says so to the shopper).
   */
  couponNeedsSignIn: boolean;
}

/** The where-clause of an owner's cart lines. */
export const ownerOf = (
  o: CartOwner,
) => ("userId" in o ? eq(cartItems.userId, o.userId) : eq(cartItems.sessionId, o.sessionId));
/** The where-clause of an owner's applied coupon. */
export const couponOwnerOf = (o: CartOwner) =>
  "userId" in o ? eq(cartCoupons.userId, o.userId) : eq(cartCoupons.sessionId, o.sessionId);
export const userIdOf = (o: CartOwner) => ("userId" in o ? o.userId : null);
