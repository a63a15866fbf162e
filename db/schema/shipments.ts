/**
 * Parcels sent for part of an order (partial fulfilment by line, docs/decisions/0079): each shipment
 * holds some units of some lines, with its tracking number and carrier, the staff member who sent it
 * and when. The order's own trackingNumber/shippedAt stay the whole-order shipment's (the last one).
 */
import { check, index, integer, pgTable, serial, unique, varchar } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { tstz } from "./columns.ts";
import { users } from "./accounts.ts";
import { orderItems, orders } from "./commerce.ts";

export const shipments = pgTable("shipments", {
  id: serial().primaryKey(),
  orderId: integer().notNull().references(() => orders.id, { onDelete: "cascade" }),
  trackingNumber: varchar({ length: 100 }).notNull(),
  carrier: varchar({ length: 60 }),
  createdBy: integer().references(() => users.id, { onDelete: "set null" }),
  createdAt: tstz().notNull().defaultNow(),
}, (t) => [index().on(t.orderId), index().on(t.createdBy)]);

export const shipmentItems = pgTable("shipment_items", {
  id: serial().primaryKey(),
  shipmentId: integer().notNull().references(() => shipments.id, { onDelete: "cascade" }),
  orderItemId: integer().notNull().references(() => orderItems.id, { onDelete: "cascade" }),
  quantity: integer().notNull(),
}, (t) => [
  index().on(t.shipmentId),
  index().on(t.orderItemId),
  unique().on(t.shipmentId, t.orderItemId),
  check("shipment_items_quantity_positive", sql`${t.quantity} > 0`),
]);
