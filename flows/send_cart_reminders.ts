/**
 * The `cart-reminders` job (docs/features.md, decision 0101): each cart left a few hours
 * (domains/cart/reminders.ts) gets one e-mail listing what is in it at today's prices, with a link
 * to the cart and a one-click link that turns cart reminders off. Claimed once per cart, in the
 * transaction that queues the e-mail (domains/mail's outbox), so several instances send it once.
 */
import type { Db } from "../db/client.ts";
import { claimCartReminder, type DueCart, dueCarts, getCart } from "../domains/cart/mod.ts";
import { listEmail, queueReminderEmail } from "./reminder_email.ts";
import { lineLabel } from "../lib/line_label.ts";
import { formatMoney } from "../lib/money.ts";

export interface CartReminderOptions {
  siteUrl: string;
  shopName: string;
  now?: Date;
  /** At most this many e-mails a run (the rest go on the next run). */
  limit?: number;
}

/** One line of the e-mail: what, how many and what it costs today. */
interface ReminderLine {
  label: string;
  quantity: number;
  totalCents: number;
}

function reminderEmail(
  cart: DueCart,
  lines: ReminderLine[],
  links: { cart: string; unsubscribe: string },
  shop: string,
) {
  const { text, html } = listEmail(
    {
      name: cart.name,
      intro: "You left these in your cart:",
      items: lines.map((l) => ({ text: `${l.quantity} x ${l.label}: ${formatMoney(l.totalCents)}` })),
      link: { label: "Your cart", href: links.cart },
      note: "Prices and stock are today's; nothing is held for you.",
    },
    { label: "No more e-mails about your cart", href: links.unsubscribe },
    shop,
  );
  return { subject: "You left something in your cart", text, html };
}

/** Queues the cart reminders that are due; returns how many were queued. Safe to run on many instances. */
export async function sendCartReminders(db: Db, opts: CartReminderOptions): Promise<{ sent: number }> {
  const now = opts.now ?? new Date();
  let sent = 0;
  for (const cart of await dueCarts(db, now, opts.limit ?? 200)) {
    // Today's prices; what can no longer be bought (sold out, taken off the shop) is left out.
    const { lines } = await getCart(db, { userId: cart.userId }, now);
    const buyable: ReminderLine[] = lines.filter((l) => l.product.maxQuantity > 0).map((l) => ({
      label: lineLabel({ name: l.product.name, variantName: l.product.variantName }),
      quantity: l.quantity,
      totalCents: l.lineTotalCents,
    }));
    if (!buyable.length) continue;
    const queued = await queueReminderEmail(db, {
      userId: cart.userId,
      to: cart.email,
      kind: "cart",
      siteUrl: opts.siteUrl,
      now,
      claim: async (tx) => (await claimCartReminder(tx, cart, now)) || null,
      compose: (_, unsubscribe) =>
        reminderEmail(cart, buyable, { cart: `${opts.siteUrl}/cart`, unsubscribe }, opts.shopName),
    });
    if (queued) sent++;
  }
  return { sent };
}
