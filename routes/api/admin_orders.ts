/**
 * Staff order API (admin and super_admin): GET /api/admin/orders (filters, search, page) ->
 * { items, total }, GET /api/admin/orders/{id}, POST .../{id}/status, .../{id}/refund and
 * .../{id}/notes; and GET /api/admin/outbox?to= (the outbox as JSON). Rules live in
 * domains/fulfilment; this file parses, guards, calls and answers.
 */
import type { Context } from "hono";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../../app.ts";
import {
  addOrderNote,
  type AdminOrderDetail,
  type AdminOrderRow,
  changeOrderStatus,
  fulfilmentSchemas,
  getAdminOrder,
  listAdminOrders,
  manualRefundNotice,
  refundOrder,
} from "../../domains/fulfilment/mod.ts";
import { mailSchemas, searchOutbox } from "../../domains/mail/mod.ts";
import { ValidationError } from "../../lib/errors.ts";
import { toRand } from "../../lib/money.ts";
import { currentUser, requireRole } from "../guards.ts";
import { validate } from "../validate.ts";
import { orderJson } from "./orders.ts";
import { orderGateway } from "../finalize_options.ts";

/** A list row as JSON (money in rand). */
export function adminOrderRowJson(r: AdminOrderRow) {
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
  };
}

/** The order with what only staff see: customer, refunds, notes, e-mails and the timeline. */
export function adminOrderJson(d: AdminOrderDetail) {
  return {
    ...orderJson(d.order),
    customer: d.customer,
    refundable: toRand(d.refundableCents),
    refunds: d.refunds.map((r) => ({
      ...r,
      amountCents: undefined,
      amount: toRand(r.amountCents),
      createdAt: r.createdAt.toISOString(),
    })),
    notes: d.notes.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })),
    emails: d.emails.map((m) => ({
      ...m,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
    })),
    timeline: d.timeline.map((e) => ({ ...e, at: e.at.toISOString() })),
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

const smallBody = bodyLimit({
  maxSize: 32 * 1024,
  onError: () => {
    throw new ValidationError("The request body is too large.");
  },
});

export function adminOrderApi() {
  const app = new Hono<AppEnv>();
  app.use("*", requireRole("admin"), async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  });

  app.get("/", validate("query", fulfilmentSchemas.adminOrdersQuery), async (c) => {
    const result = await listAdminOrders(c.var.db, c.req.valid("query"));
    return c.json({
      items: result.items.map(adminOrderRowJson),
      total: result.total,
      page: result.page,
      pageCount: result.pageCount,
      pageSize: result.pageSize,
    });
  });

  app.get("/:id", validate("param", fulfilmentSchemas.orderIdParam), async (c) => {
    return c.json(adminOrderJson(await getAdminOrder(c.var.db, c.req.valid("param").id)));
  });

  app.post(
    "/:id/status",
    smallBody,
    validate("param", fulfilmentSchemas.orderIdParam),
    validate("json", fulfilmentSchemas.statusBody),
    async (c) => {
      const id = c.req.valid("param").id;
      await applyStatus(c, id, c.req.valid("json"));
      return c.json(adminOrderJson(await getAdminOrder(c.var.db, id)));
    },
  );

  app.post(
    "/:id/refund",
    smallBody,
    validate("param", fulfilmentSchemas.orderIdParam),
    validate("json", fulfilmentSchemas.refundBody),
    async (c) => {
      const id = c.req.valid("param").id;
      const order = await applyRefund(c, id, c.req.valid("json"));
      // Set when staff must still make the refund in the provider's dashboard (PayFast).
      const notice = manualRefundNotice(order.paymentMethod);
      return c.json({ ...adminOrderJson(await getAdminOrder(c.var.db, id)), ...(notice ? { notice } : {}) });
    },
  );

  app.post(
    "/:id/notes",
    smallBody,
    validate("param", fulfilmentSchemas.orderIdParam),
    validate("json", fulfilmentSchemas.noteBody),
    async (c) => {
      const note = await addOrderNote(c.var.db, c.req.valid("param").id, c.req.valid("json").body, currentUser(c).id);
      return c.json({ ...note, by: currentUser(c).username, createdAt: note.createdAt.toISOString() }, 201);
    },
  );
  return app;
}

/** GET /api/admin/outbox?to=: the outbox as JSON for staff (reset links hidden as on the screen). */
export function adminOutboxApi() {
  const app = new Hono<AppEnv>();
  app.use("*", requireRole("admin"), async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  });
  app.get("/", validate("query", mailSchemas.outboxJsonQuery), async (c) => {
    const { config } = c.var;
    const query = c.req.valid("query");
    const items = await searchOutbox(c.var.db, {
      to: query.to,
      limit: query.limit,
      revealResetLinks: !config.smtpUrl && !config.isProduction,
    });
    return c.json({ items: items.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) });
  });
  return app;
}
