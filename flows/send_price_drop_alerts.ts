/**
 * The `wishlist price drops` job (decision 0108): a customer whose saved products dropped in price
 * (domains/wishlist/price_drops.ts) gets one e-mail listing them, each at its new and old price with a
 * link to it, and a one-click link that turns these e-mails off. The drops are claimed in the
 * transaction that queues the e-mail (domains/mail's outbox), so several instances send it once.
 */
import type { Db } from "../db/client.ts";
import { listEmail, queueReminderEmail } from "./reminder_email.ts";
import {
  claimPriceDrops,
  type DuePriceDrops,
  duePriceDrops,
  type PriceDrop,
  settlePriceRises,
} from "../domains/wishlist/mod.ts";
import { formatMoney } from "../lib/money.ts";

export interface PriceDropAlertOptions {
  siteUrl: string;
  shopName: string;
  now?: Date;
  /** At most this many customers a run (the rest go on the next run). */
  limit?: number;
}

function alertEmail(
  customer: DuePriceDrops,
  drops: PriceDrop[],
  links: { product: (d: PriceDrop) => string; wishlist: string; unsubscribe: string },
  shop: string,
) {
  const line = (d: PriceDrop) => `${d.name}: now ${formatMoney(d.nowCents)} (was ${formatMoney(d.wasCents)})`;
  const { text, html } = listEmail(
    {
      name: customer.name,
      intro: drops.length === 1
        ? "Something on your wishlist costs less now:"
        : "Things on your wishlist cost less now:",
      items: drops.map((d) => ({ text: line(d), href: links.product(d) })),
      link: { label: "Your wishlist", href: links.wishlist },
      note: "Prices and stock can change; nothing is held for you.",
    },
    { label: "No more e-mails about wishlist prices", href: links.unsubscribe },
    shop,
  );
  const subject = drops.length === 1
    ? `Price drop: ${drops[0].name} is now ${formatMoney(drops[0].nowCents)}`
    : `Price drops on ${drops.length} things on your wishlist`;
  return { subject, text, html };
}

/** Queues the price-drop e-mails that are due; returns how many were queued. Safe to run on many instances. */
export async function sendPriceDropAlerts(db: Db, opts: PriceDropAlertOptions): Promise<{ sent: number }> {
  const now = opts.now ?? new Date();
  await settlePriceRises(db);
  let sent = 0;
  for (const customer of await duePriceDrops(db, opts.limit ?? 200)) {
    const queued = await queueReminderEmail(db, {
      userId: customer.userId,
      to: customer.email,
      kind: "price",
      siteUrl: opts.siteUrl,
      now,
      claim: async (tx) => {
        const drops = await claimPriceDrops(tx, customer.drops);
        return drops.length ? drops : null;
      },
      compose: (drops, unsubscribe) =>
        alertEmail(customer, drops, {
          product: (d) => `${opts.siteUrl}/product/${d.slug}`,
          wishlist: `${opts.siteUrl}/wishlist`,
          unsubscribe,
        }, opts.shopName),
    });
    if (queued) sent++;
  }
  return { sent };
}
