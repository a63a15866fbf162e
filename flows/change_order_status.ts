/**
 * Staff change an order's status (the admin order page's buttons, PATCH /api/admin/orders/{id}/status)
 * or send a parcel of some of its lines (POST /api/admin/orders/{id}/shipments) or correct a parcel's
 * tracking (PUT /api/admin/orders/{id}/shipments/{shipmentId}): shipping and delivery
 * are the fulfilment domain's (domains/fulfilment/transitions.ts, shipments.ts), and the shipped or
 * delivered e-mail (domains/mail) is queued here, in the transaction of the change it reports;
 * cancelling releases the payment attempt or refunds the payment first (flows/cancel_order.ts).
 */
import type { Db } from "../db/client.ts";
import { trackingLink } from "../domains/carriers/mod.ts";
import {
  advanceOrderStatus,
  changeParcelTracking,
  orderRecipient,
  type ParcelTrackingChange,
  recordShipment,
  type RefundOptions,
  type ShipmentRequest,
  type StatusChange,
  type TellCustomer,
} from "../domains/fulfilment/mod.ts";
import { enqueueEmail, orderDeliveredEmail, orderShippedEmail } from "../domains/mail/mod.ts";
import { loadOrders, type OrderDetail } from "../domains/orders/mod.ts";
import type { PaymentGateway } from "../domains/payments/mod.ts";
import { cancelByStaff } from "./cancel_order.ts";

/** Changes an order's status by the rules of docs/decisions/0024 and returns the order as it now is. */
export async function changeOrderStatus(
  db: Db,
  gateway: PaymentGateway | null,
  change: StatusChange,
  opts: RefundOptions,
): Promise<OrderDetail> {
  const now = opts.now ?? new Date();
  if (change.to === "cancelled") return await cancelByStaff(db, gateway, change, { ...opts, now });
  return await advanceOrderStatus(db, change, { now, tell: orderEmails(opts) });
}

/** Corrects a parcel's tracking (domains/fulfilment changeParcelTracking), e-mailing the customer when asked. */
export async function correctParcelTracking(
  db: Db,
  req: ParcelTrackingChange,
  opts: RefundOptions,
): Promise<{ changed: boolean; notified: boolean }> {
  return await changeParcelTracking(db, req, { now: opts.now, tell: orderEmails(opts) });
}

/**
 * Sends a parcel of some units of some lines (partial fulfilment, docs/decisions/0079); the parcel
 * with the last units ships the order. Returns the shipment's id and whether it completed the order.
 */
export async function shipParcel(
  db: Db,
  req: ShipmentRequest,
  opts: RefundOptions,
): Promise<{ shipmentId: number; completed: boolean }> {
  return await recordShipment(db, req, { now: opts.now, tell: orderEmails(opts) });
}

/** The shipped or delivered e-mail, to the order's customer (none for an erased account). */
function orderEmails(opts: RefundOptions): TellCustomer {
  return async (tx, news, now) => {
    const recipient = await orderRecipient(tx, news.order.userId);
    if (!recipient) return;
    const facts = {
      ...recipient,
      orderId: news.order.id,
      orderNumber: news.order.orderNumber,
      shop: opts.shop,
      siteUrl: opts.siteUrl,
    };
    if (news.to === "shipped") {
      const { trackingNumber, carrier, parcel, corrected } = news;
      const tracking = trackingLink(trackingNumber, carrier);
      await enqueueEmail(
        tx,
        orderShippedEmail({ ...facts, trackingNumber, carrier, tracking, parcel, corrected }),
        now,
      );
      return;
    }
    const [detail] = await loadOrders(tx, [news.order.id]);
    await enqueueEmail(
      tx,
      orderDeliveredEmail({ ...facts, products: detail.items.map((i) => ({ name: i.name, slug: i.productSlug })) }),
      now,
    );
  };
}
