/** The cart domain's public surface. */
export { type AppliedCoupon, type Cart, type CartLine, type CartOwner } from "./types.ts";
export { cartItemCount, pricedLines } from "./lines.ts";
export { getCart } from "./totals.ts";
export { type AddOffer, addOffer } from "./stock.ts";
export { addToCart, clearCart, removeCartItem, updateCartItem } from "./items.ts";
export { applyCoupon, checkCoupon, type CouponAttempt, type CouponCheck, removeCoupon } from "./coupons.ts";
export { mergeGuestCart } from "./merge.ts";
export {
  CART_REMINDER_AFTER_MS,
  CART_REMINDER_WINDOW_MS,
  claimCartReminder,
  type DueCart,
  dueCarts,
} from "./reminders.ts";
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
export { listOpenCarts, OPEN_CARTS_PAGE_SIZE, type OpenCart, openCartsQuery } from "./open_carts.ts";
