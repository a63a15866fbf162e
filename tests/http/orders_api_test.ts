/**
 * /api/orders through the app: placing from the cart (server prices, Idempotency-Key), reading
 * one's own orders only, and PATCH .../payment that believes the payment provider, not the browser.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp, testAssets, testConfig } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { CUSTOMER_PASSWORD, registerCustomer } from "../helpers/accounts.ts";
import { createAddress, createProduct } from "../helpers/factories.ts";
import { createApp } from "../../app.ts";
import type { Database, Db } from "../../db/client.ts";
import { loyaltyLedger, orders, products, users } from "../../db/schema/mod.ts";
import type { PaymentGateway, PaymentIntentFacts } from "../../domains/payments/types.ts";
import { PAYMENT_NOT_CONFIGURED } from "../../domains/payments/mod.ts";
import { scriptedGateway } from "../fakes/scripted_gateway.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();

async function customerWithCart(database: Database, db: Db, gateway: PaymentGateway, username = "keeper") {
  const app = createApp({ database, config: testConfig(), assets: testAssets(), payments: gateway });
  const client = testClient(app);
  const me = await registerCustomer(client, { username, email: `${username}@example.co.za` });
  const address = await createAddress(db, me.id);
  await db.update(users).set({ defaultShippingAddressId: address.id }).where(eq(users.id, me.id));
  return { client, me };
}

test(
  "[orders api] an order is priced by the server; the client's totals and status are ignored",
  async (db, database) => {
    const { gateway } = scriptedGateway();
    const p = await createProduct(db, { name: "UVB Tube T5 24W", price: "450.00", stock: 4 });
    const { client } = await customerWithCart(database, db, gateway);
    await client.postJson("/api/cart", { productId: p.id, quantity: 2 });
    const res = await client.postJson("/api/orders", {
      orderNumber: "RB-FAKE",
      status: "delivered",
      paymentMethod: "cash",
      total: 1,
      shippingMethod: "standard",
    });
    assert.equal(res.status, 201);
    const order = await res.json();
    assert.match(order.orderNumber, /^RB-\d+$/);
    assert.notEqual(order.orderNumber, "RB-FAKE");
    assert.equal(order.status, "pending");
    // R900 of goods plus the R95 delivery charged below R1,500 (domains/cart/delivery.ts).
    assert.equal(order.total, 995);
    assert.equal(order.paymentId, null);
    assert.deepEqual(
      order.items.map((i: { name: string; price: number; quantity: number }) => [i.name, i.price, i.quantity]),
      [
        ["UVB Tube T5 24W", 450, 2],
      ],
    );
  },
);

raceTest("[orders api] the same Idempotency-Key returns the same order; a bad key is a 400", async (db, database) => {
  const { gateway } = scriptedGateway();
  const p = await createProduct(db, { stock: 10 });
  const { client } = await customerWithCart(database, db, gateway);
  await client.postJson("/api/cart", { productId: p.id, quantity: 1 });
  const send = (key: string) =>
    client.request("/api/orders", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": key },
      body: JSON.stringify({ shippingMethod: "standard" }),
    });
  const [a, b] = await Promise.all([send("order-key-123456"), send("order-key-123456")]);
  const [ja, jb] = [await a.json(), await b.json()];
  assert.deepEqual([a.status, b.status].sort(), [200, 201]);
  assert.equal(ja.id, jb.id);
  assert.equal((await db.select().from(orders)).length, 1);
  const bad = await send("x");
  assert.equal(bad.status, 400);
  assert.match((await bad.json()).error, /Idempotency-Key/);
});

test("[orders api] a customer reads only their own orders; another's is a 404", async (db, database) => {
  const { gateway } = scriptedGateway();
  const p = await createProduct(db, { stock: 10 });
  const a = await customerWithCart(database, db, gateway, "alice");
  const b = await customerWithCart(database, db, gateway, "bongani");
  await a.client.postJson("/api/cart", { productId: p.id, quantity: 1 });
  const placed = await (await a.client.postJson("/api/orders", { shippingMethod: "standard" })).json();
  assert.equal((await a.client.get(`/api/orders/${placed.id}`)).status, 200);
  const list = await (await a.client.get("/api/orders")).json();
  assert.deepEqual(list.map((o: { id: number }) => o.id), [placed.id]);
  const theirs = await b.client.get(`/api/orders/${placed.id}`);
  assert.equal(theirs.status, 404);
  assert.deepEqual(await theirs.json(), { error: "Order Not Found", message: "Order Not Found" });
  assert.deepEqual(await (await b.client.get("/api/orders")).json(), []);
  assert.equal((await b.client.get("/api/orders/abc")).status, 404);
  const visitor = testClient(createApp({ database, config: testConfig(), assets: testAssets(), payments: gateway }));
  assert.equal((await visitor.get("/api/orders")).status, 401);
});

test(
  "[orders api] PATCH payment is refused unless the provider says this order was paid in full",
  async (db, database) => {
    const { gateway, intents } = scriptedGateway();
    const p = await createProduct(db, { price: "250.00", stock: 10 });
    const { client, me } = await customerWithCart(database, db, gateway);
    await client.postJson("/api/cart", { productId: p.id, quantity: 1 });
    const placed = await (await client.postJson("/api/orders", { shippingMethod: "standard" })).json();
    const facts = (over: Partial<PaymentIntentFacts>): PaymentIntentFacts => ({
      id: "pi_x",
      status: "succeeded",
      // R250 of goods plus R95 delivery: the order's full total.
      amountCents: 34_500,
      currency: "zar",
      metadata: { orderId: String(placed.id), orderNumber: placed.orderNumber },
      lastError: null,
      ...over,
    });
    const patch = (paymentId: string) =>
      client.postJson(`/api/orders/${placed.id}/payment`, { paymentId, status: "succeeded" }, "PATCH");

    assert.equal((await patch("pi_unknown")).status, 409, "an attempt the provider does not know");
    intents.set("pi_unpaid", facts({ id: "pi_unpaid", status: "requires_payment_method" }));
    intents.set("pi_cheap", facts({ id: "pi_cheap", amountCents: 100 }));
    intents.set(
      "pi_other",
      facts({ id: "pi_other", metadata: { orderId: String(placed.id + 1), orderNumber: placed.orderNumber } }),
    );
    // Another shop database sharing the Stripe account: same order id, its own order number.
    intents.set(
      "pi_elsewhere",
      facts({ id: "pi_elsewhere", metadata: { orderId: String(placed.id), orderNumber: "RB-0000000000001" } }),
    );
    for (const id of ["pi_unpaid", "pi_cheap", "pi_other", "pi_elsewhere"]) {
      const res = await patch(id);
      assert.equal(res.status, 409, id);
      assert.ok((await res.json()).error);
    }
    const [still] = await db.select().from(orders).where(eq(orders.id, placed.id));
    assert.equal(still.paidAt, null);

    intents.set("pi_good", facts({ id: "pi_good" }));
    const ok = await patch("pi_good");
    assert.equal(ok.status, 200);
    const paid = await ok.json();
    assert.equal(paid.status, "processing");
    assert.equal(paid.paymentId, "pi_good");
    assert.equal((await patch("pi_good")).status, 200, "repeating the confirmation is harmless");
    const ledger = await db.select().from(loyaltyLedger).where(eq(loyaltyLedger.userId, me.id));
    // 1 point per rand paid, delivery included: R345.
    assert.deepEqual(ledger.map((l) => l.points), [345]);
    const cart = await (await client.get("/api/cart")).json();
    assert.equal(cart.items.length, 0, "the paid lines left the cart");
    const [stock] = await db.select({ s: products.stock }).from(products).where(eq(products.id, p.id));
    assert.equal(stock.s, 9);
  },
);

test("[orders api] without a payment provider no order is taken", async (db, database) => {
  const p = await createProduct(db, { stock: 10 });
  const app = createApp({ database, config: testConfig(), assets: testAssets(), payments: null });
  const client = testClient(app);
  const me = await registerCustomer(client);
  const address = await createAddress(db, me.id);
  await db.update(users).set({ defaultShippingAddressId: address.id }).where(eq(users.id, me.id));
  await client.postJson("/api/cart", { productId: p.id, quantity: 1 });
  const res = await client.postJson("/api/orders", { shippingMethod: "standard" });
  assert.equal(res.status, 409);
  const body = await res.json();
  assert.equal(body.error, "The payment system is not properly configured. Please contact support.");
  assert.equal(body.code, "payment_not_configured");
  assert.equal((await db.select().from(orders)).length, 0);
});

test(
  "[orders api] a live shop takes no test payments, even after someone registers the demo username 'customer'",
  async (db, database) => {
    const p = await createProduct(db, { stock: 10 });
    // Production, demo data at its default, no Stripe keys, no TEST_PAYMENTS: only configuration decides.
    const live = { NODE_ENV: "production" };
    const client = testClient(testApp(database, live));
    const me = await registerCustomer(client, { username: "customer", email: "customer@example.co.za" });
    const address = await createAddress(db, me.id);
    await db.update(users).set({ defaultShippingAddressId: address.id }).where(eq(users.id, me.id));
    // The next start of the shop, with the account now there.
    const restarted = testClient(testApp(database, live));
    await restarted.postJson("/api/auth/login", { username: "customer", password: CUSTOMER_PASSWORD });
    const config = await (await restarted.request("/api/payments/config")).json();
    assert.equal(config.provider, null);
    assert.equal(config.testPayments, false);
    await restarted.postJson("/api/cart", { productId: p.id, quantity: 1 });
    const res = await restarted.postJson("/api/orders", { shippingMethod: "standard" });
    assert.equal(res.status, 409);
    assert.equal((await res.json()).error, PAYMENT_NOT_CONFIGURED);
    const card = await restarted.postJson("/api/payments/test-confirm", {
      clientSecret: "pi_test_secret_x",
      cardNumber: "4242424242424242",
    });
    assert.equal(card.status, 404);
    assert.equal((await db.select().from(orders)).length, 0);
  },
);

closeDatabase();
