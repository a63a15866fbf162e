/**
 * /admin/products/{id}/stock: the product's stock history (decision 0071), 50 changes a page, and its
 * units awaited on open purchase orders (decision 0117); the history's
 * JSON twin is GET /api/admin/products/{id}/stock-history. Guarded by routes/admin/mod.ts.
 */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { productRecord } from "../../domains/catalog_admin/mod.ts";
import { listStockHistory, stockHistoryQuery } from "../../domains/stock_history/mod.ts";
import { awaitedFor } from "../../domains/purchasing/mod.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { StockHistoryView } from "../../components/admin/products/StockHistoryView.tsx";
import { validate } from "../validate.ts";
import { productIdParam } from "../api/admin_product_bulk.ts";
import { renderAdminPage } from "./render.tsx";

export function productStockAdmin() {
  const app = new Hono<AppEnv>();
  app.get("/:id/stock", validate("param", productIdParam), validate("query", stockHistoryQuery), async (c) => {
    const { id } = c.req.valid("param");
    const { page, pageSize } = c.req.valid("query");
    const product = await productRecord(c.var.db, id);
    if (!product) throw new NotFoundError("Product Not Found");
    const [history, awaited] = await Promise.all([
      listStockHistory(c.var.db, id, { page, pageSize }),
      awaitedFor(c.var.db, id),
    ]);
    return renderAdminPage(c, {
      title: `Stock history: ${product.name}`,
      active: "/admin/products",
      body: (
        <StockHistoryView
          product={product}
          items={history.items}
          page={page}
          hasMore={history.hasMore}
          awaited={awaited}
        />
      ),
    });
  });
  return app;
}
