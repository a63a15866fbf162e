/**
 * A payment provider whose attempts a test sets by hand, for HTTP tests of the pages and endpoints
 * that must ask the provider before believing anything (the Stripe wire format is covered by
 * tests/fakes/stripe_api.ts and the real SDK).
 */
import type { PaymentGateway, PaymentIntentFacts } from "../../domains/payments/mod.ts";

export function scriptedGateway() {
  const intents = new Map<string, PaymentIntentFacts>();
  const gateway: PaymentGateway = {
    provider: "test",
    publishableKey: null,
    createIntent: () => Promise.reject(new Error("not used")),
    retrieveIntent: (id) => Promise.resolve(intents.get(id) ?? null),
    cancelIntent: (id) => {
      const intent = intents.get(id);
      if (intent) intents.set(id, { ...intent, status: "canceled" });
      return Promise.resolve();
    },
    verifyWebhook: () => Promise.reject(new Error("not used")),
  };
  return { gateway, intents };
}
