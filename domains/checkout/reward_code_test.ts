import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createAddress, createProduct, createRewardCode, createUser } from "../../tests/helpers/factories.ts";
import { testSite } from "../../tests/helpers/app.ts";
import { scriptedGateway } from "../../tests/fakes/scripted_gateway.ts";
import type { Db } from "../../db/client.ts";
import { coupons, loyaltyLedger, loyaltyRedemptions, orders, users } from "../../db/schema/mod.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { addToCart, applyCoupon, DEFAULT_DELIVERY_RATES } from "../cart/mod.ts";
import { pointsBalance } from "../loyalty/mod.ts";
import { discountLines, type OrderDetail } from "../orders/mod.ts";
import type { PaymentIntentFacts } from "../payments/types.ts";
import { attachPaymentIntent } from "./mod.ts";
import { cancelOrder } from "../orders/mod.ts";
import { placeOrder } from "../../flows/place_order.ts";
import { finalizePaidOrder, recordPaymentFailure } from "../../flows/finalise_payment.ts";
import {
  applyRewardCode,
  FREE_SHIPPING_REWARD_REFUSED,
  REWARD_CODE_ALREADY_APPLIED,
} from "../../flows/apply_reward_code.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();
const opts = testSite();
const DAY = 86_400_000;

/** Standard delivery on these orders (below R1,500): R95 (domains/cart/delivery.ts defaults). */
const FEE = DEFAULT_DELIVERY_RATES.feeCents;

/**
 * A customer with a default address, `quantity` x R400 in the cart and a placed, unpaid order (R800 of goods
 * plus the R95 delivery fee by default).
 */
async function orderOf(db: Db, quantity = 2, user?: { id: number }) {
  const p = await createProduct(db, { price: "400.00", stock: 20 });
  if (!user) {
    user = await createUser(db, { firstName: "Sipho" });
    const address = await createAddress(db, user.id);
    await db.update(users).set({ defaultShippingAddressId: address.id }).where(eq(users.id, user.id));
  }
  await addToCart(db, { userId: user.id }, { productId: p.id, quantity });
  const { order } = await placeOrder(db, { userId: user.id, idempotencyKey: null, shippingMethod: "standard" });
  return { user, order };
}

const fixed = (rand: string) => ({ discountType: "fixed_amount", discountValue: rand });
const redemptionOf = async (db: Db, code: string) =>
  (await db.select().from(loyaltyRedemptions).where(eq(loyaltyRedemptions.code, code)))[0];
const orderRow = async (db: Db, id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0];

function paidIntent(order: OrderDetail, over: Partial<PaymentIntentFacts> = {}): PaymentIntentFacts {
  return {
    id: `pi_${order.id}`,
    status: "succeeded",
    amountCents: order.totalCents,
    currency: "zar",
    metadata: { orderId: String(order.id), orderNumber: order.orderNumber },
    lastError: null,
    ...over,
  };
}

test("[reward code] a fixed-amount code takes its value off the order and is spent on it", async (db) => {
  const { user, order } = await orderOf(db);
  const code = await createRewardCode(db, user.id, fixed("120.00"));
  const applied = await applyRewardCode(
    db,
    { userId: user.id, orderId: order.id, code: ` ${code.toLowerCase()} ` },
    null,
    opts,
  );
  assert.equal(applied.discountCents, 12_000);
  assert.equal(applied.capped, false);
  assert.match(applied.message, new RegExp(`^Reward code ${code} applied: R\\s120,00 off your order\\.$`));
  assert.equal(applied.order.totalCents, 68_000 + FEE);
  assert.equal(applied.order.discountCents, 12_000);
  assert.equal(applied.order.rewardCode, code);
  assert.deepEqual(discountLines(applied.order), [{ label: `Reward ${code}`, cents: 12_000 }]);
  const redemption = await redemptionOf(db, code);
  assert.equal(redemption.used, true);
  assert.equal(redemption.orderId, order.id);
  assert.ok(redemption.usedAt instanceof Date);
});

test("[reward code] a percentage is of the total after the coupon; both discounts show", async (db) => {
  await db.insert(coupons).values({ code: "TAKE10", description: "10% off", type: "percentage", value: "10" });
  const user = await createUser(db);
  const address = await createAddress(db, user.id);
  await db.update(users).set({ defaultShippingAddressId: address.id }).where(eq(users.id, user.id));
  const p = await createProduct(db, { price: "400.00", stock: 5 });
  await addToCart(db, { userId: user.id }, { productId: p.id, quantity: 2 });
  await applyCoupon(db, { userId: user.id }, "TAKE10");
  const { order } = await placeOrder(db, { userId: user.id, idempotencyKey: null, shippingMethod: "standard" });
  assert.equal(order.totalCents, 72_000 + FEE);
  const code = await createRewardCode(db, user.id, { discountType: "percentage", discountValue: "15.00" });
  const applied = await applyRewardCode(db, { userId: user.id, orderId: order.id, code }, null, opts);
  assert.equal(applied.discountCents, 10_800, "15% of R720");
  assert.equal(applied.order.totalCents, 61_200 + FEE, "the reward is 15% of the goods, not of delivery");
  assert.equal(applied.order.discountCents, 8_000 + 10_800);
  assert.deepEqual(discountLines(applied.order), [
    { label: "Discount (TAKE10)", cents: 8_000 },
    { label: `Reward ${code}`, cents: 10_800 },
  ]);
});

test("[reward code] a reward worth more than the order leaves R1,00 to pay and says so", async (db) => {
  const { user, order } = await orderOf(db, 1);
  const code = await createRewardCode(db, user.id, fixed("1000.00"));
  const applied = await applyRewardCode(db, { userId: user.id, orderId: order.id, code }, null, opts);
  assert.equal(applied.discountCents, 39_900 + FEE);
  assert.equal(applied.capped, true);
  assert.equal(applied.order.totalCents, 100);
  assert.match(applied.message, /R\s1,00 must be left to pay by card/);
});

test("[reward code] a free-delivery reward is refused and nothing changes", async (db) => {
  const { user, order } = await orderOf(db);
  const code = await createRewardCode(db, user.id, { discountType: "free_shipping", discountValue: "0.00" });
  await assert.rejects(
    applyRewardCode(db, { userId: user.id, orderId: order.id, code }, null, opts),
    (err) => err instanceof ValidationError && err.message === FREE_SHIPPING_REWARD_REFUSED,
  );
  assert.equal((await orderRow(db, order.id)).total, "895.00");
  assert.equal((await redemptionOf(db, code)).used, false);
});

test("[reward code] another customer's, a used, an expired and an unknown code are refused", async (db) => {
  const { user, order } = await orderOf(db);
  const stranger = await createUser(db);
  const theirs = await createRewardCode(db, stranger.id, fixed("50.00"));
  const used = await createRewardCode(db, user.id, fixed("50.00"), { used: true, usedAt: new Date() });
  const expired = await createRewardCode(db, user.id, fixed("50.00"), { expiresAt: new Date(Date.now() - DAY) });
  const cases: [string, string][] = [
    [theirs, "Invalid redemption code"],
    [used, "This redemption code has already been used"],
    [expired, "This redemption code has expired"],
    ["RWD-ZZZZZZZZ", "Invalid redemption code"],
    ["  ", "Please enter a redemption code"],
  ];
  for (const [code, message] of cases) {
    await assert.rejects(
      applyRewardCode(db, { userId: user.id, orderId: order.id, code }, null, opts),
      (err) => err instanceof ValidationError && err.message === message,
      code,
    );
  }
  assert.equal((await orderRow(db, order.id)).total, "895.00");
});

test("[reward code] only one's own unpaid order, and one code per order", async (db) => {
  const { user, order } = await orderOf(db);
  const other = await orderOf(db);
  const code = await createRewardCode(db, user.id, fixed("50.00"));
  await assert.rejects(
    applyRewardCode(db, { userId: user.id, orderId: other.order.id, code }, null, opts),
    NotFoundError,
  );
  await assert.rejects(applyRewardCode(db, { userId: user.id, orderId: 999_999, code }, null, opts), NotFoundError);

  await applyRewardCode(db, { userId: user.id, orderId: order.id, code }, null, opts);
  const second = await createRewardCode(db, user.id, fixed("50.00"));
  await assert.rejects(
    applyRewardCode(db, { userId: user.id, orderId: order.id, code: second }, null, opts),
    (err) => err instanceof ConflictError && err.message === REWARD_CODE_ALREADY_APPLIED,
  );
  assert.equal((await redemptionOf(db, second)).used, false);

  const paid = await orderOf(db, 1, user);
  await finalizePaidOrder(db, paid.order.id, paidIntent(paid.order), opts);
  await assert.rejects(
    applyRewardCode(db, { userId: user.id, orderId: paid.order.id, code: second }, null, opts),
    /already paid/,
  );
  await cancelOrder(db, other.order.id, "test");
  const cancelled = await orderOf(db, 1, user);
  await cancelOrder(db, cancelled.order.id, "test");
  await assert.rejects(
    applyRewardCode(db, { userId: user.id, orderId: cancelled.order.id, code: second }, null, opts),
    (err) => err instanceof ConflictError && /cancelled/.test(err.message),
  );
});

test("[reward code] the live attempt for the old total is cancelled at the provider first", async (db) => {
  const { gateway, intents } = scriptedGateway();
  const { user, order } = await orderOf(db);
  const intent = paidIntent(order, { id: "pi_live", status: "requires_payment_method" });
  intents.set(intent.id, intent);
  await attachPaymentIntent(db, order.id, intent.id);
  const code = await createRewardCode(db, user.id, fixed("100.00"));
  const applied = await applyRewardCode(db, { userId: user.id, orderId: order.id, code }, gateway, opts);
  assert.equal(intents.get("pi_live")?.status, "canceled");
  assert.equal(applied.order.totalCents, 70_000 + FEE);
  // The cancelled attempt stays named, so the payment step replaces it under the next key.
  assert.equal(applied.order.paymentIntentId, "pi_live");
  // Its late 'canceled' event is about the old total: the order stays open.
  await recordPaymentFailure(db, order.id, intents.get("pi_live")!);
  const row = await orderRow(db, order.id);
  assert.equal(row.status, "pending");
  assert.equal(row.paymentError, null);
});

test("[reward code] an attempt created for the old total is not attached once the code lowered it", async (db) => {
  const { user, order } = await orderOf(db);
  const code = await createRewardCode(db, user.id, fixed("100.00"));
  await applyRewardCode(db, { userId: user.id, orderId: order.id, code }, null, opts);
  assert.equal(await attachPaymentIntent(db, order.id, "pi_old_total", 80_000 + FEE), false);
  assert.equal((await orderRow(db, order.id)).paymentIntentId, null);
  assert.equal(await attachPaymentIntent(db, order.id, "pi_new_total", 70_000 + FEE), true);
  assert.equal((await orderRow(db, order.id)).paymentIntentId, "pi_new_total");
});

test("[reward code] a paid attempt finalises the order and a processing one refuses the code", async (db) => {
  const { gateway, intents, payBeforeCancel } = scriptedGateway();
  const { user, order } = await orderOf(db);
  const code = await createRewardCode(db, user.id, fixed("100.00"));
  intents.set("pi_paying", paidIntent(order, { id: "pi_paying", status: "requires_action" }));
  await attachPaymentIntent(db, order.id, "pi_paying");
  payBeforeCancel.add("pi_paying");
  await assert.rejects(
    applyRewardCode(db, { userId: user.id, orderId: order.id, code }, gateway, opts),
    (err) => err instanceof ConflictError && err.message === "This order is already paid.",
  );
  const paid = await orderRow(db, order.id);
  assert.equal(paid.status, "processing");
  assert.equal(paid.total, "895.00");
  assert.equal((await redemptionOf(db, code)).used, false);

  const next = await orderOf(db, 1, user);
  intents.set("pi_slow", paidIntent(next.order, { id: "pi_slow", status: "processing" }));
  await attachPaymentIntent(db, next.order.id, "pi_slow");
  await assert.rejects(
    applyRewardCode(db, { userId: user.id, orderId: next.order.id, code }, gateway, opts),
    /still being processed/,
  );
  assert.equal(intents.get("pi_slow")?.status, "processing");
  assert.equal((await orderRow(db, next.order.id)).total, "495.00");
});

test("[reward code] a cancelled order gives the code back; a late payment never takes it again", async (db) => {
  const { user, order } = await orderOf(db);
  const code = await createRewardCode(db, user.id, fixed("100.00"));
  const { order: discounted } = await applyRewardCode(db, { userId: user.id, orderId: order.id, code }, null, opts);
  assert.equal(await cancelOrder(db, order.id, "Not paid within 30 minutes"), true);
  let redemption = await redemptionOf(db, code);
  assert.deepEqual([redemption.used, redemption.usedAt, redemption.orderId], [false, null, null]);

  const late = await finalizePaidOrder(db, order.id, paidIntent(discounted), opts);
  assert.equal(late.order.status, "cancelled");
  redemption = await redemptionOf(db, code);
  assert.deepEqual([redemption.used, redemption.orderId], [false, null], "the code stays the customer's to use");
  assert.equal(await pointsBalance(db, user.id), 0, "no points for a payment that is refunded");
});

test("[reward code] a late payment whose code was meanwhile spent elsewhere is refunded, not honoured", async (db) => {
  const { user, order: first } = await orderOf(db);
  const code = await createRewardCode(db, user.id, fixed("100.00"));
  const { order: discounted } = await applyRewardCode(db, { userId: user.id, orderId: first.id, code }, null, opts);
  await cancelOrder(db, first.id, "Not paid within 30 minutes");
  const { order: second } = await orderOf(db, 1, user);
  await applyRewardCode(db, { userId: user.id, orderId: second.id, code }, null, opts);

  const { gateway, intents, refunds } = scriptedGateway();
  const paid = paidIntent(discounted);
  intents.set(paid.id, paid);
  const late = await finalizePaidOrder(db, first.id, paid, { ...opts, payments: gateway });
  assert.equal(late.order.status, "cancelled");
  assert.deepEqual(refunds.map((r) => r.amountCents), [70_000 + FEE], "the paid total goes back");
  assert.equal((await redemptionOf(db, code)).orderId, second.id, "the code stays with the other order");
  assert.equal((await db.select().from(orders).where(eq(orders.rewardCode, code))).filter((o) => o.paidAt).length, 1);
});

raceTest("[reward code] one code applied to two orders at once: exactly one gets it", async (db) => {
  const { user, order: a } = await orderOf(db);
  const { order: b } = await orderOf(db, 1, user);
  const code = await createRewardCode(db, user.id, fixed("50.00"));
  const results = await Promise.allSettled(
    [a, b].map((o) => applyRewardCode(db, { userId: user.id, orderId: o.id, code }, null, opts)),
  );
  assert.equal(results.filter((r) => r.status === "fulfilled").length, 1);
  const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
  assert.ok(refused.reason instanceof ValidationError);
  assert.equal(refused.reason.message, "This redemption code has already been used");
  const discounted = (await db.select().from(orders)).filter((o) => o.rewardCode === code);
  assert.equal(discounted.length, 1);
  assert.equal((await redemptionOf(db, code)).orderId, discounted[0].id);
  assert.equal((await db.select().from(loyaltyLedger)).length, 0);
});

closeDatabase();
