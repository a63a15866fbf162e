/**
 * The cart as JSON: money as rand numbers, field names as the storefront spec reads them. The shape
 * is declared in contract/cart.ts (the actions' outputs, /api/openapi.json and the islands' types).
 */
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { type AppliedCoupon, type Cart, type DeliveryRates, getCart, orderTotals } from "../../domains/cart/mod.ts";
import { toRand } from "../../lib/money.ts";
import { readOwner } from "../cart_owner.ts";
import { deliveryRates } from "../shop_info.ts";

import { type CartJson, type CouponJson } from "../../contract/cart.ts";

export type { CartJson, CouponJson };

export function couponJson(c: AppliedCoupon): CouponJson {
  return {
    code: c.code,
    type: c.type,
    value: c.type === "fixed_amount" ? toRand(c.value) : c.value,
    description: c.description,
    minOrderValue: toRand(c.minOrderCents),
    endDate: c.endDate?.toISOString() ?? null,
  };
}

/**
 * `total` is the spec's discounted total (goods less discount); `delivery` is standard delivery as
 * domains/cart/delivery.ts decides it (PUDO, free, is chosen at checkout) and `orderTotal` adds it.
 */
export function cartJson(cart: Cart, rates: DeliveryRates): CartJson {
  const totals = orderTotals(cart, "standard", rates);
  return {
    items: cart.lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      variantId: l.variantId,
      quantity: l.quantity,
      product: {
        id: l.productId,
        name: l.product.name,
        slug: l.product.slug,
        sku: l.product.sku,
        brand: l.product.brand,
        image: l.product.image,
        variantName: l.product.variantName,
        price: toRand(l.unitPriceCents),
        regularPrice: toRand(l.regularUnitPriceCents),
        stock: l.product.maxQuantity,
        preorder: l.product.preorder,
        pudoEligible: l.product.pudoEligible,
      },
      lineTotal: toRand(l.lineTotalCents),
    })),
    itemCount: cart.itemCount,
    subtotal: toRand(cart.subtotalCents),
    discount: toRand(cart.discountCents),
    /** A referred customer's first-order discount, its own line beside the coupon's. */
    referralDiscount: toRand(cart.referralDiscountCents),
    referral: cart.referral ? { code: cart.referral.code, percent: cart.referral.percent } : null,
    referralNote: cart.referralNote,
    total: toRand(cart.totalCents),
    coupon: cart.coupon ? couponJson(cart.coupon) : null,
    freeShipping: cart.freeShipping,
    delivery: {
      fee: toRand(totals.delivery.feeCents),
      /** Why it is free: "threshold", "coupon", or null when the fee applies. */
      free: totals.delivery.free,
      /** How much more in goods makes delivery free (0 when it is). */
      amountToFree: toRand(totals.delivery.toFreeCents),
      freeThreshold: toRand(rates.freeThresholdCents),
    },
    orderTotal: toRand(totals.totalCents),
    couponNotice: cart.couponNotice,
    couponNeedsSignIn: cart.couponNeedsSignIn,
  };
}

export const emptyCartJson = (rates: DeliveryRates) =>
  cartJson({
    lines: [],
    itemCount: 0,
    subtotalCents: 0,
    discountCents: 0,
    referralDiscountCents: 0,
    referral: null,
    referralNote: null,
    totalCents: 0,
    coupon: null,
    freeShipping: false,
    couponNotice: null,
    couponNeedsSignIn: false,
  }, rates);

/** The visitor's cart as JSON (an empty one when they have none yet). */
export async function currentCartJson(c: Context<AppEnv>) {
  const owner = readOwner(c);
  const rates = await deliveryRates(c);
  return owner ? cartJson(await getCart(c.var.db, owner), rates) : emptyCartJson(rates);
}
