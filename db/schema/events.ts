/**
 * Order events: what a workflow records, in the transaction that made it true, for the side effects
 * that follow it (docs/decisions/0075). The row is the outbox: written with the change, handled
 * after the commit and, should that fail or the process stop, by the 'order events' job.
 */
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { tstz } from "./columns.ts";
import { orders } from "./commerce.ts";

/**
 * What an event says happened: "order.paid" (once per order), "order.refunded" (once per refund:
 * an order may have several partial refunds).
 */
export type OrderEventType = "order.paid" | "order.refunded";

export const orderEvents = pgTable("order_events", {
  id: serial().primaryKey(),
  orderId: integer().notNull().references(() => orders.id, { onDelete: "cascade" }),
  type: varchar({ length: 40 }).$type<OrderEventType>().notNull(),
  /** What tells two events of one order and type apart: "" when there is one per order, the refund's id for "order.refunded". */
  dedupeKey: varchar({ length: 40 }).notNull().default(""),
  /** The facts as they were when it happened (the handlers read these, not today's rows). */
  payload: jsonb().$type<Record<string, unknown>>().notNull(),
  createdAt: tstz().notNull().defaultNow(),
  /** Set in the transaction that ran the handlers: a handled event is never handled again. */
  handledAt: tstz(),
  attempts: integer().notNull().default(0),
  lastError: text(),
}, (t) => [
  // An order is paid once, a refund completed once: a second write of its event (a re-delivered
  // webhook) adds nothing.
  uniqueIndex("order_events_once").on(t.orderId, t.type, t.dedupeKey),
  index("order_events_pending").on(t.id).where(sql`${t.handledAt} is null`),
]);
