/**
 * "Offers for you" (decision 0116): a tag-only coupon is offered to the customers carrying its tag
 * while the cart would accept it from them; not before it starts, after it ends, when used up, used
 * by them, inactive, a first-order coupon after their first order, or for a tag they lack.
 */
import assert from "node:assert/strict";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createCoupon, createUser } from "../../tests/helpers/factories.ts";
import { couponUsage, orders } from "../../db/schema/mod.ts";
import { offersForCustomer } from "./offers.ts";

const { test, closeDatabase } = useTestDatabase();

test("[offers] the tag-only coupons a customer may use today, ending soonest first", async (db) => {
  const now = new Date("2026-11-30T10:00:00Z");
  const vip = await createUser(db, { username: "vip", tags: ["vip", "breeder"] });
  const other = await createUser(db, { username: "other", tags: ["trade"] });
  const day = 86_400_000;
  await createCoupon(db, { code: "VIP10", customerTag: "vip", startDate: new Date(now.getTime() - day) });
  await createCoupon(db, {
    code: "BREED50",
    customerTag: "breeder",
    type: "fixed_amount",
    value: "50.00",
    startDate: new Date(now.getTime() - day),
    endDate: new Date(now.getTime() + 7 * day),
  });
  // Not offered: for everyone, not started, ended, inactive, used up by all, used by them, first order after one.
  await createCoupon(db, { code: "ALL10", startDate: new Date(now.getTime() - day) });
  await createCoupon(db, { code: "SOON", customerTag: "vip", startDate: new Date(now.getTime() + day) });
  await createCoupon(db, {
    code: "OVER",
    customerTag: "vip",
    startDate: new Date(now.getTime() - 9 * day),
    endDate: new Date(now.getTime() - day),
  });
  await createCoupon(db, { code: "OFF", customerTag: "vip", active: false, startDate: new Date(now.getTime() - day) });
  const full = await createCoupon(db, {
    code: "FULL",
    customerTag: "vip",
    usageLimit: 1,
    startDate: new Date(now.getTime() - day),
  });
  const mine = await createCoupon(db, { code: "MINE", customerTag: "vip", startDate: new Date(now.getTime() - day) });
  await createCoupon(db, {
    code: "FIRST",
    customerTag: "vip",
    type: "first_time",
    firstTimeOnly: true,
    startDate: new Date(now.getTime() - day),
  });
  const [order] = await db.insert(orders).values({
    userId: vip.id,
    orderNumber: "RB-OFFER1",
    total: "100.00",
    status: "delivered",
    paidAt: new Date(now.getTime() - 2 * day),
  }).returning();
  await db.insert(couponUsage).values([
    { couponId: full.id, userId: other.id },
    { couponId: mine.id, userId: vip.id, orderId: order.id },
  ]);

  const codes = async (userId: number) => (await offersForCustomer(db, userId, now)).map((o) => o.code);
  assert.deepEqual(await codes(vip.id), ["BREED50", "VIP10"]);
  assert.deepEqual(await codes(other.id), [], "a tag they lack");
  const offered = await offersForCustomer(db, vip.id, now);
  assert.deepEqual([offered[0].type, offered[0].value], ["fixed_amount", 5000], "as the cart reads it: cents");
});

closeDatabase();
