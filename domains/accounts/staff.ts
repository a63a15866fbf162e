/**
 * Customers and staff as the admin area sees them (/admin/users): search, the user row (the detail
 * with orders, points and addresses is flows/staff_user_detail.ts), disabling an account and changing roles.
 *
 * Rules: only a super_admin changes roles (an admin gets 403); nobody disables their own account;
 * only a super_admin disables or re-enables a staff account; and the shop never loses its last active
 * super_admin. That last rule is race-safe: every change that can remove a super_admin locks all
 * super_admin rows (in id order, so two changes never deadlock) and counts them inside the same
 * transaction, so two super_admins demoting each other at once cannot both succeed.
 */
import { and, arrayContains, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { fullName, users } from "../../db/schema/mod.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../../lib/errors.ts";
import { recordAudit } from "../admin_audit/mod.ts";
import { invalidateUserSessions, type Role, type SessionUser, sessionUserColumns } from "../auth/mod.ts";
import { containsText } from "../../db/like.ts";

export const USER_PAGE_SIZE = 25;
export const ONLY_SUPER_ADMIN_CHANGES_ROLES = "Only a super admin can change roles.";
export const LAST_SUPER_ADMIN =
  "The shop needs at least one active super admin: this change would remove the last one.";
export const NOT_YOURSELF = "You cannot disable your own account.";
export const STAFF_NEEDS_SUPER_ADMIN = "Only a super admin can disable or re-enable a staff account.";
export const ERASED_KEEPS_NO_NOTE = "This account was deleted by its owner: it keeps no note.";

/** A user row as staff see it in lists: the account without its default addresses, with its state. */
export type StaffUserRow = Omit<SessionUser, "defaultShippingAddressId" | "defaultBillingAddressId"> & {
  disabledAt: Date | null;
  deletedAt: Date | null;
  /** Staff's own note on the customer; null when there is none. */
  staffNote: string | null;
  /** Staff's labels for the customer, in the order staff gave them. */
  tags: string[];
};

const { defaultShippingAddressId: _s, defaultBillingAddressId: _b, ...accountColumns } = sessionUserColumns;
/** An account as staff read it (StaffUserRow); flows that order the list by sales select these too. */
export const staffUserColumns = {
  ...accountColumns,
  disabledAt: users.disabledAt,
  staffNote: users.staffNote,
  tags: users.tags,
};

/** The customers list's filter: a search of username, e-mail and name, a role, a tag. */
export interface UserFilter {
  q?: string;
  role?: Role;
  tag?: string;
  /**
   * A further condition on the users table the caller builds from other domains' data: the
   * purchase filter of flows/customer_segment.ts (this domain does not read orders).
   */
  also?: SQL;
}

/** The condition of a UserFilter (undefined: every user). */
export function userCondition(filter: UserFilter): SQL | undefined {
  const where: SQL[] = [];
  const q = filter.q?.trim();
  if (q) {
    // The full name holds the first and the last name; each has a trigram index (decision 0098).
    where.push(or(containsText(users.username, q), containsText(users.email, q), containsText(fullName(users), q))!);
  }
  if (filter.role) where.push(eq(users.role, filter.role));
  // `@>` rather than `= any(tags)`: the GIN index users_tags_idx answers containment.
  if (filter.tag) where.push(arrayContains(users.tags, [filter.tag]));
  if (filter.also) where.push(filter.also);
  return where.length ? and(...where) : undefined;
}

/** Users whose username, e-mail or name contains `q` (any case), of one role, with one tag, newest first, paged. */
export async function listUsers(
  db: Db,
  filter: UserFilter & { page?: number; pageSize?: number },
): Promise<{ items: StaffUserRow[]; total: number }> {
  const condition = userCondition(filter);
  const pageSize = filter.pageSize ?? USER_PAGE_SIZE;
  const [items, total] = await Promise.all([
    db.select(staffUserColumns).from(users).where(condition).orderBy(desc(users.createdAt), desc(users.id))
      .limit(pageSize).offset(((filter.page ?? 1) - 1) * pageSize),
    countUsers(db, filter),
  ]);
  return { items, total };
}

/** How many accounts the list's filter matches. */
export async function countUsers(db: Db, filter: UserFilter): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(users).where(userCondition(filter));
  return total;
}

/** One user as staff see it; NotFoundError when missing (flows/staff_user_detail.ts adds orders, points, addresses). */
export async function getUserRow(db: Db, id: number): Promise<StaffUserRow> {
  const [row] = await db.select(staffUserColumns).from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new NotFoundError("User not found");
  return row;
}

/** Counts of users by role (dashboard). */
export async function countUsersByRole(db: Db): Promise<Record<Role, number>> {
  const rows = await db.select({ role: users.role, n: count() }).from(users).where(isNull(users.deletedAt))
    .groupBy(users.role);
  const counts: Record<Role, number> = { customer: 0, admin: 0, super_admin: 0 };
  for (const r of rows) counts[r.role] = r.n;
  return counts;
}

/** The newest customer accounts (dashboard). */
export async function newestCustomers(db: Db, limit = 5): Promise<StaffUserRow[]> {
  return await db.select(staffUserColumns).from(users).where(and(eq(users.role, "customer"), isNull(users.deletedAt)))
    .orderBy(desc(users.createdAt), desc(users.id)).limit(limit);
}

export interface UserChange {
  role?: Role;
  disabled?: boolean;
}

/**
 * Changes a user's role and/or disables or re-enables the account, as `actor`. Disabling ends every
 * session of the account at once. Each change is audited (entity "user": role_change, disable,
 * enable) with before and after, in the same transaction.
 */
export async function changeUser(
  db: Db,
  actor: { id: number },
  id: number,
  change: UserChange,
  now = new Date(),
): Promise<StaffUserRow> {
  await db.transaction(async (tx) => {
    // The acting user's role as it is now (not as their session remembers it).
    const [me] = await tx.select({ role: users.role, disabledAt: users.disabledAt }).from(users)
      .where(eq(users.id, actor.id));
    const actorIsSuper = me?.role === "super_admin" && !me.disabledAt;
    if (change.role !== undefined && !actorIsSuper) throw new ForbiddenError(ONLY_SUPER_ADMIN_CHANGES_ROLES);
    if (!me || (me.role !== "admin" && me.role !== "super_admin") || me.disabledAt) throw new ForbiddenError();

    const [target] = await tx.select(staffUserColumns).from(users).where(eq(users.id, id));
    if (!target) throw new NotFoundError("User not found");
    if (change.disabled !== undefined && id === actor.id) throw new ConflictError(NOT_YOURSELF);
    if (change.disabled !== undefined && target.role !== "customer" && !actorIsSuper) {
      throw new ForbiddenError(STAFF_NEEDS_SUPER_ADMIN);
    }

    const demotes = change.role !== undefined && change.role !== "super_admin";
    if (change.role !== undefined || (target.role === "super_admin" && change.disabled === true)) {
      // Lock every super_admin row (in id order: two changes never deadlock), then count again: a
      // concurrent change has committed by the time the lock is ours.
      const supers = await tx.select({ id: users.id, disabledAt: users.disabledAt, deletedAt: users.deletedAt })
        .from(users).where(eq(users.role, "super_admin")).orderBy(asc(users.id)).for("update");
      const active = supers.filter((u) => !u.disabledAt && !u.deletedAt);
      // The actor may have lost the role while we waited (two super admins demoting each other).
      if (change.role !== undefined && !active.some((u) => u.id === actor.id)) {
        throw new ForbiddenError(ONLY_SUPER_ADMIN_CHANGES_ROLES);
      }
      const targetIsSuper = supers.some((u) => u.id === id);
      if (targetIsSuper && (demotes || change.disabled === true) && !active.some((u) => u.id !== id)) {
        throw new ConflictError(LAST_SUPER_ADMIN);
      }
    }

    if (change.role !== undefined && change.role !== target.role) {
      const [after] = await tx.update(users).set({ role: change.role, updatedAt: now })
        .where(eq(users.id, id)).returning({ role: users.role });
      await recordAudit(tx, {
        userId: actor.id,
        entityType: "user",
        entityId: id,
        action: "role_change",
        details: { before: { role: target.role }, after: { role: after.role } },
      });
    }
    if (change.disabled !== undefined && change.disabled !== (target.disabledAt !== null)) {
      const disabledAt = change.disabled ? now : null;
      await tx.update(users).set({ disabledAt, updatedAt: now }).where(eq(users.id, id));
      if (change.disabled) await invalidateUserSessions(tx, id);
      await recordAudit(tx, {
        userId: actor.id,
        entityType: "user",
        entityId: id,
        action: change.disabled ? "disable" : "enable",
        details: {
          before: { disabledAt: target.disabledAt?.toISOString() ?? null },
          after: { disabledAt: disabledAt?.toISOString() ?? null },
        },
      });
    }
  });
  const [row] = await db.select(staffUserColumns).from(users).where(eq(users.id, id));
  return row;
}

/** The id of the account with this username (any case), or null. */
export async function userIdByUsername(db: Db, username: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users)
    .where(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`).limit(1);
  return row?.id ?? null;
}

/** The staff accounts' usernames (admin and super_admin), A to Z: the audit screen's "staff member" choice. */
export async function staffUsernames(db: Db, limit = 200): Promise<string[]> {
  const rows = await db.select({ username: users.username }).from(users)
    .where(inArray(users.role, ["admin", "super_admin"])).orderBy(asc(users.username)).limit(limit);
  return rows.map((r) => r.username);
}

/** Usernames by id, for lists that show who did something. */
export async function usernamesByIds(db: Db, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select({ id: users.id, username: users.username }).from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.username]));
}

/**
 * Replaces staff's note on a user ("" removes it); audited with the text before and after, so the
 * trail shows who wrote what. Returns the row as it now is.
 */
export async function setStaffNote(
  db: Db,
  actor: { id: number },
  id: number,
  note: string,
  now = new Date(),
): Promise<StaffUserRow> {
  const next = note.trim() === "" ? null : note;
  await db.transaction(async (tx) => {
    const [target] = await tx.select({ staffNote: users.staffNote, deletedAt: users.deletedAt }).from(users)
      .where(eq(users.id, id)).for("update");
    if (!target) throw new NotFoundError("User not found");
    if (target.deletedAt) throw new ConflictError(ERASED_KEEPS_NO_NOTE);
    if (target.staffNote === next) return;
    await tx.update(users).set({ staffNote: next, updatedAt: now }).where(eq(users.id, id));
    await recordAudit(tx, {
      userId: actor.id,
      entityType: "user",
      entityId: id,
      action: "note_change",
      details: { before: { staffNote: target.staffNote }, after: { staffNote: next } },
    });
  });
  return await getUserRow(db, id);
}
