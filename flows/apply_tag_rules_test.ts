/**
 * Automatic customer tags without HTTP (decision 0115): a rule tags the accounts its purchase filter
 * finds when made, the hourly run follows spends and refunds both ways, full and erased accounts are
 * left alone, a stored filter that no longer reads tags nobody; and on PostgreSQL, two rules for one
 * tag made at once keep one, and a run beside a bulk tag change loses neither's tags.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { useTestDatabase } from "../tests/helpers/db.ts";
import { createUser } from "../tests/helpers/factories.ts";
import { auditLogs, customerTagRules, orders, users } from "../db/schema/mod.ts";
import { ConflictError, ValidationError } from "../lib/errors.ts";
import { bulkTagCustomers, deleteTagRule, MAX_TAG_RULES, tagHasRule } from "../domains/accounts/mod.ts";
import { applyTagRules, createTagRuleAndApply } from "./apply_tag_rules.ts";
import { renameCustomerTag } from "./rename_customer_tag.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();

let seq = 0;
async function paidOrder(db: Db, userId: number, total: string, paidAt = new Date("2026-10-01T09:00:00Z")) {
  const [order] = await db.insert(orders).values({
    userId,
    orderNumber: `RB-T${++seq}`,
    total,
    status: "delivered",
    paidAt,
  }).returning();
  return order;
}

const tagsOf = async (db: Db, id: number) => (await db.select().from(users).where(eq(users.id, id)))[0].tags;

test("[tag rules] made and applied at once; the hourly run follows spends and refunds, both ways", async (db) => {
  const staff = await createUser(db, { role: "admin" });
  const big = await createUser(db, { username: "big", tags: ["breeder"] });
  const small = await createUser(db, { username: "small" });
  const handTagged = await createUser(db, { username: "hand", tags: ["vip"] });
  const full = await createUser(db, {
    username: "full",
    tags: ["t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t9", "t10"],
  });
  const erased = await createUser(db, { username: "gone", deletedAt: new Date() });
  await paidOrder(db, big.id, "6000.00");
  await paidOrder(db, small.id, "900.00");
  await paidOrder(db, full.id, "7000.00");
  await paidOrder(db, erased.id, "9000.00");

  const rule = await createTagRuleAndApply(db, staff, { tag: "vip", filter: { minSpent: 5000 } });
  assert.deepEqual(rule.run, { added: 1, removed: 1, full: 1 });
  assert.deepEqual(await tagsOf(db, big.id), ["breeder", "vip"]);
  assert.deepEqual(await tagsOf(db, handTagged.id), [], "the rule owns its tag: given by hand, it follows the rule");
  assert.equal((await tagsOf(db, full.id)).length, 10);
  assert.deepEqual(await tagsOf(db, erased.id), []);
  // Each change audited with the rule, by the staff member who made it; the rule itself too.
  const audits = await db.select().from(auditLogs).where(
    and(eq(auditLogs.entityType, "user"), eq(auditLogs.entityId, big.id), eq(auditLogs.action, "tags_change")),
  );
  assert.equal(audits.length, 1);
  assert.equal(audits[0].userId, staff.id);
  assert.deepEqual(audits[0].details, {
    before: { tags: ["breeder"] },
    after: { tags: ["breeder", "vip"] },
    rule: rule.id,
  });
  const ruleAudits = await db.select().from(auditLogs).where(eq(auditLogs.entityType, "customer_tag_rule"));
  assert.deepEqual(ruleAudits.map((a) => [a.action, a.userId, a.details]), [
    ["create", staff.id, { tag: "vip", finds: "Spent at least R\u00a05\u00a0000,00", filter: { minSpent: 5000 } }],
  ]);

  // small spends more; big is refunded below the line: the next run moves the tag.
  const second = await paidOrder(db, small.id, "4100.00");
  await db.update(orders).set({ refundedAmount: "2000.00" }).where(eq(orders.userId, big.id));
  const later = new Date("2026-11-30T10:00:00Z");
  assert.deepEqual(await applyTagRules(db, later), { rules: 1, added: 1, removed: 1, full: 1 });
  assert.deepEqual(await tagsOf(db, small.id), ["vip"]);
  assert.deepEqual(await tagsOf(db, big.id), ["breeder"]);
  const [stored] = await db.select().from(customerTagRules).where(eq(customerTagRules.id, rule.id));
  assert.deepEqual(
    [stored.lastRunAt?.toISOString(), stored.lastAdded, stored.lastRemoved, stored.lastFull],
    [later.toISOString(), 1, 1, 1],
  );
  const byJob = await db.select().from(auditLogs).where(
    and(eq(auditLogs.entityType, "user"), eq(auditLogs.entityId, small.id)),
  );
  assert.equal(byJob[0].userId, null, "the hourly run changes tags as nobody");
  // Nothing changed: the next run changes nothing.
  assert.deepEqual(await applyTagRules(db, later), { rules: 1, added: 0, removed: 0, full: 1 });

  // Stopped: the tag stays where it is and no run touches it.
  await deleteTagRule(db, staff, rule.id);
  await db.update(orders).set({ refundedAmount: "4000.00" }).where(eq(orders.id, second.id));
  assert.deepEqual(await applyTagRules(db, later), { rules: 0, added: 0, removed: 0, full: 0 });
  assert.deepEqual(await tagsOf(db, small.id), ["vip"]);
});

test("[tag rules] never bought, lapsed, one rule a tag, at most 20, a filter that no longer reads tags nobody", async (db) => {
  const staff = await createUser(db, { role: "admin" });
  const never = await createUser(db, { username: "never" });
  const lapsed = await createUser(db, { username: "lapsed" });
  await paidOrder(db, lapsed.id, "300.00", new Date("2026-01-10T09:00:00Z"));
  const recent = await createUser(db, { username: "recent" });
  await paidOrder(db, recent.id, "300.00", new Date("2026-11-10T09:00:00Z"));

  await createTagRuleAndApply(db, staff, { tag: "welcome", filter: { maxOrders: 0, role: "customer" } });
  await createTagRuleAndApply(db, staff, { tag: "win-back", filter: { lastOrderBefore: "2026-06-01" } });
  assert.deepEqual(await tagsOf(db, never.id), ["welcome"]);
  assert.deepEqual(await tagsOf(db, lapsed.id), ["win-back"]);
  assert.deepEqual(await tagsOf(db, recent.id), []);
  assert.deepEqual(await tagsOf(db, staff.id), [], "an admin is no customer");
  // The lapsed customer buys again: off the win-back list at the next run.
  await paidOrder(db, lapsed.id, "300.00", new Date("2026-11-20T09:00:00Z"));
  await applyTagRules(db);
  assert.deepEqual(await tagsOf(db, lapsed.id), []);

  await assert.rejects(
    createTagRuleAndApply(db, staff, { tag: "welcome", filter: { minOrders: 1 } }),
    (err) => err instanceof ConflictError && err.message === tagHasRule("welcome"),
  );
  // A stored filter a later release cannot read is skipped, never read as "every account".
  await db.update(customerTagRules).set({ filter: { minSpent: "lots" } }).where(eq(customerTagRules.tag, "welcome"));
  await db.update(users).set({ tags: [] }).where(eq(users.id, never.id));
  await applyTagRules(db);
  assert.deepEqual(await tagsOf(db, never.id), []);

  for (let i = 2; i < MAX_TAG_RULES; i++) {
    await db.insert(customerTagRules).values({ tag: `rule-${i}`, filter: { minOrders: 99 } });
  }
  await assert.rejects(
    createTagRuleAndApply(db, staff, { tag: "one-too-many", filter: { minOrders: 1 } }),
    (err) => err instanceof ValidationError && /At most 20 automatic tags/.test(err.message),
  );
  assert.equal((await db.select().from(customerTagRules)).length, MAX_TAG_RULES);
});

test("[tag rules] renaming a tag moves its rule and the filters on it; two rules meeting on one name refuse", async (db) => {
  const staff = await createUser(db, { role: "admin" });
  const buyer = await createUser(db, { username: "buyer", tags: ["trade"] });
  await paidOrder(db, buyer.id, "6000.00");
  await createTagRuleAndApply(db, staff, { tag: "vip", filter: { minSpent: 5000 } });
  await createTagRuleAndApply(db, staff, { tag: "trade-vip", filter: { minSpent: 5000, tag: "trade" } });
  assert.deepEqual(await renameCustomerTag(db, staff, { from: "trade", to: "wholesale" }), {
    accounts: 1,
    coupons: 0,
    rules: 1,
  });
  const rules = await db.select().from(customerTagRules).orderBy(customerTagRules.id);
  assert.deepEqual(rules.map((r) => [r.tag, r.filter]), [
    ["vip", { minSpent: 5000 }],
    ["trade-vip", { minSpent: 5000, tag: "wholesale" }],
  ]);
  assert.deepEqual(await renameCustomerTag(db, staff, { from: "vip", to: "gold" }), {
    accounts: 1,
    coupons: 0,
    rules: 1,
  });
  assert.deepEqual(await tagsOf(db, buyer.id), ["wholesale", "gold", "trade-vip"]);
  await applyTagRules(db);
  assert.deepEqual(
    await tagsOf(db, buyer.id),
    ["wholesale", "gold", "trade-vip"],
    "the renamed rule keeps the new name",
  );
  await assert.rejects(
    renameCustomerTag(db, staff, { from: "gold", to: "trade-vip" }),
    (err) => err instanceof ConflictError && /Both "gold" and "trade-vip" have an automatic rule/.test(err.message),
  );
  assert.deepEqual(await tagsOf(db, buyer.id), ["wholesale", "gold", "trade-vip"], "nothing moved");
});

raceTest("[tag rules] two rules for one tag made at once: one is kept, the other told", async (db) => {
  const staff = await createUser(db, { role: "admin" });
  const buyer = await createUser(db, { username: "buyer" });
  await paidOrder(db, buyer.id, "6000.00");
  const outcomes = await Promise.allSettled([
    createTagRuleAndApply(db, staff, { tag: "vip", filter: { minSpent: 5000 } }),
    createTagRuleAndApply(db, staff, { tag: "vip", filter: { minOrders: 1 } }),
  ]);
  assert.equal(outcomes.filter((o) => o.status === "fulfilled").length, 1);
  const refused = outcomes.find((o) => o.status === "rejected");
  assert.ok(refused?.status === "rejected" && refused.reason instanceof ConflictError);
  assert.equal((await db.select().from(customerTagRules)).length, 1);
  assert.deepEqual(await tagsOf(db, buyer.id), ["vip"]);
});

raceTest("[tag rules] the last of the 20 rules asked for twice at once: one is made", async (db) => {
  const staff = await createUser(db, { role: "admin" });
  for (let i = 1; i < MAX_TAG_RULES; i++) {
    await db.insert(customerTagRules).values({ tag: `rule-${i}`, filter: { minOrders: 99 } });
  }
  const outcomes = await Promise.allSettled([
    createTagRuleAndApply(db, staff, { tag: "gold", filter: { minOrders: 5 } }),
    createTagRuleAndApply(db, staff, { tag: "silver", filter: { minOrders: 2 } }),
  ]);
  assert.equal(outcomes.filter((o) => o.status === "fulfilled").length, 1);
  assert.equal((await db.select().from(customerTagRules)).length, MAX_TAG_RULES);
});

raceTest("[tag rules] the hourly run beside a bulk tag change: both tags land on every account", async (db) => {
  const staff = await createUser(db, { role: "admin" });
  const buyers = [];
  for (let i = 0; i < 40; i++) {
    const u = await createUser(db, { username: `buyer_${i}`, tags: ["keeper"] });
    await paidOrder(db, u.id, "6000.00");
    buyers.push(u);
  }
  await db.insert(customerTagRules).values({ tag: "vip", filter: { minSpent: 5000 } });
  await Promise.all([
    applyTagRules(db),
    bulkTagCustomers(db, staff, { change: "add", tag: "expo", filter: { tag: "keeper" } }),
    applyTagRules(db),
  ]);
  for (const u of buyers) {
    assert.deepEqual((await tagsOf(db, u.id)).toSorted(), ["expo", "keeper", "vip"], u.username);
  }
});

closeDatabase();
