/** JSON shape of the cart: money as rand numbers, field names as the storefront spec reads them. */
import type { AppliedCoupon, Cart } from "../../domains/cart/mod.ts";
import { toRand } from "../../lib/money.ts";

export function couponJson(c: AppliedCoupon) {
  return {
    code: c.code,
    type: c.type,
    value: c.type === "fixed_amount" ? toRand(c.value) : c.value,
    description: c.description,
    minOrderValue: toRand(c.minOrderCents),
    endDate: c.endDate?.toISOString() ?? null,
  };
}

export function cartJson(cart: Cart) {
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
    total: toRand(cart.totalCents),
    coupon: cart.coupon ? couponJson(cart.coupon) : null,
    freeShipping: cart.freeShipping,
    couponNotice: cart.couponNotice,
    /** A guest's first-order coupon: provisional until they sign in. */
    couponNeedsSignIn: cart.couponNeedsSignIn,
  };
}

export const emptyCartJson = () =>
  cartJson({
    lines: [],
    itemCount: 0,
    subtotalCents: 0,
    discountCents: 0,
    totalCents: 0,
    coupon: null,
    freeShipping: false,
    couponNotice: null,
    couponNeedsSignIn: false,
  });
