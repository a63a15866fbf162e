/**
 * Payments the shop took but must give back (docs/decisions/0034, 0055), each recorded once in
 * owed_refunds and refunded through the provider that took it:
 * - "late": the order's own payment reached it after it was cancelled. A cancelled order is never
 *   revived (its stock, coupon use or reward code may have gone to another order meanwhile), so the
 *   money goes back, the refund is recorded on the order (order_refunds, orders.refundedAmount, an
 *   audit_logs row) and the customer is told by e-mail.
 * - "extra": a second real payment for an order already paid (card then PayFast, two PayFast
 *   payments). It is refunded and recorded without touching the order's own payment or its
 *   refundable amount; staff get an order note, an audit_logs row and an e-mail, the customer an
 *   e-mail.
 * The e-mails are composed and queued by flows/owed_refund_notices.ts (OwedRefundNotices).
 * The provider is called outside any transaction with an idempotency key (a retry never refunds
 * twice); the outcome is recorded under the owed row's lock, once. A provider that fails leaves the
 * refund owed: the sweeper tries again later and later, and after MAX_REFUND_ATTEMPTS failures it
 * stops and tells staff to refund by hand. PayFast has no refund API: its refund is recorded as
 * "manual" and staff are told to complete it in the PayFast dashboard.
 */
import { logError } from "../../lib/error_log.ts";
import { and, asc, eq, lte } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { auditLogs, orderRefunds, orders, owedRefunds } from "../../db/schema/mod.ts";
import { formatMoney, toCents, toNumeric } from "../../lib/money.ts";
import type { PaymentGateway, RefundFacts } from "../payments/types.ts";
import { lockOrder, writeOrderNote } from "../orders/mod.ts";
import type { FinalizeOptions } from "./payment.ts";

/** audit_logs.action of a refunded late payment (entityType "order", entityId the order's id). */
export const PAYMENT_REFUNDED = "payment_refunded";
/** audit_logs.action of a second payment for a paid order, given back (or left to staff for PayFast). */
export const EXTRA_PAYMENT_REFUNDED = "extra_payment_refunded";
/** audit_logs.action when the shop stopped trying to refund a payment: staff must do it by hand. */
export const REFUND_GIVEN_UP = "refund_given_up";
/** What the order's notes say while the refund is owed, and once it was made. */
export const REFUND_DUE_NOTE = "Paid after it was cancelled: the payment is being refunded.";
/** Failed attempts after which the sweeper stops and tells staff (a bound, so it never loops forever). */
export const MAX_REFUND_ATTEMPTS = 5;

/** Why the payment goes back: "late" (after the order was cancelled) or "extra" (a second payment). */
export type OwedKind = "late" | "extra";

/** The providers that can give money back: the shop's card gateway, PayFast and Stitch (any may be off). */
export interface RefundGateways {
  main: PaymentGateway | null;
  payfast: PaymentGateway | null;
  stitch?: PaymentGateway | null;
}

export type OwedRow = typeof owedRefunds.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

/**
 * Who hears of a refund: the e-mails, composed and queued by flows/owed_refund_notices.ts. Each hook
 * runs inside the transaction that records what it tells, so the e-mail is queued with it or not at all.
 */
export interface OwedRefundNotices {
  /** Staff must know of or act on this money; `body` is also the note this domain adds to the order. */
  staff(tx: Db, order: OrderRow, body: string, now: Date): Promise<void>;
  /** The customer's payment went back (or, PayFast, is on its way back by staff's hand). */
  customer(tx: Db, order: OrderRow, kind: OwedKind, refund: RefundFacts, now: Date): Promise<void>;
}

export interface RefundOptions {
  notices: OwedRefundNotices;
  now?: Date;
}

/**
 * owed_refunds.provider of a payment: "payfast", "stitch", or "card" for the shop's one card gateway
 * (its facts name no provider). Always the same name for the same payment, whichever path reported it.
 */
export function owedProvider(provider: string | undefined): string {
  return provider === "payfast" || provider === "stitch" ? provider : "card";
}

/** The gateway that gives back a payment of `provider` (owed_refunds.provider), or null when it is off. */
function gatewayFor(provider: string, gateways: RefundGateways): PaymentGateway | null {
  if (provider === "payfast") return gateways.payfast;
  if (provider === "stitch") return gateways.stitch ?? null;
  return gateways.main;
}

/**
 * Records a payment to give back, in the caller's transaction. Once per provider payment: a second
 * report of it (a re-delivered webhook or ITN, also one arriving at the same moment, which waits on
 * the unique key) records nothing. Returns whether this call recorded it.
 */
export async function recordOwedRefund(
  tx: Db,
  owed: {
    orderId: number;
    kind: OwedKind;
    /** The payment facts' provider: "payfast", or none for the card gateway's. */
    provider: string | undefined;
    paymentId: string;
    amountCents: number;
    now: Date;
  },
): Promise<boolean> {
  const inserted = await tx.insert(owedRefunds).values({
    orderId: owed.orderId,
    kind: owed.kind,
    provider: owedProvider(owed.provider),
    paymentId: owed.paymentId,
    amount: toNumeric(owed.amountCents),
    createdAt: owed.now,
    nextAttemptAt: owed.now,
  }).onConflictDoNothing().returning({ id: owedRefunds.id });
  return inserted.length > 0;
}

/** When the sweeper may try again after `attempts` failures: 4, 16, 64 minutes ... (an outage passes). */
function retryAt(now: Date, attempts: number): Date {
  return new Date(now.getTime() + 60_000 * 4 ** Math.min(attempts, 6));
}

/**
 * What is left to give back: the owed amount, and for the order's own (late) payment never more than
 * the order's refunds recorded so far leave (staff may have refunded part of it).
 */
function amountToRefund(owed: OwedRow, order: OrderRow): number {
  const amount = toCents(owed.amount) ?? 0;
  if (owed.kind !== "late") return amount;
  const left = (toCents(order.total) ?? 0) - (toCents(order.refundedAmount) ?? 0);
  return Math.max(0, Math.min(amount, left));
}

/**
 * Tries to give one owed payment back through its provider, then records the outcome. Returns the
 * refund when this call recorded it; null when it was settled already, nothing was left to give
 * back, or the attempt failed (counted; the last allowed failure tells staff).
 */
export async function settleOwedRefund(
  db: Db,
  owedId: number,
  gateways: RefundGateways,
  opts: RefundOptions,
): Promise<RefundFacts | null> {
  const now = opts.now ?? new Date();
  const [owed] = await db.select().from(owedRefunds).where(eq(owedRefunds.id, owedId));
  if (!owed || owed.status !== "owed") return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, owed.orderId));
  if (!order) return null;
  const amountCents = amountToRefund(owed, order);
  if (amountCents === 0) {
    // Refunded already by other means (staff, before this record existed): nothing is owed.
    await db.update(owedRefunds).set({ status: "refunded", settledAt: now, lastError: null })
      .where(and(eq(owedRefunds.id, owedId), eq(owedRefunds.status, "owed")));
    return null;
  }
  const gateway = gatewayFor(owed.provider, gateways);
  let refund: RefundFacts;
  try {
    if (!gateway) throw new Error(`the shop is not connected to the provider (${owed.provider}) now`);
    // Outside any transaction: no row stays locked while the provider answers. The key makes a retry
    // (after a lost answer or a failed write below) return this same refund instead of a second one.
    refund = await gateway.refund({
      intentId: owed.paymentId,
      amountCents,
      idempotencyKey: `refund-${owed.paymentId}-${order.orderNumber}`,
      metadata: {
        orderId: String(order.id),
        orderNumber: order.orderNumber,
        reason: owed.kind === "late" ? "paid after the order was cancelled" : "a second payment for a paid order",
      },
    });
    if (refund.status === "failed" || refund.status === "canceled") {
      throw new Error(`the provider's refund ${refund.id} ended ${refund.status}`);
    }
  } catch (err) {
    await recordFailure(db, owed, order, err, opts, now);
    throw err;
  }
  const recorded = await db.transaction(async (tx) => {
    await lockOrder(tx, owed.orderId);
    const [again] = await tx.select().from(owedRefunds).where(eq(owedRefunds.id, owedId)).for("update");
    if (again?.status !== "owed") return false;
    const manual = refund.status === "manual";
    await tx.update(owedRefunds).set({
      status: manual ? "manual" : "refunded",
      providerRefundId: refund.id,
      settledAt: now,
      lastError: null,
    }).where(eq(owedRefunds.id, owedId));
    if (owed.kind === "late") await recordLateRefund(tx, owed, order, refund, gateway!, opts, now);
    else await recordExtraRefund(tx, owed, order, refund, opts, now);
    await opts.notices.customer(tx, order, owed.kind, refund, now);
    return true;
  });
  return recorded ? refund : null;
}

/** The order's own payment went back: an order_refunds row, the refunded amount, the audit row, the notes. */
async function recordLateRefund(
  tx: Db,
  owed: OwedRow,
  order: OrderRow,
  refund: RefundFacts,
  gateway: PaymentGateway,
  opts: RefundOptions,
  now: Date,
): Promise<void> {
  const manual = refund.status === "manual";
  const reason = "Paid after the order was cancelled; a cancelled order is not revived, so the payment was refunded.";
  // Read under the lock: what staff refunded meanwhile is counted, so the total is never exceeded.
  const [locked] = await tx.select({ refunded: orders.refundedAmount, notes: orders.notes }).from(orders)
    .where(eq(orders.id, order.id));
  const before = toCents(locked.refunded) ?? 0;
  await tx.insert(orderRefunds).values({
    orderId: order.id,
    amount: toNumeric(refund.amountCents),
    reason,
    provider: gateway.provider,
    providerRefundId: refund.id,
    status: manual ? "manual" : refund.status === "succeeded" ? "succeeded" : "pending",
    restock: [],
    createdBy: null,
    createdAt: now,
  });
  const notes = (locked.notes ?? "").replace(REFUND_DUE_NOTE, "").trim();
  const done = manual
    ? `Paid after it was cancelled: to be refunded in full in the ${providerName(owed.provider)} dashboard.`
    : `Paid after it was cancelled: refunded in full (${refund.id}).`;
  await tx.update(orders).set({
    refundedAmount: toNumeric(before + refund.amountCents),
    notes: [notes, done].filter(Boolean).join("\n"),
    updatedAt: now,
  }).where(eq(orders.id, order.id));
  await tx.insert(auditLogs).values({
    userId: null,
    entityType: "order",
    entityId: order.id,
    action: PAYMENT_REFUNDED,
    details: {
      orderNumber: order.orderNumber,
      customerId: order.userId,
      paymentId: owed.paymentId,
      refundId: refund.id,
      refundStatus: refund.status,
      amountCents: refund.amountCents,
      reason,
    },
    createdAt: now,
  });
  // Money the shop cannot send back itself: staff must act, so they are told where they look.
  if (manual) await tellStaff(tx, order, manualRefundTask(owed, refund.amountCents), opts, now);
}

/** A second payment went back (or, PayFast, must be given back by staff): note, audit row, staff e-mail. */
async function recordExtraRefund(
  tx: Db,
  owed: OwedRow,
  order: OrderRow,
  refund: RefundFacts,
  opts: RefundOptions,
  now: Date,
): Promise<void> {
  const manual = refund.status === "manual";
  const what =
    `A second payment of ${formatMoney(refund.amountCents)} (${providerName(owed.provider)} ${owed.paymentId}) ` +
    `reached order ${order.orderNumber}, which was already paid with ${order.paymentId ?? "another payment"}.`;
  const body = manual
    ? `${what} ${manualRefundTask(owed, refund.amountCents)}`
    : `${what} It was refunded automatically (${refund.id}); the order's own payment is unchanged.`;
  await tx.insert(auditLogs).values({
    userId: null,
    entityType: "order",
    entityId: order.id,
    action: EXTRA_PAYMENT_REFUNDED,
    details: {
      orderNumber: order.orderNumber,
      provider: owed.provider,
      paymentId: owed.paymentId,
      refundId: refund.id,
      refundStatus: refund.status,
      amountCents: refund.amountCents,
      reason: body,
    },
    createdAt: now,
  });
  await tellStaff(tx, order, body, opts, now);
}

/** An internal note on the order (its timeline shows it) and the e-mail to the shop's contact address. */
async function tellStaff(tx: Db, order: OrderRow, body: string, opts: RefundOptions, now: Date): Promise<void> {
  await writeOrderNote(tx, { orderId: order.id, userId: null, body, at: now });
  await opts.notices.staff(tx, order, body, now);
}

/** The provider's name as staff know it. */
function providerName(provider: string): string {
  return provider === "payfast" ? "PayFast" : provider === "stitch" ? "Stitch" : "card";
}

/** What staff must do for a refund the provider does not take from the shop (PayFast). */
function manualRefundTask(owed: OwedRow, amountCents: number): string {
  return `${providerName(owed.provider)} does not take refunds from the shop: refund ${formatMoney(amountCents)} ` +
    `of payment ${owed.paymentId} in the ${providerName(owed.provider)} dashboard.`;
}

/** A failed attempt: counted, retried later; the last allowed one gives up and tells staff. */
async function recordFailure(
  db: Db,
  owed: OwedRow,
  order: OrderRow,
  err: unknown,
  opts: RefundOptions,
  now: Date,
): Promise<void> {
  const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(owedRefunds).where(eq(owedRefunds.id, owed.id)).for("update");
    if (row?.status !== "owed") return;
    const attempts = row.attempts + 1;
    const givenUp = attempts >= MAX_REFUND_ATTEMPTS;
    await tx.update(owedRefunds).set({
      attempts,
      lastError: message,
      nextAttemptAt: retryAt(now, attempts),
      ...(givenUp ? { status: "failed", settledAt: now } : {}),
    }).where(eq(owedRefunds.id, owed.id));
    if (!givenUp) return;
    const amount = formatMoney(toCents(row.amount) ?? 0);
    const body =
      `The shop could not refund ${amount} (${
        row.kind === "late" ? "paid after the order was cancelled" : "a second payment"
      }, ` +
      `${
        providerName(row.provider)
      } payment ${row.paymentId}): ${attempts} attempts failed, the last with "${message}". ` +
      `It will not be tried again: refund it by hand in the ${providerName(row.provider)} dashboard.`;
    await tx.insert(auditLogs).values({
      userId: null,
      entityType: "order",
      entityId: order.id,
      action: REFUND_GIVEN_UP,
      details: { provider: row.provider, paymentId: row.paymentId, attempts, lastError: message, reason: body },
      createdAt: now,
    });
    await tellStaff(tx, order, body, opts, now);
  });
}

/**
 * Gives back, at once, what this order owes and its provider can refund now (after a payment was
 * recorded). A failure is logged and left to the sweeper; without the provider in hand nothing is
 * tried (the sweeper does it).
 */
export async function refundOwedForOrder(
  db: Db,
  orderId: number,
  gateways: RefundGateways,
  opts: RefundOptions,
): Promise<number> {
  const owed = await db.select({ id: owedRefunds.id, provider: owedRefunds.provider }).from(owedRefunds)
    .where(and(eq(owedRefunds.orderId, orderId), eq(owedRefunds.status, "owed")));
  let refunded = 0;
  for (const row of owed) {
    if (!gatewayFor(row.provider, gateways)) continue;
    try {
      if (await settleOwedRefund(db, row.id, gateways, opts)) refunded++;
    } catch (err) {
      // Counted as a failed attempt and still owed: the sweeper retries it.
      logError("refunding a payment the shop cannot keep failed", err, { job: "refund", orderId });
    }
  }
  return refunded;
}

/**
 * Refunds every payment still owed whose next attempt is due (run by the sweeper every minute), each
 * through the provider that took it. Returns how many were given back this run.
 */
export async function refundOwedPayments(
  db: Db,
  gateways: RefundGateways,
  opts: RefundOptions & { batch?: number },
): Promise<number> {
  const now = opts.now ?? new Date();
  const due = await db.select({ id: owedRefunds.id, orderId: owedRefunds.orderId }).from(owedRefunds)
    .where(and(eq(owedRefunds.status, "owed"), lte(owedRefunds.nextAttemptAt, now)))
    .orderBy(asc(owedRefunds.nextAttemptAt), asc(owedRefunds.id)).limit(opts.batch ?? 50);
  let refunded = 0;
  for (const { id, orderId } of due) {
    try {
      if (await settleOwedRefund(db, id, gateways, { ...opts, now })) refunded++;
    } catch (err) {
      // Counted; tried again later, and given up (staff told) after MAX_REFUND_ATTEMPTS.
      logError("refunding an owed payment failed", err, { job: "refund-owed-payments", orderId });
    }
  }
  return refunded;
}

/** The gateways that give back what an order cannot keep, from the finalisation options. */
export function refundGateways(opts: Pick<FinalizeOptions, "payments" | "payfast" | "stitch">): RefundGateways {
  return { main: opts.payments ?? null, payfast: opts.payfast ?? null, stitch: opts.stitch ?? null };
}
