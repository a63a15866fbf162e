/**
 * A customer's order history: the rows the account overview and the orders tab list. Only the
 * customer's own orders; money as integer cents.
 */
import { and, desc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderItems, orders } from "../../db/schema/mod.ts";
import { toCents } from "../../lib/money.ts";

/** One line of the order history. */
export interface OrderSummary {
  id: number;
  orderNumber: string;
  createdAt: Date;
  status: (typeof orders.$inferSelect)["status"];
  totalCents: number;
  /** Units over all lines (two of one product and one of another: 3). */
  itemCount: number;
  /** Set once the order shipped. */
  trackingNumber: string | null;
  carrier: string | null;
  /** What was refunded on the order (0 when nothing). */
  refundedCents: number;
}

/** The user's orders, newest first; `limit` caps the list (the overview shows 3). */
export async function listOrdersForUser(
  db: Db,
  userId: number,
  opts: { limit?: number } = {},
): Promise<OrderSummary[]> {
  // One grouped join: the index on order_items.order_id serves it, whatever the table's size.
  const query = db.select({
    id: orders.id,
    orderNumber: orders.orderNumber,
    createdAt: orders.createdAt,
    status: orders.status,
    total: orders.total,
    trackingNumber: orders.trackingNumber,
    carrier: orders.carrier,
    refundedAmount: orders.refundedAmount,
    units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
  }).from(orders).leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(eq(orders.userId, userId))
    .groupBy(orders.id)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const rows = opts.limit !== undefined ? await query.limit(Math.max(0, Math.trunc(opts.limit))) : await query;
  return rows.map((r) => ({
    id: r.id,
    orderNumber: r.orderNumber,
    createdAt: r.createdAt,
    status: r.status,
    totalCents: toCents(r.total) ?? 0,
    itemCount: Number(r.units ?? 0),
    trackingNumber: r.trackingNumber,
    carrier: r.carrier,
    refundedCents: toCents(r.refundedAmount) ?? 0,
  }));
}

/** What a customer has bought, as staff see it beside their profile. */
export interface CustomerFigures {
  /** Paid orders that were not cancelled. */
  paidOrders: number;
  /** What those orders came to, less what was refunded on them (VAT included). */
  spentCents: number;
  /** spentCents over paidOrders, rounded to the cent; 0 without orders. */
  averageCents: number;
  firstPaidAt: Date | null;
  lastPaidAt: Date | null;
}

/** Figures of a customer without a paid order. */
const NO_PURCHASES: CustomerFigures = {
  paidOrders: 0,
  spentCents: 0,
  averageCents: 0,
  firstPaidAt: null,
  lastPaidAt: null,
};

/**
 * Each customer's paid orders summed up: how many, what they spent net of refunds, the average and the
 * first and last payment. One aggregate over those customers' own orders (the index on
 * orders.user_id), so a page of the customer list costs one query.
 */
export async function customerFigures(db: Db, userIds: number[]): Promise<Map<number, CustomerFigures>> {
  const figures = new Map<number, CustomerFigures>(userIds.map((id) => [id, NO_PURCHASES]));
  if (!userIds.length) return figures;
  const rows = await db.select({
    userId: orders.userId,
    paidOrders: sql<number>`count(*)::int`,
    spent: sql<string>`coalesce(sum(${orders.total} - ${orders.refundedAmount}), 0)`,
    firstPaidAt: sql<string | null>`min(${orders.paidAt})`,
    lastPaidAt: sql<string | null>`max(${orders.paidAt})`,
  }).from(orders)
    .where(and(inArray(orders.userId, userIds), isNotNull(orders.paidAt), ne(orders.status, "cancelled")))
    .groupBy(orders.userId);
  const at = (v: string | Date | null) => (v === null ? null : new Date(v));
  for (const row of rows) {
    const spentCents = toCents(row.spent) ?? 0;
    figures.set(row.userId!, {
      paidOrders: row.paidOrders,
      spentCents,
      averageCents: Math.round(spentCents / row.paidOrders),
      firstPaidAt: at(row.firstPaidAt),
      lastPaidAt: at(row.lastPaidAt),
    });
  }
  return figures;
}
