/**
 * The checkout pages and the order page through the app: redirects (visitor, empty cart, no default
 * address), the review step (lines, addresses, PUDO rules and lockers, coupon), placing an order from
 * the form (idempotent), the payment step, Back to Order Summary, the confirmation and the provider's
 * return, and /order/{id} (own order, someone else's, an admin, status badges).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testAssets, testConfig } from "../helpers/app.ts";
import { type TestClient, testClient } from "../helpers/client.ts";
import { registerCustomer } from "../helpers/accounts.ts";
import { createAddress, createProduct, createVariant } from "../helpers/factories.ts";
import { createApp } from "../../app.ts";
import type { Database, Db } from "../../db/client.ts";
import { cartItems, coupons, orders, products, users } from "../../db/schema/mod.ts";
import type { PaymentGateway, PaymentIntentFacts } from "../../domains/payments/mod.ts";
import { attachPaymentIntent } from "../../domains/checkout/mod.ts";
import { cancelOrder } from "../../domains/orders/mod.ts";
import { formatMoney } from "../../lib/money.ts";
import { scriptedGateway } from "../fakes/scripted_gateway.ts";

const { test, closeDatabase } = useTestDatabase();

/** The provider's facts of an attempt made for this shop's order `orderId` (its id and number). */
async function intent(
  db: Db,
  id: string,
  orderId: number,
  amountCents: number,
  status: PaymentIntentFacts["status"],
): Promise<PaymentIntentFacts> {
  const [{ orderNumber }] = await db.select({ orderNumber: orders.orderNumber }).from(orders)
    .where(eq(orders.id, orderId));
  return {
    id,
    status,
    amountCents,
    currency: "zar",
    metadata: { orderId: String(orderId), orderNumber },
    lastError: null,
  };
}

/**
 * Attempt `intentId` attached to order `orderId`, and the provider's facts of it (`intents`, the
 * scripted gateway's): `status`, for `amountCents`.
 */
async function attempt(
  db: Db,
  intents: Map<string, PaymentIntentFacts>,
  orderId: number,
  intentId: string,
  amountCents: number,
  status: PaymentIntentFacts["status"],
) {
  await attachPaymentIntent(db, orderId, intentId);
  intents.set(intentId, await intent(db, intentId, orderId, amountCents, status));
}

/** The page's text without tags and React's text separators. */
function textOf(page: string): string {
  return page.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/[ \t\r\n]+/g, " ");
}

async function html(client: TestClient, path: string, status = 200): Promise<string> {
  const res = await client.get(path);
  assert.equal(res.status, status, `${path}: ${res.status} ${res.headers.get("location") ?? ""}`);
  assert.match(res.headers.get("content-type") ?? "", /text\/html/);
  return await res.text();
}

function redirectOf(res: Response): string {
  assert.equal(res.status, 303, `expected a redirect, got ${res.status}`);
  return res.headers.get("location") ?? "";
}

interface Shopper {
  client: TestClient;
  me: { id: number; username: string };
}

/** A signed-in customer (with a default shipping address unless `address` is false). */
async function shopper(
  db: Db,
  database: Database,
  opts: { gateway?: PaymentGateway | null; address?: boolean; username?: string } = {},
): Promise<Shopper> {
  const app = createApp({
    database,
    config: testConfig(),
    assets: testAssets(),
    ...(opts.gateway !== undefined ? { payments: opts.gateway } : {}),
  });
  const client = testClient(app);
  const username = opts.username ?? "keeper";
  const me = await registerCustomer(client, { username, email: `${username}@example.co.za` });
  if (opts.address !== false) {
    const address = await createAddress(db, me.id, { phone: "082 555 1234" });
    await db.update(users).set({ defaultShippingAddressId: address.id }).where(eq(users.id, me.id));
  }
  return { client, me };
}

async function addToCart(client: TestClient, productId: number, quantity = 1, variantId?: number) {
  const res = await client.postJson("/api/cart", { productId, quantity, ...(variantId ? { variantId } : {}) });
  assert.ok(res.status < 300, `add to cart: ${res.status} ${await res.clone().text()}`);
}

/**
 * A shopper paying through a scripted gateway, whose order of `quantity` of one new product (`values`
 * as createProduct takes them) is placed through the checkout form: the gateway's scripts, the
 * shopper, the product and the order's id.
 */
async function placedOrder(db: Db, database: Database, values: Parameters<typeof createProduct>[1] = {}, quantity = 1) {
  const scripted = scriptedGateway();
  const placer = await shopper(db, database, { gateway: scripted.gateway });
  const product = await createProduct(db, values);
  await addToCart(placer.client, product.id, quantity);
  return { ...scripted, ...placer, product, id: await placeFromForm(placer.client) };
}

/** The opening tag of the element with this id. */
function tagOf(page: string, id: string): string {
  const m = page.match(new RegExp(`<[a-z]+ [^>]*id="${id}"[^>]*>`));
  assert.ok(m, `#${id} is on the page`);
  return m[0];
}

/** The review form's idempotency key. */
function keyOf(page: string): string {
  const m = page.match(/name="idempotencyKey" value="([^"]+)"/);
  assert.ok(m, "the review form carries an idempotency key");
  return m[1];
}

/** Places the order from the review form; returns the new order's id. */
async function placeFromForm(client: TestClient, fields: Record<string, string> = {}): Promise<number> {
  const review = await html(client, "/checkout");
  const res = await client.postForm("/checkout", {
    idempotencyKey: keyOf(review),
    shippingMethod: "standard",
    ...fields,
  });
  const location = redirectOf(res);
  const m = location.match(/^\/checkout\?order=(\d+)$/);
  assert.ok(m, `placing the order leads to the payment step, not ${location}`);
  return Number(m[1]);
}

test("[checkout] a visitor is sent to /login?redirect=/checkout", async (_db, database) => {
  const client = testClient(createApp({ database, config: testConfig(), assets: testAssets() }));
  const res = await client.get("/checkout");
  assert.equal(redirectOf(res), `/login?redirect=${encodeURIComponent("/checkout")}`);
  const order = await client.get("/order/1");
  assert.equal(redirectOf(order), `/login?redirect=${encodeURIComponent("/order/1")}`);
});

test("[checkout] an empty cart goes to /cart with the 'Empty cart' toast", async (db, database) => {
  const { client } = await shopper(db, database);
  const res = await client.get("/checkout");
  assert.equal(redirectOf(res), "/cart");
  const cart = textOf(await html(client, "/cart"));
  assert.ok(cart.includes("Empty cart"));
  assert.ok(cart.includes("Please add items to your cart before checking out"));
});

test(
  "[checkout] no default shipping address goes to the address book, which leads back to checkout",
  async (db, database) => {
    const { client } = await shopper(db, database, { address: false });
    const p = await createProduct(db);
    await addToCart(client, p.id);
    const res = await client.get("/checkout");
    assert.equal(redirectOf(res), "/address-book?redirect=/checkout");
    const book = await html(client, "/address-book?redirect=/checkout");
    assert.ok(textOf(book).includes("Missing shipping address"));
    assert.ok(textOf(book).includes("default shipping address"));
    assert.ok(book.includes('data-return-to="/checkout"'));
    assert.ok(book.includes('href="/checkout"'));
  },
);

test(
  "[checkout] review: lines, addresses, order total, coupon, PUDO closed below R1,000 with the current total",
  async (db, database) => {
    const { client } = await shopper(db, database);
    const lamp = await createProduct(db, { name: "Basking Lamp 75W", slug: "basking-lamp-75w", price: "150.00" });
    const tank = await createProduct(db, { name: "Glass Terrarium", slug: "glass-terrarium", price: "300.00" });
    const size = await createVariant(db, tank.id, { name: "60x45x45", price: "320.00" });
    await db.insert(coupons).values({ code: "TENOFF", description: "10% off", type: "percentage", value: "10" });
    await addToCart(client, lamp.id, 2);
    await addToCart(client, tank.id, 1, size.id);
    const applied = await client.postForm("/cart/coupon", { code: "TENOFF", redirect: "/checkout" });
    assert.equal(redirectOf(applied), "/checkout", "the coupon form comes back to checkout");

    const res = await client.get("/checkout");
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("cache-control"), "private, no-store");
    const page = await res.text();
    const text = textOf(page);
    assert.match(page, /<title>Checkout \| Reptile Basics<\/title>/);
    assert.match(page, /data-step="review"[^>]*data-state="current"|aria-current="step"[^>]*data-step="review"/);
    for (const step of ["Review", "Payment", "Confirmation"]) assert.ok(text.includes(step), step);
    // Lines: name linking to the product, variant, unit price, quantity, line total.
    assert.ok(page.includes('href="/product/basking-lamp-75w"'));
    assert.ok(page.includes('href="/product/glass-terrarium"'));
    assert.ok(text.includes("60x45x45"));
    assert.ok(text.includes(formatMoney(15000)) && text.includes(formatMoney(30000)), "unit and line total");
    assert.ok(text.includes(formatMoney(32000)));
    // Addresses: the default shipping address with a way to change it; no billing default.
    assert.ok(text.includes("Thandi Nkosi") && text.includes("12 Jacaranda Street"));
    assert.ok(page.includes('href="/address-book?redirect=/checkout"'));
    assert.ok(text.includes("Same as shipping address"));
    // Total: 620.00 less 10% = 558.00 of goods, below R1,500: the R95 delivery fee, the coupon with its remove form.
    assert.ok(text.includes("Discount (TENOFF)"));
    assert.ok(text.includes(formatMoney(6200)));
    assert.ok(text.includes(`Shipping ${formatMoney(9500)}`));
    assert.ok(text.includes(`Total ${formatMoney(55800 + 9500)}`));
    // The coupon box hints (spec texts) show while no coupon is applied; here one is.
    assert.ok(!page.includes("data-coupon-hints"));
    assert.match(page, /<form[^>]*action="\/cart\/coupon\/remove"[^>]*>.*?name="redirect" value="\/checkout"/s);
    // Shipping: standard chosen, PUDO disabled with the minimum and the current total.
    const standard = tagOf(page, "ship-standard");
    assert.ok(standard.includes('name="shippingMethod"') && standard.includes('value="standard"'));
    assert.ok(standard.includes('checked=""'), "standard delivery is chosen");
    assert.ok(tagOf(page, "ship-pudo").includes('disabled=""'), "PUDO is disabled");
    assert.ok(text.includes(`at least ${formatMoney(100000)}`));
    assert.ok(text.includes(`Your current total is ${formatMoney(55800)}`));
    assert.ok(!page.includes('name="pudoLockerCode"'), "no locker to choose while PUDO is closed");
    assert.ok(text.includes("Secure Checkout"));
    assert.match(page, /<textarea[^>]*name="notes"[^>]*maxLength="500"|<textarea[^>]*maxLength="500"[^>]*name="notes"/);
    const form = tagOf(page, "checkout-form");
    assert.ok(form.includes('action="/checkout"') && form.includes('method="post"'), form);
    assert.ok(text.includes("Continue to Payment"));
    assert.match(keyOf(page), /^[0-9a-f-]{36}$/);
    assert.notEqual(keyOf(await html(client, "/checkout")), keyOf(page), "a fresh key per render");

    const removed = await client.postForm("/cart/coupon/remove", { redirect: "/checkout" });
    assert.equal(redirectOf(removed), "/checkout");
    assert.ok(!textOf(await html(client, "/checkout")).includes("Discount (TENOFF)"));
  },
);

test("[checkout] review names the items a PUDO locker cannot take", async (db, database) => {
  const { client } = await shopper(db, database);
  const enclosure = await createProduct(db, { name: "PVC Enclosure 120cm", price: "4500.00", pudoEligible: false });
  const mat = await createProduct(db, { name: "Heat Mat", price: "299.00" });
  await addToCart(client, enclosure.id);
  await addToCart(client, mat.id);
  const text = textOf(await html(client, "/checkout"));
  assert.ok(text.includes("PUDO locker delivery is not available for: PVC Enclosure 120cm."));
  assert.ok(!text.includes("Heat Mat."), "only the ineligible item is named");
});

test("[checkout] an eligible order offers the four lockers with their addresses", async (db, database) => {
  const { client } = await shopper(db, database);
  const p = await createProduct(db, { name: "UVB Kit", price: "1200.00" });
  await addToCart(client, p.id);
  const page = await html(client, "/checkout");
  const text = textOf(page);
  assert.ok(!tagOf(page, "ship-pudo").includes("disabled"));
  assert.ok(page.includes('<select id="pudo-locker" name="pudoLockerCode"'));
  for (const name of ["Pretoria Central", "Sandton City", "Cape Town CBD", "Durban North"]) {
    assert.ok(text.includes(name), name);
  }
  assert.ok(text.includes("Sammy Marks Square") && text.includes("83 Rivonia Road"), "addresses shown");
  assert.ok(page.includes('data-island="ShippingMethodChooser"'));
});

test(
  "[checkout] POST places the order and opens the payment step; the same key gives the same order",
  async (db, database) => {
    const { client, me } = await shopper(db, database);
    const p = await createProduct(db, { name: "UVB Kit", price: "1200.00", stock: 3 });
    await addToCart(client, p.id);
    const review = await html(client, "/checkout");
    const key = keyOf(review);
    const fields = { idempotencyKey: key, shippingMethod: "pudo_locker", pudoLockerCode: "PUDO-SANDTON-CITY" };
    const first = redirectOf(await client.postForm("/checkout", { ...fields, notes: "Leave at the desk" }));
    const second = redirectOf(await client.postForm("/checkout", fields));
    assert.match(first, /^\/checkout\?order=\d+$/);
    assert.equal(second, first, "a resubmitted form finds the first order");
    const rows = await db.select().from(orders).where(eq(orders.userId, me.id));
    assert.equal(rows.length, 1);
    assert.equal(rows[0].status, "pending");
    assert.equal(rows[0].shippingMethod, "pudo_locker");
    assert.equal(rows[0].pudoLockerCode, "PUDO-SANDTON-CITY");
    assert.equal(rows[0].notes, "Leave at the desk");
    assert.equal(rows[0].paymentMethod, "test");
    const [stock] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, p.id));
    assert.equal(stock.stock, 2, "stock taken once");

    const page = await html(client, first);
    const text = textOf(page);
    assert.match(page, /aria-current="step"[^>]*data-step="payment"|data-step="payment"[^>]*data-state="current"/);
    assert.ok(text.includes(rows[0].orderNumber));
    assert.ok(text.includes(formatMoney(120000)));
    assert.ok(text.includes("Sandton City"));
    const marker = page.match(/data-island="CheckoutPayment" data-props="([^"]+)"/);
    assert.ok(marker, "the payment island is on the page");
    const props = JSON.parse(marker[1].replace(/&quot;/g, '"').replace(/&amp;/g, "&"));
    assert.deepEqual(props, {
      orderId: rows[0].id,
      orderNumber: rows[0].orderNumber,
      totalCents: 120000,
      provider: "test",
      publishableKey: null,
      confirmationUrl: `/checkout?order=${rows[0].id}&confirmed=1`,
      returnUrl: "/checkout/confirmation",
      backUrl: "/checkout/back",
    });
    assert.match(page, /<form[^>]*action="\/checkout\/back"[^>]*>.*?name="orderId" value="\d+"/s);
    assert.ok(text.includes("Back to Order Summary"));
  },
);

test(
  "[checkout] refusals show the review again with 'Order creation failed', the delivery choice and notes kept",
  async (db, database) => {
    const { client, me } = await shopper(db, database);
    const cheap = await createProduct(db, { name: "Water Bowl", price: "80.00" });
    await addToCart(client, cheap.id);
    const review = await html(client, "/checkout");
    const pudo = await client.postForm("/checkout", {
      idempotencyKey: keyOf(review),
      shippingMethod: "pudo_locker",
      notes: "Gate code 4411 <b>",
    });
    assert.equal(pudo.status, 400);
    const page = await pudo.text();
    assert.ok(textOf(page).includes("Order creation failed"));
    assert.ok(textOf(page).includes("PUDO locker delivery needs an order total of at least"));
    assert.match(page, /<textarea[^>]*name="notes"[^>]*>Gate code 4411 &lt;b&gt;<\/textarea>/);
    assert.notEqual(keyOf(page), keyOf(review), "a fresh key for the next try");
    const noKey = await client.postForm("/checkout", { shippingMethod: "standard", notes: "Ring twice" });
    assert.equal(noKey.status, 400);
    const again = await noKey.text();
    assert.ok(textOf(again).includes("Order creation failed"));
    assert.match(again, />Ring twice<\/textarea>/);
    assert.equal((await db.select().from(orders).where(eq(orders.userId, me.id))).length, 0);
  },
);

test("[checkout] a PUDO order without a locker is refused", async (db, database) => {
  const { client } = await shopper(db, database);
  const p = await createProduct(db, { price: "1500.00" });
  await addToCart(client, p.id);
  const review = await html(client, "/checkout");
  const res = await client.postForm("/checkout", { idempotencyKey: keyOf(review), shippingMethod: "pudo_locker" });
  assert.equal(res.status, 400);
  const page = await res.text();
  assert.ok(textOf(page).includes("Please choose a PUDO locker."));
  assert.match(page, /<input[^>]*id="ship-pudo"[^>]*checked=""/, "the PUDO choice is kept");
});

test("[checkout] without a payment provider: 'Payment Configuration Error' and no order", async (db, database) => {
  const { client, me } = await shopper(db, database, { gateway: null });
  const p = await createProduct(db);
  await addToCart(client, p.id);
  const review = await html(client, "/checkout");
  assert.ok(textOf(review).includes("Payment Configuration Error"));
  assert.ok(textOf(review).includes("The payment system is not properly configured. Please contact support."));
  assert.match(review, /<button type="submit" disabled=""[^>]*>.*?Continue to Payment/s);
  const res = await client.postForm("/checkout", { idempotencyKey: keyOf(review), shippingMethod: "standard" });
  assert.ok(res.status === 400 || res.status === 409, String(res.status));
  assert.ok(textOf(await res.text()).includes("Order creation failed"));
  assert.equal((await db.select().from(orders).where(eq(orders.userId, me.id))).length, 0);
});

test("[checkout] Back to Order Summary cancels the unpaid order and gives its stock back", async (db, database) => {
  const { client, product: p, id } = await placedOrder(db, database, { stock: 4 }, 2);
  const stock = async () => (await db.select().from(products).where(eq(products.id, p.id)))[0].stock;
  assert.equal(await stock(), 2);
  const back = await client.postForm("/checkout/back", { orderId: String(id) });
  assert.equal(redirectOf(back), "/checkout");
  assert.equal(await stock(), 4);
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  assert.equal(row.status, "cancelled");
  // The review is back with the same cart; the cancelled order's payment step leads there too.
  assert.ok(textOf(await html(client, "/checkout")).includes("Continue to Payment"));
  assert.equal(redirectOf(await client.get(`/checkout?order=${id}`)), "/checkout");
});

test(
  "[checkout] leaving the payment step with Back keeps the coupon; placing again replaces the unpaid order",
  async (db, database) => {
    const { gateway } = scriptedGateway();
    const { client, me } = await shopper(db, database, { gateway });
    await db.insert(coupons).values({
      code: "ONCE50",
      description: "R50 off, once",
      type: "fixed_amount",
      value: "50.00",
      userLimit: 1,
    });
    const p = await createProduct(db, { price: "300.00", stock: 5 });
    await addToCart(client, p.id, 2);
    await client.postJson("/api/cart/apply-coupon", { code: "ONCE50" });
    const first = await placeFromForm(client);
    // The browser's Back button: the review and the cart still carry the coupon, and say an order waits.
    const review = await html(client, "/checkout");
    const text = textOf(review);
    assert.ok(text.includes("ONCE50"), "the coupon is still shown");
    assert.ok(!text.includes("already used"), text);
    assert.match(review, /data-unpaid-order/);
    assert.ok(review.includes(`href="/checkout?order=${first}"`), "a link back to the waiting order's payment");
    const cart = await (await client.get("/api/cart")).json();
    assert.deepEqual([cart.coupon?.code, cart.discount], ["ONCE50", 50]);
    // Placing again: one live order, with the coupon; the first is cancelled and its stock came back.
    const second = await placeFromForm(client);
    assert.notEqual(second, first);
    const mine = await db.select().from(orders).where(eq(orders.userId, me.id));
    const status = Object.fromEntries(mine.map((o) => [o.id, o.status]));
    assert.deepEqual(status, { [first]: "cancelled", [second]: "pending" });
    assert.equal(mine.find((o) => o.id === second)!.discountAmount, "50.00");
    const [{ stock }] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, p.id));
    assert.equal(stock, 3);
    assert.doesNotMatch(await html(client, `/checkout?order=${second}`), /data-unpaid-order/);
  },
);

test(
  "[checkout] confirmation: a wait that refreshes until the provider's word, then 'Thank you' with points",
  async (db, database) => {
    const { intents, client, me, id } = await placedOrder(db, database, { price: "1234.56" });

    const waiting = await client.get(`/checkout?order=${id}&confirmed=1`);
    assert.equal(waiting.status, 200);
    assert.equal(waiting.headers.get("refresh"), `3; url=/checkout?order=${id}&confirmed=1&wait=1`);
    assert.ok(textOf(await waiting.text()).includes("We are confirming your payment…"));
    const last = await client.get(`/checkout?order=${id}&confirmed=1&wait=20`);
    assert.equal(last.headers.get("refresh"), null, "it stops refreshing after about a minute");
    assert.ok((await last.text()).includes(`href="/order/${id}"`));

    await attempt(db, intents, id, "pi_ok", 132956, "succeeded");
    const page = await html(client, `/checkout?order=${id}&confirmed=1`);
    const text = textOf(page);
    assert.ok(text.includes("Thank you for your order!"));
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    assert.ok(row.paidAt, "the order was finalised from the provider's facts");
    assert.ok(text.includes(row.orderNumber));
    assert.ok(text.includes(formatMoney(132956)));
    assert.ok(
      text.includes(`${new Intl.NumberFormat("en-ZA").format(1329)} loyalty points`),
      "1 point per rand paid, delivery included",
    );
    assert.ok(page.includes(`href="/order/${id}"`) && text.includes("Continue Shopping"));
    assert.match(
      page,
      /data-step="confirmation"[^>]*data-state="current"|aria-current="step"[^>]*data-step="confirmation"/,
    );
    // The cart was emptied by the payment: the confirmation still shows, the review goes to /cart.
    assert.equal((await db.select().from(cartItems).where(eq(cartItems.userId, me.id))).length, 0);
    assert.ok(textOf(await html(client, `/checkout?order=${id}&confirmed=1`)).includes("Thank you for your order!"));
    assert.equal(redirectOf(await client.get(`/checkout?order=${id}`)), `/checkout?order=${id}&confirmed=1`);
    assert.equal(redirectOf(await client.get("/checkout")), "/cart");
  },
);

test(
  "[checkout] the provider's return: succeeded finalises and confirms; declined goes back with 'Payment failed'",
  async (db, database) => {
    const { intents, client, id } = await placedOrder(db, database, { price: "500.00" });

    await attachPaymentIntent(db, id, "pi_declined");
    intents.set("pi_declined", {
      ...await intent(db, "pi_declined", id, 59500, "requires_payment_method"),
      lastError: "Your card was declined.",
    });
    const declined = await client.get(
      "/checkout/confirmation?payment_intent=pi_declined&payment_intent_client_secret=x&redirect_status=failed",
    );
    assert.equal(redirectOf(declined), `/checkout?order=${id}`);
    const payment = textOf(await html(client, `/checkout?order=${id}`));
    assert.ok(payment.includes("Payment failed") && payment.includes("Your card was declined."));

    // The browser's word is not enough: redirect_status=succeeded with an unpaid attempt changes nothing.
    const lying = await client.get("/checkout/confirmation?payment_intent=pi_declined&redirect_status=succeeded");
    assert.equal(redirectOf(lying), `/checkout?order=${id}`);

    await attempt(db, intents, id, "pi_ok", 59500, "succeeded");
    const ok = await client.get("/checkout/confirmation?payment_intent=pi_ok&redirect_status=succeeded");
    assert.equal(redirectOf(ok), `/checkout?order=${id}&confirmed=1`);
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    assert.equal(row.paymentId, "pi_ok");
    assert.equal(row.status, "processing");

    const unknown = await client.get("/checkout/confirmation?payment_intent=pi_nobody");
    assert.equal(redirectOf(unknown), "/checkout");
  },
);

test(
  "[checkout] the confirmation page sends a failed payment back to the payment step with 'Payment failed'",
  async (db, database) => {
    const { intents, client, id } = await placedOrder(db, database, { price: "500.00" });
    await attachPaymentIntent(db, id, "pi_3ds");

    // Still with the bank (processing): the page waits.
    intents.set("pi_3ds", await intent(db, "pi_3ds", id, 59500, "processing"));
    const waiting = await client.get(`/checkout?order=${id}&confirmed=1`);
    assert.equal(waiting.status, 200);
    assert.ok(waiting.headers.get("refresh"));

    // The 3-D Secure check failed: Stripe put the attempt back to requires_payment_method.
    intents.set("pi_3ds", {
      ...await intent(db, "pi_3ds", id, 59500, "requires_payment_method"),
      lastError: "We are unable to authenticate your payment method.",
    });
    const failed = await client.get(`/checkout?order=${id}&confirmed=1&wait=4`);
    assert.equal(redirectOf(failed), `/checkout?order=${id}`);
    const payment = await html(client, `/checkout?order=${id}`);
    const text = textOf(payment);
    assert.ok(text.includes("Payment failed"), "the spec's failure toast");
    assert.ok(text.includes("We are unable to authenticate your payment method."));
    assert.ok(payment.includes('data-island="CheckoutPayment"'), "the customer can pay again");
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    assert.equal(row.paymentError, "We are unable to authenticate your payment method.");
    assert.equal(row.status, "pending");

    // A cancelled attempt: back to paying too (a new attempt is made there), the order stays open.
    intents.set("pi_3ds", await intent(db, "pi_3ds", id, 59500, "canceled"));
    assert.equal(redirectOf(await client.get(`/checkout?order=${id}&confirmed=1`)), `/checkout?order=${id}`);
    assert.ok(textOf(await html(client, `/checkout?order=${id}`)).includes("Payment failed"));
    assert.equal((await db.select().from(orders).where(eq(orders.id, id)))[0].status, "pending");
  },
);

test(
  "[checkout] the provider's return with a cancelled attempt goes back to paying, not to a wait",
  async (db, database) => {
    const { intents, client, id } = await placedOrder(db, database, { price: "500.00" });
    await attempt(db, intents, id, "pi_gone", 59500, "canceled");
    const back = await client.get("/checkout/confirmation?payment_intent=pi_gone&redirect_status=failed");
    assert.equal(redirectOf(back), `/checkout?order=${id}`);
    const text = textOf(await html(client, `/checkout?order=${id}`));
    assert.ok(text.includes("Payment failed") && text.includes("Your payment was not completed. Please try again."));
    assert.equal((await db.select().from(orders).where(eq(orders.id, id)))[0].status, "pending");
  },
);

test(
  "[checkout] a payment that reached a cancelled, sold-out order is refunded and the customer told so",
  async (db, database) => {
    const { intents, refunds, client, product: p, id } = await placedOrder(db, database, { price: "500.00", stock: 1 });
    await attachPaymentIntent(db, id, "pi_late");
    await cancelOrder(db, id, "Not paid within 30 minutes");
    await db.update(products).set({ stock: 0 }).where(eq(products.id, p.id)); // sold to someone else
    intents.set("pi_late", await intent(db, "pi_late", id, 59500, "succeeded"));

    const back = await client.get("/checkout/confirmation?payment_intent=pi_late&redirect_status=succeeded");
    assert.equal(redirectOf(back), `/checkout?order=${id}&confirmed=1`);
    const confirmed = await client.get(`/checkout?order=${id}&confirmed=1`);
    assert.equal(redirectOf(confirmed), `/order/${id}`, "no 'Thank you' for an order that will not ship");
    assert.ok(textOf(await html(client, `/order/${id}`)).includes("we are refunding it in full"));
    assert.deepEqual(refunds.map((r) => [r.intentId, r.amountCents]), [["pi_late", 59500]]);
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    assert.equal(row.status, "cancelled");
  },
);

test("[checkout] another customer's order is never shown at checkout", async (db, database) => {
  const { gateway } = scriptedGateway();
  const owner = await shopper(db, database, { gateway });
  const p = await createProduct(db);
  await addToCart(owner.client, p.id);
  const id = await placeFromForm(owner.client);
  const other = await shopper(db, database, { gateway, username: "other" });
  assert.equal(redirectOf(await other.client.get(`/checkout?order=${id}`)), "/checkout");
  assert.equal(redirectOf(await other.client.get(`/checkout?order=${id}&confirmed=1`)), "/checkout");
  assert.equal(redirectOf(await other.client.postForm("/checkout/back", { orderId: String(id) })), "/checkout");
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  assert.equal(row.status, "pending", "someone else cannot cancel it");
});

test("[order page] the customer's own order: every part of the spec's Order detail", async (db, database) => {
  const { gateway, intents } = scriptedGateway();
  const { client } = await shopper(db, database, { gateway });
  const p = await createProduct(db, { name: "UVB Kit", slug: "uvb-kit", price: "1150.00", sku: "UVB-1" });
  const mat = await createProduct(db, { name: "Heat Mat", slug: "heat-mat", price: "299.00" });
  const big = await createVariant(db, mat.id, { name: "Large", price: "349.00" });
  await addToCart(client, p.id);
  await addToCart(client, mat.id, 2, big.id);
  const id = await placeFromForm(client, { shippingMethod: "pudo_locker", pudoLockerCode: "PUDO-CPT-CBD" });

  let page = await html(client, `/order/${id}`);
  let text = textOf(page);
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  assert.match(page, new RegExp(`<title>Order #${row.orderNumber} \\| Reptile Basics</title>`));
  assert.ok(text.includes(`Order #${row.orderNumber}`));
  assert.match(text, /Placed on \d{1,2} [A-Z][a-z]+ \d{4}/);
  assert.match(page, /<span class="[^"]*bg-amber-100[^"]*" data-status="pending">Pending<\/span>/);
  assert.ok(text.includes("Payment pending"));
  assert.ok(page.includes(`href="/checkout?order=${id}"`) && text.includes("Complete payment"));
  for (const heading of ["Shipping Information", "Billing Information", "Payment & Delivery", "Order Summary"]) {
    assert.ok(text.includes(heading.replace("&", "&amp;")) || text.includes(heading), heading);
  }
  assert.ok(text.includes("Thandi Nkosi") && text.includes("12 Jacaranda Street") && text.includes("0181"));
  assert.ok(text.includes("Same as shipping address"));
  assert.ok(text.includes("Test card (no real payment)"), "the payment method");
  assert.ok(text.includes("PUDO locker") && text.includes("Cape Town CBD") && text.includes("Golden Acre"));
  for (const column of ["Product", "Price", "Quantity", "Total"]) {
    assert.match(page, new RegExp(`<th scope="col"[^>]*>${column}</th>`), column);
  }
  assert.ok(text.includes("3 item(s) in this order"));
  assert.ok(page.includes('href="/product/uvb-kit"') && text.includes("Large"));
  assert.ok(text.includes(formatMoney(69800)), "line total 2 x 349.00");
  const total = 115000 + 69800;
  assert.ok(text.includes(`Subtotal ${formatMoney(total)}`));
  assert.ok(text.includes("Shipping Free"));
  assert.ok(text.includes(`Total ${formatMoney(total)}`));
  assert.ok(text.includes(`VAT included (15%) ${formatMoney(Math.round(total * 15 / 115))}`));
  assert.ok(text.includes("Back to Account"));
  assert.ok(!text.includes("Write a Review"), "only delivered orders ask for a review");

  await attempt(db, intents, id, "pi_paid", total, "succeeded");
  await client.get(`/checkout?order=${id}&confirmed=1`);
  page = await html(client, `/order/${id}`);
  text = textOf(page);
  assert.match(page, /data-status="processing">Processing</);
  assert.ok(text.includes("Payment status Paid"));
  assert.ok(!text.includes("Complete payment"));

  await db.update(orders).set({ status: "delivered" }).where(eq(orders.id, id));
  page = await html(client, `/order/${id}`);
  assert.ok(textOf(page).includes("Write a Review"));
  assert.ok(page.includes('href="/product/uvb-kit?write-review=1#write-review"'));
});

test("[order page] another customer's order, a missing one and a non-numeric id: 404 'Order Not Found'", async (
  db,
  database,
) => {
  const owner = await shopper(db, database);
  const p = await createProduct(db);
  await addToCart(owner.client, p.id);
  const id = await placeFromForm(owner.client);
  const other = await shopper(db, database, { username: "other" });
  for (const path of [`/order/${id}`, "/order/999999", "/order/abc", "/order/1.5"]) {
    const page = await html(other.client, path, 404);
    const text = textOf(page);
    assert.ok(text.includes("Order Not Found"), path);
    assert.ok(
      text.includes(
        "We couldn't find the order you're looking for. It may have been removed or you don't have permission to view it.",
      ),
      path,
    );
    assert.ok(page.includes('href="/account"'), path);
  }
});

test("[order page] an admin sees any customer's order", async (db, database) => {
  const owner = await shopper(db, database);
  const p = await createProduct(db, { name: "Hide Box" });
  await addToCart(owner.client, p.id);
  const id = await placeFromForm(owner.client);
  const admin = await shopper(db, database, { username: "staff" });
  await db.update(users).set({ role: "admin" }).where(eq(users.id, admin.me.id));
  const page = await html(admin.client, `/order/${id}`);
  assert.ok(textOf(page).includes("Hide Box"));
  assert.ok(!textOf(page).includes("Complete payment"), "an admin does not pay a customer's order");
});

test("[order page] status badges: capitalised, coloured as on the account's order list", async (db, database) => {
  const { client, me } = await shopper(db, database);
  const p = await createProduct(db);
  await addToCart(client, p.id);
  const id = await placeFromForm(client);
  const colours = { pending: "amber", processing: "blue", shipped: "indigo", delivered: "green", cancelled: "red" };
  for (const [status, colour] of Object.entries(colours)) {
    await db.update(orders).set({ status: status as keyof typeof colours }).where(eq(orders.id, id));
    const page = await html(client, `/order/${id}`);
    const badge = page.match(new RegExp(`<span class="([^"]*)" data-status="${status}">([^<]*)</span>`));
    assert.ok(badge, status);
    assert.ok(badge[1].includes(`bg-${colour}-100`), `${status} is ${colour}`);
    assert.equal(badge[2], status.charAt(0).toUpperCase() + status.slice(1));
    assert.ok(textOf(page).includes(`Shipping status ${badge[2]}`));
    const list = await html(client, "/account?tab=orders");
    const listed = list.match(new RegExp(`<span class="([^"]*)" data-status="${status}">([^<]*)</span>`));
    assert.ok(listed, `${status} on the account's list (cancelled orders too)`);
    assert.ok(listed[1].includes(`bg-${colour}-100`));
  }
  assert.equal((await db.select().from(orders).where(eq(orders.userId, me.id))).length, 1);
});

closeDatabase();
