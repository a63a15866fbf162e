/**
 * The admin order list's reads: the filtered, searched, paged list, its CSV export and the
 * dashboard's short lists. One order's page is admin_order_detail.ts.
 */
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { fullName, orderItems, orders, shippingName, users } from "../../db/schema/mod.ts";
import { csvFile } from "../../lib/csv.ts";
import { toCents } from "../../lib/money.ts";
import { saMidnight } from "../../lib/sa_dates.ts";
import { type OrderStatus, type PaymentStatus, paymentStatusOf } from "../orders/mod.ts";
import type { AdminOrdersQuery } from "./schemas.ts";
import { containsText } from "../../db/like.ts";
import { fewMatches } from "../../db/few_matches.ts";

export const ADMIN_ORDERS_PAGE_SIZE = 25;
/** The CSV export's ceiling: a bigger export should be narrowed by its filters. */
export const CSV_MAX_ROWS = 10_000;

/** One row of the admin order list. */
export interface AdminOrderRow {
  id: number;
  orderNumber: string;
  createdAt: Date;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  customerName: string | null;
  email: string | null;
  itemCount: number;
  totalCents: number;
  refundedCents: number;
  trackingNumber: string | null;
  carrier: string | null;
  /** Where the order came from: the shop's checkout, or a WhatsApp cart (docs/whatsapp.md). */
  source: OrderSource;
  /** A WhatsApp order's customer number (+ and digits). */
  whatsappNumber: string | null;
  /** Staff's tags on the customer's account (none for a guest). */
  customerTags: string[];
}

/** An order's channel: "whatsapp" when it came from a WhatsApp cart (orders.wa_trade_id), else "web". */
export type OrderSource = "web" | "whatsapp" | "staff";
export const ORDER_SOURCES: readonly OrderSource[] = ["web", "whatsapp", "staff"];

/** The number a WhatsApp order came from (+ and the wa_id), null for other orders. */
export const waNumber = (waTradeId: string | null, waId: string | null) => (waTradeId && waId ? `+${waId}` : null);

/**
 * The filters' condition. A search is written one of two ways (decision 0098): as the set of
 * matching order ids ("ids", each side read through its trigram indexes: quick to count and to
 * list when few match), or as a test of each listed row and its customer ("rows": walking the
 * orders newest first meets many matches early and stops after a page).
 */
function whereOf(q: Omit<AdminOrdersQuery, "page">, search: "ids" | "rows" = "ids"): SQL | undefined {
  const where: SQL[] = [];
  if (q.status) where.push(eq(orders.status, q.status));
  if (q.source) where.push(eq(orders.source, q.source));
  // The tagged customers first (users_tags_idx answers `@>`), then their orders (orders.user_id's index).
  if (q.tag) {
    where.push(
      sql`${orders.userId} in (select ${users.id} from ${users} where ${users.tags} @> array[${q.tag}]::text[])`,
    );
  }
  if (q.from) where.push(gte(orders.createdAt, saMidnight(q.from)));
  if (q.to) where.push(lt(orders.createdAt, saMidnight(q.to, 1)));
  switch (q.payment) {
    case "unpaid":
      where.push(isNull(orders.paidAt));
      break;
    case "paid":
      where.push(isNotNull(orders.paidAt), eq(orders.refundedAmount, "0"));
      break;
    case "partially_refunded":
      where.push(sql`${orders.refundedAmount} > 0 and ${orders.refundedAmount} < ${orders.total}`);
      break;
    case "refunded":
      where.push(sql`${orders.refundedAmount} > 0 and ${orders.refundedAmount} >= ${orders.total}`);
      break;
  }
  if (q.q) where.push(search === "ids" ? matchingOrderIds(q.q) : or(...searchedColumns(q.q).flat())!);
  return where.length ? and(...where) : undefined;
}

/**
 * What a search compares, in any case: the order's number and delivery name, then its customer's
 * username, e-mail, name and WhatsApp number (with or without the +).
 */
function searchedColumns(text: string): [SQL[], SQL[]] {
  return [
    [containsText(orders.orderNumber, text), containsText(shippingName(orders), text)],
    [
      containsText(users.username, text),
      containsText(users.email, text),
      containsText(fullName(users), text),
      containsText(users.waId, text.replace(/^\+/, "")),
    ],
  ];
}

/** A search as the ids of matching orders: their own columns, then the matching customers' orders by user id. */
function matchingOrderIds(text: string): SQL {
  const [own, customer] = searchedColumns(text);
  return sql`${orders.id} in (
    select ${orders.id} from ${orders} where ${or(...own)}
    union
    select ${orders.id} from ${orders}
      where ${orders.userId} in (select ${users.id} from ${users} where ${or(...customer)}))`;
}

/** How many orders match, and the condition their rows are listed by (db/few_matches.ts). */
async function listedWhere(db: Db, q: Omit<AdminOrdersQuery, "page">): Promise<{ total: number; where?: SQL }> {
  // Every "ids" condition names orders' own columns, so the count needs no join.
  const { total, ids } = await fewMatches(db, orders, whereOf(q));
  if (ids) return { total, where: ids.length ? inArray(orders.id, ids) : sql`false` };
  return { total, where: whereOf(q, "rows") };
}

function customerNameOf(
  r: { firstName: string | null; lastName: string | null; username: string | null },
  ship: unknown,
) {
  const own = [r.firstName, r.lastName].filter(Boolean).join(" ");
  if (own) return own;
  const a = ship as { firstName?: string; lastName?: string } | null;
  const shipped = [a?.firstName, a?.lastName].filter(Boolean).join(" ");
  return shipped || r.username;
}

async function selectRows(
  db: Db,
  where: SQL | undefined,
  limit: number,
  offset: number,
  oldestFirst = false,
): Promise<AdminOrderRow[]> {
  const order = oldestFirst ? [asc(orders.createdAt), asc(orders.id)] : [desc(orders.createdAt), desc(orders.id)];
  if (offset > 0) {
    // A later page's ids first, then only their rows: read in one go, every row the offset skips
    // would be joined and its item count computed (page 300 of 200,000 orders: 82 ms).
    const ids = await db.select({ id: orders.id }).from(orders).leftJoin(users, eq(orders.userId, users.id))
      .where(where).orderBy(...order).limit(limit).offset(offset);
    return ids.length ? await selectRows(db, inArray(orders.id, ids.map((r) => r.id)), limit, 0, oldestFirst) : [];
  }
  const rows = await db.select({
    id: orders.id,
    orderNumber: orders.orderNumber,
    createdAt: orders.createdAt,
    status: orders.status,
    paidAt: orders.paidAt,
    total: orders.total,
    refundedAmount: orders.refundedAmount,
    trackingNumber: orders.trackingNumber,
    carrier: orders.carrier,
    shippingAddress: orders.shippingAddress,
    firstName: users.firstName,
    lastName: users.lastName,
    username: users.username,
    email: users.email,
    waTradeId: orders.waTradeId,
    source: orders.source,
    waId: users.waId,
    tags: users.tags,
    units: sql<
      number
    >`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
  }).from(orders).leftJoin(users, eq(orders.userId, users.id)).where(where).orderBy(...order).limit(limit);
  return rows.map((r): AdminOrderRow => {
    const totalCents = toCents(r.total) ?? 0;
    const refundedCents = toCents(r.refundedAmount) ?? 0;
    return {
      id: r.id,
      orderNumber: r.orderNumber,
      createdAt: r.createdAt,
      status: r.status,
      paymentStatus: paymentStatusOf({ paid: r.paidAt !== null, totalCents, refundedCents }),
      customerName: customerNameOf(r, r.shippingAddress),
      email: r.email,
      itemCount: Number(r.units ?? 0),
      totalCents,
      refundedCents,
      trackingNumber: r.trackingNumber,
      carrier: r.carrier,
      source: r.source,
      whatsappNumber: waNumber(r.waTradeId, r.waId),
      customerTags: r.tags ?? [],
    };
  });
}

/** The orders matching the filters, newest first, one page of 25, and how many match in all. */
export async function listAdminOrders(
  db: Db,
  q: AdminOrdersQuery,
  pageSize = ADMIN_ORDERS_PAGE_SIZE,
): Promise<{ items: AdminOrderRow[]; total: number; page: number; pageCount: number; pageSize: number }> {
  const { total, where } = await listedWhere(db, q);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(q.page ?? 1, pageCount);
  const items = await selectRows(db, where, pageSize, (page - 1) * pageSize);
  return { items, total, page, pageCount, pageSize };
}

/** The filtered list (every page, up to CSV_MAX_ROWS) as CSV, one header row, CRLF lines. */
export async function adminOrdersCsv(db: Db, q: Omit<AdminOrdersQuery, "page">): Promise<string> {
  const rows = await selectRows(db, (await listedWhere(db, q)).where, CSV_MAX_ROWS, 0);
  const header = [
    "Order number",
    "Placed at",
    "Customer",
    "E-mail",
    "Status",
    "Payment",
    "Items",
    "Total (ZAR)",
    "Refunded (ZAR)",
    "Tracking number",
    "Carrier",
    "Customer tags",
  ];
  // Text columns stay text (lib/csv neutralises formulas); the item count is a number.
  const lines = rows.map((r) => [
    r.orderNumber,
    r.createdAt.toISOString(),
    r.customerName,
    r.email,
    r.status,
    r.paymentStatus,
    r.itemCount,
    (r.totalCents / 100).toFixed(2),
    (r.refundedCents / 100).toFixed(2),
    r.trackingNumber,
    r.carrier,
    r.customerTags.join(", "),
  ]);
  return csvFile(header, lines);
}

/** Orders paid and waiting to be shipped (the dashboard's "waiting for dispatch"), oldest first. */
export async function ordersAwaitingDispatch(db: Db, limit = 10): Promise<{ total: number; items: AdminOrderRow[] }> {
  const q = { status: "processing" as const };
  const [{ total }] = await db.select({ total: count() }).from(orders).where(whereOf(q));
  return { total, items: await selectRows(db, whereOf(q), limit, 0, true) };
}

/** The newest orders, whatever their status (the dashboard's "recent orders"). */
export async function recentOrders(db: Db, limit = 5): Promise<AdminOrderRow[]> {
  return await selectRows(db, undefined, limit, 0);
}
