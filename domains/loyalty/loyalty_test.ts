import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { loyaltyLedger, loyaltyRedemptions, loyaltyRewards } from "../../db/schema/mod.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createUser } from "../../tests/helpers/factories.ts";
import {
  goldProgress,
  listHistory,
  listRedemptions,
  listRewards,
  loyaltyTier,
  pointsBalance,
  pointsToGold,
  redeemReward,
  redemptionCode,
  validateRedemption,
} from "./mod.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();
const NOW = new Date("2026-11-20T10:00:00Z");
const DAY = 86_400_000;

async function reward(db: Db, values: Partial<typeof loyaltyRewards.$inferInsert> = {}) {
  const [row] = await db.insert(loyaltyRewards).values({
    code: `RW${Math.random().toString(36).slice(2, 10)}`,
    name: "Free delivery",
    description: "Free standard delivery on your next order.",
    pointsCost: 300,
    discountValue: "0.00",
    discountType: "free_shipping",
    ...values,
  }).returning();
  return row;
}

async function customerWith(db: Db, points: number) {
  const user = await createUser(db);
  if (points) {
    await db.insert(loyaltyLedger).values({
      userId: user.id,
      points,
      reason: "Order purchase",
      createdAt: new Date(NOW.getTime() - DAY),
    });
  }
  return user;
}

Deno.test("[loyalty] tiers: Bronze below 500, Silver 500-999, Gold from 1000", () => {
  assert.equal(loyaltyTier(0), "Bronze");
  assert.equal(loyaltyTier(499), "Bronze");
  assert.equal(loyaltyTier(500), "Silver");
  assert.equal(loyaltyTier(999), "Silver");
  assert.equal(loyaltyTier(1000), "Gold");
  assert.equal(loyaltyTier(25_000), "Gold");
  assert.equal(goldProgress(0), 0);
  assert.equal(goldProgress(650), 65);
  assert.equal(goldProgress(1500), 100);
  assert.equal(pointsToGold(650), 350);
  assert.equal(pointsToGold(1200), 0);
});

Deno.test("[loyalty] redemption codes: RWD- and 8 unambiguous characters", () => {
  const codes = new Set(Array.from({ length: 500 }, redemptionCode));
  assert.equal(codes.size, 500);
  for (const c of codes) assert.match(c, /^RWD-[A-HJ-NP-Z2-9]{8}$/);
});

test("[loyalty] rewards on offer: active, unexpired, cheapest first", async (db) => {
  await reward(db, { name: "Big", pointsCost: 1000 });
  await reward(db, { name: "Small", pointsCost: 300 });
  await reward(db, { name: "Off", pointsCost: 100, isActive: false });
  await reward(db, { name: "Old", pointsCost: 100, expiresAt: new Date(NOW.getTime() - DAY) });
  await reward(db, { name: "Later", pointsCost: 500, expiresAt: new Date(NOW.getTime() + DAY) });
  assert.deepEqual((await listRewards(db, NOW)).map((r) => r.name), ["Small", "Later", "Big"]);
});

/** A reward of R50 off for 500 points. */
const R50_OFF = { pointsCost: 500, discountValue: "50.00", discountType: "fixed_amount" } as const;

test("[loyalty] redeeming spends the database's cost once and issues a 30-day code", async (db) => {
  const user = await customerWith(db, 650);
  const r = await reward(db, { name: "R50 off your order", ...R50_OFF });
  const result = await redeemReward(db, user.id, r.id, NOW);
  assert.equal(result.currentPoints, 150);
  assert.match(result.redemptionCode, /^RWD-/);
  assert.equal(result.expiresAt.getTime(), NOW.getTime() + 30 * DAY);
  assert.equal(await pointsBalance(db, user.id), 150);

  const history = await listHistory(db, user.id);
  assert.equal(history[0].points, -500);
  assert.equal(history[0].reason, "Redeemed R50 off your order");
  assert.equal(history[0].referenceType, "redemption");
  const [mine] = await listRedemptions(db, user.id);
  assert.equal(history[0].referenceId, String(mine.id));
  assert.equal(mine.rewardName, "R50 off your order");
  assert.equal(mine.code, result.redemptionCode);
  assert.equal(mine.pointsSpent, 500);
  assert.equal(mine.used, false);

  await assert.rejects(
    redeemReward(db, user.id, r.id, NOW),
    (e) => e instanceof ConflictError && e.message === "You need 350 more points to redeem this reward.",
  );
  assert.equal(await pointsBalance(db, user.id), 150);
});

raceTest("[loyalty] 10 concurrent redemptions of 300 with 1000 points give exactly 3, balance 100", async (db) => {
  const user = await customerWith(db, 1000);
  const r = await reward(db, { pointsCost: 300 });
  const results = await Promise.allSettled(Array.from({ length: 10 }, () => redeemReward(db, user.id, r.id, NOW)));
  const ok = results.filter((x) => x.status === "fulfilled");
  assert.equal(ok.length, 3);
  for (const x of results) {
    if (x.status === "rejected") assert.ok(x.reason instanceof ConflictError, String(x.reason));
  }
  assert.equal(await pointsBalance(db, user.id), 100);
  assert.equal((await listRedemptions(db, user.id)).length, 3);
  const balances = ok.map((x) => (x as PromiseFulfilledResult<{ currentPoints: number }>).value.currentPoints).sort();
  assert.deepEqual(balances, [100, 400, 700]);
});

test("[loyalty] missing, inactive and expired rewards are refused without spending", async (db) => {
  const user = await customerWith(db, 2000);
  await assert.rejects(redeemReward(db, user.id, 999_999, NOW), NotFoundError);
  const off = await reward(db, { isActive: false });
  await assert.rejects(
    redeemReward(db, user.id, off.id, NOW),
    (e) => e instanceof ConflictError && /no longer/.test(e.message),
  );
  const old = await reward(db, { expiresAt: new Date(NOW.getTime() - 1) });
  await assert.rejects(
    redeemReward(db, user.id, old.id, NOW),
    (e) => e instanceof ConflictError && /expired/.test(e.message),
  );
  assert.equal(await pointsBalance(db, user.id), 2000);
  assert.equal((await db.select().from(loyaltyRedemptions)).length, 0);
});

test("[loyalty] validating codes: own and fresh is valid; another's, used and expired are not", async (db) => {
  const me = await customerWith(db, 2000);
  const other = await customerWith(db, 2000);
  const pct = await reward(db, {
    name: "10% off your order",
    pointsCost: 800,
    discountValue: "10.00",
    discountType: "percentage",
  });
  const fixed = await reward(db, { name: "R50 off", ...R50_OFF });
  const mine = await redeemReward(db, me.id, pct.id, NOW);
  const theirs = await redeemReward(db, other.id, fixed.id, NOW);

  const ok = await validateRedemption(db, me.id, ` ${mine.redemptionCode.toLowerCase()} `, NOW);
  assert.deepEqual(ok.discount, { type: "percentage", value: 10, maxAmount: null });
  assert.equal(ok.isValid, true);
  const fixedOk = await validateRedemption(db, other.id, theirs.redemptionCode, NOW);
  assert.deepEqual(fixedOk.discount, { type: "fixed_amount", value: 50, maxAmount: 50 });

  const foreign = await validateRedemption(db, me.id, theirs.redemptionCode, NOW);
  assert.deepEqual(foreign, { isValid: false, message: "Invalid redemption code", discount: null });
  const late = await validateRedemption(db, me.id, mine.redemptionCode, new Date(NOW.getTime() + 31 * DAY));
  assert.equal(late.isValid, false);
  assert.match(late.message, /expired/);
  await db.update(loyaltyRedemptions).set({ used: true, usedAt: NOW }).where(
    eq(loyaltyRedemptions.code, mine.redemptionCode),
  );
  const used = await validateRedemption(db, me.id, mine.redemptionCode, NOW);
  assert.equal(used.isValid, false);
  assert.match(used.message, /already been used/);
  await assert.rejects(validateRedemption(db, me.id, "  ", NOW), ValidationError);
});

closeDatabase();
