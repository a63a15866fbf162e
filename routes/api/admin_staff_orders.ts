/**
 * Orders staff take by phone or chat (docs/staff-orders.md), served under /api/admin/orders:
 *
 *   POST /api/admin/orders               { customerId | email, items, shippingMethod, address, note? }
 *                                        -> 201 { id, orderNumber, total, payUrl, expiresAt }
 *   POST|PATCH /api/admin/orders/{id}/lines   { items } -> { id, orderNumber, total, payUrl }
 *
 * Prices, stock and totals are the server's (flows/staff_order.ts); this file parses, guards, calls
 * and answers.
 */
import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { checkoutSchemas } from "../../domains/checkout/mod.ts";
import { fulfilmentSchemas } from "../../domains/fulfilment/mod.ts";
import { loadOrders, payLink, payLinkKey } from "../../domains/orders/mod.ts";
import { changeOrderLines, placeStaffOrder } from "../../flows/staff_order.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { toRand } from "../../lib/money.ts";
import { currentUser } from "../guards.ts";
import { validate } from "../validate.ts";
import { defineAction, validParams } from "../action.ts";
import { finalizeOptions, orderGateway } from "../finalize_options.ts";
import { deliveryRates, siteShop } from "../shop_info.ts";
import { refuseBodyOver } from "../admin_limits.ts";

const orderBody = refuseBodyOver(64 * 1024);

const staffOrderOutput = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  total: z.number(),
  payUrl: z.string(),
  expiresAt: z.string(),
});

/** Places the order as the signed-in staff member (the JSON route and the form). */
export async function takeStaffOrder(c: Context<AppEnv>, body: checkoutSchemas.StaffOrderBody) {
  return await placeStaffOrder(c.var.db, body, {
    staffUserId: currentUser(c).id,
    delivery: await deliveryRates(c),
    paymentMethod: c.var.payments?.provider ?? (c.var.payfast ? "payfast" : "test"),
    payLinkSecret: await payLinkKey(c.var.db, c.var.config.payLinkSecret),
    siteUrl: c.var.config.siteUrl,
    shop: await siteShop(c),
  });
}

/** Replaces an unpaid order's lines as the signed-in staff member (the JSON route and the form). */
export async function replaceOrderLines(c: Context<AppEnv>, orderId: number, body: checkoutSchemas.OrderLinesBody) {
  return await changeOrderLines(c.var.db, await orderGateway(c, orderId), {
    orderId,
    items: body.items,
    staffUserId: currentUser(c).id,
  }, { finalize: finalizeOptions(c), delivery: await deliveryRates(c) });
}

export const createStaffOrderAction = defineAction({
  method: "post",
  path: "/admin/orders",
  input: checkoutSchemas.staffOrderBody,
  output: staffOrderOutput,
  status: 201,
  auth: "admin",
  middleware: [orderBody],
  summary: "Take an order for a customer (phone, chat): unpaid, at the shop's prices, stock held; " +
    "the customer is e-mailed a link to pay (409 when an item is short of stock)",
  handler: async (c, body) => {
    const order = await takeStaffOrder(c, body);
    return {
      id: order.id,
      orderNumber: order.orderNumber,
      total: toRand(order.totalCents),
      payUrl: order.payUrl,
      expiresAt: order.expiresAt.toISOString(),
    };
  },
});

export const orderLinesAction = defineAction({
  method: "post",
  path: "/admin/orders/:id/lines",
  aliases: [{ method: "patch", path: "/admin/orders/:id/lines" }],
  input: checkoutSchemas.orderLinesBody,
  output: staffOrderOutput,
  auth: "admin",
  middleware: [orderBody, validate("param", fulfilmentSchemas.orderIdParam)],
  summary: "Replace the lines of an unpaid WhatsApp or staff order (re-priced, stock given back and " +
    "taken again; 409 once paid or cancelled); its pay link shows the new total",
  handler: async (c, body) => {
    const id = validParams(c, fulfilmentSchemas.orderIdParam).id;
    await replaceOrderLines(c, id, body);
    const [order] = await loadOrders(c.var.db, [id]);
    if (!order) throw new NotFoundError("Order Not Found");
    const link = payLink(
      c.var.config.siteUrl,
      await payLinkKey(c.var.db, c.var.config.payLinkSecret),
      order.id,
      order.createdAt,
    );
    return {
      id: order.id,
      orderNumber: order.orderNumber,
      total: toRand(order.totalCents),
      payUrl: link.url,
      expiresAt: link.expiresAt.toISOString(),
    };
  },
});
