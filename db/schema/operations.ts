/** Admin audit log, the e-mail outbox and newsletter subscriptions. */
import { index, integer, jsonb, pgEnum, pgTable, serial, text, varchar } from "drizzle-orm/pg-core";
import { tstz } from "./columns.ts";
import { users } from "./accounts.ts";

export const emailStatus = pgEnum("email_status", ["pending", "sent", "failed"]);

export const auditLogs = pgTable("audit_logs", {
  id: serial().primaryKey(),
  userId: integer().references(() => users.id, { onDelete: "set null" }),
  /** product, product_variant (and other admin-managed records). */
  entityType: varchar({ length: 40 }).notNull(),
  entityId: integer().notNull(),
  action: varchar({ length: 40 }).notNull(),
  details: jsonb().$type<Record<string, unknown>>(),
  createdAt: tstz().notNull().defaultNow(),
}, (t) => [index().on(t.entityType, t.entityId, t.createdAt), index().on(t.userId)]);

/** Mail is written here first and delivered by the sender; without SMTP admins read it here. */
export const emailOutbox = pgTable("email_outbox", {
  id: serial().primaryKey(),
  toAddress: varchar({ length: 254 }).notNull(),
  subject: varchar({ length: 200 }).notNull(),
  textBody: text().notNull(),
  htmlBody: text(),
  status: emailStatus().notNull().default("pending"),
  attempts: integer().notNull().default(0),
  lastError: text(),
  nextAttemptAt: tstz().notNull().defaultNow(),
  sentAt: tstz(),
  createdAt: tstz().notNull().defaultNow(),
}, (t) => [index().on(t.status, t.nextAttemptAt), index().on(t.createdAt)]);

export const newsletterSubscriptions = pgTable("newsletter_subscriptions", {
  id: serial().primaryKey(),
  email: varchar({ length: 254 }).notNull().unique(),
  userId: integer().references(() => users.id, { onDelete: "set null" }),
  /** When and where the subscriber gave consent (POPIA). */
  consentAt: tstz().notNull().defaultNow(),
  consentSource: varchar({ length: 40 }).notNull().default("website"),
  /** SHA-256 (hex) of the confirmation token. */
  confirmToken: varchar({ length: 64 }),
  confirmedAt: tstz(),
  /** SHA-256 (hex) of the token in every newsletter's unsubscribe link. */
  unsubscribeToken: varchar({ length: 64 }),
  unsubscribedAt: tstz(),
  discountCode: varchar({ length: 20 }),
  createdAt: tstz().notNull().defaultNow(),
}, (t) => [index().on(t.userId), index().on(t.confirmToken), index().on(t.unsubscribeToken)]);

/** Fixed-window counters for rate limits (login, register, password reset), shared by every instance. */
export const rateLimits = pgTable("rate_limits", {
  /** e.g. "login:ip:203.0.113.9" or "login:user:thandi". */
  key: varchar({ length: 200 }).primaryKey(),
  count: integer().notNull().default(0),
  resetAt: tstz().notNull(),
}, (t) => [index().on(t.resetAt)]);
