/**
 * Order status changes by staff, enforced here (docs/decisions/0024):
 *
 *   pending    -> cancelled                (unpaid: stock, coupon use and reward code come back)
 *   processing -> shipped | cancelled      (paid; cancelling refunds what is left and restocks)
 *   shipped    -> delivered | cancelled
 *   delivered, cancelled, refunded: final (a delivered order can still be refunded)
 *
 * `refunded` is never chosen: a full refund sets it. Every change locks the order row (SELECT ...
 * FOR UPDATE), writes an audit entry (status_change, {from, to, ...}) in the same transaction, and
 * e-mails the customer through the outbox when the order ships or arrives.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderNotes, orders } from "../../db/schema/mod.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { recordAudit } from "../admin_audit/mod.ts";
import { PAYMENT_STILL_PROCESSING, releasePaymentAttempt } from "../checkout/mod.ts";
import { cancelLockedOrder, lockOrder } from "../orders/mod.ts";
import { enqueueEmail, orderDeliveredEmail, orderShippedEmail } from "../mail/mod.ts";
import { loadOrders, ORDER_NOT_FOUND, type OrderDetail, type OrderStatus } from "../orders/mod.ts";
import type { PaymentGateway } from "../payments/mod.ts";
import { orderRecipient } from "./customer.ts";
import { type RefundOptions, refundOrder } from "./refunds.ts";
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

function refuseUnless(order: typeof orders.$inferSelect, to: OrderStatus): void {
  const why = transitionRefusal({ status: order.status, paid: order.paidAt !== null }, to);
  if (why) throw new ConflictError(why);
}

export interface StatusChange {
  orderId: number;
  to: OrderStatus;
  trackingNumber?: string;
  carrier?: string;
  note?: string;
  userId: number | null;
}

/** Changes an order's status by the rules above and returns the order as it now is. */
export async function changeOrderStatus(
  db: Db,
  gateway: PaymentGateway | null,
  change: StatusChange,
  opts: RefundOptions,
): Promise<OrderDetail> {
  const now = opts.now ?? new Date();
  if (change.to === "cancelled") return await cancelByStaff(db, gateway, change, { ...opts, now });
  if (change.to === "shipped" && !change.trackingNumber) throw new ValidationError(TRACKING_REQUIRED);
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, change.orderId);
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    refuseUnless(order, change.to);
    const shipping = change.to === "shipped"
      ? { trackingNumber: change.trackingNumber!, carrier: change.carrier ?? null, shippedAt: now }
      : {};
    await tx.update(orders).set({
      status: change.to,
      ...shipping,
      ...(change.to === "delivered" ? { deliveredAt: now } : {}),
      updatedAt: now,
    }).where(eq(orders.id, order.id));
    if (change.note) {
      await tx.insert(orderNotes).values({
        orderId: order.id,
        userId: change.userId,
        body: change.note,
        createdAt: now,
      });
    }
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
    await notifyCustomer(tx, order, change, opts, now);
  });
  const [detail] = await loadOrders(db, [change.orderId]);
  return detail;
}

/** The shipped or delivered e-mail, to the order's customer (none for an erased account). */
async function notifyCustomer(
  tx: Db,
  order: typeof orders.$inferSelect,
  change: StatusChange,
  opts: RefundOptions,
  now: Date,
): Promise<void> {
  const recipient = await orderRecipient(tx, order.userId);
  if (!recipient) return;
  const facts = {
    ...recipient,
    orderId: order.id,
    orderNumber: order.orderNumber,
    shop: opts.shop,
    siteUrl: opts.siteUrl,
  };
  if (change.to === "shipped") {
    await enqueueEmail(
      tx,
      orderShippedEmail({ ...facts, trackingNumber: change.trackingNumber!, carrier: change.carrier ?? null }),
      now,
    );
  } else if (change.to === "delivered") {
    const [detail] = await loadOrders(tx, [order.id]);
    await enqueueEmail(
      tx,
      orderDeliveredEmail({ ...facts, products: detail.items.map((i) => ({ name: i.name, slug: i.productSlug })) }),
      now,
    );
  }
}

/**
 * Cancelling: an unpaid order first makes sure its payment attempt can no longer take money (as
 * the customer's own cancel does), then gives back what it held; a paid one is refunded in full
 * (what is left of it) through its provider and every unit goes back on the shelf.
 */
async function cancelByStaff(
  db: Db,
  gateway: PaymentGateway | null,
  change: StatusChange,
  opts: RefundOptions & { now: Date },
): Promise<OrderDetail> {
  const [peek] = await db.select().from(orders).where(eq(orders.id, change.orderId));
  if (!peek) throw new NotFoundError(ORDER_NOT_FOUND);
  refuseUnless(peek, "cancelled");
  const reason = change.note ?? "Cancelled by the shop";
  if (peek.status !== "pending") {
    return await refundOrder(db, gateway, {
      orderId: peek.id,
      amountCents: 0,
      reason,
      restock: [],
      userId: change.userId,
    }, { ...opts, cancel: { checkStatus: (o) => refuseUnless(o, "cancelled"), note: change.note ?? null } });
  }
  const attempt = await releasePaymentAttempt(db, peek, gateway, { ...opts, payments: gateway });
  if (attempt === "paid") {
    throw new ConflictError(
      "The customer's payment has just gone through, so the order is now paid. Reload it to cancel and refund it.",
    );
  }
  if (attempt === "processing") throw new ConflictError(PAYMENT_STILL_PROCESSING);
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, change.orderId);
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    refuseUnless(order, "cancelled");
    if (order.paidAt) throw new ConflictError("The order was paid meanwhile. Reload it to cancel and refund it.");
    await cancelLockedOrder(tx, order.id, reason, opts.now, { actorUserId: change.userId });
    if (change.note) {
      await tx.insert(orderNotes).values({
        orderId: order.id,
        userId: change.userId,
        body: change.note,
        createdAt: opts.now,
      });
    }
    await recordAudit(tx, {
      userId: change.userId,
      entityType: "order",
      entityId: order.id,
      action: "status_change",
      details: { from: order.status, to: "cancelled", ...(change.note ? { note: change.note } : {}) },
    });
  });
  const [detail] = await loadOrders(db, [change.orderId]);
  return detail;
}
