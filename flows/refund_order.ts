/**
 * The refund saga: staff give back part or all of what a paid order's customer paid, through the
 * provider that took the payment, with an optional restock of chosen lines (docs/decisions/0024).
 *
 *   step                                                  compensation
 *   1. reserveRefund   order row locked: a pending        rollBackReservation: the row deleted,
 *                      order_refunds row, refundedAmount  refundedAmount lowered again
 *                      raised (two staff queue here and
 *                      never refund more than was paid)
 *   2. gateway.refund  the provider, outside any          none: a refusal moved no money; a lost
 *                      transaction, with an idempotency   answer is safe to retry (same key)
 *                      key
 *   3. completeRefund  one transaction: status, credit    none: the money is back with the customer
 *                      note, restock, order status,
 *                      audit, e-mail, 'order.refunded'
 *   4. dispatch        after the commit: the event's      none: a failure is left to the 'order
 *                      handlers take the points back and  events' job (flows/order_events.ts)
 *                      reverse the referral (full refund)
 *
 * From the admin button: routes/admin/orders.tsx (or routes/api/admin_orders.ts) -> refundOrder here
 * -> PaymentGateway.refund (domains/payments/types.ts, one implementation per provider); the points
 * and the referral: the 'order.refunded' handler in flows/order_events.ts (docs/decisions/0080).
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { orderItems, orderRefunds, orders, type RestockLine } from "../db/schema/mod.ts";
import { ConflictError, NotFoundError } from "../lib/errors.ts";
import { toCents, toNumeric } from "../lib/money.ts";
import { recordAudit } from "../domains/admin_audit/mod.ts";
import {
  ALREADY_REFUNDED,
  checkedRestock,
  MANUAL_REFUND_PROVIDERS,
  NOT_PAID_REFUND,
  orderRecipient,
  REFUNDABLE_STATUSES,
  refundableCents,
  type RefundOptions,
  type RefundRequest,
  refundTooLargeMessage,
} from "../domains/fulfilment/mod.ts";
import {
  cancelLockedOrder,
  loadOrders,
  lockOrder,
  ORDER_NOT_FOUND,
  type OrderDetail,
  releaseStock,
  writeOrderNote,
} from "../domains/orders/mod.ts";
import { enqueueEmail, orderRefundedEmail } from "../domains/mail/mod.ts";
import { issueCreditNote } from "../domains/tax_documents/mod.ts";
import {
  type PaymentGateway,
  PaymentRefusedError,
  type RefundFacts,
  STITCH_MANUAL_REFUND,
} from "../domains/payments/mod.ts";
import { dispatchOrderEvent, recordOrderEvent } from "./order_events.ts";

type OrderRow = typeof orders.$inferSelect;

/**
 * What staff are told after recording a refund they must still make themselves: always for PayFast;
 * for Stitch when `byHand` (STITCH_REFUNDS=manual: the client has no Stitch refunds product).
 */
export function manualRefundNotice(paymentMethod: string | null, byHand = false): string | null {
  if (paymentMethod === "stitch" && byHand) {
    return `The refund and its credit note are recorded. ${STITCH_MANUAL_REFUND}`;
  }
  const name = paymentMethod ? MANUAL_REFUND_PROVIDERS.get(paymentMethod) : undefined;
  return name
    ? `The refund and its credit note are recorded. ${name} does not take refunds from the shop: complete the refund in the ${name} dashboard.`
    : null;
}

/** The reservation: checks, then the pending refund row and the raised refundedAmount, under the row lock. */
interface Reservation {
  order: OrderRow;
  refundId: number | null;
  amountCents: number;
  refundedBeforeCents: number;
  restock: RestockLine[];
  /** The provider has no refund API: nothing is sent, the refund is recorded as "manual". */
  manual: boolean;
}

async function reserveRefund(
  db: Db,
  gateway: PaymentGateway | null,
  req: RefundRequest,
  cancel: boolean,
  now: Date,
  checkStatus: (order: OrderRow) => void,
): Promise<Reservation> {
  return await db.transaction(async (tx) => {
    const order = await lockOrder(tx, req.orderId);
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    checkStatus(order);
    const refundable = refundableCents(order);
    const amountCents = cancel ? refundable : req.amountCents;
    if (!cancel) {
      if (!order.paidAt || !REFUNDABLE_STATUSES.has(order.status)) {
        throw new ConflictError(order.status === "refunded" ? ALREADY_REFUNDED : NOT_PAID_REFUND);
      }
      if (refundable === 0) throw new ConflictError(ALREADY_REFUNDED);
      if (amountCents > refundable) throw new ConflictError(refundTooLargeMessage(refundable));
    }
    const restock = await checkedRestock(tx, order.id, cancel ? "all" : req.restock);
    const refundedBeforeCents = toCents(order.refundedAmount) ?? 0;
    const manual = MANUAL_REFUND_PROVIDERS.has(order.paymentMethod ?? "");
    if (amountCents === 0) return { order, refundId: null, amountCents, refundedBeforeCents, restock, manual };
    if (!manual && (!gateway || !order.paymentId || order.paymentMethod !== gateway.provider)) {
      throw new ConflictError(
        `This order was paid through ${order.paymentMethod ?? "another provider"}, which the shop is not connected ` +
          "to now: refund it in that provider's dashboard.",
      );
    }
    const [row] = await tx.insert(orderRefunds).values({
      orderId: order.id,
      amount: toNumeric(amountCents),
      reason: req.reason,
      provider: manual ? order.paymentMethod! : gateway!.provider,
      status: "pending",
      restock,
      createdBy: req.userId,
      createdAt: now,
    }).returning({ id: orderRefunds.id });
    // Written as the new figure, not `+ amount`: only the row lock above keeps two refunds apart.
    await tx.update(orders).set({ refundedAmount: toNumeric(refundedBeforeCents + amountCents), updatedAt: now })
      .where(eq(orders.id, order.id));
    return { order, refundId: row.id, amountCents, refundedBeforeCents, restock, manual };
  });
}

/** The provider refused (or did not answer): the reservation goes, the order is as it was. */
async function rollBackReservation(db: Db, r: Reservation, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOrder(tx, r.order.id);
    await tx.delete(orderRefunds).where(eq(orderRefunds.id, r.refundId!));
    await tx.update(orders).set({
      refundedAmount: sql`greatest(${orders.refundedAmount} - ${toNumeric(r.amountCents)}::numeric, 0)`,
      updatedAt: now,
    }).where(eq(orders.id, r.order.id));
  });
}

/**
 * Refunds part or all of what an order's customer paid (or, with `cancel`, everything left and
 * every unit, and cancels the order). Returns the order as it now is. Throws ConflictError (409)
 * above the refundable amount, for an unpaid order, a restock beyond what was ordered, or when the
 * provider refuses (its message; the order is then unchanged).
 */
export async function refundOrder(
  db: Db,
  gateway: PaymentGateway | null,
  req: RefundRequest,
  opts: RefundOptions & {
    cancel?: { checkStatus: (order: OrderRow) => void; note: string | null };
  },
): Promise<OrderDetail> {
  const now = opts.now ?? new Date();
  const cancel = opts.cancel ?? null;
  // Step 1: reserve (compensation: rollBackReservation).
  const r = await reserveRefund(db, gateway, req, cancel !== null, now, cancel?.checkStatus ?? (() => {}));
  // Step 2: the provider (outside any transaction; its idempotency key makes a retry safe).
  let facts: RefundFacts | null = null;
  if (r.refundId !== null && !r.manual) {
    try {
      facts = await gateway!.refund({
        intentId: r.order.paymentId!,
        amountCents: r.amountCents,
        // The same refund tried again after a lost answer gets the same key: never refunded twice.
        idempotencyKey: `order-${r.order.id}-refund-${r.refundedBeforeCents}-${r.amountCents}`,
        metadata: { orderId: String(r.order.id), orderNumber: r.order.orderNumber },
      });
    } catch (err) {
      // The provider refused or did not answer: compensate step 1.
      await rollBackReservation(db, r, now);
      if (err instanceof PaymentRefusedError) throw err;
      throw new ConflictError(
        `The payment provider did not answer (${err instanceof Error ? err.message : String(err)}). ` +
          "Nothing was recorded; trying again is safe, the provider never refunds the same request twice.",
      );
    }
  }
  // Step 3: complete (the provider has given the money back: nothing after this is undone).
  const eventId = await completeRefund(db, gateway, req, r, facts, cancel, opts, now);
  // Step 4, committed: the points and the referral follow the 'order.refunded' event now, before
  // the answer (the job retries what fails here).
  await dispatchOrderEvent(db, eventId);
  const [detail] = await loadOrders(db, [r.order.id]);
  return detail;
}

/**
 * Step 3 of the refund saga, in one transaction under the order's row lock: the refund row takes the
 * provider's word, the credit note is issued, chosen units go back on the shelf, the status follows
 * (refunded, or cancelled with `cancel`), the audit rows, the customer's e-mail and the refund's
 * 'order.refunded' event (points and referral follow it) are written. Returns the event's id (null
 * when nothing was refunded).
 */
async function completeRefund(
  db: Db,
  gateway: PaymentGateway | null,
  req: RefundRequest,
  r: Reservation,
  facts: RefundFacts | null,
  cancel: { checkStatus: (order: OrderRow) => void; note: string | null } | null,
  opts: RefundOptions,
  now: Date,
): Promise<number | null> {
  return await db.transaction(async (tx) => {
    const order = (await lockOrder(tx, r.order.id))!;
    if (r.refundId !== null) {
      await tx.update(orderRefunds).set({
        // "manual": recorded only; staff complete it in the provider's dashboard (PayFast).
        status: r.manual || facts?.status === "manual"
          ? "manual"
          : facts!.status === "succeeded"
          ? "succeeded"
          : "pending",
        providerRefundId: facts?.id ?? null,
      }).where(eq(orderRefunds.id, r.refundId));
      // The refund is given (or, pending, on its way at the provider): its credit note is issued now,
      // in this transaction (docs/decisions/0032).
      await issueCreditNote(tx, r.refundId, opts.shop, now);
    }
    const lines = r.restock.length ? await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)) : [];
    await releaseStock(
      tx,
      r.restock.flatMap((l) => {
        const line = lines.find((x) => x.id === l.orderItemId);
        return line?.productId ? [{ productId: line.productId, variantId: line.variantId, quantity: l.quantity }] : [];
      }),
      { reason: "refund_restock", orderId: order.id, actorUserId: req.userId, at: now },
    );
    const refundedCents = toCents(order.refundedAmount) ?? 0;
    const fully = refundedCents >= (toCents(order.total) ?? 0);
    const to = cancel ? "cancelled" : fully ? "refunded" : order.status;
    if (cancel) {
      await cancelLockedOrder(tx, order.id, cancel.note ?? req.reason, now, { restock: false });
      await writeOrderNote(tx, { orderId: order.id, userId: req.userId, body: cancel.note, at: now });
    } else if (to !== order.status) {
      await tx.update(orders).set({ status: to, updatedAt: now }).where(eq(orders.id, order.id));
    }
    if (r.refundId !== null) {
      await recordAudit(tx, {
        userId: req.userId,
        entityType: "order",
        entityId: order.id,
        action: "refund",
        details: {
          refundId: r.refundId,
          amount: r.amountCents / 100,
          reason: req.reason,
          provider: r.manual ? order.paymentMethod : gateway!.provider,
          providerRefundId: facts?.id ?? null,
          providerStatus: r.manual ? "manual" : facts!.status,
          restock: r.restock,
          refundedAmount: { before: r.refundedBeforeCents / 100, after: refundedCents / 100 },
          // pointsTakenBack: added by the 'order.refunded' event's handler, which takes them.
        },
      });
    }
    if (to !== order.status) {
      await recordAudit(tx, {
        userId: req.userId,
        entityType: "order",
        entityId: order.id,
        action: "status_change",
        details: {
          from: order.status,
          to,
          ...(cancel?.note ? { note: cancel.note } : {}),
          ...(r.refundId !== null ? { refunded: r.amountCents / 100 } : {}),
          ...(cancel ? { restocked: r.restock } : {}),
        },
      });
    }
    const recipient = r.refundId !== null ? await orderRecipient(tx, order.userId) : null;
    if (recipient) {
      await enqueueEmail(
        tx,
        orderRefundedEmail({
          ...recipient,
          orderId: order.id,
          orderNumber: order.orderNumber,
          shop: opts.shop,
          siteUrl: opts.siteUrl,
          amountCents: r.amountCents,
          refundedCents,
          reason: req.reason,
          cancelled: cancel !== null,
        }),
        now,
      );
    }
    if (r.refundId === null) return null;
    return await recordOrderEvent(tx, order.id, "order.refunded", {
      refundId: r.refundId,
      userId: order.userId,
      orderNumber: order.orderNumber,
      amountCents: r.amountCents,
      refundedCents,
      full: fully,
      refundedAt: now.toISOString(),
    });
  });
}
