/**
 * WhatsApp orders (docs/whatsapp.md): the messages Meta's webhook delivered, kept until handled, and
 * the shop's replies and order updates, kept until the Graph API took them.
 */
import { index, integer, jsonb, pgTable, serial, text, varchar } from "drizzle-orm/pg-core";
import { tstz } from "./columns.ts";
import { orders } from "./commerce.ts";

/**
 * One inbound WhatsApp message, keyed by Meta's message id (`wamid...`): a redelivered message finds
 * its row and is ignored. The webhook writes the row and answers; the WhatsApp job handles it.
 */
export const whatsappInbound = pgTable("whatsapp_inbound", {
  id: varchar({ length: 128 }).primaryKey(),
  /** The sender's WhatsApp number (`wa_id`). */
  waId: varchar({ length: 20 }).notNull(),
  /** Meta's message type (order, text, ...). */
  type: varchar({ length: 20 }).notNull(),
  /** The sender's profile name, when Meta sent one. */
  profileName: varchar({ length: 100 }),
  /** The message as Meta sent it (validated). */
  payload: jsonb().$type<Record<string, unknown>>().notNull(),
  /** pending (to handle), done, refused (logged, nothing changed). */
  status: varchar({ length: 16 }).notNull().default("pending"),
  attempts: integer().notNull().default(0),
  nextAttemptAt: tstz().notNull().defaultNow(),
  lastError: text(),
  /** What handling it decided, for staff (left-out lines, price differences, refusals). */
  outcome: text(),
  orderId: integer().references(() => orders.id, { onDelete: "set null" }),
  receivedAt: tstz().notNull().defaultNow(),
  handledAt: tstz(),
}, (t) => [index().on(t.status, t.nextAttemptAt), index().on(t.waId), index().on(t.orderId)]);

/**
 * One message the shop sends through the Graph API. `dedupeKey` makes each reply and each order
 * update (paid, shipped, ...) exist once however often the job that writes it runs.
 */
export const whatsappOutbound = pgTable("whatsapp_outbound", {
  id: serial().primaryKey(),
  dedupeKey: varchar({ length: 160 }).notNull().unique(),
  toWaId: varchar({ length: 20 }).notNull(),
  orderId: integer().references(() => orders.id, { onDelete: "set null" }),
  /** reply, paid, shipped, delivered, cancelled, refunded. */
  kind: varchar({ length: 20 }).notNull(),
  body: text().notNull(),
  /** pending, sent, failed (gave up). */
  status: varchar({ length: 16 }).notNull().default("pending"),
  attempts: integer().notNull().default(0),
  nextAttemptAt: tstz().notNull().defaultNow(),
  lastError: text(),
  /** The Graph API's id for the sent message. */
  providerMessageId: varchar({ length: 128 }),
  createdAt: tstz().notNull().defaultNow(),
  sentAt: tstz(),
}, (t) => [index().on(t.status, t.nextAttemptAt), index().on(t.orderId)]);
