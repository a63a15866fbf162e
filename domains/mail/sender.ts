/**
 * The sender: takes due messages out of the outbox, hands each to the transport and records the
 * outcome. Messages are claimed with one UPDATE over a `SELECT ... FOR UPDATE SKIP LOCKED` that
 * also counts the attempt and pushes `nextAttemptAt` forward by a lease, so two shop instances (or
 * two overlapping runs) never send one message twice. A failure is retried with exponential
 * backoff (1, 5, 25, 125, 625 minutes) until MAX_ATTEMPTS, then the message is marked failed with
 * its last error. A message that is sent (or given up) keeps no reset link in its stored bodies.
 */
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema/mod.ts";
import { describeError } from "../../lib/error_log.ts";
import { drawAttachments } from "../tax_documents/mod.ts";
import { hideResetLinks } from "./templates.ts";
import type { MailTransport } from "./transport.ts";

/** Attempts before a message is given up as failed. */
export const MAX_ATTEMPTS = 6;
/** How long a claimed message is reserved for the run that claimed it (longer than any SMTP timeout). */
export const CLAIM_LEASE_MS = 5 * 60_000;
const BACKOFF_BASE_MS = 60_000;

/** Wait before the next try after `attempts` failed attempts: 1 min, 5 min, 25 min, ... */
export function backoffMs(attempts: number): number {
  return BACKOFF_BASE_MS * 5 ** Math.max(0, attempts - 1);
}

export interface DeliveryReport {
  /** Delivered in this run. */
  sent: number;
  /** Failed in this run, to be tried again later. */
  retrying: number;
  /** Failed for the last time in this run (status failed). */
  failed: number;
}

export interface DeliverOptions {
  /** Most messages one run takes. */
  batchSize?: number;
  maxAttempts?: number;
  /** One JSON-able record per failure (id, attempt, error); never message contents. */
  log?: (entry: Record<string, unknown>) => void;
}

function errorText(err: unknown): string {
  return describeError(err).error;
}

/**
 * The bodies to keep once a message is out of our hands (sent, or given up): a reset link is a
 * password for the next hour, and the copy in the recipient's mailbox is the only one anybody needs.
 */
function scrubbed(msg: { textBody: string; htmlBody: string | null }) {
  return {
    textBody: hideResetLinks(msg.textBody),
    htmlBody: msg.htmlBody === null ? null : hideResetLinks(msg.htmlBody),
  };
}

/** Addresses under the reserved .invalid top-level domain (RFC 2606) are never sent to. */
const UNDELIVERABLE = /\.invalid$/i;
export const NO_ADDRESS = "No e-mail address to send to (a reserved .invalid placeholder): not sent.";

/** Delivers the messages due at `now`; returns what happened. */
export async function deliverDue(
  db: Db,
  transport: MailTransport,
  now = new Date(),
  opts: DeliverOptions = {},
): Promise<DeliveryReport> {
  const batchSize = opts.batchSize ?? 20;
  const maxAttempts = opts.maxAttempts ?? MAX_ATTEMPTS;
  const isDue = and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, now));
  // A CTE with a locking clause runs exactly once (a plain IN (sub-select ... LIMIT) may be re-run
  // by the planner and claim more than the batch). The outer condition is checked again on each
  // locked row, so a row another run claimed meanwhile is left out.
  const due = db.$with("due").as(
    db.select({ id: emailOutbox.id }).from(emailOutbox).where(isDue)
      .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
      .limit(batchSize)
      .for("update", { skipLocked: true }),
  );
  const claimed = await db.with(due).update(emailOutbox)
    .set({ attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .where(and(inArray(emailOutbox.id, db.select({ id: due.id }).from(due)), isDue))
    .returning();
  claimed.sort((a, b) => a.id - b.id);

  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  for (const msg of claimed) {
    // Only the run holding this claim (same attempt count) may record its outcome.
    const mine = and(eq(emailOutbox.id, msg.id), eq(emailOutbox.attempts, msg.attempts));
    if (UNDELIVERABLE.test(msg.toAddress.trim())) {
      // A reserved .invalid address (RFC 2606), such as a WhatsApp customer's placeholder: no mail
      // server may be asked; the message stays in the outbox for staff, failed.
      await db.update(emailOutbox).set({ status: "failed", lastError: NO_ADDRESS, ...scrubbed(msg) }).where(mine);
      report.failed++;
      continue;
    }
    try {
      await transport.send({
        to: msg.toAddress,
        subject: msg.subject,
        text: msg.textBody,
        html: msg.htmlBody,
        ...(msg.unsubscribeUrl ? { unsubscribeUrl: msg.unsubscribeUrl } : {}),
        ...(msg.attachments?.length ? { attachments: await drawAttachments(db, msg.attachments) } : {}),
      });
    } catch (err) {
      const last = msg.attempts >= maxAttempts;
      const error = errorText(err);
      await db.update(emailOutbox).set({
        status: last ? "failed" : "pending",
        lastError: error,
        nextAttemptAt: new Date(now.getTime() + backoffMs(msg.attempts)),
        ...(last ? scrubbed(msg) : {}),
      }).where(mine);
      if (last) report.failed++;
      else report.retrying++;
      opts.log?.({
        message: last ? "e-mail failed for good" : "e-mail delivery failed",
        id: msg.id,
        attempt: msg.attempts,
        error,
      });
      continue;
    }
    await db.update(emailOutbox).set({ status: "sent", sentAt: now, lastError: null, ...scrubbed(msg) })
      .where(mine);
    report.sent++;
  }
  return report;
}
