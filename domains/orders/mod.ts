/** The orders domain's public surface: reading orders (placing and paying them is checkout's job). */
export { type OrderStatus, type ShippingMethod, type TrackedOrder, trackOrder, trackOrderQuery } from "./tracking.ts";
export type { TrackOrderQuery } from "./tracking.ts";
export { listOrdersForUser, type OrderSummary } from "./history.ts";
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
