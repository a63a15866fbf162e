/**
 * Loyalty reward codes at checkout through the app: POST /api/loyalty/apply-redemption (shape and
 * statuses), the payment step's Reward code box without JavaScript, the totals on the payment step
 * and the order page afterwards, and (with the real Stripe SDK against the fake Stripe API) the old
 * attempt cancelled and the next one charging the new total under a fresh idempotency key.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { jsonOf as json, pageText as textOf, type TestClient, testClient } from "../helpers/client.ts";
import { customerWithOrder, orderRow } from "../helpers/orders.ts";
import { createRewardCode } from "../helpers/factories.ts";
import { startFakeStripeApi, stripeAgainst } from "../fakes/stripe_api.ts";
import type { Database, Db } from "../../db/client.ts";
import { loyaltyLedger } from "../../db/schema/mod.ts";

const { test, closeDatabase } = useTestDatabase();
const fake = startFakeStripeApi();
const WHSEC = "whsec_test";
const { env: stripeEnv, sdk: stripeSdk } = stripeAgainst(fake, WHSEC);

/** A signed-in customer with a pending order of 2 x R450 (R900,00) and a R50-off reward code. */
async function customerWithOrderAndCode(
  db: Db,
  database: Database,
  env: Record<string, string> = {},
  username = "keeper",
) {
  const client = testClient(testApp(database, env));
  const { me, order } = await customerWithOrder(db, client, username);
  const code = await createRewardCode(db, me.id, { discountType: "fixed_amount", discountValue: "50.00" });
  return { client, me, order, code };
}

async function html(client: TestClient, path: string): Promise<string> {
  const res = await client.get(path);
  assert.equal(res.status, 200, `${path}: ${res.status} ${res.headers.get("location") ?? ""}`);
  assert.match(res.headers.get("content-type") ?? "", /text\/html/);
  return await res.text();
}

const apply = (client: TestClient, body: Record<string, unknown>) =>
  client.postJson("/api/loyalty/apply-redemption", body);

test("[reward code api] apply-redemption: sign-in, the spec's messages, 404 for others' orders, then success", async (
  db,
  database,
) => {
  const { client, order, code } = await customerWithOrderAndCode(db, database);
  const visitor = testClient(testApp(database));
  await json(await apply(visitor, { code, orderId: order.id }), 401);

  const NO_ORDER = "Unable to apply redemption code without an order";
  assert.equal((await json(await apply(client, { code }), 400)).error, NO_ORDER);
  assert.equal((await json(await apply(client, { code, orderId: "abc" }), 400)).error, NO_ORDER);
  assert.equal((await json(await apply(client, { code, orderId: null }), 400)).error, NO_ORDER);
  assert.equal(
    (await json(await apply(client, { code: " ", orderId: order.id }), 400)).error,
    "Please enter a redemption code",
  );
  await json(await apply(client, { code, orderId: order.id, amount: 1 }), 400);
  assert.equal(
    (await json(await apply(client, { code: "RWD-ZZZZZZZZ", orderId: order.id }), 400)).error,
    "Invalid redemption code",
  );
  const other = await customerWithOrderAndCode(db, database, {}, "other");
  assert.equal((await json(await apply(client, { code, orderId: other.order.id }), 404)).error, "Order Not Found");

  const ok = await json(await apply(client, { code: code.toLowerCase(), orderId: String(order.id) }), 200);
  assert.deepEqual(Object.keys(ok).sort(), ["discountAmount", "message", "success"]);
  assert.equal(ok.success, true);
  assert.equal(ok.discountAmount, 50);
  assert.match(ok.message, new RegExp(`^Reward code ${code} applied: R\\s50,00 off your order\\.$`));
  assert.equal((await orderRow(db, order.id)).total, "945.00");

  const again = await json(await apply(client, { code, orderId: order.id }), 409);
  assert.equal(again.error, "A reward code is already applied to this order.");
  // The used code is now reported as such by validate-redemption too.
  const checked = await json(await client.postJson("/api/loyalty/validate-redemption", { code }), 200);
  assert.deepEqual(checked, { isValid: false, message: "This redemption code has already been used", discount: null });
});

test("[reward code] the payment step's box works without JavaScript and the totals follow", async (db, database) => {
  const { client, order, code } = await customerWithOrderAndCode(db, database);
  const page = await html(client, `/checkout?order=${order.id}`);
  assert.match(page, /data-island="RewardCodeForm"/);
  const form = page.match(/<form[^>]*action="\/checkout\/reward"[^>]*>.*?<\/form>/s)?.[0] ?? "";
  assert.match(form, /method="post"/);
  assert.match(form, new RegExp(`<input type="hidden" name="orderId" value="${order.id}"/>`));
  assert.match(form, /<input[^>]*name="code"[^>]*>/);

  // A refused code comes back to the payment step with the reason.
  const refused = await client.postForm("/checkout/reward", { orderId: String(order.id), code: "RWD-ZZZZZZZZ" });
  assert.equal(refused.status, 303);
  assert.equal(refused.headers.get("location"), `/checkout?order=${order.id}`);
  const refusedText = textOf(await html(client, `/checkout?order=${order.id}`));
  assert.match(refusedText, /Could Not Apply Reward/);
  assert.match(refusedText, /Invalid redemption code/);

  const res = await client.postForm("/checkout/reward", { orderId: String(order.id), code });
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), `/checkout?order=${order.id}`);
  const after = await html(client, `/checkout?order=${order.id}`);
  const text = textOf(after);
  assert.match(text, /Reward Applied/);
  assert.match(text, new RegExp(`Reward ${code} −R\\s50,00`));
  assert.match(text, /Total R\s945,00/);
  assert.match(after, /data-payment-total[^>]*>R\s945,00/);
  assert.doesNotMatch(after, /data-island="RewardCodeForm"/, "one code per order: the box is gone");
  const props = after.match(/data-island="CheckoutPayment" data-props="([^"]+)"/);
  assert.ok(props);
  assert.equal(JSON.parse(props[1].replace(/&quot;/g, '"').replace(/&amp;/g, "&")).totalCents, 94_500);

  // The order page shows the reward's line.
  const orderPage = textOf(await html(client, `/order/${order.id}`));
  assert.match(orderPage, new RegExp(`Reward ${code} −R\\s50,00`));
  assert.match(orderPage, /Total R\s945,00/);
  // Someone else's order id in the form leads back to the review, changing nothing.
  const other = await customerWithOrderAndCode(db, database, {}, "other");
  const foreign = await client.postForm("/checkout/reward", { orderId: String(other.order.id), code: other.code });
  assert.equal(foreign.headers.get("location"), "/checkout");
  assert.equal((await orderRow(db, other.order.id)).total, "995.00");
});

test("[reward code] the review step says where reward codes go", async (db, database) => {
  const { client } = await customerWithOrderAndCode(db, database);
  const page = await html(client, "/checkout");
  assert.match(page, /data-reward-hint/);
  assert.match(textOf(page), /reward code from your loyalty points \? You can enter it at the payment step/);
  assert.match(page, /href="\/loyalty"/);
});

test(
  "[reward code] with Stripe: the old attempt is cancelled and the next one charges the new total",
  async (db, database) => {
    const { client, me, order, code } = await customerWithOrderAndCode(db, database, stripeEnv);
    const first = await json(await client.postJson("/api/payments/create-intent", { orderId: order.id }), 200);
    const firstId = first.paymentIntentId;
    assert.equal(fake.intents.get(firstId)?.amount, 99_500);

    await json(await apply(client, { code, orderId: order.id }), 200);
    assert.equal(fake.intents.get(firstId)?.status, "canceled", "the attempt for R900 can no longer be paid");

    const second = await json(await client.postJson("/api/payments/create-intent", { orderId: order.id }), 200);
    assert.notEqual(second.paymentIntentId, firstId);
    assert.equal(fake.intents.get(second.paymentIntentId)?.amount, 94_500);
    const create = fake.requests.findLast((r) => r.method === "POST" && r.path === "/v1/payment_intents")!;
    assert.equal(create.idempotencyKey, `order-${order.id}-2-${order.orderNumber}`);

    // Stripe's late 'canceled' event for the R900 attempt leaves the order open.
    const stripe = testClient(testApp(database, stripeEnv), { origin: null });
    const late = await stripe.request("/api/webhooks/stripe", {
      method: "POST",
      ...(await fake.signedWebhook(fake.event("payment_intent.canceled", firstId), WHSEC)),
    });
    assert.equal(late.status, 200);
    assert.equal((await orderRow(db, order.id)).status, "pending");

    await stripeSdk.paymentIntents.confirm(second.paymentIntentId, { payment_method: "pm_card_visa" });
    const paid = await client.postJson(
      `/api/orders/${order.id}/payment`,
      { paymentId: second.paymentIntentId, status: "succeeded" },
      "PATCH",
    );
    assert.equal(paid.status, 200, await paid.clone().text());
    const row = await orderRow(db, order.id);
    assert.deepEqual([row.status, row.total, row.rewardCode], ["processing", "945.00", code]);
    const ledger = await db.select().from(loyaltyLedger).where(eq(loyaltyLedger.userId, me.id));
    assert.deepEqual(ledger.map((l) => l.points), [945], "points on the total paid");
  },
);

closeDatabase();
