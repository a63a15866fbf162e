import assert from "node:assert/strict";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createCoupon, createUser, WELCOME10 } from "../../tests/helpers/factories.ts";
import type { Db } from "../../db/client.ts";
import { couponUsage, orders } from "../../db/schema/mod.ts";
import { couponContext, evaluateCoupon, findCouponByCode, type PricedLine } from "./mod.ts";

const { test, closeDatabase } = useTestDatabase();

const now = new Date("2026-11-22T10:00:00Z");
const lines: PricedLine[] = [
  { productId: 1, categoryId: null, parentCategoryId: null, unitPriceCents: 40000, quantity: 1 },
];

async function welcome(db: Db) {
  await createCoupon(db, { ...WELCOME10, startDate: new Date("2026-01-01T00:00:00Z") });
  return (await findCouponByCode(db, "WELCOME10"))!;
}

let orderNo = 0;
async function order(db: Db, userId: number, values: Partial<typeof orders.$inferInsert> = {}) {
  const [row] = await db.insert(orders).values({ userId, orderNumber: `RB-T${++orderNo}`, total: "100.00", ...values })
    .returning();
  return row;
}

test("[coupons] first-order check: the cart counts paid orders only; placement (countPendingOrders) counts any order not cancelled", async (db) => {
  const rule = await welcome(db);
  const u = await createUser(db);
  const placement = { countPendingOrders: true };
  const refusedAt = async (opts = {}) => {
    const result = evaluateCoupon(rule, lines, await couponContext(db, rule, u.id, now, opts));
    return result.ok ? null : result.reason;
  };

  assert.equal(await refusedAt(), null, "no orders yet");
  assert.equal(await refusedAt(placement), null, "no orders yet");

  await order(db, u.id, { status: "cancelled", cancelledAt: now });
  assert.equal(await refusedAt(placement), null, "a cancelled order is no first order");

  // Order A, placed without the coupon and not paid yet: the cart's preview keeps the coupon,
  // but placing order B with it is refused (otherwise A and B could both be paid later).
  await order(db, u.id);
  assert.equal(await refusedAt(), null, "the cart's preview does not drop the coupon for a pending order");
  assert.equal(await refusedAt(placement), "This coupon is only for your first order.");

  // Paid orders count both ways, even when cancelled after payment (a refund is due).
  await db.delete(orders);
  await order(db, u.id, { status: "cancelled", paidAt: now, cancelledAt: now });
  assert.equal(await refusedAt(), "This coupon is only for your first order.");
  assert.equal(await refusedAt(placement), "This coupon is only for your first order.");
});

test("[coupons] countPendingOrders only looks at this customer's orders; guests have none", async (db) => {
  const rule = await welcome(db);
  const [me, other] = [await createUser(db), await createUser(db)];
  await order(db, other.id);
  const mine = await couponContext(db, rule, me.id, now, { countPendingOrders: true });
  assert.equal(mine.hasEarlierOrder, false);
  const guest = await couponContext(db, rule, null, now, { countPendingOrders: true });
  assert.deepEqual([guest.hasEarlierOrder, guest.usesByUser], [false, 0]);
});

test("[coupons] the context counts uses of the coupon, overall and by this customer", async (db) => {
  const rule = await welcome(db);
  const [me, other] = [await createUser(db), await createUser(db)];
  const a = await order(db, me.id, { status: "processing", paidAt: now });
  const b = await order(db, other.id, { status: "processing", paidAt: now });
  await db.insert(couponUsage).values([
    { couponId: rule.id, userId: me.id, orderId: a.id, discountAmount: "10.00" },
    { couponId: rule.id, userId: other.id, orderId: b.id, discountAmount: "10.00" },
  ]);
  const ctx = await couponContext(db, rule, me.id, now);
  assert.deepEqual([ctx.usesTotal, ctx.usesByUser, ctx.hasEarlierOrder], [2, 1, true]);
});

closeDatabase();
