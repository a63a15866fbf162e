/**
 * /api/admin/purchase-orders (admin and super_admin, decision 0117): GET the list (?status=) and one
 * purchase order; POST to place one, and POST /{id}/receive, /{id}/close and /{id}/cancel. The pages
 * at /admin/purchase-orders post to the same actions (routes/admin/purchase_orders.tsx).
 */
import { z } from "zod";
import {
  getPurchaseOrder,
  listPurchaseOrders,
  purchaseOrderIdParam,
  purchaseOrderListQuery,
  purchaseOrderSchema,
  purchaseOrderSummarySchema,
  receivePurchaseOrderInput,
  sendPurchaseOrderInput,
} from "../../domains/purchasing/mod.ts";
import {
  cancelPurchaseOrder,
  closePurchaseOrder,
  createPurchaseOrder,
  createPurchaseOrderInput,
  receivePurchaseOrder,
  receivePurchaseOrderOutput,
  sendPurchaseOrder,
} from "../../flows/purchase_orders.ts";
import { siteShop } from "../shop_info.ts";
import { currentUser } from "../guards.ts";
import { validate } from "../validate.ts";
import { adminBodyLimit } from "../admin_limits.ts";
import { actionApi, defineAction, validParams, validQuery } from "../action.ts";

const idParam = validate("param", purchaseOrderIdParam);
const idOf = (c: Parameters<typeof validParams>[0]) => validParams(c, purchaseOrderIdParam).id;

export const listPurchaseOrdersAction = defineAction({
  method: "get",
  path: "/admin/purchase-orders",
  input: undefined,
  output: z.object({ items: z.array(purchaseOrderSummarySchema) }),
  auth: "admin",
  middleware: [validate("query", purchaseOrderListQuery)],
  summary: "The purchase orders, newest first (at most 200), of one status or all",
  handler: async (c) => ({ items: await listPurchaseOrders(c.var.db, validQuery(c, purchaseOrderListQuery)) }),
});

export const getPurchaseOrderAction = defineAction({
  method: "get",
  path: "/admin/purchase-orders/:id",
  input: undefined,
  output: purchaseOrderSchema,
  auth: "admin",
  middleware: [idParam],
  summary: "One purchase order with its lines: ordered, received and still awaited",
  handler: (c) => getPurchaseOrder(c.var.db, idOf(c)),
});

export const createPurchaseOrderAction = defineAction({
  method: "post",
  path: "/admin/purchase-orders",
  input: createPurchaseOrderInput,
  output: purchaseOrderSchema,
  status: 201,
  auth: "admin",
  middleware: [adminBodyLimit()],
  summary: "Place a purchase order with a supplier: lines of SKU (any case) and units, every line or none; its " +
    "outstanding units count as on order in the restock plan until received, closed or cancelled",
  handler: (c, input) => createPurchaseOrder(c.var.db, currentUser(c), input),
});

export const receivePurchaseOrderAction = defineAction({
  method: "post",
  path: "/admin/purchase-orders/:id/receive",
  input: receivePurchaseOrderInput,
  output: receivePurchaseOrderOutput,
  auth: "admin",
  middleware: [adminBodyLimit(), idParam],
  summary: "Book a delivery in against an open purchase order: each line's units added to stock and to the " +
    "line's received count, every line or none; received in full once every line has come",
  handler: (c, input) => receivePurchaseOrder(c.var.db, currentUser(c), idOf(c), input),
});

export const closePurchaseOrderAction = defineAction({
  method: "post",
  path: "/admin/purchase-orders/:id/close",
  input: undefined,
  output: purchaseOrderSchema,
  auth: "admin",
  middleware: [idParam],
  summary: "Stop waiting for the rest of an open purchase order (its outstanding units are no longer on order)",
  handler: (c) => closePurchaseOrder(c.var.db, currentUser(c), idOf(c)),
});

export const cancelPurchaseOrderAction = defineAction({
  method: "post",
  path: "/admin/purchase-orders/:id/cancel",
  input: undefined,
  output: purchaseOrderSchema,
  auth: "admin",
  middleware: [idParam],
  summary: "Cancel an open purchase order nothing has been received against (409 otherwise: close it)",
  handler: (c) => cancelPurchaseOrder(c.var.db, currentUser(c), idOf(c)),
});

export const sendPurchaseOrderAction = defineAction({
  method: "post",
  path: "/admin/purchase-orders/:id/send",
  input: sendPurchaseOrderInput,
  output: purchaseOrderSchema,
  auth: "admin",
  middleware: [adminBodyLimit(), idParam],
  summary: "E-mail an open purchase order to its supplier (the lines still to supply, with a CSV attached); the " +
    "address is kept as the supplier's",
  handler: async (c, input) => {
    const { name, contact } = await siteShop(c);
    const address = [contact.address, contact.city].filter(Boolean).join(", ");
    return sendPurchaseOrder(c.var.db, currentUser(c), idOf(c), input, { name, ...contact, address });
  },
});

export function adminPurchaseOrdersApi() {
  return actionApi("/admin/purchase-orders", [
    listPurchaseOrdersAction,
    createPurchaseOrderAction,
    receivePurchaseOrderAction,
    sendPurchaseOrderAction,
    closePurchaseOrderAction,
    cancelPurchaseOrderAction,
    getPurchaseOrderAction,
  ]);
}
