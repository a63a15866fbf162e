/**
 * Automatic customer tags (decision 0115), part of /api/admin/users: GET /tag-rules (the rules with
 * their last run), POST /tag-rules { tag, filter } (made and applied at once) and DELETE /tag-rules/{id}
 * (the tag stays where it is). The hourly job applies every rule (background_jobs.ts).
 */
import { z } from "zod";
import {
  deleteTagRule,
  describeUserFilter,
  listTagRules,
  staffSchemas,
  type TagRule,
} from "../../domains/accounts/mod.ts";
import { createTagRuleAndApply } from "../../flows/apply_tag_rules.ts";
import { currentUser } from "../guards.ts";
import { validate } from "../validate.ts";
import { adminBodyLimit } from "../admin_limits.ts";
import { defineAction, validParams } from "../action.ts";

/** A rule as the API answers it, with its filter in words. */
export function tagRuleJson(rule: TagRule): z.output<typeof staffSchemas.tagRuleOutput> {
  const filter = rule.filter as staffSchemas.UserListFilter;
  return {
    id: rule.id,
    tag: rule.tag,
    filter: filter as Record<string, string | number>,
    description: describeUserFilter(filter),
    createdAt: rule.createdAt.toISOString(),
    lastRunAt: rule.lastRunAt?.toISOString() ?? null,
    lastAdded: rule.lastAdded,
    lastRemoved: rule.lastRemoved,
    lastFull: rule.lastFull,
  };
}

export const listTagRulesAction = defineAction({
  method: "get",
  path: "/admin/users/tag-rules",
  input: undefined,
  output: z.object({ items: z.array(staffSchemas.tagRuleOutput) }),
  auth: "admin",
  summary: "The automatic customer tags: each rule's tag, filter and what its last run changed",
  handler: async (c) => ({ items: (await listTagRules(c.var.db)).map(tagRuleJson) }),
});

export const createTagRuleAction = defineAction({
  method: "post",
  path: "/admin/users/tag-rules",
  input: staffSchemas.tagRuleBody,
  output: staffSchemas.tagRuleOutput,
  status: 201,
  auth: "admin",
  middleware: [adminBodyLimit()],
  summary: "Keep a tag on every account a customers-list filter (with a purchase field) finds: applied now and " +
    "hourly, added where it matches, taken off where it no longer does; 409 when the tag has a rule",
  handler: async (c, input) => tagRuleJson(await createTagRuleAndApply(c.var.db, currentUser(c), input)),
});

export const deleteTagRuleAction = defineAction({
  method: "delete",
  path: "/admin/users/tag-rules/:id",
  input: undefined,
  output: staffSchemas.tagRuleOutput,
  auth: "admin",
  middleware: [validate("param", staffSchemas.tagRuleIdParam)],
  summary: "Stop keeping a tag automatically; the accounts that carry it keep it",
  handler: async (c) =>
    tagRuleJson(await deleteTagRule(c.var.db, currentUser(c), validParams(c, staffSchemas.tagRuleIdParam).id)),
});
