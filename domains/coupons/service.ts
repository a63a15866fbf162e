/** Loads coupons and the facts their rules need (use so far, first order) from the database. */
import { and, count, eq, isNotNull, ne, notExists, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { awaitingPayment } from "../../db/awaiting_payment.ts";
import { coupons, couponUsage, orders, users } from "../../db/schema/mod.ts";
import { toCents } from "../../lib/money.ts";
import type { CouponContext, CouponRule } from "./evaluate.ts";

type CouponRow = typeof coupons.$inferSelect;

export function toRule(row: CouponRow): CouponRule {
  const value = Number(row.value);
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    type: row.type,
    value: row.type === "fixed_amount" ? toCents(row.value)! : value,
    minOrderCents: toCents(row.minOrderValue),
    maxDiscountCents: toCents(row.maxDiscount),
    categoryId: row.categoryId,
    productId: row.productId,
    startDate: row.startDate,
    endDate: row.endDate,
    usageLimit: row.usageLimit,
    userLimit: row.userLimit,
    firstTimeOnly: row.firstTimeOnly,
    customerTag: row.customerTag,
    active: row.active,
  };
}

/** Codes are case-insensitive: shoppers type "welcome10". */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

export async function findCouponByCode(db: Db, code: string): Promise<CouponRule | null> {
  const [row] = await db.select().from(coupons).where(sql`upper(${coupons.code}) = ${normaliseCode(code)}`).limit(1);
  return row ? toRule(row) : null;
}

export async function findCouponById(db: Db, id: number): Promise<CouponRule | null> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  return row ? toRule(row) : null;
}

export interface CouponContextOptions {
  /**
   * Count every order of the customer that is not cancelled (pending ones too) as an earlier order
   * for first-order coupons, not only paid ones. Order placement must pass true: otherwise a customer
   * places order A unpaid, then order B with WELCOME10, and pays both. The cart leaves it false: its
   * preview must not drop a first-order coupon because of the customer's own pending order (the
   * order placed with that very coupon, waiting for payment); placement makes the final decision.
   */
  countPendingOrders?: boolean;
}

/**
 * What the rules need to know about past use, for this coupon and customer, at this moment; the
 * customer's tags are read only for a coupon limited to one.
 */
export async function couponContext(
  db: Db,
  coupon: Pick<CouponRule, "id" | "customerTag">,
  userId: number | null,
  now = new Date(),
  options: CouponContextOptions = {},
): Promise<CouponContext> {
  // A paid order always counts, even one cancelled later (today's rule); pending ones only on request.
  const earlier = options.countPendingOrders
    ? or(isNotNull(orders.paidAt), ne(orders.status, "cancelled"))
    : isNotNull(orders.paidAt);
  // The cart's preview leaves out the use held by the customer's own unpaid orders: placing the
  // next order cancels them first (one checkout in flight per customer), so that use comes back.
  // Placement counts every use, with the coupon row locked.
  const counted = options.countPendingOrders || userId === null ? undefined : notExists(
    db.select({ id: orders.id }).from(orders).where(and(
      eq(orders.id, couponUsage.orderId),
      eq(orders.userId, userId),
      awaitingPayment(),
    )),
  );
  const couponId = coupon.id;
  const [[total], [mine], [previous], [tagged]] = await Promise.all([
    db.select({ n: count() }).from(couponUsage).where(and(eq(couponUsage.couponId, couponId), counted)),
    userId === null ? Promise.resolve([{ n: 0 }]) : db.select({ n: count() }).from(couponUsage)
      .where(and(eq(couponUsage.couponId, couponId), eq(couponUsage.userId, userId), counted)),
    userId === null
      ? Promise.resolve([{ n: 0 }])
      : db.select({ n: count() }).from(orders).where(and(eq(orders.userId, userId), earlier)),
    userId === null || coupon.customerTag === null
      ? Promise.resolve([{ tags: [] as string[] }])
      : db.select({ tags: users.tags }).from(users).where(eq(users.id, userId)),
  ]);
  return {
    now,
    userId,
    usesTotal: total.n,
    usesByUser: mine.n,
    hasEarlierOrder: previous.n > 0,
    customerTags: tagged?.tags ?? [],
  };
}
