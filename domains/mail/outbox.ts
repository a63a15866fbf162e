/**
 * The e-mail outbox: every message the shop sends is written here first (in the caller's
 * transaction when it has one), then delivered by the sender. Without SMTP the rows stay pending and
 * admins read them at /admin/outbox.
 */
import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { emailOutbox, type StoredAttachment, users } from "../../db/schema/mod.ts";
import { hideResetLinks } from "./templates.ts";

export type EmailStatus = "pending" | "sent" | "failed";
export const EMAIL_STATUSES: readonly EmailStatus[] = ["pending", "sent", "failed"];

/** One message as a domain hands it to the outbox. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** Optional HTML alternative; the plain text is always sent too. */
  html?: string | null;
  /** The order the message is about (confirmation, shipped, delivered, refund): its timeline lists it. */
  orderId?: number | null;
  /** Files to send with it, or what the sender draws them from (a tax invoice PDF). */
  attachments?: StoredAttachment[] | null;
  /**
   * The one-click opt-out of a message the customer may stop (reminders, the newsletter): sent as
   * its List-Unsubscribe header, and the link POSTs there without a session (RFC 8058).
   */
  unsubscribeUrl?: string | null;
}

export type OutboxMessage = typeof emailOutbox.$inferSelect;

/** Queues a message for delivery (due at once); returns its id. */
export async function enqueueEmail(db: Db, msg: OutgoingEmail, now = new Date()): Promise<{ id: number }> {
  const [row] = await db.insert(emailOutbox).values({
    toAddress: msg.to,
    subject: msg.subject.slice(0, 200),
    textBody: msg.text,
    htmlBody: msg.html ?? null,
    orderId: msg.orderId ?? null,
    attachments: msg.attachments?.length ? msg.attachments : null,
    unsubscribeUrl: msg.unsubscribeUrl ?? null,
    status: "pending",
    nextAttemptAt: now,
  }).returning({ id: emailOutbox.id });
  return row;
}

export interface OutboxPage {
  items: Omit<OutboxMessage, "textBody" | "htmlBody" | "attachments" | "unsubscribeUrl">[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

/** Messages newest first, optionally of one status, one page at a time (for the admin outbox). */
export async function listOutbox(
  db: Db,
  opts: { status?: EmailStatus | null; page?: number; pageSize?: number } = {},
): Promise<OutboxPage> {
  const pageSize = opts.pageSize ?? 50;
  const where: SQL | undefined = opts.status ? eq(emailOutbox.status, opts.status) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(emailOutbox).where(where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(opts.page ?? 1)), pageCount);
  const items = await db.select({
    id: emailOutbox.id,
    toAddress: emailOutbox.toAddress,
    subject: emailOutbox.subject,
    status: emailOutbox.status,
    attempts: emailOutbox.attempts,
    lastError: emailOutbox.lastError,
    nextAttemptAt: emailOutbox.nextAttemptAt,
    sentAt: emailOutbox.sentAt,
    orderId: emailOutbox.orderId,
    createdAt: emailOutbox.createdAt,
  }).from(emailOutbox).where(where)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(pageSize).offset((page - 1) * pageSize);
  return { items, total, page, pageCount, pageSize };
}

/** One message with its bodies, or null. */
export async function getOutboxMessage(db: Db, id: number): Promise<OutboxMessage | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return row ?? null;
}

/**
 * One message as the admin outbox shows it. Reset links are hidden unless `revealResetLinks` (the
 * caller allows it only without SMTP outside production, so a demo can reset a password) and even
 * then never in mail to an admin or super_admin: no admin can take over another admin's account.
 */
export async function readOutboxMessage(
  db: Db,
  id: number,
  opts: { revealResetLinks: boolean },
): Promise<OutboxMessage | null> {
  const message = await getOutboxMessage(db, id);
  if (!message) return null;
  if (opts.revealResetLinks) {
    const [admin] = await db.select({ id: users.id }).from(users).where(and(
      eq(users.email, message.toAddress.trim().toLowerCase()),
      inArray(users.role, ["admin", "super_admin"]),
    )).limit(1);
    if (!admin) return message;
  }
  return {
    ...message,
    textBody: hideResetLinks(message.textBody),
    htmlBody: message.htmlBody === null ? null : hideResetLinks(message.htmlBody),
  };
}

/** One message as GET /api/admin/outbox lists it (reset links hidden as on the outbox screen). */
export interface OutboxJsonItem {
  id: number;
  to: string;
  subject: string;
  text: string;
  status: EmailStatus;
  orderId: number | null;
  createdAt: Date;
}

/**
 * The newest messages (at most `limit`), optionally only those to one address (ignoring case), with
 * their text, for staff and tests reading the outbox as JSON. Reset links follow readOutboxMessage's
 * rule.
 */
export async function searchOutbox(
  db: Db,
  opts: { to?: string | null; limit?: number; revealResetLinks: boolean },
): Promise<OutboxJsonItem[]> {
  const to = opts.to?.trim().toLowerCase();
  const rows = await db.select().from(emailOutbox)
    .where(to ? sql`lower(${emailOutbox.toAddress}) = ${to}` : undefined)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id)).limit(Math.min(Math.max(1, opts.limit ?? 50), 200));
  // Same rule as readOutboxMessage, in one query for the page: links to staff addresses stay hidden.
  const addresses = [...new Set(rows.map((m) => m.toAddress.trim().toLowerCase()))];
  const staff = opts.revealResetLinks && addresses.length
    ? new Set(
      (await db.select({ email: users.email }).from(users)
        .where(and(inArray(users.email, addresses), inArray(users.role, ["admin", "super_admin"])))).map((u) =>
          u.email
        ),
    )
    : new Set<string>();
  return rows.map((m) => ({
    id: m.id,
    to: m.toAddress,
    subject: m.subject,
    text: opts.revealResetLinks && !staff.has(m.toAddress.trim().toLowerCase())
      ? m.textBody
      : hideResetLinks(m.textBody),
    status: m.status,
    orderId: m.orderId,
    createdAt: m.createdAt,
  }));
}
