/** Admin audit log, shop settings, the e-mail outbox and newsletter subscriptions. */
import { bigint, index, integer, jsonb, pgEnum, pgTable, serial, text, varchar } from "drizzle-orm/pg-core";
import { tstz } from "./columns.ts";
import { users } from "./accounts.ts";
import { orders } from "./commerce.ts";

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
}, (t) => [index().on(t.entityType, t.entityId, t.createdAt), index().on(t.userId), index().on(t.createdAt)]);

export interface EmailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/**
 * An attachment the mail sender draws when it sends the message: the tax invoice PDF of the order
 * `taxInvoiceOf`, from the stored invoice (so no PDF is drawn while a payment holds its locks:
 * decision 0061).
 */
export interface DrawnAttachment {
  filename: string;
  contentType: string;
  taxInvoiceOf: number;
}

/** An outbox row's attachment: the file itself, or what the sender draws it from. */
export type StoredAttachment = EmailAttachment | DrawnAttachment;

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
  /** The order a message is about (confirmation, shipped, delivered...), for the order's timeline. */
  orderId: integer().references(() => orders.id, { onDelete: "set null" }),
  /** Files sent with the message, base64-encoded, or what the sender draws them from (a tax invoice PDF). */
  attachments: jsonb().$type<StoredAttachment[]>(),
  /**
   * The one-click opt-out of a reminder or newsletter message, sent as its List-Unsubscribe header
   * (RFC 2369/8058) so mail clients show their own "Unsubscribe" button; null for transactional mail.
   */
  unsubscribeUrl: text(),
  createdAt: tstz().notNull().defaultNow(),
}, (t) => [index().on(t.status, t.nextAttemptAt), index().on(t.createdAt), index().on(t.orderId)]);

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

/**
 * Settings staff change in the admin area (shop details, delivery fee, integrations), one JSON value
 * per key. Environment variables are the defaults; a row here overrides them. Read through
 * domains/settings.
 */
export const shopSettings = pgTable("shop_settings", {
  key: varchar({ length: 80 }).primaryKey(),
  value: jsonb().$type<unknown>().notNull(),
  updatedBy: integer().references(() => users.id, { onDelete: "set null" }),
  updatedAt: tstz().notNull().defaultNow(),
}, (t) => [index().on(t.updatedBy)]);

/**
 * A version per cache that must agree across instances (the catalogue, settings...): a write bumps
 * it, and every instance drops its copy when it sees a newer version.
 */
export const cacheVersions = pgTable("cache_versions", {
  name: varchar({ length: 80 }).primaryKey(),
  version: bigint({ mode: "number" }).notNull().default(0),
  updatedAt: tstz().notNull().defaultNow(),
});

/**
 * Background jobs' last runs. An instance claims a run by moving lastStartedAt forward in one
 * conditional UPDATE, so with many instances (or Deno.cron and an interval at once) each run happens once.
 */
export const jobRuns = pgTable("job_runs", {
  name: varchar({ length: 80 }).primaryKey(),
  lastStartedAt: tstz(),
  lastFinishedAt: tstz(),
  lastError: text(),
  runs: integer().notNull().default(0),
});

/**
 * The daily low-stock e-mail to the shop (flows/send_stock_digest.ts): one row a South African day
 * with the products low that morning; the e-mail goes only when one of them was not low the last
 * time. The row is the claim, so several instances send one e-mail a day.
 */
export const stockDigests = pgTable("stock_digests", {
  /** YYYY-MM-DD, South African time. */
  day: varchar({ length: 10 }).primaryKey(),
  productIds: jsonb().$type<number[]>().notNull(),
  /**
   * The variants low that morning (decision 0111), so a second size of a range already listed running
   * low is news too. Null on days recorded before variants were remembered.
   */
  variantIds: jsonb().$type<number[]>(),
  /** Null when nothing new was low that day (no e-mail). */
  sentAt: tstz(),
  createdAt: tstz().notNull().defaultNow(),
});
