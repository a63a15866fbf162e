/**
 * Staff order API (admin and super_admin): GET /api/admin/orders (filters, search, page) ->
 * { items, total }, GET /api/admin/orders/{id}, POST .../{id}/status, .../{id}/refund and
 * .../{id}/notes, .../{id}/shipments (a parcel of some lines); and GET /api/admin/outbox?to= (the outbox as JSON). Rules live in
 * domains/fulfilment; this file parses, guards, calls and answers.
 */
import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import {
  addOrderNote,
  type AdminOrderDetail,
  type AdminOrderRow,
  fulfilmentSchemas,
  getAdminOrder,
  lineFulfilment,
  listAdminOrders,
} from "../../domains/fulfilment/mod.ts";
import { mailSchemas, searchOutbox } from "../../domains/mail/mod.ts";
import { toRand } from "../../lib/money.ts";
import { currentUser, requireRole } from "../guards.ts";
import { validate } from "../validate.ts";
import { orderJson, orderSchema } from "./orders.ts";
import { privateNoStore } from "../page_cache.ts";
import { actionApi, defineAction, validParams, validQuery } from "../action.ts";
import { orderGateway, refundsByHand } from "../finalize_options.ts";
import { createStaffOrderAction, orderLinesAction } from "./admin_staff_orders.ts";
import { manualRefundNotice, refundOrder } from "../../flows/refund_order.ts";
import { changeOrderStatus, correctParcelTracking, shipParcel } from "../../flows/change_order_status.ts";
import { refuseBodyOver } from "../admin_limits.ts";

/** adminOrderRowJson's shape: a row of the staff order list. */
const adminOrderRowSchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  createdAt: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  customerName: z.string().nullable(),
  email: z.string().nullable(),
  itemCount: z.number().int(),
  total: z.number().describe("Rand"),
  refundedAmount: z.number().describe("Rand"),
  trackingNumber: z.string().nullable(),
  carrier: z.string().nullable(),
  source: z.enum(["web", "whatsapp", "staff"]),
  whatsappNumber: z.string().nullable(),
  customerTags: z.array(z.string()).describe("Staff's tags on the customer's account (none for a guest)"),
});

/** A list row as JSON (money in rand). */
export function adminOrderRowJson(r: AdminOrderRow): z.input<typeof adminOrderRowSchema> {
  return {
    id: r.id,
    orderNumber: r.orderNumber,
    createdAt: r.createdAt.toISOString(),
    status: r.status,
    paymentStatus: r.paymentStatus,
    customerName: r.customerName,
    email: r.email,
    itemCount: r.itemCount,
    total: toRand(r.totalCents),
    refundedAmount: toRand(r.refundedCents),
    trackingNumber: r.trackingNumber,
    carrier: r.carrier,
    source: r.source,
    whatsappNumber: r.whatsappNumber,
    customerTags: r.customerTags,
  };
}

/** The order with what only staff see: customer, refunds, notes, e-mails and the timeline. */
export function adminOrderJson(d: AdminOrderDetail): z.input<typeof adminOrderSchema> {
  return {
    ...orderJson(d.order),
    customer: d.customer,
    refundable: toRand(d.refundableCents),
    refunds: d.refunds.map(({ amountCents, ...r }) => ({
      ...r,
      amount: toRand(amountCents),
      createdAt: r.createdAt.toISOString(),
    })),
    notes: d.notes.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })),
    emails: d.emails.map((m) => ({
      ...m,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
    })),
    // The page's sentences and raw JSON stay off the API: its clients read the audit entries themselves.
    timeline: d.timeline.map(({ changes: _c, raw: _r, ...e }) => ({ ...e, at: e.at.toISOString() })),
    source: d.source,
    waTradeId: d.whatsapp?.waTradeId ?? null,
    whatsappNumber: d.whatsapp?.number ?? null,
    shipments: d.shipments.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
  };
}

/** The shop, its address and the clock, for the e-mails a change sends. */
export function fulfilmentOptions(c: Context<AppEnv>) {
  return { shop: c.var.config.shop, siteUrl: c.var.config.siteUrl };
}

/** Changes the order's status as the signed-in staff member (the JSON route and the form). */
export async function applyStatus(c: Context<AppEnv>, orderId: number, body: fulfilmentSchemas.StatusBody) {
  return await changeOrderStatus(c.var.db, await orderGateway(c, orderId), {
    orderId,
    to: body.status,
    trackingNumber: body.trackingNumber,
    carrier: body.carrier,
    note: body.note,
    userId: currentUser(c).id,
  }, fulfilmentOptions(c));
}

/** Refunds on the order as the signed-in staff member (the JSON route and the form). */
export async function applyRefund(c: Context<AppEnv>, orderId: number, body: fulfilmentSchemas.RefundBody) {
  return await refundOrder(c.var.db, await orderGateway(c, orderId), {
    orderId,
    amountCents: Math.round(body.amount * 100),
    reason: body.reason,
    restock: body.restock ?? [],
    userId: currentUser(c).id,
  }, fulfilmentOptions(c));
}

const smallBody = refuseBodyOver(32 * 1024);

const noteSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  createdAt: z.string(),
  by: z.string().nullable(),
});

/** adminOrderJson's shape: the order with what only staff see. */
const adminOrderSchema = orderSchema.extend({
  customer: z.object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    note: z.string().nullable().describe("Staff's note on the customer"),
    tags: z.array(z.string()).describe("Staff's tags on the customer"),
  })
    .nullable(),
  refundable: z.number(),
  refunds: z.array(z.object({
    id: z.number().int(),
    amount: z.number(),
    reason: z.string(),
    provider: z.string(),
    providerRefundId: z.string().nullable(),
    status: z.string(),
    restock: z.array(z.object({ orderItemId: z.number().int(), quantity: z.number().int() })),
    createdAt: z.string(),
    by: z.string().nullable(),
  })),
  notes: z.array(noteSchema),
  emails: z.array(z.object({
    id: z.number().int(),
    to: z.string(),
    subject: z.string(),
    status: z.string(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
  })),
  timeline: z.array(z.object({
    at: z.string(),
    kind: z.enum(["placed", "paid", "status", "refund", "email", "note", "cancelled", "other"]),
    title: z.string(),
    detail: z.string().nullable(),
    by: z.string().nullable(),
  })),
  source: z.enum(["web", "whatsapp", "staff"]),
  /** The WhatsApp order message's id (orders.wa_trade_id); null for an order placed in the shop. */
  waTradeId: z.string().nullable(),
  whatsappNumber: z.string().nullable(),
  /** The parcels sent for part of the order, oldest first, each with its lines and tracking link. */
  shipments: z.array(z.object({
    id: z.number().int(),
    trackingNumber: z.string(),
    carrier: z.string().nullable(),
    tracking: z.object({ carrier: z.string(), url: z.string() }).nullable(),
    createdAt: z.string(),
    lines: z.array(z.object({ orderItemId: z.number().int(), name: z.string(), quantity: z.number().int() })),
  })),
});

const orderIdParam = validate("param", fulfilmentSchemas.orderIdParam);

export const orderStatusAction = defineAction({
  method: "post",
  path: "/admin/orders/:id/status",
  input: fulfilmentSchemas.statusBody,
  output: adminOrderSchema,
  auth: "admin",
  middleware: [smallBody, orderIdParam],
  summary: "Change an order's status (shipping needs a tracking number; the customer is e-mailed)",
  handler: async (c, body) => {
    const id = validParams(c, fulfilmentSchemas.orderIdParam).id;
    await applyStatus(c, id, body);
    return adminOrderJson(await getAdminOrder(c.var.db, id));
  },
});

export const refundAction = defineAction({
  method: "post",
  path: "/admin/orders/:id/refund",
  input: fulfilmentSchemas.refundBody,
  output: adminOrderSchema.extend({
    /** Set when staff must still make the refund in the provider's dashboard (PayFast). */
    notice: z.string().optional(),
  }),
  auth: "admin",
  middleware: [smallBody, orderIdParam],
  summary: "Refund part or all of a paid order through its provider, restocking what staff choose",
  handler: async (c, body) => {
    const id = validParams(c, fulfilmentSchemas.orderIdParam).id;
    const order = await applyRefund(c, id, body);
    const notice = manualRefundNotice(order.paymentMethod, refundsByHand(c, order.paymentMethod));
    return { ...adminOrderJson(await getAdminOrder(c.var.db, id)), ...(notice ? { notice } : {}) };
  },
});

export const orderNoteAction = defineAction({
  method: "post",
  path: "/admin/orders/:id/notes",
  input: fulfilmentSchemas.noteBody,
  output: noteSchema,
  status: 201,
  auth: "admin",
  middleware: [smallBody, orderIdParam],
  summary: "Add a staff note to an order",
  handler: async (c, body) => {
    const id = validParams(c, fulfilmentSchemas.orderIdParam).id;
    const note = await addOrderNote(c.var.db, id, body.body, currentUser(c).id);
    return { ...note, by: currentUser(c).username, createdAt: note.createdAt.toISOString() };
  },
});

/**
 * Sends a parcel of some units of some lines (partial fulfilment, docs/decisions/0079); the parcel
 * with the last units ships the order. The JSON route and the order page's "Ship selected lines" form.
 */
export const shipmentAction = defineAction({
  method: "post",
  path: "/admin/orders/:id/shipments",
  input: fulfilmentSchemas.shipmentBody,
  output: fulfilmentSchemas.shipmentResult,
  status: 201,
  auth: "admin",
  middleware: [smallBody, orderIdParam],
  summary: "Ship some units of some lines with a tracking number (the last units ship the order)",
  handler: async (c, body) => {
    const id = validParams(c, fulfilmentSchemas.orderIdParam).id;
    const done = await shipParcel(c.var.db, {
      orderId: id,
      lines: body.lines,
      trackingNumber: body.trackingNumber,
      carrier: body.carrier ?? null,
      userId: currentUser(c).id,
    }, fulfilmentOptions(c));
    // The order was in processing (or the parcel was refused): the last units ship it.
    return {
      ...done,
      status: done.completed ? "shipped" as const : "processing" as const,
      lines: await lineFulfilment(c.var.db, id),
    };
  },
});

/**
 * Corrects a parcel's tracking number and carrier (a typo, another carrier); the order's own number
 * follows when it named this parcel. The JSON route and the order page's "Edit tracking" form.
 */
export const parcelTrackingAction = defineAction({
  method: "put",
  path: "/admin/orders/:id/shipments/:shipmentId",
  input: fulfilmentSchemas.parcelTrackingBody,
  output: fulfilmentSchemas.parcelTrackingResult,
  auth: "admin",
  middleware: [smallBody, validate("param", fulfilmentSchemas.parcelParams)],
  summary: "Correct a parcel's tracking number and carrier (optionally e-mailing the customer the new number)",
  handler: async (c, body) => {
    const { id, shipmentId } = validParams(c, fulfilmentSchemas.parcelParams);
    const tracking = { trackingNumber: body.trackingNumber, carrier: body.carrier ?? null };
    const done = await correctParcelTracking(c.var.db, {
      orderId: id,
      shipmentId,
      ...tracking,
      notifyCustomer: body.notifyCustomer,
      userId: currentUser(c).id,
    }, fulfilmentOptions(c));
    return { shipmentId, ...tracking, ...done };
  },
});

export const listAdminOrdersAction = defineAction({
  method: "get",
  path: "/admin/orders",
  input: undefined,
  output: z.object({
    items: z.array(adminOrderRowSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageCount: z.number().int(),
    pageSize: z.number().int(),
  }),
  auth: "admin",
  middleware: [validate("query", fulfilmentSchemas.adminOrdersQuery)],
  summary: "Orders by status, payment, source, customer tag, dates and search (number, name or e-mail), newest first",
  handler: async (c) => {
    const result = await listAdminOrders(c.var.db, validQuery(c, fulfilmentSchemas.adminOrdersQuery));
    return {
      items: result.items.map(adminOrderRowJson),
      total: result.total,
      page: result.page,
      pageCount: result.pageCount,
      pageSize: result.pageSize,
    };
  },
});

export const getAdminOrderAction = defineAction({
  method: "get",
  path: "/admin/orders/:id",
  input: undefined,
  output: adminOrderSchema,
  auth: "admin",
  middleware: [orderIdParam],
  summary: "One order with its customer, refunds, notes, e-mails and timeline",
  handler: async (c) =>
    adminOrderJson(await getAdminOrder(c.var.db, validParams(c, fulfilmentSchemas.orderIdParam).id)),
});

export function adminOrderApi() {
  return actionApi(
    "/admin/orders",
    [
      listAdminOrdersAction,
      getAdminOrderAction,
      orderStatusAction,
      refundAction,
      orderNoteAction,
      shipmentAction,
      parcelTrackingAction,
      createStaffOrderAction,
      orderLinesAction,
    ],
    requireRole("admin"),
    privateNoStore,
  );
}

export const outboxAction = defineAction({
  method: "get",
  path: "/admin/outbox",
  input: undefined,
  output: z.object({
    items: z.array(z.object({
      id: z.number().int(),
      to: z.string(),
      subject: z.string(),
      text: z.string().describe(
        "The plain-text body (reset links hidden unless mail is only kept, outside production)",
      ),
      status: z.string(),
      orderId: z.number().int().nullable(),
      createdAt: z.string(),
    })),
  }),
  auth: "admin",
  middleware: [validate("query", mailSchemas.outboxJsonQuery)],
  summary: "The newest e-mails in the outbox, optionally to one address (?to=)",
  handler: async (c) => {
    const { config } = c.var;
    const query = validQuery(c, mailSchemas.outboxJsonQuery);
    const items = await searchOutbox(c.var.db, {
      to: query.to,
      limit: query.limit,
      revealResetLinks: !config.smtpUrl && !config.isProduction,
    });
    return { items: items.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) };
  },
});

/** GET /api/admin/outbox?to=: the outbox as JSON for staff (reset links hidden as on the screen). */
export function adminOutboxApi() {
  return actionApi("/admin/outbox", [outboxAction], requireRole("admin"), privateNoStore);
}
