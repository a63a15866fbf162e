/** The stock history: one row for every change of a product's or a variant's stock. */
import { check, index, integer, pgEnum, pgTable, serial, varchar } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { tstz } from "./columns.ts";
import { users } from "./accounts.ts";
import { products, productVariants } from "./catalog.ts";
import { orders } from "./commerce.ts";

/**
 * Why stock changed: a sale (checkout, WhatsApp or staff order), a cancelled or expired order's units
 * back, a refund's restock, a staff edit (product or variant form, API), an import (CSV, Meta
 * catalogue) or a bulk edit from the products list.
 */
export const stockMovementReason = pgEnum("stock_movement_reason", [
  "sale",
  "cancel_release",
  "refund_restock",
  "staff_edit",
  "import",
  "bulk",
  // A supplier's delivery booked in on /admin/restock/receive (decision 0107).
  "received",
]);

export const stockMovements = pgTable("stock_movements", {
  id: serial().primaryKey(),
  productId: integer().notNull().references(() => products.id, { onDelete: "cascade" }),
  /** The variant whose units changed; null for a product sold without variants (or a deleted variant). */
  variantId: integer().references(() => productVariants.id, { onDelete: "set null" }),
  /** Units added (positive) or taken (negative). */
  delta: integer().notNull(),
  /** The stock of the changed row (the variant's, when variantId is set) right after the change. */
  stockAfter: integer().notNull(),
  reason: stockMovementReason().notNull(),
  orderId: integer().references(() => orders.id, { onDelete: "set null" }),
  /** The staff member whose action changed it; null for shoppers' checkouts and for jobs. */
  actorUserId: integer().references(() => users.id, { onDelete: "set null" }),
  /** A few words more where the reason alone does not say it (e.g. "variant 50W deleted"). */
  note: varchar({ length: 200 }),
  createdAt: tstz().notNull().defaultNow(),
}, (t) => [
  index().on(t.productId, t.createdAt),
  index().on(t.orderId),
  index().on(t.actorUserId),
  index().on(t.variantId),
  check("stock_movements_stock_after_non_negative", sql`${t.stockAfter} >= 0`),
]);
