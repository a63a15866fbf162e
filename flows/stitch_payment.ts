/**
 * Paying an order by Stitch pay-by-bank (instant EFT): a payment request for the customer's own
 * unpaid order (its total from the database), and Stitch's word that pays it. That word is always
 * the request's state as the server asked Stitch for it (the `node` query), after a verified
 * webhook or on the customer's return; neither a webhook body nor the return's query string pays
 * anything. A completed request pays the order through the one finalisation every payment uses
 * (confirmation e-mail, tax invoice, points), checked against the order's number, total and
 * currency; it is recorded in payment_events, so a repeated or concurrent webhook changes nothing.
 * A completed request for a cancelled order, or a second one for a paid order, is recorded as owed
 * and given back through Stitch (decisions 0034, 0055).
 */
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { awaitingPayment } from "../db/awaiting_payment.ts";
import { orders, paymentEvents } from "../db/schema/mod.ts";
import { logError } from "../lib/error_log.ts";
import { AppError, ConflictError } from "../lib/errors.ts";
import { toNumeric } from "../lib/money.ts";
import type { StitchGateway, StitchWebhook } from "../domains/payments/stitch.ts";
import { STITCH_ID } from "../domains/payments/stitch.ts";
import { finalizePaidOrder, settleReturnedPayment } from "./finalise_payment.ts";
import {
  type FinalizeOptions,
  payableOrder,
  PAYMENT_NOT_COMPLETED,
  paymentMismatch,
  type PaymentReturn,
  UNPAID_ORDER_TTL_MS,
} from "../domains/checkout/mod.ts";

/** A payment request stays payable at least this long, even for an order near its 30 minutes. */
const MIN_REQUEST_LIFETIME_MS = 5 * 60_000;

export interface StitchUrls {
  /** The shop's return address for the order; Stitch's URL gets it as `redirect_uri`. */
  returnUrl: (orderId: number) => string;
}

/**
 * A Stitch payment request for the customer's own pending, unpaid order, remembered on the order;
 * answers the URL the customer completes at their bank, with the shop's return address appended.
 * The request expires when the sweeper would cancel the order (Stitch has no cancel of its own).
 */
export async function startStitchPayment(
  db: Db,
  stitch: StitchGateway,
  input: { orderId: number; userId: number },
  urls: StitchUrls,
  now = new Date(),
): Promise<{ url: string; paymentRequestId: string }> {
  const order = await payableOrder(db, input.orderId, input.userId);
  const [row] = await db.select({ createdAt: orders.createdAt }).from(orders).where(eq(orders.id, order.id));
  const deadline = row.createdAt.getTime() + UNPAID_ORDER_TTL_MS;
  const created = await stitch.createPaymentRequest({
    orderId: order.id,
    orderNumber: order.orderNumber,
    totalCents: order.totalCents,
    expireAt: new Date(Math.max(deadline, now.getTime() + MIN_REQUEST_LIFETIME_MS)),
  });
  // Only while the order is still pending, unpaid and of this total (a reward code applied in
  // another tab meanwhile changed it): a request for another amount must not become the order's.
  const attached = await db.update(orders).set({ stitchPaymentRequestId: created.id, updatedAt: now })
    .where(and(
      eq(orders.id, order.id),
      awaitingPayment(),
      eq(orders.total, toNumeric(order.totalCents)),
    )).returning({ id: orders.id });
  if (attached.length === 0) {
    await payableOrder(db, input.orderId, input.userId);
    throw new ConflictError("Your order total has changed. Please reload the page to pay the new total.");
  }
  const url = new URL(created.url);
  url.searchParams.set("redirect_uri", urls.returnUrl(order.id));
  return { url: url.toString(), paymentRequestId: created.id };
}

export interface StitchWebhookOutcome {
  result:
    | "paid"
    | "already-paid"
    | "extra-payment"
    | "duplicate"
    | "failure-recorded"
    | "pending"
    | "ignored"
    | "refused";
  message?: string;
}

/** payment_events id of a payment request's final state (the id itself may be longer than the column). */
function eventId(paymentRequestId: string, status: string): string {
  const digest = createHash("sha256").update(paymentRequestId).digest("hex").slice(0, 48);
  return status === "succeeded" ? `stitch:${digest}` : `stitch:${digest}:${status}`;
}

type StitchOptions = FinalizeOptions & { stitch?: StitchGateway | null; log?: Record<string, unknown> };

/**
 * Handles a webhook whose Svix signature the gateway checked: asks Stitch for the named request's
 * state, then pays the order it names (from the request's externalReference, Stitch's record) when
 * the request completed for the order's number, total and ZAR; records a cancelled or expired
 * request as the order's payment error (the customer may pay again until the sweeper cancels the
 * order). A refusal is logged and changes nothing; a handled state is recorded and never handled
 * again. Throws (the webhook is answered 503 and retried) when Stitch gives no answer.
 */
export async function handleStitchWebhook(
  db: Db,
  stitch: StitchGateway,
  webhook: StitchWebhook,
  opts: StitchOptions,
): Promise<StitchWebhookOutcome> {
  const refuse = (message: string): StitchWebhookOutcome => {
    logError("a Stitch webhook was refused", new Error(message), {
      ...opts.log,
      svixId: webhook.messageId,
      paymentRequestId: webhook.paymentRequestId,
    });
    return { result: "refused", message };
  };
  if (!webhook.paymentRequestId) return { result: "ignored" };
  const facts = await stitch.retrieveIntent(webhook.paymentRequestId);
  if (!facts) return refuse("Stitch knows no such payment request");
  if (facts.status === "requires_action") return { result: "pending" };
  const id = eventId(facts.id, facts.status);
  const [seen] = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, id));
  if (seen) return { result: "duplicate" };
  const orderId = Number(facts.metadata.orderId);
  const [order] = Number.isSafeInteger(orderId) && orderId > 0
    ? await db.select().from(orders).where(eq(orders.id, orderId))
    : [];
  if (!order) return refuse("the payment request names no order of this shop");

  let outcome: StitchWebhookOutcome;
  if (facts.status === "succeeded") {
    const mismatch = paymentMismatch(order, facts);
    if (mismatch) return refuse(mismatch);
    try {
      const paid = await finalizePaidOrder(db, order.id, facts, { ...opts, stitch });
      outcome = { result: paid.newlyPaid ? "paid" : paid.extraPayment ? "extra-payment" : "already-paid" };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return refuse(err.message);
    }
  } else {
    if (facts.metadata.orderNumber !== order.orderNumber) return refuse("the payment request names another order");
    await recordStitchFailure(db, order.id, facts.id, facts.lastError, opts.now);
    outcome = { result: "failure-recorded" };
  }
  await db.insert(paymentEvents).values({
    id,
    type: `stitch.${facts.status}`,
    orderId: order.id,
    receivedAt: opts.now ?? new Date(),
  }).onConflictDoNothing();
  return outcome;
}

/**
 * A cancelled or expired request: its message on the order, only while the order is unpaid and the
 * request is still the order's latest (a late word about a request the customer has since replaced
 * must not show on the order they are paying now). The order stays open for another try.
 */
async function recordStitchFailure(
  db: Db,
  orderId: number,
  paymentRequestId: string,
  message: string | null,
  now = new Date(),
): Promise<void> {
  await db.update(orders).set({ paymentError: message ?? PAYMENT_NOT_COMPLETED, updatedAt: now })
    .where(and(
      eq(orders.id, orderId),
      sql`${orders.paidAt} is null`,
      eq(orders.stitchPaymentRequestId, paymentRequestId),
    ));
}

/**
 * The customer is back from their bank (Stitch's redirect to the return address, with `id` and
 * `status` in the query): the request's state is asked of Stitch and settles the order as any
 * provider's return does. `requestId` is the query's id when it looks like one (else the order's
 * latest request); the facts must name this order, so another order's request pays nothing here.
 * Still pending after a `complete` redirect: processing (the page waits and asks again).
 */
export async function settleStitchReturn(
  db: Db,
  stitch: StitchGateway,
  orderId: number,
  back: { requestId: string | null; status: string | null },
  opts: StitchOptions,
): Promise<PaymentReturn> {
  let id = back.requestId && STITCH_ID.test(back.requestId) ? back.requestId : null;
  if (!id) {
    const [row] = await db.select({ latest: orders.stitchPaymentRequestId }).from(orders).where(eq(orders.id, orderId));
    id = row?.latest ?? null;
  }
  if (!id) return { outcome: "failed", message: PAYMENT_NOT_COMPLETED };
  const facts = await stitch.retrieveIntent(id);
  if (!facts) return { outcome: "failed", message: "We could not find your bank payment. Please try again." };
  if (facts.status === "requires_action") {
    return back.status === "complete"
      ? { outcome: "processing" }
      : { outcome: "failed", message: PAYMENT_NOT_COMPLETED };
  }
  return await settleReturnedPayment(db, orderId, facts, { ...opts, stitch });
}
