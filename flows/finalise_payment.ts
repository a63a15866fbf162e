/**
 * The finalise-payment workflow: the one code path by which an order becomes paid, whether the word
 * comes from PATCH /api/orders/{id}/payment, a Stripe webhook, the return from a redirect-based
 * method, the sweeper or the offline test provider. It trusts only facts the server fetched from the
 * provider, checks them against the order, and is idempotent: a second call for the same payment
 * changes nothing (no second e-mail, no second set of points).
 *
 * Steps, in one transaction under the order's row lock: check the facts (paymentMismatch) -> mark
 * the order paid -> cart, points and referral credit (afterPayment) -> tax invoice (without its
 * number) -> confirmation e-mail into the outbox; after the commit, the invoice's number. A payment
 * the order cannot keep (late, or a second one) is recorded as owed and given back after the commit
 * (domains/checkout/refund.ts).
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { cartCoupons, cartItems, orders, users } from "../db/schema/mod.ts";
import { ConflictError, NotFoundError } from "../lib/errors.ts";
import { logError } from "../lib/error_log.ts";
import { toCents } from "../lib/money.ts";
import { enqueueEmail, type OutgoingEmail } from "../domains/mail/mod.ts";
import { pointsForPaidTotal } from "../domains/loyalty/mod.ts";
import { cancelOrder, loadOrders, lockOrder, ORDER_NOT_FOUND, type OrderDetail } from "../domains/orders/mod.ts";
import type { PaymentIntentFacts } from "../domains/payments/types.ts";
import { invoiceAttachmentRef, numberTaxInvoice, prepareTaxInvoice } from "../domains/tax_documents/mod.ts";
import {
  type FinalizeOptions,
  intentIsForOrder,
  PAYMENT_NOT_COMPLETED,
  paymentMismatch,
  type PaymentReturn,
  recordOwedRefund,
  REFUND_DUE_NOTE,
  refundGateways,
  refundOwedForOrder,
  VAT_RATE_PERCENT,
} from "../domains/checkout/mod.ts";
import { orderConfirmationEmail } from "./order_confirmation_email.ts";
import { owedRefundNotices } from "./owed_refund_notices.ts";
import { dispatchOrderEvent, handleOrderEventsHere, recordOrderEvent } from "./order_events.ts";

/** What finalisation made of a payment. */
export interface FinalizeOutcome {
  order: OrderDetail;
  /** This call paid the order. */
  newlyPaid: boolean;
  /** The payment was a second one for an order already paid: recorded to be given back. */
  extraPayment: boolean;
}

type OrderRow = typeof orders.$inferSelect;

/**
 * Marks the order paid, once: status processing with the payment's id, the ordered units removed
 * from the cart, the coupon use kept, loyalty points credited, the confirmation e-mail queued. Only a
 * still-pending order is paid (checked on its locked row). A payment that arrives for a cancelled
 * order never revives it (docs/decisions/0034): its stock, coupon use or reward code may have gone
 * to another order meanwhile, so the payment is recorded on the cancelled order and refunded
 * (refund.ts): at once when the options carry the provider, else by the sweeper. A second real
 * payment for an order already paid is never kept either: it is recorded apart from the order's own
 * payment and refunded the same way (docs/decisions/0055).
 */
export async function finalizePaidOrder(
  db: Db,
  orderId: number,
  intent: PaymentIntentFacts,
  opts: FinalizeOptions,
): Promise<FinalizeOutcome> {
  const outcome = await finalizePayment(db, orderId, intent, opts);
  const [order] = await loadOrders(db, [orderId]);
  return { order, ...outcome };
}

/**
 * finalizePaidOrder for a caller that does not show the order afterwards (a webhook, the test
 * card, the sweeper): the same finalisation without reading the order back.
 */
export async function finalizePayment(
  db: Db,
  orderId: number,
  intent: PaymentIntentFacts,
  opts: FinalizeOptions,
): Promise<Omit<FinalizeOutcome, "order">> {
  const now = opts.now ?? new Date();
  const { eventId, ...outcome } = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    const mismatch = paymentMismatch(order, intent);
    if (mismatch) throw new ConflictError(mismatch);
    const owed = { orderId, provider: intent.provider, paymentId: intent.id, amountCents: intent.amountCents, now };
    if (order.paidAt) {
      if (order.paymentId === intent.id) return { newlyPaid: false, extraPayment: false, eventId: null };
      // Money the order did not ask for: recorded once (a re-delivery finds it) and given back.
      await recordOwedRefund(tx, { ...owed, kind: "extra" });
      return { newlyPaid: false, extraPayment: true, eventId: null };
    }
    if (order.status !== "pending") {
      await tx.update(orders).set({
        ...(intent.provider ? { paymentMethod: intent.provider } : {}),
        paymentId: intent.id,
        paymentIntentId: intent.id,
        paidAt: now,
        notes: [order.notes, REFUND_DUE_NOTE].filter(Boolean).join("\n"),
        updatedAt: now,
      }).where(eq(orders.id, orderId));
      await recordOwedRefund(tx, { ...owed, kind: "late" });
      return { newlyPaid: false, extraPayment: false, eventId: null };
    }
    await tx.update(orders).set({
      status: "processing",
      // PayFast's facts name it; a card payment keeps the method set when the order was placed.
      ...(intent.provider ? { paymentMethod: intent.provider } : {}),
      paymentId: intent.id,
      paymentIntentId: intent.id,
      paidAt: now,
      paymentError: null,
      updatedAt: now,
    }).where(eq(orders.id, orderId));
    const after = order.userId === null ? null : await afterPayment(tx, order, opts, now);
    const confirmation = after?.confirmation ?? null;
    // Points and the referral credit follow 'order.paid' here, under the order's lock this
    // transaction holds (decision 0085), before the invoice's number locks the sequence; a handler
    // that fails leaves the event to the dispatch after the commit and the job.
    const handled = after?.eventId ? await handleOrderEventsHere(tx, order.id) : false;
    // The tax invoice is prepared with the payment (a rollback takes it back) and numbered after the
    // commit (decision 0086): its sequence is locked for one statement, not for this transaction.
    await prepareTaxInvoice(tx, order, opts.shop, now, VAT_RATE_PERCENT);
    if (confirmation) {
      await enqueueEmail(
        tx,
        {
          ...confirmation,
          orderId: order.id,
          // Drawn by the mail sender when it sends the message, from the stored invoice.
          attachments: [invoiceAttachmentRef(order.id)],
        },
        now,
      );
    }
    return { newlyPaid: true, extraPayment: false, eventId: handled ? null : after?.eventId ?? null };
  });
  // Outside the transaction (no row locked while the provider answers); a no-op unless this order
  // owes a refund. A failure stays owed for the sweeper.
  // An order this call paid was pending and unpaid under its lock, and refunds are owed only on
  // orders paid or cancelled before (recordOwedRefund's two callers above): nothing to look up.
  // Committed: the invoice gets its number (a crash before this leaves it to the numbering job),
  // and an 'order.paid' event its transaction could not handle is handed over now (the job retries
  // what fails here).
  if (outcome.newlyPaid) {
    await numberTaxInvoice(db, orderId).catch((err) =>
      logError("numbering a tax invoice failed; the tax invoice numbers job retries it", err, { orderId })
    );
  }
  await dispatchOrderEvent(db, eventId);
  if (!opts.refundLater && !outcome.newlyPaid) {
    await refundOwedForOrder(db, orderId, refundGateways(opts), { ...opts, notices: owedRefundNotices(opts) });
  }
  return outcome;
}

/**
 * Cart and the 'order.paid' event (points and referral credit follow it: flows/order_events.ts):
 * what a paid order sets off for its customer. Answers the event's id and the confirmation e-mail
 * (null when the account is gone).
 */
async function afterPayment(
  tx: Db,
  order: OrderRow,
  opts: FinalizeOptions,
  now: Date,
): Promise<{ eventId: number | null; confirmation: OutgoingEmail | null }> {
  const userId = order.userId!;
  const totalCents = toCents(order.total) ?? 0;
  // Independent statements of one transaction are sent together (postgres.js writes what is asked
  // in the same tick at once, and PostgreSQL runs them in the order sent): one round trip, not five.
  const [[detail], eventId, [user]] = await Promise.all([
    loadOrders(tx, [order.id]),
    recordOrderEvent(tx, order.id, "order.paid", {
      userId,
      orderNumber: order.orderNumber,
      totalCents,
      paidAt: now.toISOString(),
    }),
    tx.select({ email: users.email, firstName: users.firstName, username: users.username })
      .from(users).where(and(eq(users.id, userId), sql`${users.deletedAt} is null`)),
    order.couponId === null
      ? null
      : tx.delete(cartCoupons).where(and(eq(cartCoupons.userId, userId), eq(cartCoupons.couponId, order.couponId))),
  ]);
  // Only what was ordered leaves the cart: anything added since stays there. Each line's delete
  // goes before its update (same connection, in order).
  await Promise.all(detail.items.flatMap((line) => {
    if (line.productId === null) return [];
    const same = and(
      eq(cartItems.userId, userId),
      eq(cartItems.productId, line.productId),
      eq(cartItems.variantKey, line.variantId ?? 0),
    );
    return [
      tx.delete(cartItems).where(and(same, sql`${cartItems.quantity} <= ${line.quantity}`)).execute(),
      tx.update(cartItems).set({ quantity: sql`${cartItems.quantity} - ${line.quantity}` }).where(same).execute(),
    ];
  }));
  if (!user) return { eventId, confirmation: null };
  return {
    eventId,
    confirmation: orderConfirmationEmail({
      to: user.email,
      name: user.firstName ?? user.username,
      order: detail,
      points: pointsForPaidTotal(totalCents),
      shop: opts.shop,
      siteUrl: opts.siteUrl,
      invoiceAttached: true,
    }),
  };
}

/**
 * The provider reported a failed attempt. The customer may try again with another card, so the order
 * stays open (the sweeper cancels it after 30 minutes); an attempt cancelled for good cancels it now,
 * unless `keepOrderOpen`: the customer is back at the shop (the provider's return, the confirmation
 * page) and is sent to the payment step, which starts a fresh attempt.
 */
export async function recordPaymentFailure(
  db: Db,
  orderId: number,
  intent: PaymentIntentFacts,
  now = new Date(),
  opts: { keepOrderOpen?: boolean } = {},
): Promise<void> {
  const [order] = await db.select({
    id: orders.id,
    orderNumber: orders.orderNumber,
    paidAt: orders.paidAt,
    paymentIntentId: orders.paymentIntentId,
    total: orders.total,
  }).from(orders).where(eq(orders.id, orderId));
  if (!order || order.paidAt || !intentIsForOrder(order, intent)) return;
  // An attempt for another amount was replaced when the total changed (a reward code): its end,
  // often the very cancel that replaced it, says nothing about the order as it stands now.
  if (intent.amountCents !== toCents(order.total)) return;
  // Only the order's current attempt can end it: a late or re-delivered 'canceled' event for an
  // attempt the customer has since replaced must not cancel the order they are paying right now.
  const current = order.paymentIntentId === null || order.paymentIntentId === intent.id;
  if (intent.status === "canceled" && !opts.keepOrderOpen && current) {
    await cancelOrder(db, orderId, "The payment was cancelled", now);
    return;
  }
  await db.update(orders).set({
    paymentError: intent.lastError ??
      (intent.status === "canceled" ? "The payment was cancelled." : "The payment failed."),
    updatedAt: now,
  }).where(and(eq(orders.id, orderId), sql`${orders.paidAt} is null`));
}

/**
 * The customer is back from paying (a 3-D Secure page, a bank redirect, or the payment form itself):
 * finalise a succeeded attempt, wait on one still processing, and otherwise record the failure and
 * say why, so the customer can pay again. `intent` is what the server fetched from the provider.
 */
export async function settleReturnedPayment(
  db: Db,
  orderId: number,
  intent: PaymentIntentFacts | null,
  opts: FinalizeOptions,
): Promise<PaymentReturn> {
  if (intent?.status === "succeeded") {
    try {
      await finalizePayment(db, orderId, intent, opts);
      return { outcome: "paid" };
    } catch (err) {
      if (err instanceof ConflictError) return { outcome: "failed", message: err.message };
      throw err;
    }
  }
  if (intent?.status === "processing" || intent?.status === "requires_capture") return { outcome: "processing" };
  if (intent) await recordPaymentFailure(db, orderId, intent, opts.now, { keepOrderOpen: true });
  return { outcome: "failed", message: intent?.lastError ?? PAYMENT_NOT_COMPLETED };
}
