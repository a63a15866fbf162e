/** The Stripe gateway with the real SDK against the fake Stripe API (tests/fakes/stripe_api.ts). */
import assert from "node:assert/strict";
import { ValidationError } from "../../lib/errors.ts";
import { parseStripeForm, startFakeStripeApi } from "../../tests/fakes/stripe_api.ts";
import { stripeGateway } from "./stripe_gateway.ts";
import type { CreateIntentInput } from "./types.ts";

const WHSEC = "whsec_test_gateway";
const options = { sanitizeOps: false, sanitizeResources: false };

/** Runs `fn` with a fresh fake and a gateway pointed at it. */
function withFake(
  name: string,
  fn: (
    fake: ReturnType<typeof startFakeStripeApi>,
    gateway: ReturnType<typeof stripeGateway>,
  ) => Promise<void>,
) {
  Deno.test({
    name,
    ...options,
    fn: async () => {
      const fake = startFakeStripeApi();
      try {
        await fn(
          fake,
          stripeGateway({
            secretKey: "sk_test_x",
            publishableKey: "pk_test_x",
            webhookSecret: WHSEC,
            apiBase: fake.url,
          }),
        );
      } finally {
        await fake.stop();
      }
    },
  });
}

Deno.test("[payments] the fake reads Stripe's nested form encoding", () => {
  assert.deepEqual(
    parseStripeForm(
      "amount=100&metadata[orderId]=7&metadata[orderNumber]=RB-1&automatic_payment_methods[enabled]=true",
    ),
    { amount: "100", metadata: { orderId: "7", orderNumber: "RB-1" }, automatic_payment_methods: { enabled: "true" } },
  );
  assert.deepEqual(parseStripeForm("expand[]=a&expand[]=b&items[0][price]=p"), {
    expand: ["a", "b"],
    items: [{ price: "p" }],
  });
});

withFake(
  "[payments] Stripe: an intent is created in cents in zar, with metadata and an idempotency key",
  async (fake, gateway) => {
    assert.equal(gateway.provider, "stripe");
    assert.equal(gateway.publishableKey, "pk_test_x");
    const intent: CreateIntentInput = {
      amountCents: 129_900,
      currency: "zar",
      metadata: { orderId: "7", orderNumber: "RB-123" },
      description: "Reptile Basics order RB-123",
      idempotencyKey: "order-7-1",
    };
    const created = await gateway.createIntent(intent);
    assert.match(created.id, /^pi_/);
    assert.match(created.clientSecret, new RegExp(`^${created.id}_secret_`));
    const [req] = fake.requests;
    assert.equal(req.method, "POST");
    assert.equal(req.path, "/v1/payment_intents");
    assert.equal(req.idempotencyKey, "order-7-1");
    assert.deepEqual(req.body, {
      amount: "129900",
      currency: "zar",
      automatic_payment_methods: { enabled: "true" },
      metadata: { orderId: "7", orderNumber: "RB-123" },
      description: "Reptile Basics order RB-123",
    });
    const again = await gateway.createIntent(intent);
    assert.deepEqual(again, created, "the same key gives the same attempt");
    assert.equal(fake.intents.size, 1);
  },
);

withFake("[payments] Stripe: retrieve maps the intent to facts; unknown ids are null", async (fake, gateway) => {
  const { id, clientSecret } = await gateway.createIntent({
    amountCents: 5_000,
    currency: "zar",
    metadata: { orderId: "3" },
  });
  assert.deepEqual(await gateway.retrieveIntent(id), {
    id,
    status: "requires_payment_method",
    amountCents: 5_000,
    currency: "zar",
    metadata: { orderId: "3" },
    lastError: null,
    clientSecret,
  });
  fake.setStatus(id, "requires_payment_method", "Your card was declined.");
  assert.equal((await gateway.retrieveIntent(id))?.lastError, "Your card was declined.");
  fake.setStatus(id, "succeeded");
  assert.equal((await gateway.retrieveIntent(id))?.status, "succeeded");
  assert.equal(await gateway.retrieveIntent("pi_doesnotexist"), null);
  const before = fake.requests.length;
  assert.equal(await gateway.retrieveIntent("../v1/customers"), null);
  assert.equal(fake.requests.length, before, "a malformed id is never sent");
});

withFake("[payments] Stripe: cancel cancels an open intent and ignores final ones", async (fake, gateway) => {
  const open = await gateway.createIntent({ amountCents: 5_000, currency: "zar" });
  await gateway.cancelIntent(open.id);
  assert.equal(fake.intents.get(open.id)?.status, "canceled");
  await gateway.cancelIntent(open.id); // already canceled: no error
  const paid = await gateway.createIntent({ amountCents: 5_000, currency: "zar" });
  fake.setStatus(paid.id, "succeeded");
  await gateway.cancelIntent(paid.id); // succeeded: no error, still paid
  assert.equal(fake.intents.get(paid.id)?.status, "succeeded");
  await gateway.cancelIntent("pi_unknown");
});

withFake(
  "[payments] Stripe: a signed payment_intent event is verified and carries the intent's facts",
  async (fake, gateway) => {
    const { id } = await gateway.createIntent({ amountCents: 5_000, currency: "zar", metadata: { orderId: "3" } });
    fake.setStatus(id, "succeeded");
    const { body, headers } = await fake.signedWebhook(fake.event("payment_intent.succeeded", id, "evt_1"), WHSEC);
    const event = await gateway.verifyWebhook(body, headers["Stripe-Signature"]);
    assert.equal(event.id, "evt_1");
    assert.equal(event.type, "payment_intent.succeeded");
    assert.equal(event.intent?.id, id);
    assert.equal(event.intent?.status, "succeeded");
    assert.equal(event.intent?.amountCents, 5_000);
    assert.deepEqual(event.intent?.metadata, { orderId: "3" });

    const other = {
      ...fake.event("payment_intent.succeeded", id, "evt_2"),
      type: "charge.refunded",
      data: { object: { id: "ch_1", object: "charge" } },
    };
    const signed = await fake.signedWebhook(other, WHSEC);
    const ignored = await gateway.verifyWebhook(signed.body, signed.headers["Stripe-Signature"]);
    assert.equal(ignored.type, "charge.refunded");
    assert.equal(ignored.intent, null);
  },
);

withFake("[payments] Stripe: forged, stale, altered and unsigned webhooks are refused", async (fake, gateway) => {
  const { id } = await gateway.createIntent({ amountCents: 5_000, currency: "zar" });
  const event = fake.event("payment_intent.succeeded", id);
  const forged = await fake.signedWebhook(event, "whsec_someone_else");
  const stale = await fake.signedWebhook(event, WHSEC, { timestamp: Math.floor(Date.now() / 1000) - 600 });
  const good = await fake.signedWebhook(event, WHSEC);
  const cases: [string, string | null][] = [
    [forged.body, forged.headers["Stripe-Signature"]],
    [stale.body, stale.headers["Stripe-Signature"]],
    [good.body.replace('"amount":5000', '"amount":1'), good.headers["Stripe-Signature"]],
    [good.body, null],
    [good.body, "garbage"],
  ];
  for (const [body, header] of cases) {
    await assert.rejects(gateway.verifyWebhook(body, header), ValidationError);
  }
  const noSecret = stripeGateway({ secretKey: "sk_test_x", publishableKey: "pk_test_x", apiBase: fake.url });
  await assert.rejects(noSecret.verifyWebhook(good.body, good.headers["Stripe-Signature"]), ValidationError);
});
