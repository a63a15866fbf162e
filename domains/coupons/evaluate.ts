/**
 * Coupon rules, as a pure function of the coupon, the priced cart lines and what the database says
 * about use so far. Money in integer cents. The same function serves the cart and order creation.
 */
import { formatMoney } from "../../lib/money.ts";

export type CouponType = "percentage" | "fixed_amount" | "free_shipping" | "buy_x_get_y" | "first_time";

export interface CouponRule {
  id: number;
  code: string;
  description: string;
  type: CouponType;
  /** percentage and first_time: percent (10 = 10%); fixed_amount: cents; buy_x_get_y: N; free_shipping: unused. */
  value: number;
  minOrderCents: number | null;
  maxDiscountCents: number | null;
  categoryId: number | null;
  productId: number | null;
  startDate: Date;
  endDate: Date | null;
  usageLimit: number | null;
  userLimit: number;
  firstTimeOnly: boolean;
  /** Only customers carrying this tag may use it; null for everyone. */
  customerTag: string | null;
  active: boolean;
}

export interface PricedLine {
  productId: number;
  categoryId: number | null;
  /**
   * The parent of the product's category, when that is a sub-category: a coupon for a parent
   * category covers its sub-categories too (decision 0002), as the category page does.
   */
  parentCategoryId: number | null;
  unitPriceCents: number;
  quantity: number;
}

export interface CouponContext {
  now: Date;
  /** Null for a guest. */
  userId: number | null;
  /** Times this customer has used the coupon (paid or pending orders). */
  usesByUser: number;
  /** Times anyone has used it. */
  usesTotal: number;
  /**
   * Whether this customer already has an earlier order that rules out a first-order coupon: a paid
   * one, and at order placement also any one not cancelled (see couponContext's countPendingOrders).
   */
  hasEarlierOrder: boolean;
  /** The customer's tags (staff's labels); [] for a guest. */
  customerTags: string[];
}

export type CouponResult =
  | {
    ok: true;
    discountCents: number;
    freeShipping: boolean;
    eligibleSubtotalCents: number;
    /** A guest's first-order coupon holds provisionally: it is confirmed once they sign in. */
    needsSignIn?: boolean;
  }
  | { ok: false; reason: string };

export const SIGN_IN_TO_CONFIRM = "Sign in or create an account at checkout to confirm this is your first order.";
export const SIGN_IN_FOR_TAGGED_COUPON = "This coupon is for selected customers: sign in to use it.";
export const NOT_FOR_THIS_ACCOUNT = "This coupon is not available for your account.";

/** Whether the coupon is meant for a first order, which only a signed-in customer can prove. */
export function isFirstOrderCoupon(rule: Pick<CouponRule, "type" | "firstTimeOnly">): boolean {
  return rule.firstTimeOnly || rule.type === "first_time";
}

function eligible(rule: CouponRule, line: PricedLine): boolean {
  if (rule.productId !== null && line.productId !== rule.productId) return false;
  if (
    rule.categoryId !== null && line.categoryId !== rule.categoryId && line.parentCategoryId !== rule.categoryId
  ) return false;
  return true;
}

/** "Buy N get one free": sort the units dearest first; in every full group of N+1 the last (cheapest) is free. */
export function buyXGetYDiscount(lines: PricedLine[], n: number): number {
  const units = lines.flatMap((l) => Array.from({ length: l.quantity }, () => l.unitPriceCents))
    .sort((a, b) => b - a);
  const group = Math.max(1, Math.floor(n)) + 1;
  let free = 0;
  for (let i = group - 1; i < units.length; i += group) free += units[i];
  return free;
}

/**
 * Why this customer cannot use the coupon at all, whatever the cart holds (null: they can): its
 * state, dates, use so far, tag and first-order rule. The cart's checks come after, in evaluateCoupon;
 * the account's "Offers for you" lists the tag-only coupons this passes.
 */
export function couponStandingRefusal(rule: CouponRule, ctx: CouponContext): string | null {
  if (!rule.active) return "This coupon is not active.";
  if (ctx.now < rule.startDate) return "This coupon is not valid yet.";
  if (rule.endDate && ctx.now > rule.endDate) return "This coupon has expired.";
  if (rule.usageLimit !== null && ctx.usesTotal >= rule.usageLimit) return "This coupon has reached its usage limit.";
  if (rule.customerTag !== null) {
    if (ctx.userId === null) return SIGN_IN_FOR_TAGGED_COUPON;
    if (!ctx.customerTags.includes(rule.customerTag)) return NOT_FOR_THIS_ACCOUNT;
  }
  if (isFirstOrderCoupon(rule) && ctx.hasEarlierOrder) return "This coupon is only for your first order.";
  if (ctx.userId !== null && ctx.usesByUser >= rule.userLimit) return "You have already used this coupon.";
  return null;
}

export function evaluateCoupon(rule: CouponRule, lines: PricedLine[], ctx: CouponContext): CouponResult {
  const refusal = couponStandingRefusal(rule, ctx);
  if (refusal) return { ok: false, reason: refusal };
  const provisional = isFirstOrderCoupon(rule) && ctx.userId === null;
  const subtotal = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  if (!lines.length) return { ok: false, reason: "Your cart is empty." };
  if (rule.minOrderCents !== null && subtotal < rule.minOrderCents) {
    return { ok: false, reason: `Spend at least ${formatMoney(rule.minOrderCents)} to use this coupon.` };
  }
  const matching = lines.filter((l) => eligible(rule, l));
  if (!matching.length) return { ok: false, reason: "This coupon doesn't apply to the items in your cart." };
  const eligibleSubtotal = matching.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  let discount = 0;
  switch (rule.type) {
    case "percentage":
    case "first_time":
      discount = Math.round((eligibleSubtotal * rule.value) / 100);
      if (rule.maxDiscountCents !== null) discount = Math.min(discount, rule.maxDiscountCents);
      break;
    case "fixed_amount":
      discount = Math.min(rule.value, eligibleSubtotal);
      break;
    case "buy_x_get_y":
      discount = buyXGetYDiscount(matching, rule.value);
      if (discount === 0) {
        const n = Math.max(1, Math.floor(rule.value));
        return { ok: false, reason: `Add ${n + 1} qualifying items to get one free.` };
      }
      break;
    case "free_shipping":
      discount = 0;
      break;
  }
  return {
    ok: true,
    discountCents: Math.min(discount, eligibleSubtotal),
    freeShipping: rule.type === "free_shipping",
    eligibleSubtotalCents: eligibleSubtotal,
    ...(provisional ? { needsSignIn: true } : {}),
  };
}
