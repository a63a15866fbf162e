/**
 * Customer tags (decision 0109): staff's labels on accounts. One customer's set replaced, one tag
 * added to or removed from many accounts at once (the customers list's bulk form), and the tags in
 * use. Every change is audited per account with the set before and after.
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.ts";
import { users } from "../../db/schema/mod.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { type AuditRecord, recordAudits } from "../admin_audit/mod.ts";
import { getUserRow, type StaffUserRow, userCondition, type UserFilter } from "./staff.ts";
import { CUSTOMER_TAGS_MAX } from "./staff_schemas.ts";

export const ERASED_KEEPS_NO_TAGS = "This account was deleted by its owner: it keeps no tags.";
/** Most accounts one bulk tag change touches: a page of the list is 25; a filter may name more. */
export const MAX_BULK_TAG_ACCOUNTS = 5_000;
export const TOO_MANY_TO_TAG = `At most ${
  MAX_BULK_TAG_ACCOUNTS.toLocaleString("en-ZA")
} accounts at a time: narrow the search.`;

/**
 * Replaces a customer's tags (already in customerTag's form: lower case, no repeats; [] removes
 * them all), audited with the set before and after. An erased account takes none (409).
 */
export async function setCustomerTags(
  db: Db,
  actor: { id: number },
  id: number,
  tags: string[],
  now = new Date(),
): Promise<StaffUserRow> {
  await db.transaction(async (tx) => {
    const [target] = await tx.select({ tags: users.tags, deletedAt: users.deletedAt }).from(users)
      .where(eq(users.id, id)).for("update");
    if (!target) throw new NotFoundError("User not found");
    if (target.deletedAt) throw new ConflictError(ERASED_KEEPS_NO_TAGS);
    if (target.tags.join("\n") === tags.join("\n")) return;
    await tx.update(users).set({ tags, updatedAt: now }).where(eq(users.id, id));
    await auditTagChanges(tx, actor, [{ id, before: target.tags, after: tags }]);
  });
  return await getUserRow(db, id);
}

/**
 * One `tags_change` audit entry per account, with its set before and after; `actor` null for the
 * hourly automatic tags job, `extra` facts such as the rule that made the change.
 */
export async function auditTagChanges(
  tx: Db,
  actor: { id: number } | null,
  changes: { id: number; before: string[]; after: string[] }[],
  extra: Record<string, unknown> = {},
): Promise<void> {
  await recordAudits(
    tx,
    changes.map((c): AuditRecord => ({
      userId: actor?.id ?? null,
      entityType: "user",
      entityId: c.id,
      action: "tags_change",
      details: { before: { tags: c.before }, after: { tags: c.after }, ...extra },
    })),
  );
}

/** A tag staff have given, with how many accounts (not erased) carry it. */
export interface TagInUse {
  tag: string;
  accounts: number;
}

/**
 * The tags in use, most used first (then A-Z), at most `limit`: the customers list's tag filter and
 * the tags form's suggestions. An index-only scan of the accounts that have any tag (users_tagged_idx);
 * erased accounts have none (deletion empties them), so they need no condition.
 */
export async function customerTagsInUse(db: Db, limit = 200): Promise<TagInUse[]> {
  const result = await db.execute(sql`
    select t.tag, count(*)::int as accounts
    from ${users} u, unnest(u.tags) as t(tag)
    where cardinality(u.tags) > 0
    group by t.tag
    order by accounts desc, t.tag
    limit ${limit}`);
  return rowsOf<{ tag: string; accounts: number }>(result).map((r) => ({ tag: r.tag, accounts: Number(r.accounts) }));
}

/** One tag added to, or taken off, some accounts: the ticked ones (`ids`) or all the list's filter matches. */
export interface BulkTagChange {
  change: "add" | "remove";
  tag: string;
  ids?: number[];
  filter?: UserFilter;
}

/**
 * Adds or removes one tag on every account chosen (erased accounts left out), all or none: an
 * account that would pass CUSTOMER_TAGS_MAX refuses the whole change. The rows are locked in id
 * order, so two bulk changes at once queue rather than lose each other's tags. Accounts that already
 * have (or lack) the tag are counted as matched, not changed, and get no audit entry.
 */
export async function bulkTagCustomers(
  db: Db,
  actor: { id: number },
  input: BulkTagChange,
  now = new Date(),
): Promise<{ matched: number; changed: number }> {
  const chosen = input.ids ? inArray(users.id, input.ids) : userCondition(input.filter ?? {});
  return await db.transaction(async (tx) => {
    const rows = await tx.select({ id: users.id, tags: users.tags }).from(users)
      .where(and(chosen, isNull(users.deletedAt))).orderBy(asc(users.id)).limit(MAX_BULK_TAG_ACCOUNTS + 1)
      .for("update");
    if (rows.length > MAX_BULK_TAG_ACCOUNTS) throw new ValidationError(TOO_MANY_TO_TAG);
    const adding = input.change === "add";
    const changes = rows.flatMap((r) => {
      if (r.tags.includes(input.tag) === adding) return [];
      return [{
        id: r.id,
        before: r.tags,
        after: adding ? [...r.tags, input.tag] : r.tags.filter((t) => t !== input.tag),
      }];
    });
    const full = changes.filter((c) => c.after.length > CUSTOMER_TAGS_MAX).length;
    if (full) {
      throw new ValidationError(
        `${full === 1 ? "1 of these accounts already carries" : `${full} of these accounts already carry`} ` +
          `${CUSTOMER_TAGS_MAX} tags: take one off first. Nothing was changed.`,
      );
    }
    if (changes.length) {
      await tx.update(users).set({
        tags: adding
          ? sql`array_append(${users.tags}, ${input.tag}::text)`
          : sql`array_remove(${users.tags}, ${input.tag}::text)`,
        updatedAt: now,
      }).where(inArray(users.id, changes.map((c) => c.id)));
      await auditTagChanges(tx, actor, changes);
    }
    return { matched: rows.length, changed: changes.length };
  });
}

/**
 * Renames a tag on every account that carries it (erased accounts carry none), in the caller's
 * transaction: `from` becomes `to` in its place, or simply goes when the account already has `to`
 * (a merge). Rows locked in id order, as a bulk change locks them; each account audited.
 */
export async function renameTagOnAccounts(
  tx: Db,
  actor: { id: number },
  from: string,
  to: string,
  now = new Date(),
): Promise<number> {
  const rows = await tx.select({ id: users.id, tags: users.tags }).from(users)
    .where(sql`${users.tags} @> array[${from}]::text[]`).orderBy(asc(users.id)).for("update");
  if (!rows.length) return 0;
  await tx.update(users).set({
    // array_remove first when `to` is already there, so the merged set keeps one of it.
    tags: sql`case when ${to}::text = any(${users.tags}) then array_remove(${users.tags}, ${from}::text)
      else array_replace(${users.tags}, ${from}::text, ${to}::text) end`,
    updatedAt: now,
  }).where(inArray(users.id, rows.map((r) => r.id)));
  await auditTagChanges(
    tx,
    actor,
    rows.map((r) => ({
      id: r.id,
      before: r.tags,
      after: r.tags.includes(to) ? r.tags.filter((t) => t !== from) : r.tags.map((t) => t === from ? to : t),
    })),
  );
  return rows.length;
}
