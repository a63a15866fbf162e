import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createAddress, createProduct, createUser, createVariant } from "../../tests/helpers/factories.ts";
import { testConfig } from "../../tests/helpers/app.ts";
import type { Db } from "../../db/client.ts";
import {
  cartItems,
  coupons,
  couponUsage,
  emailOutbox,
  loyaltyLedger,
  orders,
  products,
  productVariants,
  users,
} from "../../db/schema/mod.ts";
import { ConflictError, ValidationError } from "../../lib/errors.ts";
import { addToCart, applyCoupon, getCart } from "../cart/mod.ts";
import type { PaymentIntentFacts } from "../payments/types.ts";
import {
  abandonOrder,
  cancelOrder,
  finalizePaidOrder,
  handlePaymentEvent,
  placeOrder,
  pudoEligibility,
  sweepUnpaidOrders,
  UNPAID_ORDER_TTL_MS,
} from "./mod.ts";

const { test, closeDatabase } = useTestDatabase();
const config = testConfig();
const opts = { shop: config.shop, siteUrl: config.siteUrl };

/** A customer with a default shipping address and `lines` in the cart. */
async function shopper(db: Db, lines: { productId: number; variantId?: number; quantity: number }[] = []) {
  const user = await createUser(db, { firstName: "Thandi" });
  const address = await createAddress(db, user.id);
  await db.update(users).set({ defaultShippingAddressId: address.id }).where(eq(users.id, user.id));
  for (const line of lines) await addToCart(db, { userId: user.id }, line);
  return user;
}

function paidIntent(order: { id: number; totalCents: number }, over: Partial<PaymentIntentFacts> = {}) {
  return {
    id: `pi_${order.id}`,
    status: "succeeded" as const,
    amountCents: order.totalCents,
    currency: "zar",
    metadata: { orderId: String(order.id) },
    lastError: null,
    ...over,
  };
}

const stockOf = async (db: Db, id: number) =>
  (await db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0].s;

test("[checkout] an order is priced from the database, takes stock and snapshots lines and address", async (db) => {
  const p = await createProduct(db, { name: "Exo Terra Heat Mat", price: "349.00", salePrice: "299.00", stock: 5 });
  const user = await shopper(db, [{ productId: p.id, quantity: 2 }]);
  const { order, created } = await placeOrder(db, {
    userId: user.id,
    idempotencyKey: null,
    shippingMethod: "standard",
  });
  assert.equal(created, true);
  assert.match(order.orderNumber, /^RB-\d{13}$/);
  assert.equal(order.status, "pending");
  assert.equal(order.totalCents, 59_800);
  assert.equal(order.items[0].name, "Exo Terra Heat Mat");
  assert.equal(order.items[0].priceCents, 29_900);
  assert.equal(order.shippingAddress?.city, "Pretoria");
  assert.equal(await stockOf(db, p.id), 3);
  // A later price change never rewrites the order.
  await db.update(products).set({ name: "Renamed", price: "999.00", salePrice: null }).where(eq(products.id, p.id));
  const { order: same } = await placeOrder(db, { userId: user.id, idempotencyKey: null, shippingMethod: "standard" });
  assert.equal(same.items[0].priceCents, 99_900);
  assert.equal(order.items[0].name, "Exo Terra Heat Mat");
});

test("[checkout] an empty cart, a missing address and a bad locker are refused", async (db) => {
  const user = await shopper(db);
  await assert.rejects(
    placeOrder(db, { userId: user.id, idempotencyKey: null, shippingMethod: "standard" }),
    ValidationError,
  );
  const p = await createProduct(db, { price: "1500.00" });
  const homeless = await createUser(db);
  await addToCart(db, { userId: homeless.id }, { productId: p.id, quantity: 1 });
  await assert.rejects(
    placeOrder(db, { userId: homeless.id, idempotencyKey: null, shippingMethod: "standard" }),
    /default shipping address/,
  );
  await addToCart(db, { userId: user.id }, { productId: p.id, quantity: 1 });
  await assert.rejects(
    placeOrder(db, { userId: user.id, idempotencyKey: null, shippingMethod: "pudo_locker", pudoLockerCode: "NOPE" }),
    /choose a PUDO locker/,
  );
  assert.equal(await stockOf(db, p.id), 10, "a refused order takes no stock");
});

test("[checkout] PUDO needs R1,000 after discounts and no bulky item", async (db) => {
  const small = await createProduct(db, { name: "Feeder Tongs", price: "149.00" });
  const tank = await createProduct(db, { name: "Vivarium 120", price: "4999.00", pudoEligible: false });
  const user = await shopper(db, [{ productId: small.id, quantity: 1 }]);
  const cart = await getCart(db, { userId: user.id });
  const low = pudoEligibility(cart);
  assert.equal(low.eligible, false);
  assert.match(!low.eligible ? low.message : "", /at least R\s?1[\s ]000,00.*current total is R\s?149,00/);
  await addToCart(db, { userId: user.id }, { productId: tank.id, quantity: 1 });
  const bulky = pudoEligibility(await getCart(db, { userId: user.id }));
  assert.match(!bulky.eligible ? bulky.message : "", /not available for: Vivarium 120/);
  await assert.rejects(
    placeOrder(db, {
      userId: user.id,
      idempotencyKey: null,
      shippingMethod: "pudo_locker",
      pudoLockerCode: "PUDO-CPT-CBD",
    }),
    /not available for: Vivarium 120/,
  );
});

test("[checkout] a PUDO order stores the locker's code and address", async (db) => {
  const p = await createProduct(db, { price: "1200.00" });
  const user = await shopper(db, [{ productId: p.id, quantity: 1 }]);
  const { order } = await placeOrder(db, {
    userId: user.id,
    idempotencyKey: null,
    shippingMethod: "pudo_locker",
    pudoLockerCode: "PUDO-SANDTON-CITY",
  });
  assert.equal(order.shippingMethod, "pudo_locker");
  assert.equal(order.pudoLockerCode, "PUDO-SANDTON-CITY");
  assert.match(order.pudoLockerAddress ?? "", /^Sandton City, /);
});

test("[checkout] 20 concurrent orders for the last 5 units give exactly 5 orders and stock 0", async (db) => {
  const p = await createProduct(db, { name: "Last Basking Lamp", stock: 5 });
  const buyers = [];
  for (let i = 0; i < 20; i++) buyers.push(await shopper(db, [{ productId: p.id, quantity: 1 }]));
  const results = await Promise.allSettled(
    buyers.map((u) => placeOrder(db, { userId: u.id, idempotencyKey: null, shippingMethod: "standard" })),
  );
  const ok = results.filter((r) => r.status === "fulfilled");
  const refused = results.filter((r) => r.status === "rejected");
  assert.equal(ok.length, 5);
  for (const r of refused) assert.ok((r as PromiseRejectedResult).reason instanceof ConflictError);
  assert.equal(await stockOf(db, p.id), 0);
  assert.equal((await db.select().from(orders)).length, 5);
});

test("[checkout] variant stock is taken from the variant and counted in the product", async (db) => {
  const p = await createProduct(db, { stock: 9 });
  const v = await createVariant(db, p.id, { stock: 4, price: "250.00" });
  const user = await shopper(db, [{ productId: p.id, variantId: v.id, quantity: 3 }]);
  const { order } = await placeOrder(db, { userId: user.id, idempotencyKey: null, shippingMethod: "standard" });
  const [variant] = await db.select().from(productVariants).where(eq(productVariants.id, v.id));
  assert.equal(variant.stock, 1);
  assert.equal(await stockOf(db, p.id), 6);
  assert.equal(order.items[0].variantName, v.name);
  await cancelOrder(db, order.id, "test");
  const [back] = await db.select().from(productVariants).where(eq(productVariants.id, v.id));
  assert.equal(back.stock, 4);
  assert.equal(await stockOf(db, p.id), 9);
});

test("[checkout] a double submit with one idempotency key gives one order", async (db) => {
  const p = await createProduct(db, { stock: 10 });
  const user = await shopper(db, [{ productId: p.id, quantity: 2 }]);
  const input = { userId: user.id, idempotencyKey: "checkout-key-0001", shippingMethod: "standard" as const };
  const [a, b] = await Promise.all([placeOrder(db, input), placeOrder(db, input)]);
  assert.equal(a.order.id, b.order.id);
  assert.deepEqual([a.created, b.created].sort(), [false, true]);
  assert.equal((await db.select().from(orders)).length, 1);
  assert.equal(await stockOf(db, p.id), 8, "stock is taken once");
});

test("[checkout] a coupon's usage limit holds when two customers race for its last use", async (db) => {
  const p = await createProduct(db, { price: "500.00", stock: 10 });
  await db.insert(coupons).values({
    code: "LASTONE",
    description: "Last one",
    type: "percentage",
    value: "10",
    usageLimit: 1,
  });
  const a = await shopper(db, [{ productId: p.id, quantity: 1 }]);
  const b = await shopper(db, [{ productId: p.id, quantity: 1 }]);
  await applyCoupon(db, { userId: a.id }, "LASTONE");
  await applyCoupon(db, { userId: b.id }, "LASTONE");
  const results = await Promise.allSettled(
    [a, b].map((u) => placeOrder(db, { userId: u.id, idempotencyKey: null, shippingMethod: "standard" })),
  );
  assert.equal(results.filter((r) => r.status === "fulfilled").length, 1);
  assert.equal((await db.select().from(couponUsage)).length, 1);
  const placed = (results.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<
    { order: { discountCents: number; totalCents: number } }
  >).value.order;
  assert.equal(placed.discountCents, 5_000);
  assert.equal(placed.totalCents, 45_000);
});

test("[checkout] finalisation pays once: points, e-mail, cart lines; a replay changes nothing", async (db) => {
  const p = await createProduct(db, { price: "1234.56", stock: 10 });
  const other = await createProduct(db, { price: "50.00" });
  const user = await shopper(db, [{ productId: p.id, quantity: 1 }]);
  const { order } = await placeOrder(db, { userId: user.id, idempotencyKey: null, shippingMethod: "standard" });
  await addToCart(db, { userId: user.id }, { productId: other.id, quantity: 1 });
  const intent = paidIntent(order);
  const first = await finalizePaidOrder(db, order.id, intent, opts);
  assert.equal(first.newlyPaid, true);
  assert.equal(first.order.status, "processing");
  assert.equal(first.order.paymentId, intent.id);
  const again = await finalizePaidOrder(db, order.id, intent, opts);
  assert.equal(again.newlyPaid, false);
  const ledger = await db.select().from(loyaltyLedger).where(eq(loyaltyLedger.userId, user.id));
  assert.deepEqual(ledger.map((l) => l.points), [1234]);
  const mail = await db.select().from(emailOutbox);
  assert.equal(mail.length, 1);
  assert.match(mail[0].subject, new RegExp(order.orderNumber));
  assert.match(mail[0].textBody, /VAT included \(15%\): R\s?161,03/);
  const left = await db.select().from(cartItems).where(eq(cartItems.userId, user.id));
  assert.deepEqual(left.map((l) => l.productId), [other.id], "only the ordered lines leave the cart");
});

test("[checkout] the provider's word must match the order: status, amount, currency and order", async (db) => {
  const p = await createProduct(db, { price: "200.00" });
  const user = await shopper(db, [{ productId: p.id, quantity: 1 }]);
  const { order } = await placeOrder(db, { userId: user.id, idempotencyKey: null, shippingMethod: "standard" });
  for (
    const [bad, message] of [
      [{ status: "requires_payment_method" as const }, /not been completed/],
      [{ amountCents: 100 }, /amount does not match/],
      [{ currency: "usd" }, /another currency/],
      [{ metadata: { orderId: String(order.id + 1) } }, /another order/],
    ] as const
  ) {
    await assert.rejects(finalizePaidOrder(db, order.id, paidIntent(order, bad), opts), message);
  }
  const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
  assert.equal(row.paidAt, null);
  assert.equal(row.status, "pending");
  assert.equal((await db.select().from(loyaltyLedger)).length, 0);
});

test("[checkout] a webhook event is handled once", async (db) => {
  const p = await createProduct(db, { price: "300.00" });
  const user = await shopper(db, [{ productId: p.id, quantity: 1 }]);
  const { order } = await placeOrder(db, { userId: user.id, idempotencyKey: null, shippingMethod: "standard" });
  const event = { id: "evt_1", type: "payment_intent.succeeded", intent: paidIntent(order) };
  assert.deepEqual(await handlePaymentEvent(db, event, opts), { duplicate: false, result: "paid" });
  assert.deepEqual(await handlePaymentEvent(db, event, opts), { duplicate: true, result: "ignored" });
  assert.equal((await db.select().from(loyaltyLedger)).length, 1);
});

test("[checkout] the sweeper cancels orders unpaid for 30 minutes and gives back stock and coupon use", async (db) => {
  const p = await createProduct(db, { price: "400.00", stock: 3 });
  await db.insert(coupons).values({
    code: "SAVE5",
    description: "Five off",
    type: "percentage",
    value: "5",
    startDate: new Date("2026-01-01"),
  });
  const user = await shopper(db, [{ productId: p.id, quantity: 2 }]);
  await applyCoupon(db, { userId: user.id }, "SAVE5");
  const placedAt = new Date(Date.now() - UNPAID_ORDER_TTL_MS - 60_000);
  const { order } = await placeOrder(
    db,
    { userId: user.id, idempotencyKey: null, shippingMethod: "standard" },
    placedAt,
  );
  assert.equal(await stockOf(db, p.id), 1);
  assert.equal((await db.select().from(couponUsage)).length, 1);
  const fresh = await shopper(db, [{ productId: p.id, quantity: 1 }]);
  await placeOrder(db, { userId: fresh.id, idempotencyKey: null, shippingMethod: "standard" });
  const report = await sweepUnpaidOrders(db, null, opts);
  assert.deepEqual(report, { cancelled: 1, paid: 0, stillProcessing: 0 });
  const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
  assert.equal(row.status, "cancelled");
  assert.equal(await stockOf(db, p.id), 2, "the swept order's 2 units are back; the fresh order keeps its 1");
  assert.equal((await db.select().from(couponUsage)).length, 0);
  // A payment arriving after the sweep revives the order while the stock is still there.
  const revived = await finalizePaidOrder(db, order.id, paidIntent(order), opts);
  assert.equal(revived.order.status, "processing");
  assert.equal(await stockOf(db, p.id), 0);
});

test("[checkout] 'Back to Order Summary' cancels the unpaid order; a paid one stays paid", async (db) => {
  const p = await createProduct(db, { stock: 4 });
  const user = await shopper(db, [{ productId: p.id, quantity: 1 }]);
  const { order } = await placeOrder(db, { userId: user.id, idempotencyKey: null, shippingMethod: "standard" });
  assert.equal(await abandonOrder(db, order.id, user.id, null, opts), "cancelled");
  assert.equal(await stockOf(db, p.id), 4);
  const stranger = await createUser(db);
  await assert.rejects(abandonOrder(db, order.id, stranger.id, null, opts), /Order Not Found/);
  const { order: second } = await placeOrder(db, { userId: user.id, idempotencyKey: null, shippingMethod: "standard" });
  await finalizePaidOrder(db, second.id, paidIntent(second), opts);
  assert.equal(await abandonOrder(db, second.id, user.id, null, opts), "paid");
});

closeDatabase();
