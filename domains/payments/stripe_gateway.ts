/**
 * The Stripe gateway: the real `stripe` SDK (fetch + Web Crypto under Deno). Amounts are cents in
 * rand ("zar"); webhooks are checked with the async signature API, the only one that works here.
 * `apiBase` points the SDK at another server (tests run it against tests/fakes/stripe_api.ts).
 */
import Stripe from "stripe";
import { ValidationError } from "../../lib/errors.ts";
import type {
  CreateIntentInput,
  PaymentEvent,
  PaymentGateway,
  PaymentIntentFacts,
  RefundFacts,
  RefundInput,
} from "./types.ts";
import { PaymentRefusedError } from "./types.ts";

export interface StripeGatewayOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret?: string;
  /** e.g. http://127.0.0.1:12111 instead of https://api.stripe.com. */
  apiBase?: string;
}

/** Stripe's ids are letters, digits and underscores; anything else is no attempt of ours. */
const INTENT_ID = /^pi_[A-Za-z0-9_]{1,200}$/;

/** Where the SDK sends its requests, from an API base URL. */
function hostOptions(apiBase: string | undefined): Partial<Stripe.StripeConfig> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

/** The facts the shop keeps of a Stripe PaymentIntent. */
export function intentFacts(pi: Stripe.PaymentIntent): PaymentIntentFacts {
  return {
    id: pi.id,
    status: pi.status as PaymentIntentFacts["status"],
    amountCents: pi.amount,
    currency: String(pi.currency).toLowerCase(),
    metadata: { ...(pi.metadata ?? {}) },
    lastError: pi.last_payment_error?.message ?? null,
    ...(pi.client_secret ? { clientSecret: pi.client_secret } : {}),
  };
}

/** The facts the shop keeps of a Stripe Refund. */
function refundFacts(refund: Stripe.Refund): RefundFacts {
  return { id: refund.id, status: (refund.status ?? "pending") as RefundFacts["status"], amountCents: refund.amount };
}

function stripeErrorCode(err: unknown): string | undefined {
  return err instanceof Stripe.errors.StripeError ? err.code : undefined;
}

export function stripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const stripe = new Stripe(options.secretKey, {
    ...hostOptions(options.apiBase),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "reptile-basics-shop" },
  });

  async function retrieve(id: string): Promise<PaymentIntentFacts | null> {
    if (!INTENT_ID.test(id)) return null;
    try {
      return intentFacts(await stripe.paymentIntents.retrieve(id));
    } catch (err) {
      if (stripeErrorCode(err) === "resource_missing") return null;
      throw err;
    }
  }

  return {
    provider: "stripe",
    publishableKey: options.publishableKey,

    async createIntent(input: CreateIntentInput) {
      const pi = await stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          automatic_payment_methods: { enabled: true },
          ...(input.metadata ? { metadata: input.metadata } : {}),
          ...(input.description ? { description: input.description } : {}),
        },
        input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : undefined,
      );
      if (!pi.client_secret) throw new Error(`Stripe returned PaymentIntent ${pi.id} without a client secret`);
      return { id: pi.id, clientSecret: pi.client_secret };
    },

    retrieveIntent: retrieve,

    async cancelIntent(id: string) {
      if (!INTENT_ID.test(id)) return null;
      try {
        return intentFacts(await stripe.paymentIntents.cancel(id));
      } catch (err) {
        const code = stripeErrorCode(err);
        if (code === "resource_missing") return null;
        // Refused because the attempt is no longer open: it may have just succeeded. Ask what it is
        // now rather than assume it is dead (a paid order must never be cancelled on a guess).
        if (code === "payment_intent_unexpected_state") return await retrieve(id);
        throw err;
      }
    },

    async refund(input: RefundInput) {
      if (!INTENT_ID.test(input.intentId)) throw new PaymentRefusedError("There is no such payment to refund.");
      try {
        return refundFacts(
          await stripe.refunds.create(
            {
              payment_intent: input.intentId,
              amount: input.amountCents,
              // The key in the metadata finds this refund again after Stripe forgot the key (24 h).
              metadata: { ...input.metadata, idempotencyKey: input.idempotencyKey },
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        );
      } catch (err) {
        if (stripeErrorCode(err) === "charge_already_refunded") {
          // Refunded before under this key (the key expires after 24 hours): report that refund.
          const earlier = await stripe.refunds.list({ payment_intent: input.intentId, limit: 100 });
          const done = earlier.data.find((r) => r.metadata?.idempotencyKey === input.idempotencyKey);
          if (done) return refundFacts(done);
        }
        // Stripe answered with a refusal (amount too large, nothing to refund...): no money moved.
        if (err instanceof Stripe.errors.StripeInvalidRequestError || err instanceof Stripe.errors.StripeCardError) {
          throw new PaymentRefusedError(`Stripe refused the refund: ${err.message}`);
        }
        throw err;
      }
    },

    async verifyWebhook(rawBody: string, signatureHeader: string | null) {
      if (!options.webhookSecret) throw new ValidationError("Stripe webhooks are not configured on this shop.");
      if (!signatureHeader) throw new ValidationError("The webhook has no Stripe-Signature header.");
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signatureHeader, options.webhookSecret);
      } catch {
        throw new ValidationError("The webhook signature is invalid or too old.");
      }
      return paymentEvent(event);
    },
  };
}

/** A verified Stripe event as the shop sees it: payment_intent.* events carry the attempt's facts. */
export function paymentEvent(event: Stripe.Event): PaymentEvent {
  const object = event.data?.object as { object?: string } | undefined;
  const isIntent = event.type.startsWith("payment_intent.") && object?.object === "payment_intent";
  return {
    id: event.id,
    type: event.type,
    intent: isIntent ? intentFacts(object as Stripe.PaymentIntent) : null,
  };
}
