/**
 * Cancelling unpaid orders: the stock and the coupon use they held are given back in the same
 * transaction. The sweeper cancels orders left unpaid for 30 minutes, after asking the payment
 * provider, so a payment that did go through is finalised instead of lost.
 */
import { and, asc, eq, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { couponUsage, orderItems, orders } from "../../db/schema/mod.ts";
import { ConflictError, NotFoundError } from "../../lib/errors.ts";
import { ORDER_NOT_FOUND } from "../orders/mod.ts";
import type { PaymentGateway } from "../payments/types.ts";
import { releaseStock } from "./stock.ts";
import { type FinalizeOptions, finalizePaidOrder, lockOrder } from "./payment.ts";

/** How long an order may wait for its payment before the sweeper cancels it. */
export const UNPAID_ORDER_TTL_MS = 30 * 60_000;

/**
 * Cancels a pending, unpaid order and gives back its stock and coupon use. Returns false (and
 * changes nothing) when the order is paid or no longer pending.
 */
export async function cancelOrder(db: Db, orderId: number, reason: string, now = new Date()): Promise<boolean> {
  return await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.status !== "pending" || order.paidAt !== null) return false;
    const lines = await tx.select({
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      quantity: orderItems.quantity,
    }).from(orderItems).where(eq(orderItems.orderId, orderId));
    await releaseStock(
      tx,
      lines.filter((l) => l.productId !== null).map((l) => ({ ...l, productId: l.productId! })),
    );
    await tx.delete(couponUsage).where(eq(couponUsage.orderId, orderId));
    await tx.update(orders).set({ status: "cancelled", cancelledAt: now, cancelReason: reason, updatedAt: now })
      .where(eq(orders.id, orderId));
    return true;
  });
}

/**
 * What to do with an unpaid order whose attempt may still be alive at the provider: finalise it if
 * the money was taken, leave it while the provider is still processing, otherwise cancel the attempt
 * and the order.
 */
async function settleOrCancel(
  db: Db,
  order: { id: number; paymentIntentId: string | null },
  gateway: PaymentGateway | null,
  reason: string,
  opts: FinalizeOptions,
): Promise<"paid" | "processing" | "cancelled" | "unchanged"> {
  if (order.paymentIntentId && gateway) {
    const intent = await gateway.retrieveIntent(order.paymentIntentId);
    if (intent?.status === "succeeded") {
      await finalizePaidOrder(db, order.id, intent, opts);
      return "paid";
    }
    if (intent?.status === "processing" || intent?.status === "requires_capture") return "processing";
    if (intent && intent.status !== "canceled") await gateway.cancelIntent(intent.id);
  }
  return await cancelOrder(db, order.id, reason, opts.now) ? "cancelled" : "unchanged";
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
    throw new ConflictError("Your payment is still being processed. Please wait a moment before changing your order.");
  }
  return outcome === "paid" ? "paid" : "cancelled";
}

export interface SweepReport {
  cancelled: number;
  paid: number;
  stillProcessing: number;
}

/** Cancels orders unpaid for 30 minutes (checking with the provider first); run by a job every minute. */
export async function sweepUnpaidOrders(
  db: Db,
  gateway: PaymentGateway | null,
  opts: FinalizeOptions & { batch?: number },
): Promise<SweepReport> {
  const now = opts.now ?? new Date();
  const due = await db.select({ id: orders.id, paymentIntentId: orders.paymentIntentId }).from(orders)
    .where(and(
      eq(orders.status, "pending"),
      isNull(orders.paidAt),
      lt(orders.createdAt, new Date(now.getTime() - UNPAID_ORDER_TTL_MS)),
    )).orderBy(asc(orders.createdAt)).limit(opts.batch ?? 100);
  const report: SweepReport = { cancelled: 0, paid: 0, stillProcessing: 0 };
  for (const order of due) {
    try {
      const outcome = await settleOrCancel(db, order, gateway, "Not paid within 30 minutes", { ...opts, now });
      if (outcome === "cancelled") report.cancelled++;
      else if (outcome === "paid") report.paid++;
      else if (outcome === "processing") report.stillProcessing++;
    } catch (err) {
      // One order the provider cannot answer for must not stop the others; it is retried next run.
      console.error(JSON.stringify({ level: "error", job: "order-sweeper", orderId: order.id, error: String(err) }));
    }
  }
  return report;
}
