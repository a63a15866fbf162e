/**
 * Renaming a customer tag without HTTP (decision 0112): a tag only a coupon names still renames, and
 * two renames of one tag at once leave it renamed once, the other told nothing has it any more.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../tests/helpers/db.ts";
import { createCoupon, createUser } from "../tests/helpers/factories.ts";
import { coupons, users } from "../db/schema/mod.ts";
import { NotFoundError } from "../lib/errors.ts";
import { noSuchTag, renameCustomerTag } from "./rename_customer_tag.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();

test("[tag rename] a tag only a coupon is kept for renames the coupon; a tag nothing has is refused", async (db) => {
  const staff = await createUser(db, { role: "admin" });
  const coupon = await createCoupon(db, { code: "VETS5", customerTag: "vet" });
  assert.deepEqual(await renameCustomerTag(db, staff, { from: "vet", to: "clinic" }), {
    accounts: 0,
    coupons: 1,
    rules: 0,
  });
  assert.equal((await db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0].customerTag, "clinic");
  await assert.rejects(
    renameCustomerTag(db, staff, { from: "vet", to: "clinic" }),
    (err) => err instanceof NotFoundError && err.message === noSuchTag("vet"),
  );
});

raceTest("[tag rename] two renames of one tag at once: one renames it, the other finds it gone", async (db) => {
  const staff = await createUser(db, { role: "admin" });
  const keepers = await Promise.all(
    Array.from({ length: 50 }, (_, i) => createUser(db, { username: `trade_${i}`, tags: ["vip", "trade"] })),
  );
  await createCoupon(db, { code: "TRADE10", customerTag: "trade" });
  const outcomes = await Promise.allSettled([
    renameCustomerTag(db, staff, { from: "trade", to: "wholesale" }),
    renameCustomerTag(db, staff, { from: "trade", to: "retail" }),
  ]);
  const done = outcomes.filter((o) => o.status === "fulfilled");
  const refused = outcomes.filter((o) => o.status === "rejected");
  assert.equal(done.length, 1);
  assert.deepEqual(done[0].value, { accounts: 50, coupons: 1, rules: 0 });
  assert.ok(refused[0].reason instanceof NotFoundError);
  const winner = outcomes[0].status === "fulfilled" ? "wholesale" : "retail";
  const tags = await db.select({ tags: users.tags }).from(users).where(eq(users.id, keepers[7].id));
  assert.deepEqual(tags[0].tags, ["vip", winner]);
  const [coupon] = await db.select().from(coupons).where(eq(coupons.code, "TRADE10"));
  assert.equal(coupon.customerTag, winner);
});

closeDatabase();
