/**
 * Order status changes by staff, the rules enforced here (docs/decisions/0024):
 *
 *   pending    -> cancelled                (unpaid: stock, coupon use and reward code come back)
 *   processing -> shipped | cancelled      (paid; cancelling refunds what is left and restocks)
 *   shipped    -> delivered | cancelled
 *   delivered, cancelled, refunded: final (a delivered order can still be refunded)
 *
 * `refunded` is never chosen: a full refund sets it. Every change locks the order row (SELECT ...
 * FOR UPDATE), writes an audit entry (status_change, {from, to, ...}) in the same transaction, and
 * tells the customer when the order ships or arrives (TellCustomer: flows/change_order_status.ts
 * queues the e-mail in that transaction). Staff cancelling an order is the workflow
 * flows/change_order_status.ts -> flows/cancel_order.ts (it may release or refund a payment).
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orders } from "../../db/schema/mod.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { recordAudit } from "../admin_audit/mod.ts";
import { lockOrder, writeOrderNote } from "../orders/mod.ts";
import { loadOrders, ORDER_NOT_FOUND, type OrderDetail, type OrderStatus } from "../orders/mod.ts";
import { insertParcel, lineFulfilment } from "./lines.ts";
import { TRACKING_REQUIRED } from "./schemas.ts";

/** Where each status may go next by a staff action. */
export const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ["cancelled"],
  processing: ["shipped", "cancelled"],
  shipped: ["delivered", "cancelled"],
  delivered: [],
  cancelled: [],
  refunded: [],
};

const ACTION: Record<OrderStatus, string> = {
  pending: "set back to pending",
  processing: "set back to processing",
  shipped: "marked shipped",
  delivered: "marked delivered",
  cancelled: "cancelled",
  refunded: "marked refunded (give a refund instead)",
};

/** Why `from` may not become `to`, or null when it may. */
export function transitionRefusal(order: { status: OrderStatus; paid: boolean }, to: OrderStatus): string | null {
  if (TRANSITIONS[order.status].includes(to)) return null;
  if (order.status === to) return `The order is already ${to}.`;
  if (!order.paid && (to === "shipped" || to === "delivered")) {
    return `This order is not paid yet: only a paid order can be ${ACTION[to]}.`;
  }
  return `A ${order.status} order cannot be ${ACTION[to]}.`;
}

/** Throws the refusal (409) when the order may not become `to`. */
export function refuseUnless(order: typeof orders.$inferSelect, to: OrderStatus): void {
  const why = transitionRefusal({ status: order.status, paid: order.paidAt !== null }, to);
  if (why) throw new ConflictError(why);
}

type OrderRow = typeof orders.$inferSelect;

/** What the customer hears of: the order (or, with `parcel`, part of it) shipped, or it arrived. */
export type OrderNews =
  | {
    to: "shipped";
    order: OrderRow;
    trackingNumber: string;
    carrier: string | null;
    /** A partial shipment's units (docs/decisions/0079); none when the rest of the order went. */
    parcel?: { name: string; quantity: number }[];
    /** Staff corrected the tracking of a parcel already sent: an update, not news of a shipment. */
    corrected?: boolean;
  }
  | { to: "delivered"; order: OrderRow };

/**
 * Tells the customer, inside the transaction of the change it reports, so the e-mail is queued with
 * the change or not at all. The e-mails are flows/change_order_status.ts's: this domain says what
 * happened.
 */
export type TellCustomer = (tx: Db, news: OrderNews, now: Date) => Promise<void>;

/** What a staff change needs besides the change itself. */
export interface StatusOptions {
  tell: TellCustomer;
  now?: Date;
}

export interface StatusChange {
  orderId: number;
  to: OrderStatus;
  trackingNumber?: string;
  carrier?: string;
  note?: string;
  userId: number | null;
}

/**
 * Ships or delivers an order by the rules above and returns the order as it now is. Cancelling
 * (with its payment released or refunded) is a workflow: flows/change_order_status.ts.
 */
export async function advanceOrderStatus(
  db: Db,
  change: StatusChange,
  opts: StatusOptions,
): Promise<OrderDetail> {
  const now = opts.now ?? new Date();
  if (change.to === "shipped" && !change.trackingNumber) throw new ValidationError(TRACKING_REQUIRED);
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, change.orderId);
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    await advanceLockedOrder(tx, order, change, opts, now);
  });
  const [detail] = await loadOrders(db, [change.orderId]);
  return detail;
}

/**
 * The change on an order whose row the caller locked, inside the caller's transaction: the whole-order
 * Ship and the shipment that sends an order's last units (domains/fulfilment/shipments.ts) both come
 * here, so the status, the audit entry and the customer's e-mail have one path.
 */
export async function advanceLockedOrder(
  tx: Db,
  order: OrderRow,
  change: StatusChange,
  opts: StatusOptions,
  now: Date,
): Promise<void> {
  if (change.to === "shipped" && !change.trackingNumber) throw new ValidationError(TRACKING_REQUIRED);
  refuseUnless(order, change.to);
  const shipping = change.to === "shipped"
    ? { trackingNumber: change.trackingNumber!, carrier: change.carrier ?? null, shippedAt: now }
    : {};
  if (change.to === "shipped") await parcelTheRest(tx, order.id, change, now);
  await tx.update(orders).set({
    status: change.to,
    ...shipping,
    ...(change.to === "delivered" ? { deliveredAt: now } : {}),
    updatedAt: now,
  }).where(eq(orders.id, order.id));
  await writeOrderNote(tx, { orderId: order.id, userId: change.userId, body: change.note, at: now });
  await recordAudit(tx, {
    userId: change.userId,
    entityType: "order",
    entityId: order.id,
    action: "status_change",
    details: {
      from: order.status,
      to: change.to,
      ...(change.to === "shipped" ? { trackingNumber: change.trackingNumber, carrier: change.carrier ?? null } : {}),
      ...(change.note ? { note: change.note } : {}),
    },
  });
  if (change.to === "shipped") {
    await opts.tell(tx, {
      to: "shipped",
      order,
      trackingNumber: change.trackingNumber!,
      carrier: change.carrier ?? null,
    }, now);
  } else if (change.to === "delivered") {
    await opts.tell(tx, { to: "delivered", order }, now);
  }
}

/**
 * The whole-order Ship sends every unit still to ship: recorded as one parcel under its tracking
 * number, as a parcel-by-parcel shipment would be, so a later cancel knows those units left the
 * shelf (decision 0079). After a shipment that sent the last units, nothing is left and no parcel
 * is added.
 */
async function parcelTheRest(tx: Db, orderId: number, change: StatusChange, now: Date): Promise<void> {
  const rest = (await lineFulfilment(tx, orderId)).filter((l) => l.toShip > 0);
  if (!rest.length) return;
  await insertParcel(tx, {
    orderId,
    trackingNumber: change.trackingNumber!,
    carrier: change.carrier ?? null,
    userId: change.userId,
    lines: rest.map((l) => ({ orderItemId: l.orderItemId, quantity: l.toShip })),
  }, now);
}
