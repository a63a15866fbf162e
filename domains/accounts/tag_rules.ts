/**
 * Automatic customer tags (decision 0115): a rule keeps one tag on exactly the accounts a customers
 * list filter finds. The rules themselves, and keeping one rule's tag given a condition on users that
 * the caller builds (the filter reaches into orders, which this domain does not read).
 */
import { and, arrayContains, asc, count, eq, isNull, not, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { customerTagRules, users } from "../../db/schema/mod.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { formatMoney } from "../../lib/money.ts";
import { recordAudit } from "../admin_audit/mod.ts";
import { auditTagChanges } from "./tags.ts";
import { CUSTOMER_TAGS_MAX, type TagRuleBody, type UserListFilter } from "./staff_schemas.ts";

export type TagRule = typeof customerTagRules.$inferSelect;

/** Most rules a shop keeps: each is applied every hour. */
export const MAX_TAG_RULES = 20;

export const NO_SUCH_RULE = "Rule not found";

export const tagHasRule = (tag: string) => `The tag "${tag}" already has an automatic rule: delete it first.`;

/** The rules, oldest first. */
export async function listTagRules(db: Db): Promise<TagRule[]> {
  return await db.select().from(customerTagRules).orderBy(asc(customerTagRules.id));
}

/** The rule kept for a tag, if any (the tags pages mark such a tag automatic). */
export async function tagRuleFor(db: Db, tag: string): Promise<TagRule | null> {
  const [rule] = await db.select().from(customerTagRules).where(eq(customerTagRules.tag, tag)).limit(1);
  return rule ?? null;
}

/** Stores a new rule, audited; one rule a tag, at most MAX_TAG_RULES. Applying it is the caller's next step. */
export async function createTagRule(tx: Db, actor: { id: number }, input: TagRuleBody, now = new Date()) {
  // The table's lock makes the count and the insert one step: two rules made at once cannot pass the cap.
  await tx.execute(sql`lock table ${customerTagRules} in share row exclusive mode`);
  const [{ rules }] = await tx.select({ rules: count() }).from(customerTagRules);
  if (rules >= MAX_TAG_RULES) {
    throw new ValidationError(`At most ${MAX_TAG_RULES} automatic tags: delete one first.`);
  }
  const [rule] = await tx.insert(customerTagRules)
    .values({ tag: input.tag, filter: input.filter, createdBy: actor.id, createdAt: now })
    .onConflictDoNothing({ target: customerTagRules.tag }).returning();
  if (!rule) throw new ConflictError(tagHasRule(input.tag));
  await auditRule(tx, actor, rule, "create");
  return rule;
}

/** A rule made or deleted, in the audit log with its tag and filter. */
async function auditRule(tx: Db, actor: { id: number }, rule: TagRule, action: "create" | "delete") {
  await recordAudit(tx, {
    userId: actor.id,
    entityType: "customer_tag_rule",
    entityId: rule.id,
    action,
    // The filter in words for the audit page, and as stored for anyone reading the JSON.
    details: { tag: rule.tag, finds: describeUserFilter(rule.filter as UserListFilter), filter: rule.filter },
  });
}

/** Deletes a rule, audited; the tag stays on the accounts that carry it. */
export async function deleteTagRule(db: Db, actor: { id: number }, id: number): Promise<TagRule> {
  return await db.transaction(async (tx) => {
    const [rule] = await tx.delete(customerTagRules).where(eq(customerTagRules.id, id)).returning();
    if (!rule) throw new NotFoundError(NO_SUCH_RULE);
    await auditRule(tx, actor, rule, "delete");
    return rule;
  });
}

/** What one run of a rule did. */
export interface TagRuleRun {
  added: number;
  removed: number;
  /** Accounts found that carry CUSTOMER_TAGS_MAX tags already, so could not take this one. */
  full: number;
}

/**
 * Keeps `tag` on exactly the live accounts `matches` finds, in the caller's transaction: added where
 * missing, taken off where no longer matched, each change audited with the rule's id (by `actor`, or
 * by nobody when the hourly job runs it). The accounts concerned are locked in id order first, as a
 * bulk tag change locks them, so the two queue rather than deadlock or lose a tag.
 */
export async function keepRuleTag(
  tx: Db,
  rule: Pick<TagRule, "id" | "tag">,
  matches: SQL | undefined,
  actor: { id: number } | null,
  now = new Date(),
): Promise<TagRuleRun> {
  // The rule's row first: two runs of one rule queue, and a rule deleted meanwhile tags nobody.
  const [kept] = await tx.select({ id: customerTagRules.id }).from(customerTagRules)
    .where(eq(customerTagRules.id, rule.id)).for("update");
  if (!kept) return { added: 0, removed: 0, full: 0 };
  const found = sql`coalesce((${matches ?? sql`true`}), false)`;
  const has = arrayContains(users.tags, [rule.tag]);
  const live = isNull(users.deletedAt);
  const room = sql`cardinality(${users.tags}) < ${CUSTOMER_TAGS_MAX}`;
  await tx.select({ id: users.id }).from(users).where(and(live, sql`(${has} or ${found})`))
    .orderBy(asc(users.id)).for("update");
  const added = await tx.update(users)
    .set({ tags: sql`array_append(${users.tags}, ${rule.tag}::text)`, updatedAt: now })
    .where(and(live, not(has), room, found)).returning({ id: users.id, tags: users.tags });
  const removed = await tx.update(users)
    .set({ tags: sql`array_remove(${users.tags}, ${rule.tag}::text)`, updatedAt: now })
    .where(and(has, sql`not ${found}`)).returning({ id: users.id, tags: users.tags });
  const [{ full }] = await tx.select({ full: count() }).from(users).where(and(live, not(has), not(room), found));
  await auditTagChanges(tx, actor, [
    ...added.map((r) => ({ id: r.id, before: r.tags.filter((t) => t !== rule.tag), after: r.tags })),
    ...removed.map((r) => ({ id: r.id, before: [...r.tags, rule.tag], after: r.tags })),
  ], { rule: rule.id });
  const run = { added: added.length, removed: removed.length, full };
  await tx.update(customerTagRules).set({
    lastRunAt: now,
    lastAdded: run.added,
    lastRemoved: run.removed,
    lastFull: run.full,
  }).where(eq(customerTagRules.id, rule.id));
  return run;
}

/**
 * A renamed tag's rules follow it (flows/rename_customer_tag.ts), in the caller's transaction: the
 * rule kept for `from` now keeps `to`, and filters on `from` filter on `to`. Both names with a rule
 * would leave two rules fighting over one tag, so that is refused.
 */
export async function retagRules(tx: Db, actor: { id: number }, from: string, to: string): Promise<number> {
  const rules = await tx.select().from(customerTagRules).orderBy(asc(customerTagRules.id)).for("update");
  if (rules.some((r) => r.tag === from) && rules.some((r) => r.tag === to)) {
    throw new ConflictError(`Both "${from}" and "${to}" have an automatic rule: delete one first.`);
  }
  let changed = 0;
  for (const rule of rules) {
    const filter = rule.filter as UserListFilter;
    const next = {
      tag: rule.tag === from ? to : rule.tag,
      filter: filter.tag === from ? { ...filter, tag: to } : filter,
    };
    if (next.tag === rule.tag && next.filter === filter) continue;
    await tx.update(customerTagRules).set(next).where(eq(customerTagRules.id, rule.id));
    await recordAudit(tx, {
      userId: actor.id,
      entityType: "customer_tag_rule",
      entityId: rule.id,
      action: "update",
      details: { changes: { tag: { before: rule.tag, after: next.tag } } },
    });
    changed++;
  }
  return changed;
}

const dayFormat = new Intl.DateTimeFormat("en-ZA", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const day = (iso: string) => dayFormat.format(new Date(`${iso}T00:00:00Z`));
const orders = (n: number) => `${n} ${n === 1 ? "order" : "orders"}`;
const ROLE_WORDS = { customer: "customers", admin: "admins", super_admin: "super admins" } as const;

/** A customers list filter in words, for the rules list: "Spent at least R 5 000,00 · 2 or more orders". */
export function describeUserFilter(f: UserListFilter): string {
  const parts: string[] = [];
  if (f.minSpent !== undefined) parts.push(`Spent at least ${formatMoney(Math.round(f.minSpent * 100))}`);
  if (f.minOrders !== undefined && f.maxOrders !== undefined) {
    parts.push(
      f.minOrders === f.maxOrders ? `exactly ${orders(f.minOrders)}` : `${f.minOrders} to ${f.maxOrders} orders`,
    );
  } else if (f.minOrders !== undefined) parts.push(`${f.minOrders} or more orders`);
  else if (f.maxOrders !== undefined) parts.push(f.maxOrders === 0 ? "never bought" : `at most ${orders(f.maxOrders)}`);
  if (f.lastOrderFrom) parts.push(`last order on or after ${day(f.lastOrderFrom)}`);
  if (f.lastOrderBefore) parts.push(`last order before ${day(f.lastOrderBefore)}`);
  if (f.role) parts.push(`only ${ROLE_WORDS[f.role]}`);
  if (f.tag) parts.push(`tagged "${f.tag}"`);
  if (f.q?.trim()) parts.push(`matching "${f.q.trim()}"`);
  const text = parts.join(" · ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
