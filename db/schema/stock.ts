/** The stock history: one row for every change of a product's or a variant's stock. */
import { check, date, index, integer, pgEnum, pgTable, serial, varchar } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { timestamps, tstz } from "./columns.ts";
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

/**
 * A purchase order's life (decision 0117): open while the supplier's delivery is awaited (its
 * outstanding units count as on order in the restock plan), received once every line has come in,
 * closed when staff stop waiting for the rest, cancelled when nothing came.
 */
export const purchaseOrderStatus = pgEnum("purchase_order_status", ["open", "received", "closed", "cancelled"]);

/** An order placed with a supplier, from /admin/purchase-orders. */
export const purchaseOrders = pgTable("purchase_orders", {
  id: serial().primaryKey(),
  supplier: varchar({ length: 120 }).notNull(),
  /** Where "E-mail to supplier" sends it (typed when placing it or when sending). */
  supplierEmail: varchar({ length: 254 }),
  /** The day the supplier said it would arrive, if they said. */
  expectedOn: date({ mode: "string" }),
  /** The supplier's quote or order number, terms agreed: a line for staff. */
  note: varchar({ length: 500 }),
  status: purchaseOrderStatus().notNull().default("open"),
  createdBy: integer().references(() => users.id, { onDelete: "set null" }),
  /** When it was last e-mailed to the supplier. */
  sentAt: tstz(),
  /** When it was received in full, closed or cancelled. */
  closedAt: tstz(),
  ...timestamps(),
}, (t) => [index().on(t.status, t.createdAt)]);

/** What a purchase order asks for: one row per variant, or product sold without variants. */
export const purchaseOrderLines = pgTable("purchase_order_lines", {
  id: serial().primaryKey(),
  purchaseOrderId: integer().notNull().references(() => purchaseOrders.id, { onDelete: "cascade" }),
  productId: integer().notNull().references(() => products.id, { onDelete: "cascade" }),
  /** Null for a product sold without variants, or once the variant is deleted (variantName says which). */
  variantId: integer().references(() => productVariants.id, { onDelete: "set null" }),
  /** As they were when ordered: what the supplier was asked for. */
  sku: varchar({ length: 64 }).notNull(),
  name: varchar({ length: 255 }).notNull(),
  variantName: varchar({ length: 255 }),
  ordered: integer().notNull(),
  received: integer().notNull().default(0),
}, (t) => [
  index().on(t.purchaseOrderId),
  index().on(t.productId, t.variantId),
  check("purchase_order_lines_ordered_positive", sql`${t.ordered} > 0`),
  check("purchase_order_lines_received_non_negative", sql`${t.received} >= 0`),
]);
