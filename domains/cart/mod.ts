/** The cart domain's public surface. */
export {
  type AddOffer,
  addOffer,
  addToCart,
  type AppliedCoupon,
  applyCoupon,
  type Cart,
  cartItemCount,
  type CartLine,
  type CartOwner,
  checkCoupon,
  clearCart,
  type CouponAttempt,
  type CouponCheck,
  getCart,
  mergeGuestCart,
  pricedLines,
  removeCartItem,
  removeCoupon,
  updateCartItem,
} from "./service.ts";
export {
  DEFAULT_DELIVERY_RATES,
  type DeliveryMethod,
  type DeliveryQuote,
  deliveryQuote,
  type DeliveryRates,
  type FreeDeliveryReason,
  type OrderTotals,
  orderTotals,
} from "./delivery.ts";
export * as cartSchemas from "./schemas.ts";
