import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import {
  createAddress,
  createCoupon,
  createProduct,
  createUser,
  createVariant,
  WELCOME10,
} from "../../tests/helpers/factories.ts";
import { testSite } from "../../tests/helpers/app.ts";
import type { Db } from "../../db/client.ts";
import {
  auditLogs,
  cartItems,
  couponUsage,
  emailOutbox,
  loyaltyLedger,
  orders,
  products,
  productVariants,
  taxInvoices,
  users,
} from "../../db/schema/mod.ts";
import { ConflictError, ValidationError } from "../../lib/errors.ts";
import { addToCart, applyCoupon, getCart } from "../cart/mod.ts";
import type { PaymentGateway, PaymentIntentFacts } from "../payments/types.ts";
import { scriptedGateway } from "../../tests/fakes/scripted_gateway.ts";
import {
  attachPaymentIntent,
  isRetryableConflict,
  isUniqueViolationOf,
  PAYMENT_REFUNDED,
  pudoEligibility,
  REFUND_DUE_NOTE,
  retryOnConflict,
  UNPAID_ORDER_TTL_MS,
} from "./mod.ts";
import { cancelOrder, inLockOrder } from "../orders/mod.ts";
import { takeStock } from "../orders/stock.ts";
import { placeOrder } from "../../flows/place_order.ts";
import { finalizePaidOrder, recordPaymentFailure, settleReturnedPayment } from "../../flows/finalise_payment.ts";
import { abandonOrder, sweepUnpaidOrders } from "../../flows/cancel_order.ts";
import { handlePaymentEvent } from "../../flows/payment_events.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();
const opts = testSite();

/** A customer with a default shipping address and `lines` in the cart. */
async function shopper(db: Db, lines: { productId: number; variantId?: number; quantity: number }[] = []) {
  const user = await createUser(db, { firstName: "Thandi" });
  const address = await createAddress(db, user.id);
  await db.update(users).set({ defaultShippingAddressId: address.id }).where(eq(users.id, user.id));
  for (const line of lines) await addToCart(db, { userId: user.id }, line);
  return user;
}

function paidIntent(
  order: { id: number; orderNumber: string; totalCents: number },
  over: Partial<PaymentIntentFacts> = {},
): PaymentIntentFacts {
  return {
    id: `pi_${order.id}`,
    status: "succeeded" as const,
    amountCents: order.totalCents,
    currency: "zar",
    metadata: { orderId: String(order.id), orderNumber: order.orderNumber },
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
  assert.match(order.orderNumber, /^RB-\d{15}$/);
  assert.equal(order.status, "pending");
  assert.equal(order.shippingCents, 9_500, "R598 of goods pays the R95 delivery fee");
  assert.equal(order.totalCents, 59_800 + 9_500);
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

raceTest("[checkout] 20 concurrent orders for the last 5 units give exactly 5 orders and stock 0", async (db) => {
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
  await createVariant(db, p.id, { stock: 5, price: "260.00" });
  await createVariant(db, p.id, { stock: 0, preorder: true, price: "270.00" });
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

test("[checkout] a product's stock follows its variants exactly, even after it had drifted", async (db) => {
  // A product figure below its variants' sum (say, an old manual edit) once grew with every cancel.
  const p = await createProduct(db, { stock: 1 });
  const v = await createVariant(db, p.id, { stock: 4, price: "250.00" });
  await createVariant(db, p.id, { stock: 5, price: "260.00" });
  const user = await shopper(db, [{ productId: p.id, variantId: v.id, quantity: 3 }]);
  const { order } = await placeOrder(db, { userId: user.id, idempotencyKey: null, shippingMethod: "standard" });
  assert.equal(await stockOf(db, p.id), 6);
  await cancelOrder(db, order.id, "test");
  assert.equal(await stockOf(db, p.id), 9);
});

raceTest("[checkout] a double submit with one idempotency key gives one order", async (db) => {
  const p = await createProduct(db, { stock: 10 });
  const user = await shopper(db, [{ productId: p.id, quantity: 2 }]);
  const input = { userId: user.id, idempotencyKey: "checkout-key-0001", shippingMethod: "standard" as const };
  const [a, b] = await Promise.all([placeOrder(db, input), placeOrder(db, input)]);
  assert.equal(a.order.id, b.order.id);
  assert.deepEqual([a.created, b.created].sort(), [false, true]);
  assert.equal((await db.select().from(orders)).length, 1);
  assert.equal(await stockOf(db, p.id), 8, "stock is taken once");
});

raceTest(
  "[checkout] a double submit with a once-only coupon, replacing unpaid orders, still gives one order",
  async (db) => {
    const p = await createProduct(db, { price: "300.00", stock: 10 });
    await createCoupon(db, { code: "ONEUSE", description: "Once" });
    const user = await shopper(db, [{ productId: p.id, quantity: 1 }]);
    const replaceUnpaid = { gateway: null, finalize: opts };
    for (let round = 1; round <= 3; round++) {
      await applyCoupon(db, { userId: user.id }, "ONEUSE");
      const input = { userId: user.id, idempotencyKey: `double-submit-${round}`, shippingMethod: "standard" as const };
      const [a, b] = await Promise.all([
        placeOrder(db, input, { replaceUnpaid }),
        placeOrder(db, input, { replaceUnpaid }),
      ]);
      assert.equal(a.order.id, b.order.id, `round ${round}: one order`);
      assert.equal(a.order.couponCode, "ONEUSE");
      assert.equal(a.order.status, "pending");
    }
    // Each round replaced the one before: one live order holds the coupon's only use.
    const live = await db.select().from(orders).where(eq(orders.status, "pending"));
    assert.equal(live.length, 1);
    assert.deepEqual((await db.select().from(couponUsage)).map((u) => u.orderId), [live[0].id]);
    assert.equal(await stockOf(db, p.id), 9);
  },
);

raceTest("[checkout] a coupon's usage limit holds when two customers race for its last use", async (db) => {
  const p = await createProduct(db, { price: "500.00", stock: 10 });
  await createCoupon(db, { code: "LASTONE", description: "Last one", usageLimit: 1 });
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
  assert.equal(placed.totalCents, 45_000 + 9_500, "goods after the coupon plus the delivery fee");
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
  assert.deepEqual(ledger.map((l) => l.points), [1329], "1 point per rand paid, delivery included");
  const mail = await db.select().from(emailOutbox);
  assert.equal(mail.length, 1);
  assert.match(mail[0].subject, new RegExp(order.orderNumber));
  assert.match(mail[0].textBody, /Shipping: R\s?95,00/);
  assert.match(mail[0].textBody, /Delivery: Standard delivery \(R\s?95,00, 3-5 business days\)/);
  assert.match(mail[0].textBody, /VAT included \(15%\): R\s?173,42/, "VAT on R1,329.56, delivery included");
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
      [{ metadata: { orderId: String(order.id + 1), orderNumber: order.orderNumber } }, /another order/],
      // Another shop database sharing the Stripe account has its own order with this id.
      [{ metadata: { orderId: String(order.id), orderNumber: "RB-0000000000001" } }, /another order/],
      [{ metadata: { orderId: String(order.id) } }, /another order/],
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
  await createCoupon(db, { code: "SAVE5", description: "Five off", value: "5", startDate: new Date("2026-01-01") });
  const user = await shopper(db, [{ productId: p.id, quantity: 2 }]);
  await applyCoupon(db, { userId: user.id }, "SAVE5");
  const placedAt = new Date(Date.now() - UNPAID_ORDER_TTL_MS - 60_000);
  const { order } = await placeOrder(
    db,
    { userId: user.id, idempotencyKey: null, shippingMethod: "standard" },
    { now: placedAt },
  );
  assert.equal(await stockOf(db, p.id), 1);
  assert.equal((await db.select().from(couponUsage)).length, 1);
  const fresh = await shopper(db, [{ productId: p.id, quantity: 1 }]);
  await placeOrder(db, { userId: fresh.id, idempotencyKey: null, shippingMethod: "standard" });
  const report = await sweepUnpaidOrders(db, null, opts);
  assert.deepEqual(report, { cancelled: 1, paid: 0, stillProcessing: 0, refunded: 0 });
  const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
  assert.equal(row.status, "cancelled");
  assert.equal(await stockOf(db, p.id), 2, "the swept order's 2 units are back; the fresh order keeps its 1");
  assert.equal((await db.select().from(couponUsage)).length, 0);
  // A payment arriving after the sweep never revives the order, even while the stock is still there:
  // it is recorded and owed back (decision 0034).
  const late = await finalizePaidOrder(db, order.id, paidIntent(order), opts);
  assert.equal(late.newlyPaid, false);
  assert.equal(late.order.status, "cancelled");
  assert.equal(await stockOf(db, p.id), 2);
  const [owed] = await db.select().from(orders).where(eq(orders.id, order.id));
  assert.ok(owed.paidAt && owed.notes?.includes(REFUND_DUE_NOTE));
});

test("[checkout] a late payment never revives a cancelled order whose coupon went to another order", async (db) => {
  const p = await createProduct(db, { price: "400.00", stock: 5 });
  await createCoupon(db, { code: "ONLYONE", usageLimit: 1, startDate: new Date("2026-01-01") });
  const first = await shopper(db, [{ productId: p.id, quantity: 1 }]);
  await applyCoupon(db, { userId: first.id }, "ONLYONE");
  const { order } = await placeOrder(db, { userId: first.id, idempotencyKey: null, shippingMethod: "standard" });
  await cancelOrder(db, order.id, "Not paid within 30 minutes");
  // While it stood cancelled, another customer took the coupon's only use.
  const second = await shopper(db, [{ productId: p.id, quantity: 1 }]);
  await applyCoupon(db, { userId: second.id }, "ONLYONE");
  await placeOrder(db, { userId: second.id, idempotencyKey: null, shippingMethod: "standard" });

  const { gateway: payments, intents, refunds } = scriptedGateway();
  const paid = paidIntent(order);
  intents.set(paid.id, paid);
  const late = await finalizePaidOrder(db, order.id, paid, { ...opts, payments });
  assert.equal(late.order.status, "cancelled");
  assert.deepEqual(refunds.map((r) => r.amountCents), [order.totalCents], "refunded in full (R360 and delivery)");
  assert.equal(order.totalCents, 36_000 + 9_500);
  assert.equal((await db.select().from(couponUsage)).length, 1, "the coupon's one use stays with the other order");
  // A replayed payment changes nothing more.
  await finalizePaidOrder(db, order.id, paidIntent(order), { ...opts, payments });
  assert.equal(refunds.length, 1);
});

test("[checkout] a new order replaces the customer's unpaid one; the coupon it held stays in the cart", async (db) => {
  const p = await createProduct(db, { price: "400.00", stock: 5 });
  await createCoupon(db, { code: "ONCE10", userLimit: 1, startDate: new Date("2026-01-01") });
  const user = await shopper(db, [{ productId: p.id, quantity: 2 }]);
  await applyCoupon(db, { userId: user.id }, "ONCE10");
  const replace = { gateway: null, finalize: opts };
  const first = await placeOrder(
    db,
    { userId: user.id, idempotencyKey: "first-attempt-0001", shippingMethod: "standard" },
    { replaceUnpaid: replace },
  );
  // Back in the cart while that order waits for payment: the coupon is still there.
  const cart = await getCart(db, { userId: user.id });
  assert.deepEqual([cart.coupon?.code, cart.couponNotice, cart.discountCents], ["ONCE10", null, 8000]);
  // The same submission again gets the same order back, untouched.
  const again = await placeOrder(
    db,
    { userId: user.id, idempotencyKey: "first-attempt-0001", shippingMethod: "standard" },
    { replaceUnpaid: replace },
  );
  assert.deepEqual([again.order.id, again.created, again.order.status], [first.order.id, false, "pending"]);
  // A fresh submission replaces it: one live order, with the coupon, and the stock taken once.
  const second = await placeOrder(
    db,
    { userId: user.id, idempotencyKey: "second-attempt-01", shippingMethod: "standard" },
    { replaceUnpaid: replace },
  );
  assert.equal(second.created, true);
  assert.equal(second.order.couponCode, "ONCE10");
  assert.equal(second.order.discountCents, 8000);
  const [old] = await db.select().from(orders).where(eq(orders.id, first.order.id));
  assert.equal(old.status, "cancelled");
  assert.equal(await stockOf(db, p.id), 3);
  assert.deepEqual((await db.select().from(couponUsage)).map((u) => u.orderId), [second.order.id]);
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("[checkout] stock lines are locked by product, the product's own row first, then its variants", () => {
  const lines = [
    { productId: 9, variantId: 4 },
    { productId: 2, variantId: null },
    { productId: 9, variantId: 1 },
    { productId: 9, variantId: null },
    { productId: 5, variantId: 7 },
  ];
  assert.deepEqual(inLockOrder(lines), [
    { productId: 2, variantId: null },
    { productId: 5, variantId: 7 },
    { productId: 9, variantId: null },
    { productId: 9, variantId: 1 },
    { productId: 9, variantId: 4 },
  ]);
  assert.equal(lines[0].productId, 9, "the caller's array is left as it was");
});

raceTest(
  "[checkout] concurrent checkouts buying the same products in opposite order all succeed (no deadlock)",
  async (db) => {
    const a = await createProduct(db, { name: "Basking Lamp", stock: 50 });
    const b = await createProduct(db, { name: "Heat Mat", stock: 50 });
    const c = await createProduct(db, { name: "Hide", stock: 50 });
    const c1 = await createVariant(db, c.id, { stock: 20 });
    const c2 = await createVariant(db, c.id, { stock: 20 });
    const forward = [a.id, b.id].map((productId) => ({ productId, quantity: 1 }));
    const variants = [c1.id, c2.id].map((variantId) => ({ productId: c.id, variantId, quantity: 1 }));
    const buyers = [];
    for (let i = 0; i < 12; i++) {
      // Half the carts hold A, B, C/1, C/2; the other half the same lines the other way round.
      const lines = [...forward, ...variants];
      buyers.push(await shopper(db, i % 2 ? lines : lines.reverse()));
    }
    const results = await Promise.allSettled(
      buyers.map((u) => placeOrder(db, { userId: u.id, idempotencyKey: null, shippingMethod: "standard" })),
    );
    const failures = results.filter((r) => r.status === "rejected").map((r) => String(r.reason));
    assert.deepEqual(failures, []);
    assert.equal(await stockOf(db, a.id), 38);
    assert.equal(await stockOf(db, b.id), 38);
    const variantStock = await db.select({ id: productVariants.id, stock: productVariants.stock })
      .from(productVariants).orderBy(productVariants.id);
    assert.deepEqual(variantStock.map((v) => v.stock), [8, 8]);
  },
);

raceTest("[checkout] takeStock locks rows in product order, whatever the cart's order", async (db) => {
  const a = await createProduct(db, { stock: 5 });
  const b = await createProduct(db, { stock: 5 });
  const line = (p: { id: number }) => ({ productId: p.id, variantId: null, quantity: 1, name: "x" });
  let second: Promise<void> | null = null;
  let bWasFree = false;
  await db.transaction(async (first) => {
    await takeStock(first, [line(a)]); // holds A
    // Another checkout whose cart lists B before A. Locking in cart order it would take B, then
    // wait for A while holding B: with a third checkout doing A then B, a deadlock.
    second = db.transaction(async (tx) => {
      await takeStock(tx, [line(b), line(a)]);
    });
    await sleep(300);
    // B must still be free: the second checkout waits for A before it touches B.
    await db.transaction(async (probe) => {
      await probe.execute(sql`select id from ${products} where ${products.id} = ${b.id} for update nowait`);
      bWasFree = true;
    }).catch((err) => assert.equal((err as { cause?: { code?: string } }).cause?.code, "55P03", String(err)));
  });
  await second;
  assert.ok(bWasFree, "the second checkout locked B before A");
  assert.equal(await stockOf(db, a.id), 3);
  assert.equal(await stockOf(db, b.id), 4);
});

test("[checkout] a deadlocked or serialization-failed transaction is run again", async () => {
  const deadlock = Object.assign(new Error("Failed query"), { cause: { code: "40P01" } });
  assert.ok(isRetryableConflict(deadlock));
  assert.ok(isRetryableConflict({ code: "40001" }));
  assert.ok(!isRetryableConflict(Object.assign(new Error("dup"), { cause: { code: "23505" } })));
  let calls = 0;
  assert.equal(
    await retryOnConflict(() => {
      calls++;
      return calls < 3 ? Promise.reject(deadlock) : Promise.resolve("placed");
    }),
    "placed",
  );
  assert.equal(calls, 3);
  calls = 0;
  await assert.rejects(retryOnConflict(() => (calls++, Promise.reject(deadlock))), /Failed query/);
  assert.equal(calls, 3, "three tries, then the error");
});

test("[checkout] a clash of order numbers is recognised from the driver's error, so placement draws again", async (db) => {
  const row = { orderNumber: "RB-000000000000001", total: "10.00" };
  await db.insert(orders).values(row);
  const clash = await db.insert(orders).values(row).then(() => null, (err: unknown) => err);
  assert.ok(clash, "the second insert is refused");
  assert.ok(isUniqueViolationOf(clash, "orders_orderNumber_unique"));
  assert.ok(!isUniqueViolationOf(clash, "orders_user_idempotency_unique"));
  assert.ok(!isRetryableConflict(clash));
  let calls = 0;
  const placed = await retryOnConflict(
    () => (++calls === 1 ? Promise.reject(clash) : Promise.resolve("placed")),
    3,
    (err) => isUniqueViolationOf(err, "orders_orderNumber_unique"),
  );
  assert.deepEqual([placed, calls], ["placed", 2]);
});

/** An order of 2 of a R400 product (`stock` in stock), placed 31 minutes ago by a new shopper. */
async function staleOrder(db: Db, stock = 3) {
  const p = await createProduct(db, { price: "400.00", stock });
  const user = await shopper(db, [{ productId: p.id, quantity: 2 }]);
  const placedAt = new Date(Date.now() - UNPAID_ORDER_TTL_MS - 60_000);
  const { order } = await placeOrder(
    db,
    { userId: user.id, idempotencyKey: null, shippingMethod: "standard" },
    { now: placedAt },
  );
  return { p, user, order };
}

/** A {@link staleOrder}, its attempt `intentId` open at the provider. */
async function staleOrderWithAttempt(db: Db, intents: Map<string, PaymentIntentFacts>, stock = 3) {
  const { p, user, order } = await staleOrder(db, stock);
  const intent = paidIntent(order, { id: `pi_open_${order.id}`, status: "requires_payment_method" });
  intents.set(intent.id, intent);
  await attachPaymentIntent(db, order.id, intent.id);
  return { p, user, order, intent };
}

test("[checkout] the sweeper's cancel loses to a payment made a moment before: the order is paid", async (db) => {
  const { gateway, intents, payBeforeCancel } = scriptedGateway();
  const { p, user, order, intent } = await staleOrderWithAttempt(db, intents);
  // The sweeper asks (not paid yet), the customer pays, then the sweeper's cancel is refused.
  payBeforeCancel.add(intent.id);
  const report = await sweepUnpaidOrders(db, gateway, opts);
  assert.deepEqual(report, { cancelled: 0, paid: 1, stillProcessing: 0, refunded: 0 });
  const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
  assert.equal(row.status, "processing");
  assert.equal(row.paymentId, intent.id);
  assert.equal(row.cancelledAt, null);
  assert.equal(await stockOf(db, p.id), 1, "the paid order keeps its stock");
  assert.equal((await db.select().from(loyaltyLedger).where(eq(loyaltyLedger.userId, user.id))).length, 1);
});

test("[checkout] 'Back to Order Summary' racing a payment keeps the paid order", async (db) => {
  const { gateway, intents, payBeforeCancel } = scriptedGateway();
  const { user, order, intent } = await staleOrderWithAttempt(db, intents);
  payBeforeCancel.add(intent.id);
  assert.equal(await abandonOrder(db, order.id, user.id, gateway, opts), "paid");
  const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
  assert.equal(row.status, "processing");
});

test("[checkout] an order is cancelled only once the provider says its attempt is cancelled", async (db) => {
  const { gateway, intents } = scriptedGateway();
  const { p, order, intent } = await staleOrderWithAttempt(db, intents);
  const cancelled = await sweepUnpaidOrders(db, gateway, opts);
  assert.deepEqual(cancelled, { cancelled: 1, paid: 0, stillProcessing: 0, refunded: 0 });
  assert.equal(intents.get(intent.id)?.status, "canceled");
  assert.equal(await stockOf(db, p.id), 3);

  // A provider that refuses the cancel and still reports the attempt open: the order waits.
  const stubborn: PaymentGateway = { ...gateway, cancelIntent: (id) => gateway.retrieveIntent(id) };
  const { order: other } = await staleOrderWithAttempt(db, intents);
  const waiting = await sweepUnpaidOrders(db, stubborn, opts);
  assert.deepEqual(waiting, { cancelled: 0, paid: 0, stillProcessing: 1, refunded: 0 });
  const [row] = await db.select().from(orders).where(eq(orders.id, other.id));
  assert.equal(row.status, "pending");
  assert.equal((await db.select().from(orders).where(eq(orders.id, order.id)))[0].status, "cancelled");
});

/** A swept order whose 2 units were then bought by someone else: its late payment cannot revive it. */
async function unrevivableOrder(db: Db, intents: Map<string, PaymentIntentFacts>) {
  const { p, user, order, intent } = await staleOrderWithAttempt(db, intents, 2);
  // Swept without asking the provider (as when the attempt was replaced or the provider was off).
  assert.deepEqual((await sweepUnpaidOrders(db, null, opts)).cancelled, 1);
  const rival = await shopper(db, [{ productId: p.id, quantity: 2 }]);
  await placeOrder(db, { userId: rival.id, idempotencyKey: null, shippingMethod: "standard" });
  assert.equal(await stockOf(db, p.id), 0);
  const paid = { ...intent, status: "succeeded" as const };
  intents.set(intent.id, paid);
  return { p, user, order, paid };
}

test(
  "[checkout] a payment for a cancelled order whose stock is gone is refunded, e-mailed and audited once",
  async (db) => {
    const { gateway, intents, refunds } = scriptedGateway();
    const { p, user, order, paid } = await unrevivableOrder(db, intents);
    const result = await finalizePaidOrder(db, order.id, paid, { ...opts, payments: gateway });
    assert.equal(result.newlyPaid, false);
    assert.equal(result.order.status, "cancelled");
    assert.equal(await stockOf(db, p.id), 0, "no stock was taken that is not there");

    assert.equal(refunds.length, 1);
    assert.equal(refunds[0].intentId, paid.id);
    assert.equal(refunds[0].amountCents, order.totalCents);
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    assert.equal(row.paymentId, paid.id);
    assert.match(row.notes ?? "", /refunded in full \(re_1\)/);

    const audit = await db.select().from(auditLogs);
    assert.equal(audit.length, 1);
    assert.equal(audit[0].entityType, "order");
    assert.equal(audit[0].entityId, order.id);
    assert.equal(audit[0].action, PAYMENT_REFUNDED);
    assert.equal(audit[0].details?.refundId, "re_1");
    assert.equal(audit[0].details?.amountCents, order.totalCents);

    const mail = await db.select().from(emailOutbox);
    assert.equal(mail.length, 1);
    assert.equal(mail[0].toAddress, user.email);
    assert.match(mail[0].subject, new RegExp(`order ${order.orderNumber} was refunded`));
    assert.match(mail[0].textBody, /refunded the full R\s?895,00/);
    assert.match(mail[0].textBody, /Refund reference: re_1/);
    assert.equal((await db.select().from(loyaltyLedger)).length, 0, "no points for an order that was not fulfilled");

    // The same news again (a webhook, the confirmation page, the sweeper) refunds nothing more.
    await finalizePaidOrder(db, order.id, paid, { ...opts, payments: gateway });
    await handlePaymentEvent(db, { id: "evt_late", type: "payment_intent.succeeded", intent: paid }, opts);
    assert.equal((await sweepUnpaidOrders(db, gateway, opts)).refunded, 0);
    assert.equal(refunds.length, 1);
    assert.equal((await db.select().from(emailOutbox)).length, 1);
    assert.equal((await db.select().from(auditLogs)).length, 1);
  },
);

test("[checkout] a refund the provider could not make at once is made by the next sweep", async (db) => {
  const { gateway, intents, refunds } = scriptedGateway();
  const { order, paid } = await unrevivableOrder(db, intents);
  // The webhook brings the payment (no provider in hand to refund with).
  const outcome = await handlePaymentEvent(db, { id: "evt_1", type: "payment_intent.succeeded", intent: paid }, opts);
  assert.equal(outcome.result, "already-paid");
  assert.equal(refunds.length, 0);
  assert.equal((await db.select().from(auditLogs)).length, 0);
  // The provider is down for one run.
  let down = true;
  const flaky: PaymentGateway = {
    ...gateway,
    refund: (input) => down ? Promise.reject(new Error("Stripe is unreachable")) : gateway.refund(input),
  };
  assert.equal((await sweepUnpaidOrders(db, flaky, opts)).refunded, 0);
  assert.equal((await db.select().from(emailOutbox)).length, 0);
  down = false;
  // A failed attempt waits a few minutes before the next (an outage passes).
  assert.equal((await sweepUnpaidOrders(db, flaky, opts)).refunded, 0);
  const later = { ...opts, now: new Date(Date.now() + 5 * 60_000) };
  assert.equal((await sweepUnpaidOrders(db, flaky, later)).refunded, 1);
  assert.equal(refunds.length, 1);
  assert.equal((await db.select().from(emailOutbox)).length, 1);
  const [audit] = await db.select().from(auditLogs);
  assert.equal(audit.entityId, order.id);
  assert.equal((await sweepUnpaidOrders(db, flaky, later)).refunded, 0);
});

test("[checkout] a failed attempt from another shop sharing the provider changes nothing here", async (db) => {
  const p = await createProduct(db, { price: "200.00" });
  const user = await shopper(db, [{ productId: p.id, quantity: 1 }]);
  const { order } = await placeOrder(db, { userId: user.id, idempotencyKey: null, shippingMethod: "standard" });
  const theirs = paidIntent(order, {
    status: "canceled",
    metadata: { orderId: String(order.id), orderNumber: "RB-0000000000001" },
  });
  await recordPaymentFailure(db, order.id, theirs);
  const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
  assert.equal(row.status, "pending", "their cancelled payment does not cancel our order");
  assert.equal(row.paymentError, null);
});

test("[checkout] back from paying: paid confirms, processing waits, declined or cancelled asks again", async (db) => {
  const p = await createProduct(db, { price: "200.00" });
  const user = await shopper(db, [{ productId: p.id, quantity: 1 }]);
  const { order } = await placeOrder(db, { userId: user.id, idempotencyKey: null, shippingMethod: "standard" });
  const declined = paidIntent(order, { status: "requires_payment_method", lastError: "Your card was declined." });
  assert.deepEqual(await settleReturnedPayment(db, order.id, declined, opts), {
    outcome: "failed",
    message: "Your card was declined.",
  });
  assert.equal(
    (await db.select().from(orders).where(eq(orders.id, order.id)))[0].paymentError,
    "Your card was declined.",
  );
  // A cancelled attempt leaves the order open: the customer is here and gets a fresh attempt.
  const cancelled = await settleReturnedPayment(db, order.id, paidIntent(order, { status: "canceled" }), opts);
  assert.equal(cancelled.outcome, "failed");
  assert.equal((await db.select().from(orders).where(eq(orders.id, order.id)))[0].status, "pending");
  assert.deepEqual(await settleReturnedPayment(db, order.id, null, opts), {
    outcome: "failed",
    message: "Your payment was not completed. Please try again.",
  });
  assert.deepEqual(
    await settleReturnedPayment(db, order.id, paidIntent(order, { status: "processing" }), opts),
    { outcome: "processing" },
  );
  assert.deepEqual(
    await settleReturnedPayment(db, order.id, paidIntent(order, { amountCents: 1 }), opts),
    { outcome: "failed", message: "The payment amount does not match the order total." },
  );
  assert.deepEqual(await settleReturnedPayment(db, order.id, paidIntent(order), opts), { outcome: "paid" });
  assert.equal((await db.select().from(orders).where(eq(orders.id, order.id)))[0].status, "processing");
});

raceTest(
  "[checkout] 10 simultaneous placements by one customer leave one unpaid order and take the stock once",
  async (db) => {
    const p = await createProduct(db, { stock: 10 });
    const user = await shopper(db, [{ productId: p.id, quantity: 1 }]);
    const replaceUnpaid = { gateway: null, finalize: opts };
    await Promise.allSettled(
      Array.from(
        { length: 10 },
        () => placeOrder(db, { userId: user.id, idempotencyKey: null, shippingMethod: "standard" }, { replaceUnpaid }),
      ),
    );
    const open = await db.select().from(orders).where(eq(orders.status, "pending"));
    assert.ok(open.length <= 1, `${open.length} open unpaid orders`);
    assert.equal(await stockOf(db, p.id), 10 - open.length);
  },
);

raceTest("[checkout] 20 simultaneous copies of one webhook event are handled once", async (db) => {
  const p = await createProduct(db, { price: "300.00" });
  const user = await shopper(db, [{ productId: p.id, quantity: 1 }]);
  const { order } = await placeOrder(db, { userId: user.id, idempotencyKey: null, shippingMethod: "standard" });
  const event = { id: "evt_copies", type: "payment_intent.succeeded", intent: paidIntent(order) };
  const outcomes = await Promise.all(Array.from({ length: 20 }, () => handlePaymentEvent(db, event, opts)));
  assert.equal(outcomes.filter((o) => !o.duplicate).length, 1, JSON.stringify(outcomes));
  assert.deepEqual(outcomes.find((o) => !o.duplicate), { duplicate: false, result: "paid" });
  assert.equal((await db.select().from(emailOutbox)).length, 1);
  assert.equal((await db.select().from(loyaltyLedger)).length, 1);
});

/**
 * The sweeper and the payment's webhook both lock the order's row and decide on what they find there:
 * the sweeper cancels only an order still pending and unpaid, and a payment reaching a cancelled
 * order is recorded and refunded, never revives it. Two races, each started with the sweeper from
 * 8 ms behind to 7 ms ahead of the webhook, round by round, so the payment lands on every step of
 * the sweeper's work: in one the order's attempt is paid as the sweeper cancels it at the provider
 * (the cancel loses, and both finalise the payment); in the other the order holds no attempt the
 * sweeper could ask about (a payment on a hosted page), so the sweeper cancels it outright.
 */
raceTest(
  "[checkout] a payment webhook racing the unpaid-order sweeper: paid and kept, or cancelled and refunded",
  async (db) => {
    for (let round = 0; round < 32; round++) {
      const withAttempt = round % 2 === 0;
      const lead = Math.floor(round / 2) - 8;
      const { gateway, intents, refunds, payBeforeCancel } = scriptedGateway();
      const { p, user, order } = await staleOrder(db);
      const intent = paidIntent(order, { id: `pi_race_${round}`, status: "requires_payment_method" });
      if (withAttempt) {
        intents.set(intent.id, intent);
        await attachPaymentIntent(db, order.id, intent.id);
        // The customer pays as the sweeper runs: its cancel at the provider loses to the payment.
        payBeforeCancel.add(intent.id);
      }
      const paid = { ...intent, status: "succeeded" as const, lastError: null };
      // The provider holds the payment (a refund needs it) before it sends the webhook.
      if (!withAttempt) intents.set(intent.id, paid);
      const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(ms, 0)));
      await Promise.all([
        after(-lead).then(() => sweepUnpaidOrders(db, gateway, opts)),
        after(lead).then(() =>
          handlePaymentEvent(db, { id: `evt_race_${round}`, type: "payment_intent.succeeded", intent: paid }, {
            ...opts,
            payments: gateway,
          })
        ),
      ]);
      const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
      const invoices = await db.select().from(taxInvoices).where(eq(taxInvoices.orderId, order.id));
      const points = await db.select().from(loyaltyLedger).where(eq(loyaltyLedger.userId, user.id));
      const mail = (await db.select({ subject: emailOutbox.subject }).from(emailOutbox)
        .where(eq(emailOutbox.orderId, order.id))).map((m) => m.subject);
      const stock = await stockOf(db, p.id);
      const seen = `round ${round} (${withAttempt ? "attempt" : "no attempt"}, sweeper ${lead} ms ahead): ` +
        JSON.stringify({ status: row.status, cancelled: row.cancelledAt !== null, paid: row.paidAt !== null }) +
        ` ${invoices.length} invoice(s), ${points.length} point entries, ${refunds.length} refund(s), stock ${stock}, ` +
        `mail ${JSON.stringify(mail)}`;
      if (row.status === "cancelled") {
        // Cancelled first: the payment is recorded and given back, and nothing of a paid order is left.
        assert.notEqual(row.paidAt, null, seen);
        assert.equal(refunds.length, 1, `a cancelled order is refunded: ${seen}`);
        assert.equal(invoices.length, 0, `a cancelled order has no tax invoice: ${seen}`);
        assert.equal(points.length, 0, `a cancelled order earns no points: ${seen}`);
        assert.equal(stock, 3, `a cancelled order gives its stock back: ${seen}`);
        assert.equal(mail.length, 1, seen);
        assert.match(mail[0], /was refunded/, seen);
      } else {
        // Paid first: the order is kept, paid once, and the sweeper leaves it alone.
        assert.equal(row.status, "processing", seen);
        assert.equal(row.cancelledAt, null, `a paid order is not cancelled: ${seen}`);
        assert.equal(refunds.length, 0, `a kept order is not refunded: ${seen}`);
        assert.equal(invoices.length, 1, seen);
        assert.equal(points.length, 1, seen);
        assert.equal(stock, 1, seen);
        assert.equal(mail.length, 1, seen);
        assert.match(mail[0], /is confirmed/, seen);
      }
    }
  },
);

raceTest("[checkout] a payment attempt attached while the order is being cancelled never stays live", async (db) => {
  for (let round = 0; round < 10; round++) {
    const { gateway, intents } = scriptedGateway();
    const p = await createProduct(db, { stock: 5 });
    const user = await shopper(db, [{ productId: p.id, quantity: 1 }]);
    const { order } = await placeOrder(db, { userId: user.id, idempotencyKey: null, shippingMethod: "standard" });
    const attempt = paidIntent(order, { id: `pi_tab_${round}`, status: "requires_payment_method" });
    intents.set(attempt.id, attempt);
    const [, attached] = await Promise.all([
      abandonOrder(db, order.id, user.id, gateway, opts),
      attachPaymentIntent(db, order.id, attempt.id, order.totalCents),
    ]);
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    assert.equal(row.status, "cancelled", `round ${round}`);
    if (attached) assert.equal(intents.get(attempt.id)?.status, "canceled", `round ${round}: the attempt was released`);
  }
});

raceTest("[checkout] a first-order coupon used from two carts of one customer at once gives one order", async (db) => {
  await createCoupon(db, { ...WELCOME10, startDate: new Date("2026-01-01T00:00:00Z") });
  const p = await createProduct(db, { price: "400.00", stock: 10 });
  const user = await shopper(db, [{ productId: p.id, quantity: 1 }]);
  await applyCoupon(db, { userId: user.id }, "WELCOME10");
  // Two tabs submit at once, each with its own key (no replacement: both would stand).
  const results = await Promise.allSettled(
    ["tab-one-000001", "tab-two-000002"].map((key) =>
      placeOrder(db, { userId: user.id, idempotencyKey: key, shippingMethod: "standard" })
    ),
  );
  assert.equal(results.filter((r) => r.status === "fulfilled").length, 1, JSON.stringify(results.map((r) => r.status)));
  assert.equal((await db.select().from(couponUsage)).length, 1);
});

closeDatabase();
