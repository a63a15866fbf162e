/**
 * /api/payments and /api/webhooks/stripe through the app: the real stripe SDK against the fake Stripe
 * API (tests/fakes/stripe_api.ts), the offline test provider, and production without keys.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { type TestClient, testClient } from "../helpers/client.ts";
import { registerCustomer } from "../helpers/accounts.ts";
import { customerWithOrder, orderRow } from "../helpers/orders.ts";
import Stripe from "stripe";
import { startFakeStripeApi, stripeAgainst } from "../fakes/stripe_api.ts";
import { auditLogs, emailOutbox, loyaltyLedger, paymentEvents, products } from "../../db/schema/mod.ts";
import { PAYMENT_REFUNDED } from "../../domains/checkout/mod.ts";
import { cancelOrder } from "../../domains/orders/mod.ts";
import type { Database, Db } from "../../db/client.ts";

const { test, closeDatabase } = useTestDatabase();
const fake = startFakeStripeApi();
const WHSEC = "whsec_test";
const { env: stripeEnv, sdk: stripeSdk } = stripeAgainst(fake, WHSEC);
const CONFIG_ERROR = "The payment system is not properly configured. Please contact support.";

async function postWebhook(client: TestClient, signed: { body: string; headers: Record<string, string> }) {
  return await client.request("/api/webhooks/stripe", { method: "POST", headers: signed.headers, body: signed.body });
}

/** A customer with an order (tests/helpers/orders.ts) on the shop with Stripe, and their client. */
async function stripeShopper(db: Db, database: Database) {
  const client = testClient(testApp(database, stripeEnv));
  return { client, ...await customerWithOrder(db, client) };
}

/** Stripe's servers calling the shop on `database`: no cookies, no Origin. */
const stripeServers = (database: Database) => testClient(testApp(database, stripeEnv), { origin: null });

/** Stripe tells the shop, correctly signed, of a `type` event for payment intent `intentId`. */
async function stripeSends(database: Database, type: string, intentId: string) {
  return await postWebhook(stripeServers(database), await fake.signedWebhook(fake.event(type, intentId), WHSEC));
}

test(
  "[payments] create-intent charges the order's total whatever the body says, in zar, once",
  async (db, database) => {
    const { client, order } = await stripeShopper(db, database);
    const before = fake.intents.size;
    const res = await client.postJson("/api/payments/create-intent", {
      orderId: order.id,
      amount: 1,
      currency: "zar",
      metadata: { orderId: order.id },
      description: "cheap",
    });
    assert.equal(res.status, 200, await res.clone().text());
    assert.match(res.headers.get("content-type") ?? "", /application\/json/);
    assert.equal(res.headers.get("cache-control"), "private, no-store");
    const body = await res.json();
    assert.equal(body.provider, "stripe");
    assert.equal(body.publishableKey, "pk_test_x");
    const intent = fake.lastIntent()!;
    assert.equal(fake.intents.size, before + 1);
    assert.equal(body.clientSecret, intent.client_secret);
    assert.equal(intent.amount, 99_500, "the order's total in cents, not the body's amount");
    assert.equal(intent.currency, "zar");
    assert.equal(intent.metadata.orderId, String(order.id));
    assert.equal(intent.metadata.orderNumber, order.orderNumber);
    assert.deepEqual(intent.automatic_payment_methods, { enabled: true });
    const create = fake.requests.findLast((r) => r.method === "POST" && r.path === "/v1/payment_intents")!;
    assert.equal(create.idempotencyKey, `order-${order.id}-1-${order.orderNumber}`);
    assert.equal((await orderRow(db, order.id)).paymentIntentId, intent.id);

    // A reload of the payment step pays the same attempt.
    const again = await client.postJson("/api/payments/create-intent", { orderId: order.id });
    assert.equal(again.status, 200);
    assert.equal((await again.json()).clientSecret, intent.client_secret);
    assert.equal(fake.intents.size, before + 1);

    // The spec's own body shape (orderId inside metadata) works too.
    const spec = await client.postJson("/api/payments/create-intent", {
      amount: 900,
      currency: "zar",
      metadata: { orderId: order.id },
    });
    assert.equal(spec.status, 200);
    assert.equal((await spec.json()).clientSecret, intent.client_secret);
  },
);

test(
  "[payments] create-intent: a canceled attempt is replaced under the next idempotency key",
  async (db, database) => {
    const { client, order } = await stripeShopper(db, database);
    const first = await (await client.postJson("/api/payments/create-intent", { orderId: order.id })).json();
    const firstId = first.clientSecret.split("_secret_")[0];
    fake.setStatus(firstId, "canceled");
    const res = await client.postJson("/api/payments/create-intent", { orderId: order.id });
    assert.equal(res.status, 200);
    const second = await res.json();
    assert.notEqual(second.clientSecret, first.clientSecret);
    const create = fake.requests.findLast((r) => r.method === "POST" && r.path === "/v1/payment_intents")!;
    assert.equal(create.idempotencyKey, `order-${order.id}-2-${order.orderNumber}`);
    assert.equal((await orderRow(db, order.id)).paymentIntentId, second.clientSecret.split("_secret_")[0]);
    // A late 'canceled' event for the replaced attempt must not cancel the order being paid now.
    const late = await stripeSends(database, "payment_intent.canceled", firstId);
    assert.equal(late.status, 200);
    const after = await orderRow(db, order.id);
    assert.deepEqual([after.status, after.cancelledAt], ["pending", null]);
  },
);

test(
  "[payments] create-intent: sign-in required; someone else's order is not found; bad bodies are 400",
  async (db, database) => {
    const app = testApp(database, stripeEnv);
    const owner = testClient(app);
    const { order } = await customerWithOrder(db, owner);

    const anonymous = await testClient(app).postJson("/api/payments/create-intent", { orderId: order.id });
    assert.equal(anonymous.status, 401);

    const other = testClient(app);
    await registerCustomer(other, { username: "other", email: "other@example.co.za" });
    const foreign = await other.postJson("/api/payments/create-intent", { orderId: order.id });
    assert.equal(foreign.status, 404);

    for (const body of [{}, { orderId: "abc" }, { orderId: 0 }, { orderId: order.id, currency: "usd" }]) {
      const res = await owner.postJson("/api/payments/create-intent", body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.ok((await res.json()).error);
    }
    assert.equal((await orderRow(db, order.id)).paymentIntentId, null, "no attempt was made");
  },
);

test(
  "[payments] webhook: a forged or stale signature is refused with 400 and changes nothing",
  async (db, database) => {
    const { client, order } = await stripeShopper(db, database);
    const { clientSecret } = await (await client.postJson("/api/payments/create-intent", { orderId: order.id })).json();
    const intentId = clientSecret.split("_secret_")[0];
    fake.setStatus(intentId, "succeeded");
    const event = fake.event("payment_intent.succeeded", intentId);
    // Stripe's servers send no Origin and no cookies.
    const stripe = stripeServers(database);

    const forged = await postWebhook(stripe, await fake.signedWebhook(event, "whsec_attacker"));
    assert.equal(forged.status, 400);
    assert.match(forged.headers.get("content-type") ?? "", /application\/json/);
    assert.ok((await forged.json()).error);

    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const stale = await postWebhook(stripe, await fake.signedWebhook(event, WHSEC, { timestamp: tenMinutesAgo }));
    assert.equal(stale.status, 400);

    const signed = await fake.signedWebhook(event, WHSEC);
    const unsigned = await postWebhook(stripe, { body: signed.body, headers: { "Content-Type": "application/json" } });
    assert.equal(unsigned.status, 400);

    const row = await orderRow(db, order.id);
    assert.equal(row.status, "pending");
    assert.equal(row.paidAt, null);
    assert.equal(row.paymentId, null);
    assert.deepEqual(await db.select().from(paymentEvents), []);
    assert.deepEqual(await db.select().from(loyaltyLedger), []);
  },
);

test(
  "[payments] webhook: payment_intent.succeeded pays the order once; a replay awards no second points",
  async (db, database) => {
    const { client, me, order } = await stripeShopper(db, database);
    const { clientSecret } = await (await client.postJson("/api/payments/create-intent", { orderId: order.id })).json();
    const intentId = clientSecret.split("_secret_")[0];
    fake.setStatus(intentId, "succeeded");
    const signed = await fake.signedWebhook(
      fake.event("payment_intent.succeeded", intentId, `evt_paid_${order.id}`),
      WHSEC,
    );
    const stripe = stripeServers(database);

    const res = await postWebhook(stripe, signed);
    assert.equal(res.status, 200, await res.clone().text());
    assert.deepEqual(await res.json(), { received: true, duplicate: false });
    const row = await orderRow(db, order.id);
    assert.equal(row.status, "processing");
    assert.ok(row.paidAt);
    assert.equal(row.paymentId, intentId);

    const replay = await postWebhook(stripe, signed);
    assert.equal(replay.status, 200);
    assert.deepEqual(await replay.json(), { received: true, duplicate: true });
    // Stripe may also send the same news as another event: still one award.
    const other = await fake.signedWebhook(fake.event("payment_intent.succeeded", intentId), WHSEC);
    assert.equal((await postWebhook(stripe, other)).status, 200);

    const ledger = await db.select().from(loyaltyLedger).where(eq(loyaltyLedger.userId, me.id));
    assert.equal(ledger.length, 1);
    assert.equal(ledger[0].points, 995, "1 point per rand paid, delivery included");
  },
);

test("[payments] webhook: a declined attempt is recorded on the order, which stays open", async (db, database) => {
  const { client, order } = await stripeShopper(db, database);
  const { clientSecret } = await (await client.postJson("/api/payments/create-intent", { orderId: order.id })).json();
  const intentId = clientSecret.split("_secret_")[0];
  fake.setStatus(intentId, "requires_payment_method", "Your card was declined.");
  const res = await stripeSends(database, "payment_intent.payment_failed", intentId);
  assert.equal(res.status, 200);
  const row = await orderRow(db, order.id);
  assert.equal(row.status, "pending");
  assert.equal(row.paidAt, null);
  assert.equal(row.paymentError, "Your card was declined.");
});

/** Starts the order's payment through the app and returns the attempt's id. */
async function startPayment(client: TestClient, orderId: number): Promise<string> {
  const res = await client.postJson("/api/payments/create-intent", { orderId });
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()).paymentIntentId;
}

const patchPayment = (client: TestClient, orderId: number, paymentId: string) =>
  client.postJson(`/api/orders/${orderId}/payment`, { paymentId, status: "succeeded" }, "PATCH");

test(
  "[payments] PATCH after paying through the Stripe SDK: paid once; unconfirmed or declined intents are 409",
  async (db, database) => {
    const { client, me, order } = await stripeShopper(db, database);
    const intentId = await startPayment(client, order.id);

    // Not confirmed yet: the browser's "succeeded" is not believed.
    const early = await patchPayment(client, order.id, intentId);
    assert.equal(early.status, 409);
    assert.match((await early.json()).error, /not been completed/);

    // Declined by the card network, as Stripe.js would report it.
    await assert.rejects(
      stripeSdk.paymentIntents.confirm(intentId, { payment_method: "pm_card_chargeDeclined" }),
      (err) => err instanceof Stripe.errors.StripeCardError && err.message === "Your card was declined.",
    );
    const declined = await patchPayment(client, order.id, intentId);
    assert.equal(declined.status, 409);
    assert.equal((await orderRow(db, order.id)).paidAt, null);

    // Paid with the test Visa: now the same PATCH pays the order.
    const confirmed = await stripeSdk.paymentIntents.confirm(intentId, { payment_method: "pm_card_visa" });
    assert.equal(confirmed.status, "succeeded");
    const paid = await patchPayment(client, order.id, intentId);
    assert.equal(paid.status, 200, await paid.clone().text());
    assert.match(paid.headers.get("content-type") ?? "", /application\/json/);
    const body = await paid.json();
    assert.equal(body.status, "processing");
    assert.equal(body.paymentId, intentId);
    assert.equal((await patchPayment(client, order.id, intentId)).status, 200, "a repeat is harmless");
    const ledger = await db.select().from(loyaltyLedger).where(eq(loyaltyLedger.userId, me.id));
    assert.deepEqual(ledger.map((l) => l.points), [995], "1 point per rand paid, delivery included");
  },
);

test(
  "[payments] PATCH refuses a paid intent of another shop sharing the Stripe account (same order id)",
  async (db, database) => {
    const { client, order } = await stripeShopper(db, database);
    // Staging, or a colleague's machine: its own order with our id, for the same amount, paid.
    const theirs = await stripeSdk.paymentIntents.create({
      amount: order.totalCents,
      currency: "zar",
      metadata: { orderId: String(order.id), orderNumber: "RB-0000000000001" },
    });
    await stripeSdk.paymentIntents.confirm(theirs.id, { payment_method: "pm_card_visa" });
    const res = await patchPayment(client, order.id, theirs.id);
    assert.equal(res.status, 409);
    assert.equal((await res.json()).error, "This payment belongs to another order.");
    const row = await orderRow(db, order.id);
    assert.equal(row.paidAt, null);
    assert.equal(row.status, "pending");
  },
);

test(
  "[payments] return from a redirect (3-D Secure): Stripe's return_url checks the intent with Stripe",
  async (db, database) => {
    const { client, order } = await stripeShopper(db, database);
    const page = await client.get(`/checkout?order=${order.id}`);
    assert.match(await page.text(), /&quot;returnUrl&quot;:&quot;\/checkout\/confirmation&quot;/);
    const intentId = await startPayment(client, order.id);
    const { client_secret: secret } = fake.intents.get(intentId)!;
    const back = (status: string) =>
      client.get(
        `/checkout/confirmation?payment_intent=${intentId}&payment_intent_client_secret=${secret}&redirect_status=${status}`,
      );

    // The bank declined after the redirect: back to the payment step with Stripe's reason.
    await stripeSdk.paymentIntents.confirm(intentId, { payment_method: "pm_card_chargeDeclined" }).catch(() => {});
    const failed = await back("failed");
    assert.equal(failed.status, 303);
    assert.equal(failed.headers.get("location"), `/checkout?order=${order.id}`);
    const payment = await (await client.get(`/checkout?order=${order.id}`)).text();
    assert.ok(payment.includes("Payment failed") && payment.includes("Your card was declined."));
    assert.equal((await orderRow(db, order.id)).paymentError, "Your card was declined.");

    // Paid on the second try: confirmed and finalised from Stripe's facts.
    await stripeSdk.paymentIntents.confirm(intentId, { payment_method: "pm_card_visa" });
    const ok = await back("succeeded");
    assert.equal(ok.headers.get("location"), `/checkout?order=${order.id}&confirmed=1`);
    const row = await orderRow(db, order.id);
    assert.equal(row.status, "processing");
    assert.equal(row.paymentId, intentId);
  },
);

test(
  "[payments] a Stripe payment for a cancelled order whose stock is gone is refunded through Stripe",
  async (db, database) => {
    const { client, me, order } = await stripeShopper(db, database);
    const intentId = await startPayment(client, order.id);
    // The order was cancelled (stock back), and the units were sold before the payment landed.
    await cancelOrder(db, order.id, "Not paid within 30 minutes");
    await db.update(products).set({ stock: 0 }).where(eq(products.id, order.items[0].productId!));
    await stripeSdk.paymentIntents.confirm(intentId, { payment_method: "pm_card_visa" });

    const res = await patchPayment(client, order.id, intentId);
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal((await res.json()).status, "cancelled");
    const refunds = [...fake.refunds.values()].filter((r) => r.payment_intent === intentId);
    assert.equal(refunds.length, 1);
    assert.equal(refunds[0].amount, 99_500);
    assert.equal(refunds[0].metadata.orderNumber, order.orderNumber);
    const refundCall = fake.requests.findLast((r) => r.path === "/v1/refunds")!;
    assert.equal(refundCall.idempotencyKey, `refund-${intentId}-${order.orderNumber}`);

    const [audit] = await db.select().from(auditLogs).where(eq(auditLogs.entityId, order.id));
    assert.equal(audit.action, PAYMENT_REFUNDED);
    assert.equal(audit.details?.refundId, refunds[0].id);
    const mail = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "keeper@example.co.za"));
    assert.deepEqual(mail.map((m) => m.subject), [
      `Your payment for Reptile Basics order ${order.orderNumber} was refunded`,
    ]);
    assert.equal((await db.select().from(loyaltyLedger).where(eq(loyaltyLedger.userId, me.id))).length, 0);

    // Stripe's webhook for the same payment follows: nothing is refunded twice.
    assert.equal((await stripeSends(database, "payment_intent.succeeded", intentId)).status, 200);
    assert.equal((await patchPayment(client, order.id, intentId)).status, 200);
    assert.equal([...fake.refunds.values()].filter((r) => r.payment_intent === intentId).length, 1);
    assert.equal((await db.select().from(emailOutbox)).filter((m) => /refunded/.test(m.subject)).length, 1);
  },
);

test("[payments] test-intent takes a whole rand amount of at least R1", async (_db, database) => {
  const client = testClient(testApp(database, stripeEnv));
  for (const amount of [0, -1, 1.5, "abc", null, 1_000_000]) {
    const res = await client.postJson("/api/payments/test-intent", { amount, currency: "zar" });
    assert.equal(res.status, 400, `amount ${JSON.stringify(amount)}`);
    assert.ok((await res.json()).error);
  }
  assert.equal((await client.postJson("/api/payments/test-intent", { amount: 5, currency: "usd" })).status, 400);
  assert.equal((await client.postJson("/api/payments/test-intent", {})).status, 400);

  const res = await client.postJson("/api/payments/test-intent", { amount: 1, currency: "zar" });
  assert.equal(res.status, 200, await res.clone().text());
  assert.equal(res.headers.get("cache-control"), "private, no-store");
  const body = await res.json();
  assert.equal(body.provider, "stripe");
  assert.equal(body.publishableKey, "pk_test_x");
  const intent = fake.lastIntent()!;
  assert.equal(body.clientSecret, intent.client_secret);
  assert.equal(intent.amount, 100, "R1 is 100 cents");
  assert.equal(intent.currency, "zar");
  assert.equal(intent.metadata.orderId, undefined);

  const hundred = await client.postJson("/api/payments/test-intent", { amount: 100 });
  assert.equal(hundred.status, 200);
  assert.equal(fake.lastIntent()!.amount, 10_000);
});

test("[payments] test-intent refuses live keys, and is rate-limited per address", async (_db, database) => {
  const live = testClient(testApp(database, { ...stripeEnv, STRIPE_SECRET_KEY: "sk_live_x" }));
  const refused = await live.postJson("/api/payments/test-intent", { amount: 10, currency: "zar" });
  assert.equal(refused.status, 409);
  assert.equal((await (await live.get("/api/payments/config")).json()).testPayments, false);

  const client = testClient(testApp(database));
  let last: Response | null = null;
  for (let i = 0; i < 31; i++) {
    last = await client.postJson("/api/payments/test-intent", { amount: 10, currency: "zar" });
  }
  assert.equal(last!.status, 429);
  assert.ok(last!.headers.get("retry-after"));
});

test(
  "[payments] config says which provider is active; test-confirm exists only for the test provider",
  async (_db, database) => {
    const stripe = testClient(testApp(database, stripeEnv));
    const res = await stripe.get("/api/payments/config");
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("cache-control"), "private, no-store");
    assert.deepEqual(await res.json(), { provider: "stripe", publishableKey: "pk_test_x", testPayments: true });
    const confirm = await stripe.postJson("/api/payments/test-confirm", {
      clientSecret: "x",
      cardNumber: "4242424242424242",
    });
    assert.equal(confirm.status, 404);

    const offline = testClient(testApp(database));
    assert.deepEqual(await (await offline.get("/api/payments/config")).json(), {
      provider: "test",
      publishableKey: null,
      testPayments: true,
    });
  },
);

test("[payments] test provider: decline answers 402 and records it; 4242 pays the order once", async (db, database) => {
  const client = testClient(testApp(database));
  const { me, order } = await customerWithOrder(db, client);
  const start = await client.postJson("/api/payments/create-intent", { orderId: order.id });
  assert.equal(start.status, 200);
  const { clientSecret, provider, publishableKey } = await start.json();
  assert.equal(provider, "test");
  assert.equal(publishableKey, null);
  assert.match(clientSecret, /^pi_test_[0-9a-f]+_secret_[0-9a-f]+$/);

  const refused = await client.postJson("/api/payments/test-confirm", { clientSecret, cardNumber: "5555555555554444" });
  assert.equal(refused.status, 400);
  assert.match((await refused.json()).error, /4242 4242 4242 4242/);

  const declined = await client.postJson("/api/payments/test-confirm", {
    clientSecret,
    cardNumber: "4000 0000 0000 0002",
  });
  assert.equal(declined.status, 402);
  const declinedBody = await declined.json();
  assert.equal(declinedBody.error, "Your card was declined.");
  assert.equal(declinedBody.paymentIntent.status, "requires_payment_method");
  assert.equal((await orderRow(db, order.id)).paymentError, "Your card was declined.");
  assert.equal((await orderRow(db, order.id)).paidAt, null);

  const paid = await client.postJson("/api/payments/test-confirm", { clientSecret, cardNumber: "4242 4242 4242 4242" });
  assert.equal(paid.status, 200, await paid.clone().text());
  const paidBody = await paid.json();
  assert.equal(paidBody.paymentIntent.status, "succeeded");
  const row = await orderRow(db, order.id);
  assert.equal(row.status, "processing");
  assert.equal(row.paymentId, paidBody.paymentIntent.id);
  assert.ok(row.paidAt);

  // A second confirmation (double click) changes nothing.
  const twice = await client.postJson("/api/payments/test-confirm", { clientSecret, cardNumber: "4242424242424242" });
  assert.equal(twice.status, 200);
  assert.equal((await db.select().from(loyaltyLedger).where(eq(loyaltyLedger.userId, me.id))).length, 1);

  // The paid order takes no new payment.
  const after = await client.postJson("/api/payments/create-intent", { orderId: order.id });
  assert.equal(after.status, 409);
});

test(
  "[payments] test provider: the public test page pays without an order; webhooks are refused",
  async (_db, database) => {
    const app = testApp(database);
    const visitor = testClient(app);
    const start = await visitor.postJson("/api/payments/test-intent", { amount: 100, currency: "zar" });
    assert.equal(start.status, 200);
    const { clientSecret } = await start.json();
    const paid = await visitor.postJson("/api/payments/test-confirm", { clientSecret, cardNumber: "4242424242424242" });
    assert.equal(paid.status, 200);
    assert.equal(paid.headers.get("cache-control"), "private, no-store");
    assert.match((await paid.json()).paymentIntent.id, /^pi_test_/);

    const hook = await testClient(app, { origin: null }).request("/api/webhooks/stripe", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=abc" },
      body: "{}",
    });
    assert.equal(hook.status, 400);
  },
);

test(
  "[payments] production without keys: no provider, a 409 with the spec's message, no test endpoints",
  async (db, database) => {
    const app = testApp(database, { NODE_ENV: "production" });
    const client = testClient(app);
    const { order } = await customerWithOrder(db, client);
    const res = await client.postJson("/api/payments/create-intent", { orderId: order.id });
    assert.equal(res.status, 409);
    assert.deepEqual(await res.json(), { error: CONFIG_ERROR, message: CONFIG_ERROR, code: "payment_not_configured" });
    assert.equal((await client.postJson("/api/payments/test-intent", { amount: 10 })).status, 409);
    assert.equal(
      (await client.postJson("/api/payments/test-confirm", { clientSecret: "x", cardNumber: "4242424242424242" }))
        .status,
      404,
    );
    assert.deepEqual(await (await client.get("/api/payments/config")).json(), {
      provider: null,
      publishableKey: null,
      testPayments: false,
    });
    const hook = await testClient(app, { origin: null }).request("/api/webhooks/stripe", {
      method: "POST",
      body: "{}",
    });
    assert.equal(hook.status, 503);
  },
);

test(
  "[payments] only the Stripe webhook skips the cross-site check; Stripe.js is allowed only with Stripe",
  async (_db, database) => {
    const stripeApp = testApp(database, stripeEnv);
    const foreign = testClient(stripeApp, { origin: "https://evil.example" });
    assert.equal((await foreign.postJson("/api/payments/test-intent", { amount: 10 })).status, 403);
    const hook = await foreign.request("/api/webhooks/stripe", { method: "POST", body: "{}" });
    assert.equal(hook.status, 400, "reaches the signature check");

    const page = await testClient(stripeApp).get("/test-stripe");
    assert.equal(page.status, 200);
    const csp = page.headers.get("content-security-policy") ?? "";
    assert.match(csp, /script-src 'self' https:\/\/js\.stripe\.com/);
    assert.match(csp, /frame-src [^;]*https:\/\/hooks\.stripe\.com/);
    assert.match(csp, /connect-src 'self' https:\/\/api\.stripe\.com/);

    const offline = await testClient(testApp(database)).get("/test-stripe");
    const html = await offline.text();
    assert.doesNotMatch(offline.headers.get("content-security-policy") ?? "", /stripe/);
    assert.match(html, /data-island="TestPayment"/);
    assert.match(html, /Checking Stripe configuration\.\.\./);
    assert.match(html, /<title>Stripe Payment Test \|/);
  },
);

test("(stop the fake Stripe API)", async () => {
  await fake.stop();
});

closeDatabase();
