/**
 * Provider webhook events, handled once each: the event's id is recorded in payment_events after it
 * was handled, and a replayed or re-delivered event is recognised and changes nothing. Handling is
 * itself idempotent, so two copies arriving at the same moment still pay an order once.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { paymentEvents } from "../../db/schema/mod.ts";
import { AppError } from "../../lib/errors.ts";
import type { PaymentEvent } from "../payments/types.ts";
import { type FinalizeOptions, finalizePaidOrder, recordPaymentFailure } from "./payment.ts";

export interface EventOutcome {
  /** The event was seen before and ignored. */
  duplicate: boolean;
  /** What was done, for the log. */
  result: "paid" | "already-paid" | "failure-recorded" | "refused" | "ignored";
  message?: string;
}

export async function handlePaymentEvent(db: Db, event: PaymentEvent, opts: FinalizeOptions): Promise<EventOutcome> {
  const [seen] = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, event.id));
  if (seen) return { duplicate: true, result: "ignored" };
  const orderId = Number(event.intent?.metadata.orderId);
  const outcome = Number.isSafeInteger(orderId) && orderId > 0 && event.intent
    ? await handle(db, orderId, event, opts)
    : { duplicate: false, result: "ignored" as const };
  await db.insert(paymentEvents).values({
    id: event.id,
    type: event.type.slice(0, 80),
    orderId: outcome.result === "ignored" ? null : orderId,
    receivedAt: opts.now ?? new Date(),
  }).onConflictDoNothing();
  return outcome;
}

async function handle(db: Db, orderId: number, event: PaymentEvent, opts: FinalizeOptions): Promise<EventOutcome> {
  const intent = event.intent!;
  try {
    switch (event.type) {
      case "payment_intent.succeeded": {
        const { newlyPaid } = await finalizePaidOrder(db, orderId, intent, opts);
        return { duplicate: false, result: newlyPaid ? "paid" : "already-paid" };
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
