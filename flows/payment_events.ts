/**
 * Provider webhook events, handled once each: the event's id is claimed in payment_events at the
 * start of handling, in the transaction that handles it. A copy arriving at the same moment waits on
 * that row (its insert finds the key taken once the first commits) and changes nothing; if handling
 * fails, the claim rolls back with it and the provider's retry is handled as new. A refund the
 * event leaves owed (a payment the order cannot keep) is made after the transaction commits, never
 * while it holds the order's row.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { paymentEvents } from "../db/schema/mod.ts";
import { AppError } from "../lib/errors.ts";
import type { PaymentEvent } from "../domains/payments/types.ts";
import { finalizePayment, recordPaymentFailure } from "./finalise_payment.ts";
import { owedRefundNotices } from "./owed_refund_notices.ts";
import { type FinalizeOptions, refundGateways, refundOwedForOrder } from "../domains/checkout/mod.ts";

export interface EventOutcome {
  /** The event was seen before and ignored. */
  duplicate: boolean;
  /** What was done, for the log (extra-payment: a second payment for a paid order, to be given back). */
  result: "paid" | "already-paid" | "extra-payment" | "failure-recorded" | "refused" | "ignored";
  message?: string;
}

export async function handlePaymentEvent(db: Db, event: PaymentEvent, opts: FinalizeOptions): Promise<EventOutcome> {
  const handled = await db.transaction(async (tx): Promise<{ outcome: EventOutcome; orderId: number | null }> => {
    const claimed = await tx.insert(paymentEvents).values({
      id: event.id,
      type: event.type.slice(0, 80),
      orderId: null,
      receivedAt: opts.now ?? new Date(),
    }).onConflictDoNothing().returning({ id: paymentEvents.id });
    if (!claimed.length) return { outcome: { duplicate: true, result: "ignored" }, orderId: null };
    const orderId = Number(event.intent?.metadata.orderId);
    if (!Number.isSafeInteger(orderId) || orderId <= 0 || !event.intent) {
      return { outcome: { duplicate: false, result: "ignored" }, orderId: null };
    }
    const outcome = await handle(tx, orderId, event, opts);
    if (outcome.result !== "ignored" && outcome.result !== "refused") {
      await tx.update(paymentEvents).set({ orderId }).where(eq(paymentEvents.id, event.id));
    }
    return { outcome, orderId };
  });
  const { outcome, orderId } = handled;
  if (orderId !== null && (outcome.result === "already-paid" || outcome.result === "extra-payment")) {
    // Committed: what the payment left owed is given back now (a failure stays owed for the sweeper).
    await refundOwedForOrder(db, orderId, refundGateways(opts), { ...opts, notices: owedRefundNotices(opts) });
  }
  return outcome;
}

async function handle(db: Db, orderId: number, event: PaymentEvent, opts: FinalizeOptions): Promise<EventOutcome> {
  const intent = event.intent!;
  try {
    switch (event.type) {
      case "payment_intent.succeeded": {
        const paid = await finalizePayment(db, orderId, intent, { ...opts, refundLater: true });
        return {
          duplicate: false,
          result: paid.newlyPaid ? "paid" : paid.extraPayment ? "extra-payment" : "already-paid",
        };
      }
      case "payment_intent.payment_failed":
      case "payment_intent.canceled":
        await recordPaymentFailure(db, orderId, intent, opts.now);
        return { duplicate: false, result: "failure-recorded" };
      default:
        return { duplicate: false, result: "ignored" };
    }
  } catch (err) {
    // A refusal (unknown order, amount that does not match) is final: Stripe must not retry it.
    if (err instanceof AppError) return { duplicate: false, result: "refused", message: err.message };
    throw err;
  }
}
