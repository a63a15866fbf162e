/**
 * One order as staff see it (the admin order page and GET /api/admin/orders/{id}): customer,
 * refunds, notes, e-mails sent, parcels and a timeline of every event; and adding an internal note.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { auditLogs, emailOutbox, orderNotes, orderRefunds, orders, users } from "../../db/schema/mod.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { toCents } from "../../lib/money.ts";
import { changeText, describeAudit, recordAudit } from "../admin_audit/mod.ts";
import { getOrder, ORDER_NOT_FOUND, type OrderDetail } from "../orders/mod.ts";
import { type OrderSource, waNumber } from "./admin_orders.ts";
import { listShipments, type ShipmentView } from "./shipments.ts";

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
  /** `note` is staff's standing note on the customer (a gate code, a preference), for whoever packs the order. */
  customer:
    | { id: number; username: string; email: string; name: string | null; note: string | null; tags: string[] }
    | null;
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

/** Timeline headlines of events that have one better than their action's name. */
const OTHER_TITLES: Record<string, string> = { staff_order: "Taken by staff", lines_changed: "Lines changed" };

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
      staffNote: users.staffNote,
      tags: users.tags,
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
        // A parcel of part of the order, or a parcel's corrected tracking, carries its own sentence
        // ("Shipped 2 of 3 lines: ...", "Parcel tracking corrected: ...").
        title: (a.action === "shipment" || a.action === "shipment_tracking") && typeof d.summary === "string"
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
        note: c.staffNote,
        tags: c.tags,
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
