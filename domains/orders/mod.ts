/**
 * The orders domain's public surface: reading orders, and the primitives every flow shares (lock an
 * order, take and give back stock, cancel an unpaid order). Placing and paying them is checkout's job.
 */
export { type OrderStatus, type ShippingMethod, type TrackedOrder, trackOrder, trackOrderQuery } from "./tracking.ts";
export type { TrackOrderQuery } from "./tracking.ts";
export {
  type CustomerFigures,
  customerFigures,
  customerSalesSubquery,
  listOrdersForUser,
  type OrderSummary,
  purchaseCondition,
  type PurchaseFilter,
} from "./history.ts";
export {
  ADDRESS_SNAPSHOT_FIELDS,
  type AddressSnapshot,
  addressSnapshot,
  type DiscountLine,
  discountLines,
  getOrder,
  listOrderDetails,
  loadOrders,
  ORDER_NOT_FOUND,
  type OrderDetail,
  type OrderLine,
  type OrderViewer,
  PAYMENT_STATUSES,
  type PaymentStatus,
  paymentStatusOf,
} from "./detail.ts";
export { cancelLockedOrder, cancelOrder, lockOrder, writeOrderNote } from "./lifecycle.ts";
export { inLockOrder, releaseStock, type StockLine, syncProductStock, takeStock } from "./stock.ts";
export { type PricedLine, stockLineOf } from "./lines.ts";
export { ORDER_NUMBER_UNIQUE, orderNumber } from "./number.ts";
export {
  PAY_LINK_EXPIRED,
  PAY_LINK_INVALID,
  PAY_LINK_ORDER_TTL_MS,
  payLink,
  type PayLinkCheck,
  payLinkKey,
  payLinkOrder,
  payLinkPath,
  payLinkToken,
  readPayLinkToken,
} from "./pay_link.ts";
