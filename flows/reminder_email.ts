/**
 * One reminder e-mail queued in the transaction that claims it: the three reminder jobs (replacement,
 * cart and wishlist price drops) share this. The claim decides (claimed nothing: nothing queued, so
 * several instances send each reminder once); the customer's opt-out link for this kind goes to the
 * composer for the text and into the List-Unsubscribe header (decision 0102).
 */
import type { Db } from "../db/client.ts";
import { type ReminderKind, unsubscribeToken } from "../domains/animals/mod.ts";
import { enqueueEmail, escapeHtml } from "../domains/mail/mod.ts";

export interface QueuedReminder<T> {
  userId: number;
  to: string;
  kind: ReminderKind;
  siteUrl: string;
  now: Date;
  /** What this e-mail is about, claimed for it; null when another run got there first. */
  claim: (tx: Db) => Promise<T | null>;
  compose: (claimed: T, unsubscribe: string) => { subject: string; text: string; html: string };
}

/** Claims and queues the reminder in one transaction; says whether it was queued. */
export async function queueReminderEmail<T>(db: Db, reminder: QueuedReminder<T>): Promise<boolean> {
  return await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const claimed = await reminder.claim(tx);
    if (claimed === null) return false;
    const token = await unsubscribeToken(tx, reminder.userId);
    // A replacement reminder's link names no kind (links sent before the other kinds existed read so).
    const kind = reminder.kind === "replacement" ? "" : `&kind=${reminder.kind}`;
    const unsubscribe = `${reminder.siteUrl}/reminders/unsubscribe?token=${token}${kind}`;
    const email = reminder.compose(claimed, unsubscribe);
    await enqueueEmail(tx, { to: reminder.to, ...email, unsubscribeUrl: unsubscribe }, reminder.now);
    return true;
  });
}

/** A link in a reminder: its words and where it goes. */
export interface ReminderLink {
  label: string;
  href: string;
}

/**
 * A reminder listing things (a cart's lines, wishlist drops) in the reminders' one layout, as text and
 * HTML: the greeting, what the list is, the list (each item linked when it has a link), the main link,
 * a caveat, the opt-out and the shop's name. Every piece of text is escaped in the HTML.
 */
export function listEmail(
  e: { name: string; intro: string; items: { text: string; href?: string }[]; link: ReminderLink; note: string },
  optOut: ReminderLink,
  shop: string,
): { text: string; html: string } {
  const text = [
    `Hi ${e.name},`,
    "",
    e.intro,
    "",
    ...e.items.flatMap((i) => (i.href ? [`- ${i.text}`, `  ${i.href}`] : [`- ${i.text}`])),
    "",
    `${e.link.label}: ${e.link.href}`,
    "",
    e.note,
    "",
    `${optOut.label}: ${optOut.href}`,
    "",
    shop,
  ].join("\n");
  const a = (l: ReminderLink) => `<a href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a>`;
  const items = e.items.map((i) => `<li>${i.href ? a({ label: i.text, href: i.href }) : escapeHtml(i.text)}</li>`);
  const html = `<p>Hi ${escapeHtml(e.name)},</p><p>${escapeHtml(e.intro)}</p><ul>${items.join("")}</ul>` +
    `<p>${a(e.link)}</p><p>${escapeHtml(e.note)}</p><p>${a(optOut)}</p><p>${escapeHtml(shop)}</p>`;
  return { text, html };
}
