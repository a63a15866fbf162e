/**
 * The admin order screens' reads: the filtered, searched, paged list (and its CSV export), and one
 * order with everything staff need: customer, refunds, notes, e-mails sent and a timeline of every
 * event. Adding an internal note is here too.
 */
import { and, asc, count, desc, eq, gte, ilike, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { auditLogs, emailOutbox, orderItems, orderNotes, orderRefunds, orders, users } from "../../db/schema/mod.ts";
import { csvFile } from "../../lib/csv.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { toCents } from "../../lib/money.ts";
import { changeText, describeAudit, recordAudit } from "../admin_audit/mod.ts";
import {
  getOrder,
  ORDER_NOT_FOUND,
  type OrderDetail,
  type OrderStatus,
  type PaymentStatus,
  paymentStatusOf,
} from "../orders/mod.ts";
import type { AdminOrdersQuery } from "./schemas.ts";
import { listShipments, type ShipmentView } from "./shipments.ts";

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
}

/** An order's channel: "whatsapp" when it came from a WhatsApp cart (orders.wa_trade_id), else "web". */
export type OrderSource = "web" | "whatsapp" | "staff";
export const ORDER_SOURCES: readonly OrderSource[] = ["web", "whatsapp", "staff"];

/** The number a WhatsApp order came from (+ and the wa_id), null for other orders. */
/** Timeline headlines of events that have one better than their action's name. */
const OTHER_TITLES: Record<string, string> = { staff_order: "Taken by staff", lines_changed: "Lines changed" };

const waNumber = (waTradeId: string | null, waId: string | null) => (waTradeId && waId ? `+${waId}` : null);

/** Midnight in Johannesburg (UTC+2, no daylight saving) of a YYYY-MM-DD date, `days` later. */
function sastMidnight(date: string, days = 0): Date {
  const d = new Date(`${date}T00:00:00+02:00`);
  d.setUTCDate(d.getUTCDate() + days);
  return d;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

function whereOf(q: Omit<AdminOrdersQuery, "page">): SQL | undefined {
  const where: SQL[] = [];
  if (q.status) where.push(eq(orders.status, q.status));
  if (q.source) where.push(eq(orders.source, q.source));
  if (q.from) where.push(gte(orders.createdAt, sastMidnight(q.from)));
  if (q.to) where.push(lt(orders.createdAt, sastMidnight(q.to, 1)));
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
  if (q.q) {
    const like = `%${escapeLike(q.q)}%`;
    const name = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;
    const shipName =
      sql`coalesce(${orders.shippingAddress}->>'firstName', '') || ' ' || coalesce(${orders.shippingAddress}->>'lastName', '')`;
    where.push(
      or(
        ilike(orders.orderNumber, like),
        ilike(users.email, like),
        ilike(users.username, like),
        sql`${name} ilike ${like}`,
        sql`${shipName} ilike ${like}`,
        // A WhatsApp number, with or without the + (users.wa_id holds the digits).
        ilike(users.waId, `%${escapeLike(q.q.replace(/^\+/, ""))}%`),
      )!,
    );
  }
  return where.length ? and(...where) : undefined;
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
  q: Omit<AdminOrdersQuery, "page">,
  limit: number,
  offset: number,
  oldestFirst = false,
) {
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
    units: sql<
      number
    >`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
  }).from(orders).leftJoin(users, eq(orders.userId, users.id)).where(whereOf(q))
    .orderBy(...(oldestFirst ? [asc(orders.createdAt), asc(orders.id)] : [desc(orders.createdAt), desc(orders.id)]))
    .limit(limit).offset(offset);
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
    };
  });
}

/** The orders matching the filters, newest first, one page of 25, and how many match in all. */
export async function listAdminOrders(
  db: Db,
  q: AdminOrdersQuery,
  pageSize = ADMIN_ORDERS_PAGE_SIZE,
): Promise<{ items: AdminOrderRow[]; total: number; page: number; pageCount: number; pageSize: number }> {
  const [{ total }] = await db.select({ total: count() }).from(orders).leftJoin(users, eq(orders.userId, users.id))
    .where(whereOf(q));
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(q.page ?? 1, pageCount);
  const items = await selectRows(db, q, pageSize, (page - 1) * pageSize);
  return { items, total, page, pageCount, pageSize };
}

/** The filtered list (every page, up to CSV_MAX_ROWS) as CSV, one header row, CRLF lines. */
export async function adminOrdersCsv(db: Db, q: Omit<AdminOrdersQuery, "page">): Promise<string> {
  const rows = await selectRows(db, q, CSV_MAX_ROWS, 0);
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
  ]);
  return csvFile(header, lines);
}

/** One event on an order's timeline. */
export interface TimelineEvent {
  at: Date;
  kind: "placed" | "paid" | "status" | "refund" | "email" | "note" | "cancelled" | "other";
  title: string;
  detail: string | null;
  by: string | null;
  /** A staff action's changed fields and facts as sentences ("Status processing -> shipped"). */
  changes?: string[];
  /** The audit entry's raw details, for the page's disclosure. */
  raw?: Record<string, unknown> | null;
}

export interface AdminRefund {
  id: number;
  amountCents: number;
  reason: string;
  provider: string;
  providerRefundId: string | null;
  status: string;
  restock: { orderItemId: number; quantity: number }[];
  createdAt: Date;
  by: string | null;
}

export interface AdminNote {
  id: number;
  body: string;
  createdAt: Date;
  by: string | null;
}

export interface AdminEmail {
  id: number;
  to: string;
  subject: string;
  status: string;
  createdAt: Date;
  sentAt: Date | null;
}

/** One order as the admin detail page and GET /api/admin/orders/{id} show it. */
export interface AdminOrderDetail {
  order: OrderDetail;
  customer: { id: number; username: string; email: string; name: string | null } | null;
  refundableCents: number;
  refunds: AdminRefund[];
  notes: AdminNote[];
  emails: AdminEmail[];
  timeline: TimelineEvent[];
  source: OrderSource;
  /** A WhatsApp order's message id (orders.wa_trade_id) and customer number; null for other orders. */
  whatsapp: { waTradeId: string; number: string | null } | null;
  /** The parcels sent for part of the order (partial fulfilment, decision 0079), oldest first. */
  shipments: ShipmentView[];
}

const STATUS_TITLES: Record<string, string> = {
  shipped: "Marked shipped",
  delivered: "Marked delivered",
  cancelled: "Cancelled",
  refunded: "Refunded in full",
  processing: "Processing",
  pending: "Pending",
};

/** The order with its customer, refunds, notes, e-mails and timeline; 404 when there is none. */
export async function getAdminOrder(db: Db, orderId: number): Promise<AdminOrderDetail> {
  const order = await getOrder(db, orderId, { userId: 0, isAdmin: true });
  const staff = sql<string | null>`(select ${users.username} from ${users} where ${users.id} = `;
  const [customerRows, refundRows, noteRows, emailRows, auditRows, parcels] = await Promise.all([
    order.userId === null ? Promise.resolve([]) : db.select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      waId: users.waId,
    }).from(users).where(eq(users.id, order.userId)),
    db.select({ r: orderRefunds, by: sql<string | null>`${staff}${orderRefunds.createdBy})` }).from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId)).orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id)),
    db.select({ n: orderNotes, by: sql<string | null>`${staff}${orderNotes.userId})` }).from(orderNotes)
      .where(eq(orderNotes.orderId, orderId)).orderBy(desc(orderNotes.createdAt), desc(orderNotes.id)),
    db.select({
      id: emailOutbox.id,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
    }).from(emailOutbox).where(eq(emailOutbox.orderId, orderId)).orderBy(asc(emailOutbox.createdAt)),
    db.select({ a: auditLogs, by: sql<string | null>`${staff}${auditLogs.userId})` }).from(auditLogs)
      .where(and(eq(auditLogs.entityType, "order"), eq(auditLogs.entityId, orderId)))
      .orderBy(asc(auditLogs.createdAt), asc(auditLogs.id)),
    listShipments(db, orderId),
  ]);
  const c = customerRows[0];
  const [{ waTradeId, source }] = await db.select({ waTradeId: orders.waTradeId, source: orders.source }).from(orders)
    .where(eq(orders.id, orderId));
  const refunds: AdminRefund[] = refundRows.map(({ r, by }) => ({
    id: r.id,
    amountCents: toCents(r.amount) ?? 0,
    reason: r.reason,
    provider: r.provider,
    providerRefundId: r.providerRefundId,
    status: r.status,
    restock: r.restock ?? [],
    createdAt: r.createdAt,
    by,
  }));
  const notes: AdminNote[] = noteRows.map(({ n, by }) => ({ id: n.id, body: n.body, createdAt: n.createdAt, by }));
  const timeline: TimelineEvent[] = [
    { at: order.createdAt, kind: "placed", title: "Order placed", detail: null, by: c?.username ?? null },
  ];
  if (order.paidAt) {
    timeline.push({
      at: order.paidAt,
      kind: "paid",
      title: "Payment received",
      detail: [order.paymentMethod, order.paymentId].filter(Boolean).join(" · ") || null,
      by: null,
    });
  }
  let cancelSeen = false;
  for (const { a, by } of auditRows) {
    const d = (a.details ?? {}) as Record<string, unknown>;
    if (a.action === "status_change") {
      if (d.to === "cancelled") cancelSeen = true;
      const extra = [
        d.trackingNumber ? `Tracking ${d.trackingNumber}${d.carrier ? ` (${d.carrier})` : ""}` : null,
        typeof d.refunded === "number" ? `Refunded R${d.refunded.toFixed(2)}` : null,
      ].filter(Boolean).join(" · ");
      const said = describeAudit(a);
      timeline.push({
        at: a.createdAt,
        kind: "status",
        title: `${STATUS_TITLES[String(d.to)] ?? `Status ${d.to}`} (was ${d.from})`,
        detail: extra || null,
        by,
        changes: [...said.changes.map(changeText), ...said.facts],
        raw: a.details as Record<string, unknown> | null,
      });
    } else if (a.action !== "refund" && a.action !== "note") {
      // Other recorded events (an automatic refund of a late payment, a coupon overrun...).
      const said = describeAudit(a);
      timeline.push({
        at: a.createdAt,
        kind: "other",
        // A parcel of part of the order carries its own sentence ("Shipped 2 of 3 lines: ...").
        title: a.action === "shipment" && typeof d.summary === "string"
          ? d.summary
          : OTHER_TITLES[a.action] ?? a.action.replace(/_/g, " "),
        detail: typeof d.reason === "string" ? d.reason : null,
        by,
        // A parcel's title already names its lines: its summary and line ids are not repeated below it.
        changes: [
          ...said.changes.map(changeText),
          ...said.facts.filter((f) => !f.startsWith("Reason: ") && !/^(Summary|Lines): /.test(f)),
        ],
        raw: a.details as Record<string, unknown> | null,
      });
    }
  }
  if (order.cancelledAt && !cancelSeen) {
    timeline.push({
      at: order.cancelledAt,
      kind: "cancelled",
      title: "Cancelled",
      detail: order.cancelReason,
      by: null,
    });
  }
  for (const r of refunds) {
    timeline.push({
      at: r.createdAt,
      kind: "refund",
      title: `Refund of R${(r.amountCents / 100).toFixed(2)} (${r.status})`,
      detail: r.reason,
      by: r.by,
    });
  }
  for (const m of emailRows) {
    timeline.push({
      at: m.createdAt,
      kind: "email",
      title: `E-mail: ${m.subject}`,
      detail: `To ${m.to} (${m.status})`,
      by: null,
    });
  }
  for (const n of notes) {
    timeline.push({ at: n.createdAt, kind: "note", title: "Internal note", detail: n.body, by: n.by });
  }
  timeline.sort((x, y) => x.at.getTime() - y.at.getTime());
  return {
    order,
    customer: c
      ? {
        id: c.id,
        username: c.username,
        email: c.email,
        name: [c.firstName, c.lastName].filter(Boolean).join(" ") || null,
      }
      : null,
    refundableCents: order.paidAt ? Math.max(0, order.totalCents - order.refundedCents) : 0,
    refunds,
    notes,
    emails: emailRows,
    timeline,
    source,
    whatsapp: waTradeId ? { waTradeId, number: waNumber(waTradeId, c?.waId ?? null) } : null,
    shipments: parcels,
  };
}

/** Adds an internal note (never shown to the customer), audited in the same transaction. */
export async function addOrderNote(db: Db, orderId: number, body: string, userId: number | null): Promise<AdminNote> {
  return await db.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    const [note] = await tx.insert(orderNotes).values({ orderId, userId, body }).returning();
    await recordAudit(tx, {
      userId,
      entityType: "order",
      entityId: orderId,
      action: "note",
      details: { noteId: note.id, body },
    });
    return { id: note.id, body: note.body, createdAt: note.createdAt, by: null };
  });
}

/** Orders paid and waiting to be shipped (the dashboard's "waiting for dispatch"), oldest first. */
export async function ordersAwaitingDispatch(db: Db, limit = 10): Promise<{ total: number; items: AdminOrderRow[] }> {
  const q = { status: "processing" as const };
  const [{ total }] = await db.select({ total: count() }).from(orders).where(whereOf(q));
  return { total, items: await selectRows(db, q, limit, 0, true) };
}

/** The newest orders, whatever their status (the dashboard's "recent orders"). */
export async function recentOrders(db: Db, limit = 5): Promise<AdminOrderRow[]> {
  return await selectRows(db, {}, limit, 0);
}
