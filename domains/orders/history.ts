/**
 * A customer's order history: the rows the account overview and the orders tab list. Only the
 * customer's own orders; money as integer cents.
 */
import { desc, eq, sql } from "drizzle-orm";
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
