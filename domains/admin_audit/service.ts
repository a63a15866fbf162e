/**
 * The admin audit trail: every staff write (catalogue, orders, coupons, users, settings) records who
 * did what to which record, with the changed fields before and after. Written inside the same
 * transaction as the change, so a rolled-back change leaves no entry.
 */
import { and, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { auditLogs } from "../../db/schema/mod.ts";
import type { AuditEntityType } from "./schemas.ts";

export interface AuditEntry {
  id: number;
  userId: number | null;
  entityType: string;
  entityId: number;
  action: string;
  details: Record<string, unknown> | null;
  createdAt: Date;
}

/**
 * The fields that differ between two versions of a record, as `{ field: { before, after } }`.
 * Values are compared as JSON, so a numeric "12.50" and a Date compare by what they print.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of Object.keys(after)) {
    if (!Object.hasOwn(before, key)) continue;
    const a = JSON.stringify(before[key] ?? null);
    const b = JSON.stringify(after[key] ?? null);
    if (a !== b) changes[key] = { before: before[key] ?? null, after: after[key] ?? null };
  }
  return changes;
}

/** One staff action as the audit trail keeps it. */
export interface AuditRecord {
  userId: number | null;
  entityType: AuditEntityType;
  entityId: number;
  action: string;
  details?: Record<string, unknown> | null;
}

/** Records one staff action. `details` is free-form JSON: for updates, `{ changes: changedFields(...) }`. */
export async function recordAudit(db: Db, entry: AuditRecord): Promise<void> {
  await recordAudits(db, [entry]);
}

/** Records many staff actions in one insert (a bulk edit: one entry per product, one statement). */
export async function recordAudits(db: Db, entries: readonly AuditRecord[]): Promise<void> {
  // In inserts of AUDIT_BATCH rows: five parameters a row stays far below PostgreSQL's 65,535 a statement.
  for (let i = 0; i < entries.length; i += AUDIT_BATCH) {
    await db.insert(auditLogs).values(
      entries.slice(i, i + AUDIT_BATCH).map((entry) => ({
        userId: entry.userId,
        entityType: entry.entityType,
        entityId: entry.entityId,
        action: entry.action,
        details: entry.details ?? null,
      })),
    );
  }
}

const AUDIT_BATCH = 5_000;

/** One record's history, newest first (the spec's GET /audit-logs/{entityType}/{id}). */
export async function listAuditFor(db: Db, entityType: string, entityId: number, limit = 200): Promise<AuditEntry[]> {
  return await db.select().from(auditLogs)
    .where(and(eq(auditLogs.entityType, entityType), eq(auditLogs.entityId, entityId)))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id)).limit(limit);
}

/** The audit screen: every entry, filtered by entity type, user and date range, newest first, paged. */
export async function searchAudit(
  db: Db,
  filter: { entityType?: string; userId?: number; from?: Date; to?: Date; page: number; pageSize: number },
): Promise<{ items: AuditEntry[]; page: number; pageSize: number }> {
  const where: SQL[] = [];
  if (filter.entityType) where.push(eq(auditLogs.entityType, filter.entityType));
  if (filter.userId) where.push(eq(auditLogs.userId, filter.userId));
  if (filter.from) where.push(gte(auditLogs.createdAt, filter.from));
  if (filter.to) where.push(lt(auditLogs.createdAt, filter.to));
  const items = await db.select().from(auditLogs).where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(filter.pageSize).offset((filter.page - 1) * filter.pageSize);
  return { items, page: filter.page, pageSize: filter.pageSize };
}
