/**
 * The cancel-order workflows: the customer's 'Back to Order Summary', the sweeper, and staff
 * cancelling (cancelByStaff). An unpaid order's stock and coupon use come back in the same
 * transaction; a paid one is refunded first (flows/refund_order.ts). The sweeper cancels orders left unpaid for 30 minutes, after asking the payment
 * provider, so a payment that did go through is finalised instead of lost. An order with a live
 * attempt is cancelled only once the provider confirms the attempt is cancelled: a customer paying
 * at the very moment of the cancel keeps their order.
 */
import { logError } from "../lib/error_log.ts";
import { and, asc, eq, isNull, lt, ne, or } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { awaitingPayment } from "../db/awaiting_payment.ts";
import { orders } from "../db/schema/mod.ts";
import { ConflictError, NotFoundError } from "../lib/errors.ts";
import type { PaymentGateway } from "../domains/payments/types.ts";
import { finalizePaidOrder, finalizePayment } from "./finalise_payment.ts";
import {
  type FinalizeOptions,
  PAYMENT_STILL_PROCESSING,
  refundGateways,
  refundOwedPayments,
  UNPAID_ORDER_TTL_MS,
} from "../domains/checkout/mod.ts";
import {
  cancelLockedOrder,
  cancelOrder,
  loadOrders,
  lockOrder,
  ORDER_NOT_FOUND,
  type OrderDetail,
  PAY_LINK_ORDER_TTL_MS,
  writeOrderNote,
} from "../domains/orders/mod.ts";
import { recordAudit } from "../domains/admin_audit/mod.ts";
import { type RefundOptions, refuseUnless, type StatusChange } from "../domains/fulfilment/mod.ts";
import { owedRefundNotices } from "./owed_refund_notices.ts";
import { refundOrder } from "./refund_order.ts";

/** Statuses in which the provider is still moving money: the order must wait, not be cancelled. */
const IN_FLIGHT = new Set(["processing", "requires_capture"]);

/** What became of an unpaid order's attempt at the provider (see releasePaymentAttempt). */
export type AttemptOutcome = "paid" | "processing" | "released";

/**
 * Makes sure an unpaid order's attempt at the provider can no longer take money, before the order
 * is cancelled or its total changes: finalise it if the money was taken ("paid"), leave it while the
 * provider is still processing ("processing"), otherwise cancel it ("released"; also when there is
 * no attempt or no provider). Asking and cancelling are two calls, and the customer may pay in
 * between: the cancel is then refused, and the answer to it (the attempt as it now is) decides, so a
 * payment that won the race is finalised rather than orphaned.
 */
export async function releasePaymentAttempt(
  db: Db,
  order: { id: number; paymentIntentId: string | null },
  gateway: PaymentGateway | null,
  opts: FinalizeOptions,
): Promise<AttemptOutcome> {
  if (!order.paymentIntentId || !gateway) return "released";
  let intent = await gateway.retrieveIntent(order.paymentIntentId);
  if (intent && intent.status !== "succeeded" && intent.status !== "canceled" && !IN_FLIGHT.has(intent.status)) {
    intent = await gateway.cancelIntent(intent.id);
  }
  if (intent?.status === "succeeded") {
    await finalizePaidOrder(db, order.id, intent, { ...opts, payments: gateway });
    return "paid";
  }
  // Anything but a cancelled (or unknown) attempt may still take money.
  return intent && intent.status !== "canceled" ? "processing" : "released";
}

/**
 * Releases the order's attempt (see releasePaymentAttempt), then cancels the order, but only if no
 * other attempt was attached in between (the customer's payment page in another tab): that one is
 * released in turn, so no live attempt is left on a cancelled order.
 */
async function settleOrCancel(
  db: Db,
  order: { id: number; paymentIntentId: string | null },
  gateway: PaymentGateway | null,
  reason: string,
  opts: FinalizeOptions,
): Promise<"paid" | "processing" | "cancelled" | "unchanged"> {
  let current = order;
  for (let round = 0; round < 5; round++) {
    const attempt = await releasePaymentAttempt(db, current, gateway, opts);
    if (attempt !== "released") return attempt;
    if (await cancelOrder(db, order.id, reason, opts.now, { attempt: current.paymentIntentId })) return "cancelled";
    const [now] = await db.select({
      status: orders.status,
      paidAt: orders.paidAt,
      paymentIntentId: orders.paymentIntentId,
    })
      .from(orders).where(eq(orders.id, order.id));
    if (!now || now.status !== "pending" || now.paidAt !== null) return "unchanged";
    current = { id: order.id, paymentIntentId: now.paymentIntentId };
  }
  throw new ConflictError(PAYMENT_STILL_PROCESSING);
}

/**
 * The customer went 'Back to Order Summary': their pending order is cancelled (stock back) so the
 * review step can place a fresh one. A payment that already went through is kept instead.
 */
export async function abandonOrder(
  db: Db,
  orderId: number,
  userId: number,
  gateway: PaymentGateway | null,
  opts: FinalizeOptions,
): Promise<"paid" | "cancelled"> {
  const [order] = await db.select({
    id: orders.id,
    userId: orders.userId,
    status: orders.status,
    paidAt: orders.paidAt,
    paymentIntentId: orders.paymentIntentId,
  }).from(orders).where(eq(orders.id, orderId));
  if (!order || order.userId !== userId) throw new NotFoundError(ORDER_NOT_FOUND);
  if (order.paidAt) return "paid";
  if (order.status !== "pending") return "cancelled";
  const outcome = await settleOrCancel(db, order, gateway, "Changed at checkout by the customer", opts);
  if (outcome === "processing") {
    throw new ConflictError(PAYMENT_STILL_PROCESSING);
  }
  return outcome === "paid" ? "paid" : "cancelled";
}

/**
 * Lets go of the customer's orders still waiting for payment before a new order replaces them:
 * their stock and coupon use come back (so the coupon the customer still sees in the cart applies
 * to the new order), and a payment that did go through is kept instead. The order an idempotency
 * key already names is never touched: a double submit must get that very order back.
 * A payment still processing refuses the new order (ConflictError), as 'Back to Order Summary' does.
 */
export async function abandonUnpaidOrders(
  db: Db,
  userId: number,
  keepIdempotencyKey: string | null,
  gateway: PaymentGateway | null,
  opts: FinalizeOptions,
): Promise<void> {
  const waiting = await db.select({ id: orders.id }).from(orders).where(and(
    eq(orders.userId, userId),
    awaitingPayment(),
    keepIdempotencyKey === null
      ? undefined
      : or(isNull(orders.idempotencyKey), ne(orders.idempotencyKey, keepIdempotencyKey)),
  ));
  for (const { id } of waiting) await abandonOrder(db, id, userId, gateway, opts);
}

export interface SweepReport {
  cancelled: number;
  paid: number;
  stillProcessing: number;
  /** Payments that reached cancelled orders, given back this run. */
  refunded: number;
}

/**
 * Asks Stitch about the order's latest payment request (when Stitch is configured) and pays the
 * order when it completed for the order's total; false otherwise (not Stitch's, not completed, or
 * for another amount: the sweeper goes on as for any unpaid order). Throws when Stitch cannot be
 * asked: the order is tried again next run rather than cancelled.
 */
async function paidThroughStitch(
  db: Db,
  order: { id: number; stitchPaymentRequestId: string | null },
  opts: FinalizeOptions,
): Promise<boolean> {
  if (!order.stitchPaymentRequestId || !opts.stitch) return false;
  const facts = await opts.stitch.retrieveIntent(order.stitchPaymentRequestId);
  if (facts?.status !== "succeeded") return false;
  try {
    return (await finalizePayment(db, order.id, facts, opts)).newlyPaid;
  } catch (err) {
    if (err instanceof ConflictError) return false;
    throw err;
  }
}

/**
 * Cancels orders unpaid for 30 minutes (orders paid through a pay link: 24 hours), checking with the provider
 * first, and refunds the payments the shop owes back (late and extra payments, each through its own
 * provider, retried a bounded number of times); run by a job every minute.
 */
export async function sweepUnpaidOrders(
  db: Db,
  gateway: PaymentGateway | null,
  opts: FinalizeOptions & { batch?: number },
): Promise<SweepReport> {
  const now = opts.now ?? new Date();
  const due = await db.select({
    id: orders.id,
    paymentIntentId: orders.paymentIntentId,
    source: orders.source,
    stitchPaymentRequestId: orders.stitchPaymentRequestId,
  }).from(orders)
    .where(and(
      awaitingPayment(),
      lt(orders.createdAt, new Date(now.getTime() - UNPAID_ORDER_TTL_MS)),
      or(eq(orders.source, "web"), lt(orders.createdAt, new Date(now.getTime() - PAY_LINK_ORDER_TTL_MS))),
    )).orderBy(asc(orders.createdAt)).limit(opts.batch ?? 100);
  const report: SweepReport = { cancelled: 0, paid: 0, stillProcessing: 0, refunded: 0 };
  for (const order of due) {
    try {
      // A Stitch payment completed whose word has not arrived (a lost webhook, a closed tab) pays the
      // order instead of leaving it to be cancelled and refunded.
      if (await paidThroughStitch(db, order, { ...opts, now })) {
        report.paid++;
        continue;
      }
      const reason = order.source === "web" ? "Not paid within 30 minutes" : "Not paid within 24 hours";
      const outcome = await settleOrCancel(db, order, gateway, reason, { ...opts, now });
      if (outcome === "cancelled") report.cancelled++;
      else if (outcome === "paid") report.paid++;
      else if (outcome === "processing") report.stillProcessing++;
    } catch (err) {
      // One order the provider cannot answer for must not stop the others; it is retried next run.
      logError("cancelling an unpaid order failed", err, { job: "order-sweeper", orderId: order.id });
    }
  }
  // Each owed refund through the provider that took it (`opts.payfast` for PayFast's).
  report.refunded = await refundOwedPayments(db, refundGateways({ ...opts, payments: gateway }), {
    ...opts,
    now,
    notices: owedRefundNotices(opts),
  });
  return report;
}

/**
 * Cancelling: an unpaid order first makes sure its payment attempt can no longer take money (as
 * the customer's own cancel does), then gives back what it held; a paid one is refunded in full
 * (what is left of it) through its provider and every unit goes back on the shelf (the refund
 * workflow, flows/refund_order.ts).
 */
export async function cancelByStaff(
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
    await writeOrderNote(tx, { orderId: order.id, userId: change.userId, body: change.note, at: opts.now });
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
