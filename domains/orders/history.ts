/**
 * A customer's order history: the rows the account overview and the orders tab list. Only the
 * customer's own orders; money as integer cents.
 */
import { and, desc, eq, inArray, isNotNull, ne, type SQL, sql, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderItems, orders } from "../../db/schema/mod.ts";
import { toCents, toNumeric } from "../../lib/money.ts";

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

/** A customer's purchases: paid orders not cancelled (customerFigures and the list's sorts agree on it). */
const purchased = and(isNotNull(orders.paidAt), ne(orders.status, "cancelled"));

/**
 * Every customer's purchases as a subquery to join accounts to: paid orders, spend net of refunds and
 * the last payment, by user id. The customers list's "most spent", "most orders" and "latest order"
 * sorts order by it (decision 0113): one aggregate over all purchases, read only when asked for.
 */
export function customerSalesSubquery(db: Db) {
  return db.select({
    userId: sql<number>`${orders.userId}`.as("sales_user_id"),
    paidOrders: sql<number>`count(*)::int`.as("sales_paid_orders"),
    spent: sql<string>`sum(${orders.total} - ${orders.refundedAmount})`.as("sales_spent"),
    lastPaidAt: sql<string>`max(${orders.paidAt})`.as("sales_last_paid_at"),
  }).from(orders).where(and(isNotNull(orders.userId), purchased)).groupBy(orders.userId).as("customer_sales");
}

/** The customers list's purchase filter (decision 0114): each part optional, all of them must hold. */
export interface PurchaseFilter {
  /** Spent at least this much, net of refunds, in cents. */
  minSpentCents?: number;
  minOrders?: number;
  /** At most this many purchases; 0 finds the accounts that never bought. */
  maxOrders?: number;
  /** The last purchase was paid at or after this instant. */
  lastOrderFrom?: Date;
  /** The last purchase was paid before this instant (lapsed customers: they bought, but not since). */
  lastOrderBefore?: Date;
}

/**
 * The accounts whose purchases meet `filter`, as a condition on `userId` (users.id in the list's
 * query); undefined when the filter asks nothing. Any part that needs a purchase (a spend, a least
 * count, a last-order date) keeps to the customers who bought; "at most N orders" alone also keeps
 * those who never did, found as "not among those with more than N".
 */
export function purchaseCondition(userId: SQLWrapper, filter: PurchaseFilter): SQL | undefined {
  const needsPurchase = (filter.minSpentCents ?? 0) > 0 || (filter.minOrders ?? 0) > 0 ||
    filter.lastOrderFrom !== undefined || filter.lastOrderBefore !== undefined;
  const buyers = (having: SQL | undefined) =>
    sql`select ${orders.userId} from ${orders} where ${
      and(isNotNull(orders.userId), purchased)
    } group by ${orders.userId} having ${having ?? sql`true`}`;
  if (!needsPurchase) {
    return filter.maxOrders === undefined
      ? undefined
      : sql`${userId} not in (${buyers(sql`count(*) > ${filter.maxOrders}`)})`;
  }
  const spent = sql`sum(${orders.total} - ${orders.refundedAmount})`;
  const lastPaid = sql`max(${orders.paidAt})`;
  const having = and(
    filter.minSpentCents ? sql`${spent} >= ${toNumeric(filter.minSpentCents)}::numeric` : undefined,
    filter.minOrders ? sql`count(*) >= ${filter.minOrders}` : undefined,
    filter.maxOrders !== undefined ? sql`count(*) <= ${filter.maxOrders}` : undefined,
    filter.lastOrderFrom ? sql`${lastPaid} >= ${filter.lastOrderFrom.toISOString()}::timestamptz` : undefined,
    filter.lastOrderBefore ? sql`${lastPaid} < ${filter.lastOrderBefore.toISOString()}::timestamptz` : undefined,
  );
  return sql`${userId} in (${buyers(having)})`;
}

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
    .where(and(inArray(orders.userId, userIds), purchased))
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
