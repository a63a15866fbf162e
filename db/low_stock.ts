/**
 * The one rule for "low on stock", shared by the admin dashboard, the product list's filter and the
 * daily low-stock e-mail (decision 0105). In db/ because catalogue and dashboard both read it and
 * neither may import the other under the domain-pair ceiling.
 */
import { type SQL, sql } from "drizzle-orm";
import { products } from "./schema/mod.ts";

/** A product without a low-stock level of its own is low at this many units or fewer. */
export const LOW_STOCK = 5;

/**
 * Stock at or below the product's own level (`low_stock_at`), else {@link LOW_STOCK}. Worded as
 * products_low_stock_idx's condition, the default written into the SQL rather than bound, so the
 * planner can prove a query's condition implies the index's and read only the low products.
 */
export function lowOnStock(): SQL {
  return sql`${products.stock} <= coalesce(${products.lowStockAt}, ${sql.raw(String(LOW_STOCK))})`;
}

/** The same rule for a product already read. */
export function isLowOnStock(p: { stock: number; lowStockAt: number | null }): boolean {
  return p.stock <= (p.lowStockAt ?? LOW_STOCK);
}
