/**
 * The payment gateway as the rest of the shop sees it: Stripe in production, an offline test
 * provider on a fresh machine. Everything the shop decides about money comes from these facts,
 * fetched by the server from the provider, never from the browser's word.
 */

import { ConflictError } from "../../lib/errors.ts";

/** A payment attempt as the provider reports it. */
export interface PaymentIntentFacts {
  id: string;
  /** Stripe's PaymentIntent statuses; only "succeeded" means money was taken. */
  status:
    | "requires_payment_method"
    | "requires_confirmation"
    | "requires_action"
    | "processing"
    | "requires_capture"
    | "canceled"
    | "succeeded";
  amountCents: number;
  /** Lower case ISO code, "zar". */
  currency: string;
  metadata: Record<string, string>;
  /** The provider's message for the last failed attempt, when there was one. */
  lastError: string | null;
  /**
   * The secret the browser confirms the attempt with (so a reloaded payment step can reuse a live
   * attempt instead of starting another); absent when the provider did not say.
   */
  clientSecret?: string;
  /**
   * The provider that reported these facts when it is not the shop's card gateway (PayFast,
   * Stitch): finalisation records it as the order's payment method.
   */
  provider?: "payfast" | "stitch";
}

/** A verified webhook event about a payment attempt. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** The attempt the event is about (null for event types the shop does not handle). */
  intent: PaymentIntentFacts | null;
}

export interface CreateIntentInput {
  amountCents: number;
  currency: "zar";
  metadata?: Record<string, string>;
  description?: string;
  /** Makes a repeated create (double click, retry) return the same attempt. */
  idempotencyKey?: string;
}

export interface RefundInput {
  /** The succeeded attempt whose money goes back. */
  intentId: string;
  amountCents: number;
  /** Makes a repeated refund (a retry after a lost answer) return the first refund, not a second one. */
  idempotencyKey: string;
  metadata?: Record<string, string>;
}

/**
 * The provider answered a refund (or another request) with a refusal: the money did not move. Its
 * message is the provider's own, shown to staff (409).
 */
export class PaymentRefusedError extends ConflictError {
  constructor(message: string) {
    super(message);
  }
}

/**
 * A refund as the provider reports it; "pending" and "succeeded" both mean the money is on its way
 * back; "manual": recorded only, staff complete it in the provider's dashboard (PayFast; Stitch
 * without its refunds product).
 */
export interface RefundFacts {
  id: string;
  status: "pending" | "requires_action" | "succeeded" | "failed" | "canceled" | "manual";
  amountCents: number;
}

export interface PaymentGateway {
  /**
   * "stripe" with keys; "test" for the offline provider (never in production); "payfast" and
   * "stitch" beside either.
   */
  provider: "stripe" | "test" | "payfast" | "stitch";
  /** For the browser's Stripe.js; null for the test provider. */
  publishableKey: string | null;
  createIntent(input: CreateIntentInput): Promise<{ id: string; clientSecret: string }>;
  /** The attempt as the provider knows it, or null when the provider has no such attempt. */
  retrieveIntent(id: string): Promise<PaymentIntentFacts | null>;
  /**
   * Cancels an attempt that must no longer be paid and returns the provider's final word on it:
   * status "canceled", or "succeeded" (or "processing") when the payment got there first and the
   * cancel was refused; null when the provider has no such attempt. Callers decide on this answer,
   * never on having asked.
   */
  cancelIntent(id: string): Promise<PaymentIntentFacts | null>;
  /**
   * Gives back `amountCents` of a succeeded attempt's money (all of it, or part: several partial
   * refunds may follow one another up to the amount paid). Throws PaymentRefusedError when the
   * provider refuses; the same idempotency key never refunds twice.
   */
  refund(input: RefundInput): Promise<RefundFacts>;
  /** Checks a webhook's signature on the raw body; throws ValidationError when forged, stale or unsigned. */
  verifyWebhook(rawBody: string, signatureHeader: string | null): Promise<PaymentEvent>;
}
