/**
 * Automatic customer tags (decision 0115): a rule's filter (purchases included) turned into a
 * condition on accounts and its tag kept on exactly those accounts. A rule is applied when staff make
 * it, so they see at once whom it tagged, and every rule by the hourly job, as spends grow and last
 * orders age.
 */
import type { Db } from "../db/client.ts";
import {
  createTagRule,
  keepRuleTag,
  listTagRules,
  staffSchemas,
  type TagRule,
  type TagRuleRun,
  userCondition,
} from "../domains/accounts/mod.ts";
import { log } from "../lib/logger.ts";
import { customerFilter } from "./staff_user_detail.ts";

/** Makes a rule and applies it at once, in one transaction: a rule that could not run is not kept. */
export async function createTagRuleAndApply(
  db: Db,
  actor: { id: number },
  input: staffSchemas.TagRuleBody,
  now = new Date(),
): Promise<TagRule & { run: TagRuleRun }> {
  return await db.transaction(async (tx) => {
    const rule = await createTagRule(tx, actor, input, now);
    const run = await keepRuleTag(tx, rule, userCondition(customerFilter(input.filter)), actor, now);
    return { ...rule, lastRunAt: now, lastAdded: run.added, lastRemoved: run.removed, lastFull: run.full, run };
  });
}

/**
 * Applies every rule, each in its own transaction, oldest first. A stored filter the list's schema no
 * longer reads (a field renamed by a later release) is skipped and logged rather than read as "no
 * filter", which would tag every account.
 */
export async function applyTagRules(db: Db, now = new Date()): Promise<TagRuleRun & { rules: number }> {
  const total = { rules: 0, added: 0, removed: 0, full: 0 };
  for (const rule of await listTagRules(db)) {
    const filter = staffSchemas.userListFilter.safeParse(rule.filter);
    if (!filter.success) {
      log.warn("automatic tag rule skipped: its filter no longer reads", { rule: rule.id, tag: rule.tag });
      continue;
    }
    const run = await db.transaction((tx) =>
      keepRuleTag(tx, rule, userCondition(customerFilter(filter.data)), null, now)
    );
    total.rules++;
    total.added += run.added;
    total.removed += run.removed;
    total.full += run.full;
  }
  return total;
}
