/**
 * Order fulfilment by staff: the admin order list and detail, status transitions (shipping,
 * delivery), what a refund may be, packing slips and internal notes. Cancelling and refunding
 * through the payment provider are workflows in flows/.
 */
export {
  ADMIN_ORDERS_PAGE_SIZE,
  type AdminOrderRow,
  adminOrdersCsv,
  CSV_MAX_ROWS,
  listAdminOrders,
  ORDER_SOURCES,
  ordersAwaitingDispatch,
  type OrderSource,
  recentOrders,
} from "./admin_orders.ts";
export {
  addOrderNote,
  type AdminEmail,
  type AdminNote,
  type AdminOrderDetail,
  type AdminRefund,
  getAdminOrder,
  type TimelineEvent,
} from "./admin_order_detail.ts";
export {
  ALREADY_REFUNDED,
  checkedRestock,
  MANUAL_REFUND_PROVIDERS,
  NOT_PAID_REFUND,
  REFUNDABLE_STATUSES,
  refundableCents,
  type RefundOptions,
  type RefundRequest,
  refundTooLargeMessage,
} from "./refunds.ts";
export {
  advanceOrderStatus,
  type OrderNews,
  refuseUnless,
  type StatusChange,
  type TellCustomer,
  transitionRefusal,
  TRANSITIONS,
} from "./transitions.ts";
export { orderRecipient } from "./customer.ts";
export { type LineFulfilment, lineFulfilment } from "./lines.ts";
export {
  changeParcelTracking,
  listShipments,
  PARCEL_NOT_FOUND,
  parcelsToList,
  type ParcelTrackingChange,
  recordShipment,
  SHIP_NOT_PAID,
  SHIP_NOTHING,
  type ShipmentRequest,
  type ShipmentView,
} from "./shipments.ts";
export * as fulfilmentSchemas from "./schemas.ts";
export { REFUND_REASON_LENGTH, TRACKING_REQUIRED } from "./schemas.ts";
export {
  type LockerLookup,
  PACKING_SLIPS_BAD_ID,
  PACKING_SLIPS_MAX,
  PACKING_SLIPS_NONE,
  PACKING_SLIPS_TOO_MANY,
  packingSlipIds,
  type PackingSlipShop,
  packingSlipsPdf,
} from "./packing_slips.ts";
