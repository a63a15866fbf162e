/**
 * Referrals in the domain: codes, every refusal of a redemption, the referee's discount in the cart
 * and on the order (against WELCOME10: the larger applies), the referrer's 50 points once on the
 * first paid order, their reversal on a full refund, and (PostgreSQL only) concurrent redemptions
 * and payments that never pay the referrer twice.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { coupons, loyaltyLedger, loyaltyRewards, orders, referrals } from "../../db/schema/mod.ts";
import { ConflictError, ValidationError } from "../../lib/errors.ts";
import { testSite } from "../../tests/helpers/app.ts";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createProduct, createUser } from "../../tests/helpers/factories.ts";
import { customer, paidOrder, systemRefund } from "../../tests/helpers/paid_orders.ts";
import { raceAfterRefund } from "../../tests/helpers/refund_race.ts";
import { addToCart, applyCoupon, getCart } from "../cart/mod.ts";
import {
  listHistory,
  listRedemptions,
  pointsBalance,
  redeemReward,
  REDEMPTION_VOID,
  REDEMPTION_VOIDED,
  validateRedemption,
} from "../loyalty/mod.ts";
import { isTestGateway, type PaymentGateway, TEST_CARD_SUCCESS, testGateway } from "../payments/mod.ts";
import { writeSetting } from "../settings/mod.ts";
import {
  CODE_ALPHABET,
  creditReferrer,
  ensureInvitation,
  myReferrals,
  redeemReferral,
  REFERRAL_ALREADY_USED,
  REFERRAL_CREDIT,
  REFERRAL_EXPIRED,
  REFERRAL_NOT_FIRST_ORDER,
  REFERRAL_OWN_CODE,
  REFERRAL_REVERSAL,
  REFERRAL_SETTINGS_KEY,
  REFERRAL_UNKNOWN,
  referralDiscountPercent,
  referralTotals,
} from "./mod.ts";
import { placeOrder } from "../../flows/place_order.ts";
import { finalizePaidOrder } from "../../flows/finalise_payment.ts";
import { applyRewardCode } from "../../flows/apply_reward_code.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();
const opts = testSite();
async function refusal(p: Promise<unknown>, type: typeof ValidationError | typeof ConflictError, message: string) {
  await assert.rejects(p, (err: Error) => {
    assert.ok(err instanceof type, `${err.constructor.name}: ${err.message}`);
    assert.equal(err.message, message);
    return true;
  });
}

/**
 * A referrer with their code and a referee who redeemed it, both customers with an address (the
 * referrer may place orders too). `names` are their usernames (unique; random when undefined).
 */
async function referred(db: Db, percent = 10, names: { referrer?: string; referee?: string } = defaultNames) {
  const referrer = await customer(db, names.referrer ? { username: names.referrer } : {});
  const { code } = await ensureInvitation(db, referrer.id);
  const referee = await customer(db, names.referee ? { username: names.referee } : {});
  await redeemReferral(db, referee.id, code, percent);
  return { referrer, referee, code };
}

const defaultNames = { referrer: "inviter", referee: "friend" };

const referralPoints = async (db: Db, userId: number) =>
  (await db.select().from(loyaltyLedger).where(eq(loyaltyLedger.userId, userId)))
    .filter((r) => r.referenceType?.startsWith("referral")).reduce((s, r) => s + r.points, 0);

async function welcome10(db: Db) {
  await db.insert(coupons).values({
    code: "WELCOME10",
    description: "10% off your first order",
    type: "first_time",
    value: "10.00",
    firstTimeOnly: true,
    userLimit: 1,
    startDate: new Date("2026-01-01T00:00:00Z"),
  });
}

/** Places an order of the customer's cart and pays it with the offline test card (not finalised yet). */
async function placedAndPaid(db: Db, gateway: PaymentGateway, userId: number) {
  const { order } = await placeOrder(db, { userId, idempotencyKey: null, shippingMethod: "standard" });
  const intent = await gateway.createIntent({
    amountCents: order.totalCents,
    currency: "zar",
    metadata: { orderId: String(order.id), orderNumber: order.orderNumber },
  });
  if (isTestGateway(gateway)) await gateway.confirmTestCard(intent.clientSecret, TEST_CARD_SUCCESS);
  return { order, facts: (await gateway.retrieveIntent(intent.id))! };
}

test("[referrals] one readable code per customer: created on first call, the same afterwards", async (db) => {
  const user = await createUser(db);
  const first = await ensureInvitation(db, user.id);
  assert.match(first.code, new RegExp(`^[${CODE_ALPHABET}]{8}$`));
  assert.doesNotMatch(first.code, /[IO01]/);
  assert.deepEqual(await ensureInvitation(db, user.id), first);
  const [again] = await Promise.all([ensureInvitation(db, user.id), ensureInvitation(db, user.id)]);
  assert.deepEqual(again, first);
  const rows = await db.select().from(referrals).where(eq(referrals.referrerId, user.id));
  assert.equal(rows.length, 1);
  assert.equal(rows[0].refereeId, null);
});

test("[referrals] refusals: unknown, expired, own code, a second code, a customer with a paid order", async (db) => {
  const referrer = await createUser(db);
  const { code } = await ensureInvitation(db, referrer.id);
  const other = await createUser(db);
  const { code: otherCode } = await ensureInvitation(db, other.id);

  await refusal(redeemReferral(db, referrer.id, "NOPE2345", 10), ValidationError, REFERRAL_UNKNOWN);
  await refusal(redeemReferral(db, referrer.id, code, 10), ValidationError, REFERRAL_OWN_CODE);
  // Own code in lower case with spaces is still one's own.
  await refusal(redeemReferral(db, referrer.id, ` ${code.toLowerCase()} `, 10), ValidationError, REFERRAL_OWN_CODE);

  const friend = await customer(db);
  const redeemed = await redeemReferral(db, friend.id, code.toLowerCase(), 10);
  assert.deepEqual(redeemed, { code, discountPercent: 10 });
  await refusal(redeemReferral(db, friend.id, otherCode, 10), ConflictError, REFERRAL_ALREADY_USED);
  await refusal(redeemReferral(db, friend.id, code, 10), ConflictError, REFERRAL_ALREADY_USED);

  const product = await createProduct(db, { price: "300.00" });
  const buyer = await customer(db);
  await paidOrder(db, testGateway(), [{ productId: product.id, quantity: 1 }], { userId: buyer.id });
  await refusal(redeemReferral(db, buyer.id, code, 10), ConflictError, REFERRAL_NOT_FIRST_ORDER);

  await db.update(referrals).set({ dateExpires: new Date(Date.now() - 1000) })
    .where(and(eq(referrals.referrerId, other.id)));
  const late = await customer(db);
  await refusal(redeemReferral(db, late.id, otherCode, 10), ValidationError, REFERRAL_EXPIRED);
  assert.equal((await db.select().from(referrals).where(eq(referrals.refereeId, late.id))).length, 0);
});

test("[referrals] the discount percent: the stored setting, else the environment's default", async (db) => {
  assert.equal(await referralDiscountPercent(db), 10);
  assert.equal(await referralDiscountPercent(db, 12), 12);
  await writeSetting(db, REFERRAL_SETTINGS_KEY, { discountPercent: 15 }, null);
  assert.equal(await referralDiscountPercent(db, 12), 15);
  await writeSetting(db, REFERRAL_SETTINGS_KEY, { discountPercent: 250 }, null);
  assert.equal(await referralDiscountPercent(db, 12), 12, "an out-of-range value falls back");
});

Deno.test("[referrals] beside a first-order coupon the larger discount applies; beside others it follows them", () => {
  const offer = { referralId: 1, code: "ABCDEFGH", percent: 15 };
  const welcome = { discountCents: 3_000, firstOrder: true, code: "WELCOME10" };
  assert.deepEqual(
    [
      referralTotals(offer, 30_000, welcome).couponDiscountCents,
      referralTotals(offer, 30_000, welcome).referralDiscountCents,
    ],
    [0, 4_500],
  );
  const small = { ...offer, percent: 5 };
  assert.deepEqual(
    [
      referralTotals(small, 30_000, welcome).couponDiscountCents,
      referralTotals(small, 30_000, welcome).referralDiscountCents,
    ],
    [3_000, 0],
  );
  const equal = { ...offer, percent: 10 };
  assert.equal(referralTotals(equal, 30_000, welcome).referralDiscountCents, 0, "a tie keeps the coupon");
  const fixed = { discountCents: 5_000, firstOrder: false, code: "R50OFF" };
  assert.deepEqual(referralTotals(offer, 30_000, fixed), {
    couponDiscountCents: 5_000,
    referralDiscountCents: 3_750,
    note: null,
  });
  assert.deepEqual(referralTotals(null, 30_000, welcome), {
    couponDiscountCents: 3_000,
    referralDiscountCents: 0,
    note: null,
  });
});

test("[referrals] the referee's cart and order carry the discount as their own line; WELCOME10 does not stack", async (db) => {
  await welcome10(db);
  const product = await createProduct(db, { price: "300.00", stock: 20 });
  const { referee } = await referred(db, 15);
  await addToCart(db, { userId: referee.id }, { productId: product.id, quantity: 1 });

  let cart = await getCart(db, { userId: referee.id });
  assert.equal(cart.referralDiscountCents, 4_500);
  assert.equal(cart.totalCents, 25_500);

  await applyCoupon(db, { userId: referee.id }, "WELCOME10");
  cart = await getCart(db, { userId: referee.id });
  assert.equal(cart.coupon?.code, "WELCOME10");
  assert.equal(cart.discountCents, 0, "15% referral beats WELCOME10's 10%: the coupon counts zero");
  assert.equal(cart.referralDiscountCents, 4_500);
  assert.equal(cart.totalCents, 25_500);
  assert.match(cart.referralNote ?? "", /larger than WELCOME10/);

  const { order } = await placeOrder(db, { userId: referee.id, idempotencyKey: null, shippingMethod: "standard" });
  assert.equal(order.referralDiscountCents, 4_500);
  assert.equal(order.discountCents, 4_500);
  assert.equal(order.totalCents, 25_500 + 9_500, "goods after the discount, plus standard delivery below R1,500");
  const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
  assert.ok(row.referralId !== null);
  assert.equal(row.referralDiscount, "45.00");
});

test("[referrals] WELCOME10 wins over a smaller referral discount", async (db) => {
  await welcome10(db);
  const product = await createProduct(db, { price: "300.00", stock: 20 });
  const { referee } = await referred(db, 5);
  await addToCart(db, { userId: referee.id }, { productId: product.id, quantity: 1 });
  await applyCoupon(db, { userId: referee.id }, "WELCOME10");
  const cart = await getCart(db, { userId: referee.id });
  assert.equal(cart.discountCents, 3_000);
  assert.equal(cart.referralDiscountCents, 0);
  assert.equal(cart.referral, null);
  assert.equal(cart.totalCents, 27_000);
});

test("[referrals] the referrer gets 50 points once, on the referee's first paid order, shown in the history", async (db) => {
  const product = await createProduct(db, { price: "300.00", stock: 20 });
  const { referrer, referee } = await referred(db);
  const gateway = testGateway();
  const before = await pointsBalance(db, referrer.id);
  const first = await paidOrder(db, gateway, [{ productId: product.id, quantity: 1 }], { userId: referee.id });
  assert.equal(first.order.referralDiscountCents, 3_000);
  assert.equal(await pointsBalance(db, referrer.id), before + 50);
  const history = await listHistory(db, referrer.id);
  assert.ok(history.some((h) => h.points === 50 && /Referral: friend/.test(h.reason)), JSON.stringify(history));

  // Replayed finalisation and a later order change nothing; the discount was for the first order only.
  assert.equal(await creditReferrer(db, { userId: referee.id, orderId: first.order.id, orderNumber: "x" }), 0);
  const second = await paidOrder(db, gateway, [{ productId: product.id, quantity: 1 }], { userId: referee.id });
  assert.equal(second.order.referralDiscountCents, 0);
  assert.equal(await pointsBalance(db, referrer.id), before + 50);

  const summary = await myReferrals(db, referrer.id);
  assert.deepEqual(summary.referrals.map((r) => [r.username, r.status, r.firstOrderCompleted]), [
    ["friend", "completed", true],
  ]);
  assert.equal(summary.pointsEarned, 50);
});

test("[referrals] a full refund of that order takes the 50 points back; a partial one does not", async (db) => {
  const product = await createProduct(db, { price: "300.00", stock: 20 });
  const { referrer, referee } = await referred(db);
  const gateway = testGateway();
  const { order } = await paidOrder(db, gateway, [{ productId: product.id, quantity: 1 }], { userId: referee.id });
  assert.equal(await referralPoints(db, referrer.id), 50);

  await systemRefund(db, gateway, { orderId: order.id, amountCents: 1_000, reason: "Dented" });
  assert.equal(await referralPoints(db, referrer.id), 50, "a partial refund keeps the referral");

  await systemRefund(db, gateway, { orderId: order.id, amountCents: order.totalCents - 1_000, reason: "Returned" });
  assert.equal(await referralPoints(db, referrer.id), 0);
  const summary = await myReferrals(db, referrer.id);
  assert.equal(summary.referrals[0].status, "reversed");
  assert.equal(summary.pointsEarned, 0);
  const history = await listHistory(db, referrer.id);
  assert.ok(history.some((h) => h.points === -50 && /taken back/.test(h.reason)));
});

/** A referrer who spent the 50 points of their friend's paid first order on an R50 code; the order. */
async function referralPointsSpent(db: Db, gateway: PaymentGateway, names?: { referrer?: string; referee?: string }) {
  const product = await createProduct(db, { price: "300.00", stock: 20 });
  const { referrer, referee } = await referred(db, 10, names);
  const { order } = await paidOrder(db, gateway, [{ productId: product.id, quantity: 1 }], { userId: referee.id });
  const [r50] = await db.insert(loyaltyRewards).values({
    code: `RW${crypto.randomUUID().slice(0, 8)}`,
    name: "R50 off",
    pointsCost: 50,
    discountValue: "50.00",
    discountType: "fixed_amount",
  }).returning({ id: loyaltyRewards.id });
  const { redemptionCode: code } = await redeemReward(db, referrer.id, r50.id);
  assert.equal(await pointsBalance(db, referrer.id), 0, "the referral's 50 points are spent on the code");
  return { referrer, order, code };
}

/** An order of the referrer's placed and not yet paid, for the code to be applied to. */
async function unpaidOrder(db: Db, userId: number) {
  const product = await createProduct(db, { price: "400.00", stock: 10 });
  await addToCart(db, { userId }, { productId: product.id, quantity: 1 });
  return (await placeOrder(db, { userId, idempotencyKey: null, shippingMethod: "standard" })).order;
}

function refundInFull(db: Db, gateway: PaymentGateway, order: { id: number; totalCents: number }) {
  return systemRefund(db, gateway, { orderId: order.id, amountCents: order.totalCents, reason: "Returned" });
}

const voidedCodes = async (db: Db, userId: number) =>
  (await listRedemptions(db, userId)).filter((r) => r.voided).map((r) => r.code);

test("[referrals] a full refund voids the unused reward code the referrer bought with the referral's points", async (db) => {
  const gateway = testGateway();
  const { referrer, order, code } = await referralPointsSpent(db, gateway);

  await refundInFull(db, gateway, order);
  assert.deepEqual(await voidedCodes(db, referrer.id), [code]);
  assert.equal((await validateRedemption(db, referrer.id, code)).message, REDEMPTION_VOIDED);
  assert.equal(await pointsBalance(db, referrer.id), 0);
  const ledger = await db.select().from(loyaltyLedger).where(eq(loyaltyLedger.userId, referrer.id))
    .orderBy(loyaltyLedger.id);
  assert.deepEqual(ledger.map((l) => [l.referenceType, l.points]), [
    [REFERRAL_CREDIT, 50],
    ["redemption", -50],
    [REDEMPTION_VOID, 50],
    [REFERRAL_REVERSAL, -50],
  ]);
  assert.match(ledger[2].reason, new RegExp(`^Reward code ${code} cancelled: .*order ${order.orderNumber}`));
  const summary = await myReferrals(db, referrer.id);
  assert.deepEqual([summary.referrals[0].status, summary.pointsEarned], ["reversed", 0]);
});

test("[referrals] when the referral's points went on a code already used, the full refund leaves the referrer owing 50", async (db) => {
  const gateway = testGateway();
  const { referrer, order, code } = await referralPointsSpent(db, gateway);
  const pending = await unpaidOrder(db, referrer.id);
  await applyRewardCode(db, { userId: referrer.id, orderId: pending.id, code }, null, opts);

  await refundInFull(db, gateway, order);
  assert.equal(await pointsBalance(db, referrer.id), -50, "the code is spent on an order: 50 are owed");
  assert.deepEqual(await voidedCodes(db, referrer.id), []);
  assert.equal((await db.select().from(orders).where(eq(orders.id, pending.id)))[0].rewardCode, code);
  assert.equal((await myReferrals(db, referrer.id)).pointsEarned, 0);
});

/**
 * The reversal voiding the referrer's code while the referrer applies it at checkout: the refund
 * holds the referee's order row, the referee's and then the referrer's user row, and locks the
 * referrer's codes; checkout holds the referrer's order row and locks the code's. One of them gets
 * the code first; never both, and no deadlock.
 */
raceTest(
  "[referrals] a referrer's code voided by the reversal while applied at checkout: spent or voided, never both",
  async (db) => {
    const gateway = testGateway();
    const outcomes = new Set<string>();
    for (let round = 0; round < 12; round++) {
      const { referrer, order, code } = await referralPointsSpent(db, gateway, {});
      const pending = await unpaidOrder(db, referrer.id);
      // Checkout starts 0 to 22 ms after the provider answers the refund, so across the rounds it
      // meets every step of the refund's closing transaction up to the reversal, which comes late in
      // it (on the project's machines checkout wins the first rounds, the reversal the later ones).
      const race = raceAfterRefund(
        gateway,
        round * 2,
        () => applyRewardCode(db, { userId: referrer.id, orderId: pending.id, code }, null, opts),
      );
      await refundInFull(db, race.gateway, order);
      const applied = await race.settled();
      const [row] = await db.select().from(orders).where(eq(orders.id, pending.id));
      const state = [row.rewardCode, await voidedCodes(db, referrer.id), await pointsBalance(db, referrer.id)];
      if (applied.status === "fulfilled") {
        outcomes.add("spent");
        assert.deepEqual(state, [code, [], -50], `round ${round}`);
      } else {
        outcomes.add("voided");
        assert.ok(applied.reason instanceof ValidationError, `round ${round}: ${String(applied.reason)}`);
        assert.equal(applied.reason.message, REDEMPTION_VOIDED);
        assert.deepEqual(state, [null, [code], 0], `round ${round}`);
      }
    }
    console.log(`outcomes seen: ${[...outcomes].join(", ")}`);
  },
);

raceTest("[referrals] concurrent redemptions of two codes by one customer: exactly one holds", async (db) => {
  const a = await createUser(db);
  const b = await createUser(db);
  const [codeA, codeB] = [(await ensureInvitation(db, a.id)).code, (await ensureInvitation(db, b.id)).code];
  for (let round = 0; round < 5; round++) {
    const friend = await customer(db);
    const results = await Promise.allSettled([
      redeemReferral(db, friend.id, codeA, 10),
      redeemReferral(db, friend.id, codeB, 10),
      redeemReferral(db, friend.id, codeA, 10),
    ]);
    assert.equal(results.filter((r) => r.status === "fulfilled").length, 1, JSON.stringify(results));
    for (const r of results) {
      if (r.status === "rejected") assert.equal((r.reason as Error).message, REFERRAL_ALREADY_USED);
    }
    assert.equal((await db.select().from(referrals).where(eq(referrals.refereeId, friend.id))).length, 1);
  }
});

raceTest("[referrals] two first orders of the referee paid at once credit the referrer 50 points once", async (db) => {
  const product = await createProduct(db, { price: "300.00", stock: 50 });
  const gateway = testGateway();
  const { referrer, referee } = await referred(db);
  await addToCart(db, { userId: referee.id }, { productId: product.id, quantity: 1 });
  const one = await placedAndPaid(db, gateway, referee.id);
  const two = await placedAndPaid(db, gateway, referee.id);
  const results = await Promise.allSettled([
    finalizePaidOrder(db, one.order.id, one.facts, opts),
    finalizePaidOrder(db, two.order.id, two.facts, opts),
    finalizePaidOrder(db, one.order.id, one.facts, opts),
  ]);
  assert.ok(results.every((r) => r.status === "fulfilled"), JSON.stringify(results));
  assert.equal(await referralPoints(db, referrer.id), 50);
  const [row] = await db.select().from(referrals).where(eq(referrals.refereeId, referee.id));
  assert.equal(row.status, "completed");
  assert.ok(row.orderId === one.order.id || row.orderId === two.order.id);
});

closeDatabase();
