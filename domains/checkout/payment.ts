/**
 * Payment finalisation: the one code path by which an order becomes paid, whether the word comes
 * from PATCH /api/orders/{id}/payment, a Stripe webhook, the return from a redirect-based method, the
 * sweeper or the offline test provider. It trusts only facts the server fetched from the provider,
 * checks them against the order, and is idempotent: a second call for the same payment changes
 * nothing (no second e-mail, no second set of points).
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { ShopInfo } from "../../config.ts";
import { cartCoupons, cartItems, couponUsage, orderItems, orders, users } from "../../db/schema/mod.ts";
import { ConflictError, NotFoundError } from "../../lib/errors.ts";
import { toCents } from "../../lib/money.ts";
import { enqueueEmail } from "../mail/mod.ts";
import { awardOrderPoints, pointsForPaidTotal } from "../loyalty/mod.ts";
import { loadOrders, ORDER_NOT_FOUND, type OrderDetail } from "../orders/mod.ts";
import type { PaymentIntentFacts } from "../payments/types.ts";
import { orderConfirmationEmail } from "./confirmation_email.ts";
import { takeStock } from "./stock.ts";
// cancel.ts imports this module too; the cycle is safe because both only call each other at run time.
import { cancelOrder } from "./cancel.ts";

export interface FinalizeOptions {
  shop: ShopInfo;
  siteUrl: string;
  now?: Date;
}

type OrderRow = typeof orders.$inferSelect;

/** The order's row, locked until the transaction ends (so two finalisations run one after another). */
export async function lockOrder(tx: Db, orderId: number): Promise<OrderRow | null> {
  await tx.execute(sql`select id from ${orders} where ${orders.id} = ${orderId} for update`);
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId));
  return row ?? null;
}

/** What the payment step needs of an order the customer is about to pay. */
export interface PayableOrder {
  id: number;
  orderNumber: string;
  totalCents: number;
  paymentIntentId: string | null;
}

/** The customer's own pending, unpaid order; refuses paid and cancelled orders with a clear message. */
export async function payableOrder(db: Db, orderId: number, userId: number): Promise<PayableOrder> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row || row.userId !== userId) throw new NotFoundError(ORDER_NOT_FOUND);
  if (row.paidAt) throw new ConflictError("This order has already been paid.");
  if (row.status !== "pending") throw new ConflictError("This order was cancelled. Please place your order again.");
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    totalCents: toCents(row.total) ?? 0,
    paymentIntentId: row.paymentIntentId,
  };
}

/** Remembers the provider's attempt for an unpaid order (the sweeper and the return page ask about it). */
export async function attachPaymentIntent(db: Db, orderId: number, intentId: string): Promise<void> {
  await db.update(orders).set({ paymentIntentId: intentId, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), sql`${orders.paidAt} is null`));
}

/** The id of the customer's order paid by this attempt, or null. */
export async function orderByPaymentIntent(db: Db, intentId: string, userId: number): Promise<number | null> {
  const [row] = await db.select({ id: orders.id }).from(orders)
    .where(and(eq(orders.paymentIntentId, intentId), eq(orders.userId, userId)));
  return row?.id ?? null;
}

/** Why the provider's facts do not pay this order, or null when they do. */
export function paymentMismatch(order: Pick<OrderRow, "id" | "total">, intent: PaymentIntentFacts): string | null {
  if (intent.metadata.orderId !== String(order.id)) return "This payment belongs to another order.";
  if (intent.status !== "succeeded") {
    return intent.status === "processing"
      ? "Your payment is still being processed. We will confirm your order as soon as it clears."
      : "The payment has not been completed, so the order is not paid.";
  }
  if (intent.currency.toLowerCase() !== "zar") return "The payment was made in another currency than the order's.";
  if (intent.amountCents !== toCents(order.total)) return "The payment amount does not match the order total.";
  return null;
}

/**
 * Marks the order paid, once: status processing with the payment's id, the ordered units removed
 * from the cart, the coupon use kept, loyalty points credited, the confirmation e-mail queued. A
 * payment for an order the sweeper had cancelled revives it when the stock is still there; otherwise
 * the payment is recorded on the cancelled order for a refund.
 */
export async function finalizePaidOrder(
  db: Db,
  orderId: number,
  intent: PaymentIntentFacts,
  opts: FinalizeOptions,
): Promise<{ order: OrderDetail; newlyPaid: boolean }> {
  const now = opts.now ?? new Date();
  const outcome = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    const mismatch = paymentMismatch(order, intent);
    if (mismatch) throw new ConflictError(mismatch);
    if (order.paidAt) {
      if (order.paymentId === intent.id) return { newlyPaid: false };
      throw new ConflictError("This order has already been paid with another payment.");
    }
    if (order.status === "cancelled" && !(await revive(tx, order, now))) {
      await tx.update(orders).set({
        paymentId: intent.id,
        paidAt: now,
        notes: [order.notes, "Paid after it was cancelled and the stock was gone: refund the customer."]
          .filter(Boolean).join("\n"),
        updatedAt: now,
      }).where(eq(orders.id, orderId));
      return { newlyPaid: false };
    }
    await tx.update(orders).set({
      status: "processing",
      paymentId: intent.id,
      paymentIntentId: intent.id,
      paidAt: now,
      paymentError: null,
      updatedAt: now,
    }).where(eq(orders.id, orderId));
    if (order.userId !== null) await afterPayment(tx, order, opts, now);
    return { newlyPaid: true };
  });
  const [order] = await loadOrders(db, [orderId]);
  return { order, newlyPaid: outcome.newlyPaid };
}

/** A cancelled order paid late takes its stock and coupon use back, if it can. */
async function revive(tx: Db, order: OrderRow, now: Date): Promise<boolean> {
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  try {
    await tx.transaction(async (sp) => {
      await takeStock(sp, lines.filter((l) => l.productId !== null).map((l) => ({ ...l, productId: l.productId! })));
    });
  } catch (err) {
    if (err instanceof ConflictError) return false;
    throw err;
  }
  if (order.couponId !== null) {
    await tx.insert(couponUsage).values({
      couponId: order.couponId,
      userId: order.userId,
      orderId: order.id,
      discountAmount: order.discountAmount,
      createdAt: now,
    });
  }
  await tx.update(orders).set({ cancelledAt: null, cancelReason: null }).where(eq(orders.id, order.id));
  return true;
}

/** Cart, points and e-mail: everything a paid order sets off for its customer. */
async function afterPayment(tx: Db, order: OrderRow, opts: FinalizeOptions, now: Date): Promise<void> {
  const userId = order.userId!;
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  // Only what was ordered leaves the cart: anything added since stays there.
  for (const line of lines) {
    if (line.productId === null) continue;
    const same = and(
      eq(cartItems.userId, userId),
      eq(cartItems.productId, line.productId),
      eq(cartItems.variantKey, line.variantId ?? 0),
    );
    await tx.delete(cartItems).where(and(same, sql`${cartItems.quantity} <= ${line.quantity}`));
    await tx.update(cartItems).set({ quantity: sql`${cartItems.quantity} - ${line.quantity}` }).where(same);
  }
  if (order.couponId !== null) {
    await tx.delete(cartCoupons).where(and(eq(cartCoupons.userId, userId), eq(cartCoupons.couponId, order.couponId)));
  }
  const totalCents = toCents(order.total) ?? 0;
  await awardOrderPoints(tx, { userId, orderId: order.id, orderNumber: order.orderNumber, totalCents });
  const [user] = await tx.select({ email: users.email, firstName: users.firstName, username: users.username })
    .from(users).where(and(eq(users.id, userId), sql`${users.deletedAt} is null`));
  if (!user) return;
  const [detail] = await loadOrders(tx, [order.id]);
  await enqueueEmail(
    tx,
    orderConfirmationEmail({
      to: user.email,
      name: user.firstName ?? user.username,
      order: detail,
      points: pointsForPaidTotal(totalCents),
      shop: opts.shop,
      siteUrl: opts.siteUrl,
    }),
    now,
  );
}

/**
 * The provider reported a failed attempt. The customer may try again with another card, so the order
 * stays open (the sweeper cancels it after 30 minutes); an attempt cancelled for good cancels it now.
 */
export async function recordPaymentFailure(
  db: Db,
  orderId: number,
  intent: PaymentIntentFacts,
  now = new Date(),
): Promise<void> {
  const [order] = await db.select({ id: orders.id, paidAt: orders.paidAt }).from(orders).where(eq(orders.id, orderId));
  if (!order || order.paidAt || intent.metadata.orderId !== String(orderId)) return;
  if (intent.status === "canceled") {
    await cancelOrder(db, orderId, "The payment was cancelled", now);
    return;
  }
  await db.update(orders).set({ paymentError: intent.lastError ?? "The payment failed.", updatedAt: now })
    .where(and(eq(orders.id, orderId), sql`${orders.paidAt} is null`));
}
