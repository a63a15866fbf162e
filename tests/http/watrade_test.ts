/**
 * WhatsApp orders through the app (docs/whatsapp.md): Meta's handshake and signed webhook at
 * /api/watrade/orders, the WhatsApp job placing the order and replying through a fake WhatsApp Cloud
 * API (tests/fakes/whatsapp_cloud.ts), the signed pay link's page and payment, order updates on
 * WhatsApp, and what staff see. The card gateway is the offline test provider.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp, testConfig } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { createAddress, createProduct, createUser, createVariant, homeAddressForm } from "../helpers/factories.ts";
import { staffAccount } from "../helpers/staff.ts";
import { type FakeOrderItem, orderWebhook, signWebhook, startFakeWhatsAppCloud } from "../fakes/whatsapp_cloud.ts";
import type { Database, Db } from "../../db/client.ts";
import {
  orderItems,
  orderNotes,
  orders,
  products,
  users,
  whatsappInbound,
  whatsappOutbound,
} from "../../db/schema/mod.ts";
import type { WhatsAppContext } from "../../domains/whatsapp/mod.ts";
import { runWhatsAppWork, whatsappJobContext } from "../../flows/whatsapp_inbox.ts";
import { payLinkToken } from "../../domains/orders/mod.ts";
import { sweepUnpaidOrders } from "../../flows/cancel_order.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();
const APP_SECRET = "meta-app-secret-for-tests";
const fake = startFakeWhatsAppCloud();
const env = {
  WHATSAPP_APP_SECRET: APP_SECRET,
  WHATSAPP_VERIFY_TOKEN: "verify-me-please",
  WHATSAPP_PHONE_NUMBER_ID: fake.phoneNumberId,
  WHATSAPP_ACCESS_TOKEN: fake.token,
  WHATSAPP_GRAPH_API_BASE: fake.url,
};
const config = testConfig(env);
const WA_ID = "27821234567";

function setUp(database: Database, extraEnv: Record<string, string> = {}) {
  const app = testApp(database, { ...env, ...extraEnv });
  // Meta's servers: no cookies, no Origin.
  const meta = testClient(app, { origin: null });
  const post = (body: string, signature: string | null = signWebhook(body, APP_SECRET)) =>
    meta.request("/api/watrade/orders", {
      method: "POST",
      headers: { "content-type": "application/json", ...(signature ? { "x-hub-signature-256": signature } : {}) },
      body,
    });
  const postOrder = (messageId: string, items: FakeOrderItem[], text?: string) =>
    post(JSON.stringify(orderWebhook({ messageId, from: WA_ID, items, text })));
  /** A product `sku` (at `price`, `stock` in stock) and the customer's WhatsApp order `messageId` of `quantity`. */
  const orderOf = async (messageId: string, sku: string, price: string, stock: number, quantity = 1) => {
    await createProduct(database.db, { sku, price, stock });
    return await postOrder(messageId, [{ product_retailer_id: sku, quantity }]);
  };
  return { app, meta, post, postOrder, orderOf, browser: testClient(app) };
}

async function jobContext(db: Db, over: Partial<WhatsAppContext> = {}): Promise<WhatsAppContext> {
  return { ...await whatsappJobContext(db, { ...config, whatsapp: config.whatsapp! }, "test"), ...over };
}

const orderRows = (db: Db) => db.select().from(orders);
const sentTo = (since: number) => fake.sent.slice(since);
const linkIn = (text: string) => /\/pay\/([0-9]+\.[0-9]+\.[A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? null;

test("[whatsapp] the handshake echoes hub.challenge only for the configured verify token", async (_db, database) => {
  const { meta } = setUp(database);
  const ok = await meta.get(
    "/api/watrade/orders?hub.mode=subscribe&hub.verify_token=verify-me-please&hub.challenge=1158201444",
  );
  assert.equal(ok.status, 200);
  assert.match(ok.headers.get("content-type") ?? "", /^text\/plain/);
  assert.equal(await ok.text(), "1158201444");
  for (
    const query of [
      "hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1",
      "hub.mode=unsubscribe&hub.verify_token=verify-me-please&hub.challenge=1",
      "hub.mode=subscribe&hub.challenge=1",
      "",
    ]
  ) {
    const res = await meta.get(`/api/watrade/orders?${query}`);
    assert.equal(res.status, 403, query);
    assert.equal((await res.json()).error, "Verification refused.");
  }
  // Without WhatsApp configured the integration is not there at all.
  const off = testClient(testApp(database), { origin: null });
  assert.equal((await off.get("/api/watrade/orders?hub.mode=subscribe&hub.challenge=1")).status, 404);
});

test("[whatsapp] an unsigned, wrongly signed or altered webhook is 401 and stores nothing", async (db, database) => {
  const { post } = setUp(database);
  await createProduct(db, { sku: "UVB-T5", price: "450.00", stock: 5 });
  const body = JSON.stringify(orderWebhook({
    messageId: "wamid.HBgLMjc4MjEyMzQ1NjcVAgASGBQzQTk",
    from: WA_ID,
    items: [{ product_retailer_id: "UVB-T5", quantity: 1, item_price: 450, currency: "ZAR" }],
  }));
  const cases: [string, string | null][] = [
    ["no signature", null],
    ["another secret", signWebhook(body, "not-the-app-secret")],
    ["the body altered after signing", signWebhook(body.replace('"quantity":1', '"quantity":2'), APP_SECRET)],
    ["a malformed header", "sha1=abc"],
    [
      "an upper-case copy with a byte changed",
      signWebhook(body, APP_SECRET).toUpperCase().replace(/.$/, (c) => c === "0" ? "1" : "0"),
    ],
  ];
  for (const [why, signature] of cases) {
    const res = await post(body, signature);
    assert.equal(res.status, 401, why);
    assert.equal((await res.json()).error, "The webhook signature is missing or wrong.");
  }
  assert.equal((await db.select().from(whatsappInbound)).length, 0);
  // The same body, signed right, is taken.
  assert.equal((await post(body)).status, 200);
  assert.equal((await db.select().from(whatsappInbound)).length, 1);
});

test(
  "[whatsapp] an oversized body is 413 unread; signed malformed JSON or another payload is 400",
  async (db, database) => {
    const { post } = setUp(database);
    const huge = JSON.stringify({ object: "whatsapp_business_account", entry: [], pad: "x".repeat(300 * 1024) });
    const big = await post(huge);
    assert.equal(big.status, 413);
    assert.equal((await big.json()).error, "The webhook body is too large.");
    const broken = await post("{not json");
    assert.equal(broken.status, 400);
    assert.equal((await broken.json()).error, "The webhook body is not JSON.");
    const other = await post(JSON.stringify({ object: "page", entry: [] }));
    assert.equal(other.status, 400);
    assert.equal((await db.select().from(whatsappInbound)).length, 0);
    // Statuses and text messages are acknowledged and not kept.
    const statuses = await post(JSON.stringify({
      object: "whatsapp_business_account",
      entry: [{ id: "1", changes: [{ field: "messages", value: { statuses: [{ id: "wamid.X", status: "read" }] } }] }],
    }));
    assert.equal(statuses.status, 200);
    assert.deepEqual(await statuses.json(), { received: true, stored: 0, duplicates: 0 });
  },
);

test(
  "[whatsapp] a cart becomes one order at the shop's prices and stock, with a reply and a pay link that pays it",
  async (db, database) => {
    const { postOrder, browser } = setUp(database);
    const lamp = await createProduct(db, { name: "Basking Lamp 75W", sku: "LAMP-75", price: "399.00", stock: 4 });
    const imported = await createProduct(db, {
      name: "Calcium Powder",
      sku: "CAL-1",
      fbRetailerId: "meta-cal-100g",
      price: "120.00",
      salePrice: "89.00",
      stock: 10,
    });
    const before = fake.sent.length;
    const messageId = "wamid.HBgLMjc4MjEyMzQ1NjcVAgASGBQzRUIwNDI4QTc3";
    const res = await postOrder(messageId, [
      { product_retailer_id: "LAMP-75", quantity: "2", item_price: "399.00", currency: "ZAR" },
      // Meta's cart price is stale: the shop's sale price is charged and the difference noted.
      { product_retailer_id: "meta-cal-100g", quantity: 1, item_price: 60, currency: "ZAR" },
    ], "Please deliver after 5pm");
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { received: true, stored: 1, duplicates: 0 });
    assert.equal((await orderRows(db)).length, 0, "the webhook only stores the message");

    const report = await runWhatsAppWork(db, await jobContext(db));
    assert.equal(report.handled, 1);
    assert.equal(report.sent, 1);
    const [order] = await orderRows(db);
    assert.equal(order.waTradeId, messageId);
    assert.equal(order.status, "pending");
    assert.equal(order.subtotal, "887.00"); // 2 x 399 + 89, never the cart's R60
    assert.equal(order.shippingCost, "95.00");
    assert.equal(order.total, "982.00");
    assert.equal(order.shippingAddress, null);
    assert.equal(order.notes, "Please deliver after 5pm");
    const [note] = await db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id));
    assert.match(note.body, /WhatsApp order from \+27821234567/);
    assert.match(note.body, /Please deliver after 5pm/);
    assert.match(note.body, /CAL-1 cart R60\.00, shop R89\.00/);
    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    assert.deepEqual(lines.map((l) => [l.sku, l.quantity, l.price]).sort(), [["CAL-1", 1, "89.00"], [
      "LAMP-75",
      2,
      "399.00",
    ]]);
    const stock = new Map((await db.select().from(products)).map((p) => [p.id, p.stock]));
    assert.equal(stock.get(lamp.id), 2);
    assert.equal(stock.get(imported.id), 9);
    const [customer] = await db.select().from(users).where(eq(users.waId, WA_ID));
    assert.equal(order.userId, customer.id);
    assert.equal(customer.firstName, "Thandi");
    assert.ok(!customer.password.startsWith("$argon2"), "no password can sign in to it");

    const [reply] = sentTo(before);
    assert.equal(reply.to, WA_ID);
    assert.equal(reply.type, "text");
    assert.match(reply.body!, new RegExp(`order ${order.orderNumber}`));
    assert.match(reply.body!, /2 x Basking Lamp 75W: R\s?798,00/);
    assert.match(reply.body!, /Total: R\s?982,00/);
    assert.match(reply.body!, /differ from the prices in your WhatsApp cart/);
    const token = linkIn(reply.body!);
    assert.ok(token, "the reply carries the pay link");

    // The pay page: no sign-in; first the delivery address.
    const page = await browser.get(`/pay/${token}`);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /data-wa-address-form/);
    assert.match(html, new RegExp(order.orderNumber));
    const saved = await browser.postForm(`/pay/${token}/address`, homeAddressForm);
    assert.equal(saved.status, 303);
    const withAddress = await (await browser.get(`/pay/${token}`)).text();
    assert.match(withAddress, /data-payment-step/);
    assert.match(withAddress, /12 Jacaranda Street/);

    const intent = await browser.postJson("/api/pay/intent", { token });
    assert.equal(intent.status, 200);
    const { clientSecret, provider } = await intent.json();
    assert.equal(provider, "test");
    const paid = await browser.postJson("/api/payments/test-confirm", { clientSecret, cardNumber: "4242424242424242" });
    assert.equal(paid.status, 200);
    const [after] = await orderRows(db);
    assert.ok(after.paidAt, "paid on the provider's word");
    assert.match(await (await browser.get(`/pay/${token}`)).text(), /is paid/);

    // The paid update reaches the customer on WhatsApp, once however often the job runs.
    const mark = fake.sent.length;
    await runWhatsAppWork(db, await jobContext(db));
    await runWhatsAppWork(db, await jobContext(db));
    const updates = sentTo(mark);
    assert.equal(updates.length, 1);
    assert.match(updates[0].body!, /We received your payment of R\s?982,00/);
  },
);

test("[whatsapp] a redelivered message is acknowledged and ignored: one order", async (db, database) => {
  const { postOrder } = setUp(database);
  await createProduct(db, { sku: "MAT-S", price: "250.00", stock: 3 });
  const items = [{ product_retailer_id: "MAT-S", quantity: 1, item_price: 250, currency: "ZAR" }];
  assert.deepEqual(await (await postOrder("wamid.RETRY1", items)).json(), { received: true, stored: 1, duplicates: 0 });
  await runWhatsAppWork(db, await jobContext(db));
  const again = await postOrder("wamid.RETRY1", items);
  assert.equal(again.status, 200);
  assert.deepEqual(await again.json(), { received: true, stored: 0, duplicates: 1 });
  await runWhatsAppWork(db, await jobContext(db));
  assert.equal((await orderRows(db)).length, 1);
  assert.equal((await db.select().from(products))[0].stock, 2);
  assert.equal((await db.select().from(whatsappOutbound)).filter((m) => m.kind === "reply").length, 1);
});

test(
  "[whatsapp] unknown, sold-out and short lines are left out and named; nothing sellable means no order",
  async (db, database) => {
    const { postOrder } = setUp(database);
    const hide = await createProduct(db, { name: "Hide Cave", sku: "HIDE-M", price: "150.00", stock: 5 });
    await createProduct(db, { name: "Gecko Diet", sku: "DIET-1", price: "99.00", stock: 0 });
    const terrarium = await createProduct(db, { name: "Glass Terrarium", sku: "TERR-60", price: "1999.00", stock: 2 });
    const variantParent = await createProduct(db, { name: "Thermostat", sku: "THERMO", price: "600.00", stock: 1 });
    const dimmer = await createVariant(db, variantParent.id, {
      name: "Dimming",
      sku: "THERMO-DIM",
      price: "700.00",
      stock: 1,
    });
    await db.update(products).set({ archivedAt: new Date() }).where(eq(products.sku, "HIDE-M"));
    const mark = fake.sent.length;

    await postOrder("wamid.PARTIAL", [
      { product_retailer_id: "NO-SUCH-SKU", quantity: 1 },
      { product_retailer_id: "HIDE-M", quantity: 1 }, // archived: not sold any more
      { product_retailer_id: "DIET-1", quantity: 2 },
      { product_retailer_id: "TERR-60", quantity: 5 },
      { product_retailer_id: "THERMO-DIM", quantity: 1, item_price: 700, currency: "ZAR" },
    ]);
    await runWhatsAppWork(db, await jobContext(db));
    const [order] = await orderRows(db);
    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    assert.deepEqual(lines.map((l) => [l.sku, l.variantId, l.quantity]), [["THERMO-DIM", dimmer.id, 1]]);
    const reply = sentTo(mark)[0].body!;
    assert.match(reply, /NO-SUCH-SKU: we could not find this item/);
    assert.match(reply, /HIDE-M: we could not find this item/);
    assert.match(reply, /Gecko Diet: sold out/);
    assert.match(reply, /Glass Terrarium: only 2 left \(you asked for 5\)/);
    assert.match(reply, /send a new cart for a different order/);
    const stock = new Map((await db.select().from(products)).map((p) => [p.id, p.stock]));
    assert.equal(stock.get(terrarium.id), 2, "a short line takes nothing");
    assert.equal(stock.get(hide.id), 5);

    const mark2 = fake.sent.length;
    await postOrder("wamid.NOTHING", [{ product_retailer_id: "DIET-1", quantity: 1 }, {
      product_retailer_id: "NOPE",
      quantity: 1,
    }]);
    await runWhatsAppWork(db, await jobContext(db));
    assert.equal((await orderRows(db)).length, 1, "no second order");
    const none = sentTo(mark2)[0].body!;
    assert.match(none, /could not place it/);
    assert.match(none, /Nothing was ordered/);
    assert.equal(linkIn(none), null);
    const [row] = await db.select().from(whatsappInbound).where(eq(whatsappInbound.id, "wamid.NOTHING"));
    assert.equal(row.status, "done");
    assert.equal(row.orderId, null);
  },
);

test(
  "[whatsapp] the customer's default address is used; a cart in another currency is charged in rand",
  async (db, database) => {
    const { postOrder } = setUp(database);
    const known = await createUser(db, { username: "thandi", waId: WA_ID });
    const home = await createAddress(db, known.id);
    await db.update(users).set({ defaultShippingAddressId: home.id }).where(eq(users.id, known.id));
    await createProduct(db, { sku: "BOWL", price: "45.00", stock: 9 });
    await postOrder("wamid.USD", [{ product_retailer_id: "BOWL", quantity: 2, item_price: "2.50", currency: "USD" }]);
    await runWhatsAppWork(db, await jobContext(db));
    const [order] = await orderRows(db);
    assert.equal(order.userId, known.id, "found by WhatsApp number");
    assert.equal((order.shippingAddress as { addressLine1?: string }).addressLine1, "12 Jacaranda Street");
    assert.equal(order.subtotal, "90.00");
    const [note] = await db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id));
    assert.match(note.body, /The cart's prices were in USD/);
  },
);

test("[whatsapp] a forged, altered or expired pay link is a 404 and pays nothing", async (db, database) => {
  const { orderOf, browser } = setUp(database);
  await orderOf("wamid.LINK", "PROBE", "300.00", 3);
  await runWhatsAppWork(db, await jobContext(db));
  const [order] = await orderRows(db);
  const secret = config.whatsapp!.payLinkSecret;
  const good = payLinkToken(secret, order.id, new Date(Date.now() + 3_600_000));
  assert.equal((await browser.get(`/pay/${good}`)).status, 200);
  // The first links named /pay/wa/: they lead to the same page, form posts keeping their body (308).
  const old = await browser.get(`/pay/wa/${good}`);
  assert.equal(old.status, 301);
  assert.equal(old.headers.get("location"), `/pay/${good}`);
  const oldPost = await browser.postForm(`/pay/wa/${good}/address`, { firstName: "X" });
  assert.equal(oldPost.status, 308);
  assert.equal(oldPost.headers.get("location"), `/pay/${good}/address`);
  const [id, expires, sig] = good.split(".");
  const forged = [
    ["another order's id", `${order.id + 1}.${expires}.${sig}`],
    ["a later expiry", `${id}.${Number(expires) + 86_400}.${sig}`],
    ["another key", payLinkToken("someone-elses-secret-someone-elses", order.id, new Date(Date.now() + 3_600_000))],
    ["expired", payLinkToken(secret, order.id, new Date(Date.now() - 1000))],
    ["garbage", "not-a-token"],
  ];
  for (const [why, token] of forged) {
    assert.equal((await browser.get(`/pay/${token}`)).status, 404, why);
    const intent = await browser.postJson("/api/pay/intent", { token });
    assert.equal(intent.status, 404, why);
    const address = await browser.postForm(`/pay/${token}/address`, { firstName: "X" });
    assert.equal(address.status, 404, why);
  }
  // A link for an order placed at the shop's checkout is refused too.
  await db.update(orders).set({ waTradeId: null, source: "web" }).where(eq(orders.id, order.id));
  assert.equal((await browser.get(`/pay/${good}`)).status, 404);
  assert.equal((await orderRows(db))[0].paidAt, null);
});

test(
  "[whatsapp] shipped, delivered, cancelled and refunded reach the customer; outside 24 hours only by template",
  async (db, database) => {
    const { app, orderOf } = setUp(database);
    await orderOf("wamid.SHIP", "HEAT-MAT", "350.00", 5);
    const ctx = await jobContext(db);
    await runWhatsAppWork(db, ctx);
    const [order] = await orderRows(db);
    await db.update(orders).set({
      paidAt: new Date(),
      paymentId: "pi_test_paid",
      status: "processing",
      updatedAt: new Date(),
    }).where(eq(orders.id, order.id));
    const { client: admin } = await staffAccount(db, database, "admin", "admin", {}, app);
    const shipped = await admin.postJson(`/api/admin/orders/${order.id}/status`, {
      status: "shipped",
      trackingNumber: "TCG123456789",
      carrier: "The Courier Guy",
    });
    assert.equal(shipped.status, 200);
    const mark = fake.sent.length;
    await runWhatsAppWork(db, ctx);
    const texts = sentTo(mark).map((m) => m.body!);
    assert.equal(texts.length, 2);
    assert.match(texts[0], /received your payment/);
    assert.match(texts[1], /on its way with The Courier Guy, tracking number TCG123456789/);

    // A day after the customer's last message, free-form text is not allowed: without a template the
    // update fails and stays for staff; with one, the template carries it.
    const later = new Date(Date.now() + 25 * 3_600_000);
    await db.update(orders).set({ status: "delivered", deliveredAt: later, updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    const noTemplate = await runWhatsAppWork(db, { ...ctx, now: () => later });
    assert.equal(noTemplate.failed, 1);
    const [delivered] = await db.select().from(whatsappOutbound).where(eq(whatsappOutbound.kind, "delivered"));
    assert.equal(delivered.status, "failed");
    assert.match(delivered.lastError ?? "", /24-hour window/);

    await db.update(orders).set({ refundedAmount: "100.00", updatedAt: new Date() }).where(eq(orders.id, order.id));
    const mark2 = fake.sent.length;
    const templated = await runWhatsAppWork(db, {
      ...ctx,
      now: () => later,
      updateTemplate: { name: "order_update", language: "en" },
    });
    assert.equal(templated.sent, 1);
    const [sent] = sentTo(mark2);
    assert.equal(sent.type, "template");
    assert.equal(sent.template?.name, "order_update");
    assert.match(sent.template!.parameters[0], /We refunded R\s?100,00/);

    // Cancelled.
    await db.update(orders).set({ status: "cancelled", cancelledAt: new Date(), updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    const mark3 = fake.sent.length;
    await runWhatsAppWork(db, ctx);
    assert.match(sentTo(mark3)[0].body!, /Your order was cancelled/);
  },
);

test(
  "[whatsapp] Graph's failures are retried with back-off; a wrong token fails the message for staff",
  async (db, database) => {
    const { postOrder, orderOf } = setUp(database);
    await orderOf("wamid.FAIL", "TONGS", "80.00", 5);
    fake.failNext(1, 500, 131000);
    const ctx = await jobContext(db);
    const first = await runWhatsAppWork(db, ctx);
    assert.equal(first.retrying, 1);
    const [msg] = await db.select().from(whatsappOutbound);
    assert.equal(msg.status, "pending");
    assert.match(msg.lastError ?? "", /Graph API 500 \(code 131000\)/);
    const retried = await runWhatsAppWork(db, { ...ctx, now: () => new Date(Date.now() + 60_000) });
    assert.equal(retried.sent, 1);

    await postOrder("wamid.TOKEN", [{ product_retailer_id: "TONGS", quantity: 1 }]);
    const wrong = await runWhatsAppWork(db, { ...ctx, sender: { ...ctx.sender!, accessToken: "stolen" } });
    assert.equal(wrong.failed, 1);
    const [failed] = await db.select().from(whatsappOutbound).where(eq(whatsappOutbound.status, "failed"));
    assert.match(failed.lastError ?? "", /Graph API 401 \(code 190\)/);
  },
);

test(
  "[whatsapp] staff see the source and number, filter by it, and read waTradeId in the order JSON",
  async (db, database) => {
    const { app, orderOf } = setUp(database);
    await orderOf("wamid.ADMIN", "SUBSTRATE", "199.00", 5);
    await runWhatsAppWork(db, await jobContext(db));
    const shopCustomer = await createUser(db, { username: "webshopper" });
    await db.insert(orders).values({ userId: shopCustomer.id, orderNumber: "RB-WEB-1", total: "100.00" });
    const { client: admin } = await staffAccount(db, database, "admin", "admin", {}, app);

    const all = await (await admin.get("/api/admin/orders")).json();
    assert.equal(all.items.length, 2);
    const wa = await (await admin.get("/api/admin/orders?source=whatsapp")).json();
    assert.deepEqual(wa.items.map((o: { source: string }) => o.source), ["whatsapp"]);
    assert.equal(wa.items[0].whatsappNumber, "+27821234567");
    const web = await (await admin.get("/api/admin/orders?source=web")).json();
    assert.deepEqual(web.items.map((o: { orderNumber: string }) => o.orderNumber), ["RB-WEB-1"]);
    assert.equal((await admin.get("/api/admin/orders?source=fax")).status, 400);
    const byNumber = await (await admin.get("/api/admin/orders?q=%2B2782123")).json();
    assert.equal(byNumber.items.length, 1);

    const detail = await (await admin.get(`/api/admin/orders/${wa.items[0].id}`)).json();
    assert.equal(detail.waTradeId, "wamid.ADMIN");
    assert.equal(detail.source, "whatsapp");
    assert.equal(detail.whatsappNumber, "+27821234567");
    const page = await (await admin.get(`/admin/orders/${wa.items[0].id}`)).text();
    assert.match(page, /WhatsApp \+27821234567/);
    const list = await (await admin.get("/admin/orders?source=whatsapp")).text();
    assert.match(list, /data-order-source="whatsapp"/);
    assert.doesNotMatch(list, /RB-WEB-1/);
  },
);

test(
  "[whatsapp] the retailer id WhatsApp matches is the one the Meta catalogue feed publishes",
  async (db, database) => {
    const { app } = setUp(database);
    await createProduct(db, { name: "Imported", sku: "OWN-SKU", fbRetailerId: "meta-77", price: "10.00", stock: 1 });
    const parent = await createProduct(db, { name: "Own", sku: "OWN-2", price: "20.00", stock: 1 });
    await createVariant(db, parent.id, { sku: "OWN-2-L", price: "25.00", stock: 1 });
    const feed = await (await testClient(app).get("/api/meta-commerce/products")).json();
    const ids = JSON.stringify(feed);
    for (const id of ["meta-77", "OWN-2", "OWN-2-L"]) assert.ok(ids.includes(`"${id}"`), id);
    assert.ok(!ids.includes('"OWN-SKU"'), "an imported product is known by Meta's retailer id, not its SKU");
    const { findByRetailerIds } = await import("../../domains/feeds/mod.ts");
    const found = await findByRetailerIds(db, ["meta-77", "OWN-SKU", "OWN-2", "OWN-2-L"]);
    assert.deepEqual([...found.keys()].sort(), ["OWN-2", "OWN-2-L", "meta-77"]);
  },
);

test(
  "[whatsapp] an order message that cannot be read is refused, logged for staff and answered; nothing is ordered",
  async (db, database) => {
    const { postOrder } = setUp(database);
    await createProduct(db, { sku: "OK-1", price: "10.00", stock: 5 });
    const mark = fake.sent.length;
    for (
      const [id, items] of [
        ["wamid.ZERO", [{ product_retailer_id: "OK-1", quantity: 0 }]],
        ["wamid.NEG", [{ product_retailer_id: "OK-1", quantity: -3 }]],
        ["wamid.HUGE", [{ product_retailer_id: "x".repeat(500), quantity: 1 }]],
        ["wamid.NOITEMS", []],
        ["wamid.TEXTQTY", [{ product_retailer_id: "OK-1", quantity: "lots" }]],
      ] as [string, FakeOrderItem[]][]
    ) {
      const res = await postOrder(id, items);
      assert.equal(res.status, 200, id);
    }
    const report = await runWhatsAppWork(db, await jobContext(db));
    assert.equal(report.handled, 5);
    assert.equal((await orderRows(db)).length, 0);
    const rows = await db.select().from(whatsappInbound);
    assert.deepEqual(rows.map((r) => r.status), ["refused", "refused", "refused", "refused", "refused"]);
    assert.ok(rows.every((r) => /could not be read/.test(r.outcome ?? "")));
    const replies = sentTo(mark);
    assert.equal(replies.length, 5);
    assert.ok(replies.every((m) => /could not read your order/.test(m.body ?? "")));
    assert.equal((await db.select().from(products))[0].stock, 5);
  },
);

test("[whatsapp] a rightly signed link to an order that does not exist is a 404", async (_db, database) => {
  const { browser } = setUp(database);
  const token = payLinkToken(config.whatsapp!.payLinkSecret, 424242, new Date(Date.now() + 3_600_000));
  assert.equal((await browser.get(`/pay/${token}`)).status, 404);
  const intent = await browser.postJson("/api/pay/intent", { token });
  assert.equal(intent.status, 404);
  assert.equal((await intent.json()).error, "This payment link is not valid.");
  const payfast = await browser.postJson("/api/pay/payfast", { token });
  assert.equal(payfast.status, 404);
  const unknownBody = await browser.postJson("/api/pay/intent", { token, orderId: 1 });
  assert.equal(unknownBody.status, 400, "a strict body");
});

test(
  "[whatsapp] an unpaid WhatsApp order waits 24 hours (its link's life), then the sweep cancels it and tells the customer",
  async (db, database) => {
    const { orderOf } = setUp(database);
    await orderOf("wamid.SLOW", "SLOW-PAY", "250.00", 4, 2);
    await runWhatsAppWork(db, await jobContext(db));
    const [order] = await orderRows(db);
    const opts = { shop: config.shop, siteUrl: config.siteUrl };
    const hours = (h: number) => new Date(order.createdAt.getTime() + h * 3_600_000);
    const early = await sweepUnpaidOrders(db, null, { ...opts, now: hours(2) });
    assert.equal(early.cancelled, 0, "a checkout order would be cancelled after 30 minutes; a WhatsApp one waits");
    assert.equal((await orderRows(db))[0].status, "pending");
    const late = await sweepUnpaidOrders(db, null, { ...opts, now: hours(24.1) });
    assert.equal(late.cancelled, 1);
    const [cancelled] = await orderRows(db);
    assert.equal(cancelled.status, "cancelled");
    assert.match(cancelled.cancelReason ?? "", /24 hours/);
    assert.equal((await db.select().from(products))[0].stock, 4, "the stock is back");
    const mark = fake.sent.length;
    await runWhatsAppWork(db, await jobContext(db));
    assert.match(sentTo(mark)[0].body!, /Your order was cancelled/);
  },
);

raceTest("[whatsapp] concurrent deliveries and job runs make exactly one order per message", async (db, database) => {
  const { postOrder } = setUp(database);
  // Plenty of stock: only the message's own lock and the unique wa_trade_id can keep it to one order.
  await createProduct(db, { sku: "PLENTY", price: "500.00", stock: 10 });
  const items = [{ product_retailer_id: "PLENTY", quantity: 1 }];
  const deliveries = await Promise.all(Array.from({ length: 8 }, () => postOrder("wamid.RACE", items)));
  assert.ok(deliveries.every((r) => r.status === 200));
  const bodies = await Promise.all(deliveries.map((r) => r.json()));
  assert.equal(bodies.filter((b) => b.stored === 1).length, 1);
  const ctx = await jobContext(db);
  await Promise.all(Array.from({ length: 4 }, () => runWhatsAppWork(db, ctx)));
  assert.equal((await orderRows(db)).length, 1);
  assert.equal((await db.select().from(products))[0].stock, 9);
  assert.equal((await db.select().from(whatsappOutbound)).filter((m) => m.kind === "reply").length, 1);
  // A second message for the last unit, racing a third: one order, never negative stock.
  await createProduct(db, { sku: "LAST-TWO", price: "500.00", stock: 1 });
  await Promise.all([
    postOrder("wamid.RACE-A", [{ product_retailer_id: "LAST-TWO", quantity: 1 }]),
    postOrder("wamid.RACE-B", [{ product_retailer_id: "LAST-TWO", quantity: 1 }]),
  ]);
  await Promise.all([runWhatsAppWork(db, ctx), runWhatsAppWork(db, ctx)]);
  assert.equal((await orderRows(db)).length, 2);
  const [two] = await db.select().from(products).where(eq(products.sku, "LAST-TWO"));
  assert.equal(two.stock, 0);
});

Deno.test({
  name: "(stop the fake WhatsApp Cloud API)",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: () => fake.stop(),
});
closeDatabase();
