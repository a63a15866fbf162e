/**
 * The offline test provider: stands in for Stripe outside production when no keys are set, so the
 * whole purchase path works on a fresh machine. Attempts live in memory (one instance per app);
 * the customer "pays" with one of two well-known test card numbers and nothing else.
 */
import { ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import {
  type CreateIntentInput,
  type PaymentGateway,
  type PaymentIntentFacts,
  PaymentRefusedError,
  type RefundFacts,
  type RefundInput,
} from "./types.ts";

/** The card that pays. */
export const TEST_CARD_SUCCESS = "4242 4242 4242 4242";
/** The card that is declined. */
export const TEST_CARD_DECLINE = "4000 0000 0000 0002";
export const CARD_DECLINED = "Your card was declined.";
export const USE_TEST_CARD = "Use the test card 4242 4242 4242 4242 (or 4000 0000 0000 0002 to see a decline).";
export const UNKNOWN_TEST_PAYMENT = "This payment was not found. Please start the payment again.";
export const NOTHING_TO_REFUND = "Only a completed payment can be refunded.";
/** The test provider's refusal of a refund above what is left of the payment. */
export function refundTooLarge(leftCents: number): string {
  return `The refund is more than the R${(leftCents / 100).toFixed(2)} left of this payment.`;
}

/** Oldest attempts are forgotten beyond this many, so a busy demo cannot grow memory without end. */
const MAX_ATTEMPTS = 10_000;

export interface TestGateway extends PaymentGateway {
  provider: "test";
  publishableKey: null;
  /**
   * "Pays" the attempt behind `clientSecret` with a test card: 4242... succeeds, 4000...0002 is
   * declined (the attempt stays open for another try); any other number is refused unchanged.
   */
  confirmTestCard(clientSecret: string, cardNumber: string): Promise<PaymentIntentFacts>;
}

function randomToken(bytes: number): string {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(buf, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function isTestGateway(gateway: PaymentGateway | null | undefined): gateway is TestGateway {
  return gateway?.provider === "test" && typeof (gateway as Partial<TestGateway>).confirmTestCard === "function";
}

export function testGateway(): TestGateway {
  const attempts = new Map<string, PaymentIntentFacts & { clientSecret: string; refunds?: RefundFacts[] }>();
  /** Refunds by idempotency key: the same key answers the same refund. */
  const refundsByKey = new Map<string, RefundFacts>();
  const byKey = new Map<string, string>();

  function remember(attempt: PaymentIntentFacts & { clientSecret: string }, key?: string) {
    attempts.set(attempt.id, attempt);
    if (key) byKey.set(key, attempt.id);
    while (attempts.size > MAX_ATTEMPTS) attempts.delete(attempts.keys().next().value!);
    while (byKey.size > MAX_ATTEMPTS) byKey.delete(byKey.keys().next().value!);
  }

  const copy = ({ refunds: _refunds, ...a }: PaymentIntentFacts & { refunds?: RefundFacts[] }): PaymentIntentFacts => ({
    ...a,
    metadata: { ...a.metadata },
  });

  return {
    provider: "test",
    publishableKey: null,

    createIntent(input: CreateIntentInput) {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1) {
        return Promise.reject(new ValidationError("The amount must be a positive number of cents."));
      }
      const known = input.idempotencyKey ? attempts.get(byKey.get(input.idempotencyKey) ?? "") : undefined;
      if (known) return Promise.resolve({ id: known.id, clientSecret: known.clientSecret });
      const id = `pi_test_${randomToken(12)}`;
      const attempt = {
        id,
        status: "requires_payment_method" as const,
        amountCents: input.amountCents,
        currency: input.currency,
        metadata: { ...input.metadata },
        lastError: null,
        clientSecret: `${id}_secret_${randomToken(12)}`,
      };
      remember(attempt, input.idempotencyKey);
      return Promise.resolve({ id, clientSecret: attempt.clientSecret });
    },

    retrieveIntent(id: string) {
      const attempt = attempts.get(id);
      return Promise.resolve(attempt ? copy(attempt) : null);
    },

    cancelIntent(id: string) {
      const attempt = attempts.get(id);
      if (!attempt) return Promise.resolve(null);
      // Like Stripe: a paid attempt stays paid, and the answer says so.
      if (attempt.status !== "succeeded") attempt.status = "canceled";
      return Promise.resolve(copy(attempt));
    },

    refund(input: RefundInput) {
      const known = refundsByKey.get(input.idempotencyKey);
      if (known) return Promise.resolve({ ...known });
      const attempt = attempts.get(input.intentId);
      if (!attempt || attempt.status !== "succeeded") return Promise.reject(new PaymentRefusedError(NOTHING_TO_REFUND));
      const refunds = attempt.refunds ??= [];
      const left = attempt.amountCents - refunds.reduce((sum, r) => sum + r.amountCents, 0);
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1 || input.amountCents > left) {
        return Promise.reject(new PaymentRefusedError(left > 0 ? refundTooLarge(left) : NOTHING_TO_REFUND));
      }
      const refund: RefundFacts = {
        id: `re_test_${randomToken(12)}`,
        status: "succeeded",
        amountCents: input.amountCents,
      };
      refunds.push(refund);
      refundsByKey.set(input.idempotencyKey, refund);
      while (refundsByKey.size > MAX_ATTEMPTS) refundsByKey.delete(refundsByKey.keys().next().value!);
      return Promise.resolve({ ...refund });
    },

    verifyWebhook() {
      return Promise.reject(new ValidationError("The offline test payment provider sends no webhooks."));
    },

    confirmTestCard(clientSecret: string, cardNumber: string) {
      const id = clientSecret.split("_secret_")[0];
      const attempt = attempts.get(id);
      if (!attempt || attempt.clientSecret !== clientSecret) {
        return Promise.reject(new NotFoundError(UNKNOWN_TEST_PAYMENT));
      }
      if (attempt.status === "succeeded") return Promise.resolve(copy(attempt));
      if (attempt.status === "canceled") {
        return Promise.reject(new ConflictError("This payment was cancelled. Please start the payment again."));
      }
      const digits = cardNumber.replace(/[\s-]/g, "");
      if (digits === TEST_CARD_SUCCESS.replaceAll(" ", "")) {
        attempt.status = "succeeded";
        attempt.lastError = null;
      } else if (digits === TEST_CARD_DECLINE.replaceAll(" ", "")) {
        attempt.status = "requires_payment_method";
        attempt.lastError = CARD_DECLINED;
      } else {
        return Promise.reject(new ValidationError(USE_TEST_CARD));
      }
      return Promise.resolve(copy(attempt));
    },
  };
}
