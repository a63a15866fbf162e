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
 * The units the rule compares: a product sold as variants by its emptiest variant (decision 0111),
 * so "Large" at 0 beside "Small" at 40 is low; else the product's own stock. Also the low lists'
 * sort key, the emptiest first, which products_low_stock_idx holds in order.
 */
export function lowStockUnits(): SQL {
  return sql`coalesce(${products.lowestVariantStock}, ${products.stock})`;
}

/**
 * Those units at or below the product's own level (`low_stock_at`), else {@link LOW_STOCK}; the level
 * applies to each variant. Worded as products_low_stock_idx's condition, the default written into the
 * SQL rather than bound, so the planner can prove a query's condition implies the index's and read
 * only the low products.
 */
export function lowOnStock(): SQL {
  return sql`${lowStockUnits()} <= coalesce(${products.lowStockAt}, ${sql.raw(String(LOW_STOCK))})`;
}

/** The product's alert level: its own, else the shop's. */
export function lowStockLevel(p: { lowStockAt: number | null }): number {
  return p.lowStockAt ?? LOW_STOCK;
}

/** The same rule for a product already read. */
export function isLowOnStock(
  p: { stock: number; lowStockAt: number | null; lowestVariantStock: number | null },
): boolean {
  return (p.lowestVariantStock ?? p.stock) <= lowStockLevel(p);
}
