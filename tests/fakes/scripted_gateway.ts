/**
 * A payment provider whose attempts a test sets by hand, for HTTP tests of the pages and endpoints
 * that must ask the provider before believing anything (the Stripe wire format is covered by
 * tests/fakes/stripe_api.ts and the real SDK). `payBeforeCancel` makes the next cancel of that
 * attempt lose the race to the payment, as Stripe answers when the customer paid a moment earlier.
 */
import type { PaymentGateway, PaymentIntentFacts, RefundFacts, RefundInput } from "../../domains/payments/mod.ts";

export function scriptedGateway() {
  const intents = new Map<string, PaymentIntentFacts>();
  const refunds: (RefundInput & { id: string })[] = [];
  const payBeforeCancel = new Set<string>();
  const gateway: PaymentGateway = {
    provider: "test",
    publishableKey: null,
    createIntent: () => Promise.reject(new Error("not used")),
    retrieveIntent: (id) => Promise.resolve(intents.get(id) ?? null),
    cancelIntent: (id) => {
      const intent = intents.get(id);
      if (!intent) return Promise.resolve(null);
      if (payBeforeCancel.delete(id)) intents.set(id, { ...intent, status: "succeeded", lastError: null });
      else if (intent.status !== "succeeded") intents.set(id, { ...intent, status: "canceled" });
      return Promise.resolve(intents.get(id)!);
    },
    refund: (input) => {
      const intent = intents.get(input.intentId);
      if (intent?.status !== "succeeded") {
        return Promise.reject(new Error(`${input.intentId} has no payment to refund`));
      }
      const earlier = refunds.find((r) => r.idempotencyKey === input.idempotencyKey);
      const refund = earlier ?? { ...input, id: `re_${refunds.length + 1}` };
      if (!earlier) refunds.push(refund);
      const facts: RefundFacts = { id: refund.id, status: "succeeded", amountCents: refund.amountCents };
      return Promise.resolve(facts);
    },
    verifyWebhook: () => Promise.reject(new Error("not used")),
  };
  return { gateway, intents, refunds, payBeforeCancel };
}
