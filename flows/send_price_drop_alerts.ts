/**
 * The `wishlist price drops` job (decision 0108): a customer whose saved products dropped in price
 * (domains/wishlist/price_drops.ts) gets one e-mail listing them, each at its new and old price with a
 * link to it, and a one-click link that turns these e-mails off. The drops are claimed in the
 * transaction that queues the e-mail (domains/mail's outbox), so several instances send it once.
 */
import type { Db } from "../db/client.ts";
import { unsubscribeToken } from "../domains/animals/mod.ts";
import { enqueueEmail, escapeHtml } from "../domains/mail/mod.ts";
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
  const text = [
    `Hi ${customer.name},`,
    "",
    drops.length === 1 ? "Something on your wishlist costs less now:" : "Things on your wishlist cost less now:",
    "",
    ...drops.flatMap((d) => [`- ${line(d)}`, `  ${links.product(d)}`]),
    "",
    `Your wishlist: ${links.wishlist}`,
    "",
    "Prices and stock can change; nothing is held for you.",
    "",
    `No more e-mails about wishlist prices: ${links.unsubscribe}`,
    "",
    shop,
  ].join("\n");
  const html =
    `<p>Hi ${escapeHtml(customer.name)},</p><p>${
      drops.length === 1 ? "Something on your wishlist costs less now:" : "Things on your wishlist cost less now:"
    }</p><ul>${
      drops.map((d) => `<li><a href="${escapeHtml(links.product(d))}">${escapeHtml(line(d))}</a></li>`).join("")
    }</ul><p><a href="${escapeHtml(links.wishlist)}">Your wishlist</a></p>` +
    `<p>Prices and stock can change; nothing is held for you.</p>` +
    `<p><a href="${escapeHtml(links.unsubscribe)}">No more e-mails about wishlist prices</a></p><p>${
      escapeHtml(shop)
    }</p>`;
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
    const queued = await db.transaction(async (tx) => {
      const drops = await claimPriceDrops(tx as unknown as Db, customer.drops);
      if (!drops.length) return false;
      const token = await unsubscribeToken(tx as unknown as Db, customer.userId);
      const links = {
        product: (d: PriceDrop) => `${opts.siteUrl}/product/${d.slug}`,
        wishlist: `${opts.siteUrl}/wishlist`,
        unsubscribe: `${opts.siteUrl}/reminders/unsubscribe?token=${token}&kind=price`,
      };
      await enqueueEmail(
        tx as unknown as Db,
        { to: customer.email, ...alertEmail(customer, drops, links, opts.shopName), unsubscribeUrl: links.unsubscribe },
        now,
      );
      return true;
    });
    if (queued) sent++;
  }
  return { sent };
}
