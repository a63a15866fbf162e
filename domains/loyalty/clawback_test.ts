/**
 * A refund takes back every point it is due (issue 27, item 9; docs/decisions/0057): points already
 * spent on a reward code not yet used come back by voiding that code, newest first; what is still
 * missing leaves the balance below zero, which blocks redeeming and is paid off by the next points.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createProduct } from "../../tests/helpers/factories.ts";
import { testSite } from "../../tests/helpers/app.ts";
import { FREE_DELIVERY, paidOrder, systemRefund } from "../../tests/helpers/paid_orders.ts";
import { raceAfterRefund } from "../../tests/helpers/refund_race.ts";
import type { Db } from "../../db/client.ts";
import { loyaltyLedger, loyaltyRewards, orders } from "../../db/schema/mod.ts";
import { ConflictError, ValidationError } from "../../lib/errors.ts";
import { addToCart } from "../cart/mod.ts";
import { cancelOrder } from "../orders/mod.ts";
import { testGateway } from "../payments/mod.ts";
import {
  awardOrderPoints,
  goldProgress,
  listRedemptions,
  loyaltyTier,
  pointsBalance,
  pointsToGold,
  redeemReward,
  REDEMPTION_VOID,
  REDEMPTION_VOIDED,
  validateRedemption,
} from "./mod.ts";
import { placeOrder } from "../../flows/place_order.ts";
import { applyRewardCode } from "../../flows/apply_reward_code.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();
const opts = testSite();
const gateway = testGateway();

async function reward(db: Db, pointsCost: number, rand: string) {
  const [row] = await db.insert(loyaltyRewards).values({
    code: `RW${crypto.randomUUID().slice(0, 8)}`,
    name: `R${rand} off`,
    pointsCost,
    discountValue: `${rand}.00`,
    discountType: "fixed_amount",
  }).returning();
  return row.id;
}

/** A paid order of `rand` (free delivery, so `rand` points) for a new customer, or for `userId`. */
async function paid(db: Db, rand: number, userId?: number) {
  const p = await createProduct(db, { price: `${rand}.00`, stock: 10 });
  return await paidOrder(db, gateway, [{ productId: p.id, quantity: 1 }], { delivery: FREE_DELIVERY, userId });
}

/** An order of the customer's placed and not paid (R400 with the shop's delivery fee). */
async function unpaid(db: Db, userId: number) {
  const p = await createProduct(db, { price: "400.00", stock: 10 });
  await addToCart(db, { userId }, { productId: p.id, quantity: 1 });
  return (await placeOrder(db, { userId, idempotencyKey: null, shippingMethod: "standard" })).order;
}

function refund(db: Db, orderId: number, amountCents: number) {
  return systemRefund(db, gateway, { orderId, amountCents, reason: "Returned" });
}

async function voidedCodes(db: Db, userId: number): Promise<string[]> {
  return (await listRedemptions(db, userId)).filter((r) => r.voided).map((r) => r.code);
}

test("[loyalty] a full refund voids the unused reward code the order's points bought, and takes back all it earned", async (db) => {
  const { order, userId } = await paid(db, 600);
  const { redemptionCode: code } = await redeemReward(db, userId, await reward(db, 500, "50"));
  assert.equal(await pointsBalance(db, userId), 100);

  await refund(db, order.id, 60_000);
  assert.equal(await pointsBalance(db, userId), 0, "600 taken back: 100 left plus the code's 500");
  assert.deepEqual(await voidedCodes(db, userId), [code]);
  const check = await validateRedemption(db, userId, code);
  assert.deepEqual([check.isValid, check.message], [false, REDEMPTION_VOIDED], "the R50 code is no longer usable");
  const ledger = await db.select().from(loyaltyLedger).where(eq(loyaltyLedger.userId, userId))
    .orderBy(loyaltyLedger.id);
  assert.deepEqual(ledger.map((l) => [l.referenceType, l.points]), [
    ["order", 600],
    ["redemption", -500],
    [REDEMPTION_VOID, 500],
    ["order_refund", -600],
  ]);
  assert.match(ledger[2].reason, new RegExp(`^Reward code ${code} cancelled: .*refund on order ${order.orderNumber}`));
});

test("[loyalty] codes are voided newest first, only as many as the points due need", async (db) => {
  const { order, userId } = await paid(db, 900);
  const rewardId = await reward(db, 200, "20");
  const codes: string[] = [];
  for (let i = 0; i < 3; i++) codes.push((await redeemReward(db, userId, rewardId)).redemptionCode);
  assert.equal(await pointsBalance(db, userId), 300);

  await refund(db, order.id, 45_000);
  assert.deepEqual(await voidedCodes(db, userId), [codes[2]], "450 due: 300 left and the newest code cover it");
  assert.equal(await pointsBalance(db, userId), 50);
  assert.equal((await validateRedemption(db, userId, codes[0])).isValid, true, "the older codes stay");

  await refund(db, order.id, 45_000);
  assert.deepEqual((await voidedCodes(db, userId)).sort(), [...codes].sort(), "the rest go for the other 450");
  assert.equal(await pointsBalance(db, userId), 0);
});

test("[loyalty] points spent on a code already used leave a debt: no redeeming, the next points pay it off, a code given back pays it", async (db) => {
  const { order, userId } = await paid(db, 600);
  const { redemptionCode: code } = await redeemReward(db, userId, await reward(db, 500, "50"));
  const pending = await unpaid(db, userId);
  await applyRewardCode(db, { userId, orderId: pending.id, code }, null, opts);

  await refund(db, order.id, 60_000);
  assert.equal(await pointsBalance(db, userId), -500, "the code is spent on an order: 500 are owed");
  assert.deepEqual(await voidedCodes(db, userId), [], "a code on an order is not voided");
  assert.equal((await db.select().from(orders).where(eq(orders.id, pending.id)))[0].rewardCode, code);
  assert.deepEqual([loyaltyTier(-500), goldProgress(-500), pointsToGold(-500)], ["Bronze", 0, 1500]);

  const cheap = await reward(db, 100, "10");
  await assert.rejects(
    redeemReward(db, userId, cheap),
    (e) => e instanceof ConflictError && e.message === "You need 600 more points to redeem this reward.",
  );
  // Points earned later (as a paid order earns them) go to the debt first.
  await awardOrderPoints(db, { userId, orderId: 1_000_000, orderNumber: "RB-LATER", totalCents: 30_000 });
  assert.equal(await pointsBalance(db, userId), -200, "300 points earned pay the debt first");
  await assert.rejects(redeemReward(db, userId, cheap), /You need 300 more points/);

  // The unpaid order is cancelled: its code comes back while 200 are owed, so it pays them instead.
  assert.equal(await cancelOrder(db, pending.id, "Not paid within 30 minutes"), true);
  assert.deepEqual(await voidedCodes(db, userId), [code]);
  assert.equal(await pointsBalance(db, userId), 300);
  assert.equal((await validateRedemption(db, userId, code)).message, REDEMPTION_VOIDED);
});

/**
 * A refund voiding a code while the customer spends it at checkout: the refund holds the order's and
 * the customer's rows and locks the code's; checkout holds its own order's and locks the code's. One
 * of them gets the code first; never both, and no deadlock.
 */
raceTest(
  "[loyalty] a code voided by a refund while it is applied at checkout: spent or voided, never both",
  async (db) => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 12; round++) {
      const { order, userId } = await paid(db, 600);
      const { redemptionCode: code } = await redeemReward(db, userId, await reward(db, 500, "50"));
      const pending = await unpaid(db, userId);
      // Checkout starts when the provider answers the refund, 0 to 11 ms later by round, so across the
      // rounds it meets every step of the refund's closing transaction.
      const race = raceAfterRefund(
        gateway,
        round,
        () => applyRewardCode(db, { userId, orderId: pending.id, code }, null, opts),
      );
      await systemRefund(db, race.gateway, { orderId: order.id, amountCents: 60_000, reason: "Race" });
      const applied = await race.settled();
      const [row] = await db.select().from(orders).where(eq(orders.id, pending.id));
      const voided = await voidedCodes(db, userId);
      const balance = await pointsBalance(db, userId);
      if (applied.status === "fulfilled") {
        outcomes.add("spent");
        assert.deepEqual([row.rewardCode, voided, balance], [code, [], -500], `round ${round}`);
      } else {
        outcomes.add("voided");
        assert.ok(applied.reason instanceof ValidationError, `round ${round}: ${String(applied.reason)}`);
        assert.equal(applied.reason.message, REDEMPTION_VOIDED);
        assert.deepEqual([row.rewardCode, voided, balance], [null, [code], 0], `round ${round}`);
      }
    }
    console.log(`outcomes seen: ${[...outcomes].join(", ")}`);
  },
);

closeDatabase();
