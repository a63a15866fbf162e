/**
 * Coupon management for staff (spec 001 'Manage Coupons'): list with search and status filter,
 * create, update and delete, each write audited in its own transaction, and the usage figures of each
 * coupon. Codes are stored upper-case (shoppers' codes are matched case-insensitively).
 *
 * A coupon that orders used is never deleted: its coupon_usage rows would cascade away and with them
 * the history of what it gave (docs/decisions/0025). Staff deactivate it instead.
 */
import { and, count, desc, eq, ilike, inArray, isNotNull, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { coupons, couponUsage, orders } from "../../db/schema/mod.ts";
import { ConflictError, NotFoundError, pgErrorCode, ValidationError } from "../../lib/errors.ts";
import { toCents, toNumeric, toRand } from "../../lib/money.ts";
import { changedFields, recordAudit, recordAudits } from "../admin_audit/mod.ts";
import { type CouponBody, couponDate } from "./rules.ts";
import type { CouponInput } from "./schemas.ts";
import { containsPattern } from "../../db/like.ts";

type CouponRow = typeof coupons.$inferSelect;

/** What the coupon brought in: paid orders that used it (net of refunds) and what it took off them. */
export interface CouponUsageFigures {
  timesUsed: number;
  revenue: number;
  discountGiven: number;
}

/** A coupon as the admin API answers it (rand as numbers, dates as ISO strings). */
export interface AdminCoupon extends CouponBody {
  id: number;
  createdAt: string;
  updatedAt: string;
  usage: CouponUsageFigures;
}

const NO_USAGE: CouponUsageFigures = { timesUsed: 0, revenue: 0, discountGiven: 0 };
export const COUPON_PAGE_SIZE = 50;
export const DUPLICATE_CODE = "A coupon with this code already exists";

function toAdmin(row: CouponRow, usage: CouponUsageFigures = NO_USAGE): AdminCoupon {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    type: row.type,
    value: Number(row.value),
    minOrderValue: row.minOrderValue === null ? null : Number(row.minOrderValue),
    maxDiscount: row.maxDiscount === null ? null : Number(row.maxDiscount),
    categoryId: row.categoryId,
    productId: row.productId,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    userLimit: row.userLimit,
    firstTimeOnly: row.firstTimeOnly,
    customerTag: row.customerTag,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    usage,
  };
}

/** The audit's picture of a coupon: its stored fields, without the usage figures and timestamps. */
function auditView(c: AdminCoupon): Record<string, unknown> {
  const { usage: _u, createdAt: _c, updatedAt: _up, ...rest } = c;
  return rest;
}

/** Usage figures for some coupons in two grouped queries (never one per coupon). */
export async function couponUsageFigures(db: Db, ids: number[]): Promise<Map<number, CouponUsageFigures>> {
  const figures = new Map<number, CouponUsageFigures>();
  if (!ids.length) return figures;
  const rows = await db.select({
    couponId: couponUsage.couponId,
    uses: count(),
    discount: sql<string>`coalesce(sum(${couponUsage.discountAmount}), 0)`,
    revenue: sql<string>`coalesce(sum(${orders.total} - ${orders.refundedAmount}), 0)`,
  }).from(couponUsage).innerJoin(orders, eq(orders.id, couponUsage.orderId))
    .where(and(inArray(couponUsage.couponId, ids), isNotNull(orders.paidAt)))
    .groupBy(couponUsage.couponId);
  for (const r of rows) {
    figures.set(r.couponId, {
      timesUsed: r.uses,
      revenue: toRand(toCents(r.revenue)!),
      discountGiven: toRand(toCents(r.discount)!),
    });
  }
  return figures;
}

/** The Manage Coupons list: code or description contains the search (any case), status, newest first. */
export async function listCoupons(
  db: Db,
  filter: { search?: string; status?: "all" | "active" | "inactive"; page?: number; pageSize?: number },
): Promise<{ items: AdminCoupon[]; total: number }> {
  const where: SQL[] = [];
  const search = filter.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    where.push(or(ilike(coupons.code, pattern), ilike(coupons.description, pattern))!);
  }
  if (filter.status === "active") where.push(eq(coupons.active, true));
  if (filter.status === "inactive") where.push(eq(coupons.active, false));
  const condition = where.length ? and(...where) : undefined;
  const pageSize = filter.pageSize ?? COUPON_PAGE_SIZE;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(coupons).where(condition).orderBy(desc(coupons.createdAt), desc(coupons.id))
      .limit(pageSize).offset(((filter.page ?? 1) - 1) * pageSize),
    db.select({ total: count() }).from(coupons).where(condition),
  ]);
  const usage = await couponUsageFigures(db, rows.map((r) => r.id));
  return { items: rows.map((r) => toAdmin(r, usage.get(r.id))), total };
}

/** One coupon with its usage figures; NotFoundError when missing. */
export async function getAdminCoupon(db: Db, id: number): Promise<AdminCoupon> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  if (!row) throw new NotFoundError("Coupon not found");
  return toAdmin(row, (await couponUsageFigures(db, [id])).get(id));
}

function columns(input: CouponInput) {
  return {
    code: input.code,
    description: input.description,
    type: input.type,
    value: toNumeric(toCents(input.value)!),
    minOrderValue: input.minOrderValue === null ? null : toNumeric(toCents(input.minOrderValue)!),
    maxDiscount: input.maxDiscount === null ? null : toNumeric(toCents(input.maxDiscount)!),
    categoryId: input.categoryId,
    productId: input.productId,
    startDate: couponDate(input.startDate, "start")!,
    endDate: input.endDate ? couponDate(input.endDate, "end") : null,
    usageLimit: input.usageLimit,
    userLimit: input.userLimit,
    firstTimeOnly: input.firstTimeOnly,
    customerTag: input.customerTag,
    active: input.active,
  };
}

/** Unique code (any case) and existing category/product become 409 / 400, never a 500. */
function writeError(err: unknown): never {
  const code = pgErrorCode(err);
  if (code === "23505") throw new ConflictError(DUPLICATE_CODE);
  if (code === "23503") {
    throw new ValidationError("The category or product does not exist", [{
      path: "categoryId",
      message: "The category or product does not exist",
    }]);
  }
  throw err;
}

async function codeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  const [row] = await db.select({ id: coupons.id }).from(coupons)
    .where(sql`upper(${coupons.code}) = ${code.toUpperCase()}`).limit(1);
  return Boolean(row && row.id !== exceptId);
}

/** Creates a coupon (201 at the API); 409 when the code exists in any case. */
export async function createCoupon(db: Db, input: CouponInput, userId: number): Promise<AdminCoupon> {
  try {
    return await db.transaction(async (tx) => {
      if (await codeTaken(tx, input.code)) throw new ConflictError(DUPLICATE_CODE);
      const [row] = await tx.insert(coupons).values(columns(input)).returning();
      const created = toAdmin(row);
      await recordAudit(tx, {
        userId,
        entityType: "coupon",
        entityId: row.id,
        action: "create",
        details: { after: auditView(created) },
      });
      return created;
    });
  } catch (err) {
    writeError(err);
  }
}

/** Replaces a coupon's fields; audit entry with the changed fields before and after. */
export async function updateCoupon(db: Db, id: number, input: CouponInput, userId: number): Promise<AdminCoupon> {
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
      if (!before) throw new NotFoundError("Coupon not found");
      if (await codeTaken(tx, input.code, id)) throw new ConflictError(DUPLICATE_CODE);
      const [after] = await tx.update(coupons).set({ ...columns(input), updatedAt: new Date() })
        .where(eq(coupons.id, id)).returning();
      const changes = changedFields(auditView(toAdmin(before)), auditView(toAdmin(after)));
      if (Object.keys(changes).length) {
        await recordAudit(tx, { userId, entityType: "coupon", entityId: id, action: "update", details: { changes } });
      }
    });
  } catch (err) {
    writeError(err);
  }
  return await getAdminCoupon(db, id);
}

/**
 * Deletes an unused coupon. One that orders used (or that an order still names) is refused with 409:
 * deleting it would erase its usage history, so it is deactivated instead.
 */
export async function deleteCoupon(db: Db, id: number, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
    if (!row) throw new NotFoundError("Coupon not found");
    const [[uses], [named]] = await Promise.all([
      tx.select({ n: count() }).from(couponUsage).where(eq(couponUsage.couponId, id)),
      tx.select({ n: count() }).from(orders).where(eq(orders.couponId, id)),
    ]);
    const used = Math.max(uses.n, named.n);
    if (used > 0) {
      throw new ConflictError(
        `The coupon ${row.code} was used on ${used} order${
          used === 1 ? "" : "s"
        }, so deleting it would erase that history. Deactivate it instead (edit it and turn off Active).`,
      );
    }
    await tx.delete(coupons).where(eq(coupons.id, id));
    await recordAudit(tx, {
      userId,
      entityType: "coupon",
      entityId: id,
      action: "delete",
      details: { before: auditView(toAdmin(row)) },
    });
  });
}

/**
 * Points the coupons kept for customers tagged `from` at `to` (a customer tag renamed), in the
 * caller's transaction, each coupon audited as an update of its customerTag. Returns how many.
 */
export async function retagCoupons(tx: Db, userId: number, from: string, to: string): Promise<number> {
  const moved = await tx.update(coupons).set({ customerTag: to, updatedAt: new Date() })
    .where(eq(coupons.customerTag, from)).returning({ id: coupons.id });
  await recordAudits(
    tx,
    moved.map(({ id }) => ({
      userId,
      entityType: "coupon",
      entityId: id,
      action: "update",
      details: { changes: { customerTag: { before: from, after: to } } },
    })),
  );
  return moved.length;
}
