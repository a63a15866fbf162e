/** The orders domain's public surface (so far: the order-tracking lookup). */
export { type OrderStatus, type ShippingMethod, type TrackedOrder, trackOrder, trackOrderQuery } from "./tracking.ts";
export type { TrackOrderQuery } from "./tracking.ts";
export { listOrdersForUser, type OrderSummary } from "./history.ts";
