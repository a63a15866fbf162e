/**
 * Staff-only product routes of issue 32: POST /api/admin/products/bulk (one action on many products,
 * all or nothing: decision 0072) and GET /api/admin/products/{id}/stock-history (every stock change
 * with its reason, newest first: decision 0071). Admin and super_admin only.
 */
import { z } from "zod";
import { bulkInput, bulkOutput } from "../../domains/product_bulk/mod.ts";
import { bulkEditProducts } from "../../flows/bulk_edit_products.ts";
import { productRecord } from "../../domains/catalog_admin/mod.ts";
import {
  listStockHistory,
  movementText,
  stockHistoryOutput,
  stockHistoryQuery,
} from "../../domains/stock_history/mod.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { dbId } from "../../lib/ids.ts";
import { currentUser } from "../guards.ts";
import { validate } from "../validate.ts";
import { adminBodyLimit } from "../admin_limits.ts";
import { actionApi, defineAction, validParams } from "../action.ts";

export const productIdParam = z.object({ id: dbId("Product id must be a positive whole number") });

export const bulkProductsAction = defineAction({
  method: "post",
  path: "/admin/products/bulk",
  input: bulkInput,
  output: bulkOutput,
  auth: "admin",
  middleware: [adminBodyLimit()],
  summary: "One action on many products (ids, at most 500, or all matching the list's filter, at most 1000), in one " +
    "transaction: every product changed or none; one audit entry a product",
  handler: async (c, input) => await bulkEditProducts(c.var.db, currentUser(c).id, input),
});

export const stockHistoryAction = defineAction({
  method: "get",
  path: "/admin/products/:id/stock-history",
  input: undefined,
  output: stockHistoryOutput,
  auth: "admin",
  middleware: [validate("param", productIdParam), validate("query", stockHistoryQuery)],
  summary: "A product's stock history, newest first: each change with its reason, order and staff member",
  handler: async (c) => {
    const { id } = validParams(c, productIdParam);
    const query = (c.req.valid as (t: "query") => z.output<typeof stockHistoryQuery>)("query");
    if (!await productRecord(c.var.db, id)) throw new NotFoundError("Product Not Found");
    const page = await listStockHistory(c.var.db, id, query);
    return {
      productId: id,
      page: page.page,
      pageSize: page.pageSize,
      hasMore: page.hasMore,
      items: page.items.map((m) => ({
        id: m.id,
        variantId: m.variantId,
        variantName: m.variantName,
        delta: m.delta,
        stockAfter: m.stockAfter,
        reason: m.reason,
        orderId: m.orderId,
        orderNumber: m.orderNumber,
        actorUserId: m.actorUserId,
        actorName: m.actorName,
        note: m.note,
        createdAt: m.createdAt.toISOString(),
        text: movementText(m),
      })),
    };
  },
});

export function adminProductBulkApi() {
  return actionApi("/admin/products", [bulkProductsAction, stockHistoryAction]);
}
