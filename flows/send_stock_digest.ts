/**
 * The `low-stock digest` job (decision 0104): once a South African day, from 07:00, the address in
 * Settings -> Notifications (the shop's e-mail by default; empty: none) gets the list of products at or
 * below their low-stock level (decision 0105), sold out first, when at least one of them, or one of
 * their variants (decision 0111), was not on the previous day's list. A day with nothing new sends
 * nothing, so a product that stays low does not fill the inbox.
 */
import type { Db } from "../db/client.ts";
import {
  claimDigestDay,
  digestDone,
  type LowStockProduct,
  lowStockProducts,
  lowVariantsText,
  previousDigest,
} from "../domains/dashboard/mod.ts";
import { enqueueEmail, escapeHtml } from "../domains/mail/mod.ts";
import { SA_OFFSET_MS, saDay } from "../lib/sa_dates.ts";
import { LOW_STOCK } from "../db/low_stock.ts";

/** South African hour from which the day's digest may go. */
export const DIGEST_HOUR = 7;
/** Most products one e-mail lists; the admin list has the rest. */
export const DIGEST_MAX_PRODUCTS = 200;

export interface StockDigestOptions {
  siteUrl: string;
  shopName: string;
  /** Settings -> Notifications (the shop's e-mail unless staff changed it); "" sends none. */
  to: string;
  now?: Date;
}

const EVERYTHING_LOW =
  `Everything at or below its low-stock alert (${LOW_STOCK} left unless the product sets its own; ` +
  `for a product sold in variants, any one variant), sold out first`;

function digestEmail(low: LowStockProduct[], fresh: Set<number>, opts: StockDigestOptions) {
  const admin = `${opts.siteUrl}/admin/products`;
  const restock = `${opts.siteUrl}/admin/restock`;
  const line = (p: LowStockProduct) =>
    `${p.stock === 0 ? "Sold out" : `${p.stock} left`}${
      p.lowStockAt === null ? "" : ` (alert at ${p.lowStockAt})`
    }: ${p.name} (${p.sku})${p.lowVariants.length ? `: ${lowVariantsText(p.lowVariants)}` : ""}${
      p.onOrder ? `; ${p.onOrder} on order` : ""
    }${fresh.has(p.id) ? " - new" : ""}`;
  const more = low.length >= DIGEST_MAX_PRODUCTS
    ? `\nThe list stops at ${DIGEST_MAX_PRODUCTS}; the admin has them all.`
    : "";
  const text = [
    `${fresh.size} product${fresh.size === 1 ? " is" : "s are"} newly low on stock at ${opts.shopName}.`,
    `${EVERYTHING_LOW}:`,
    "",
    ...low.map(line),
    more,
    `Low stock: ${admin}?stock=low`,
    `Sold out: ${admin}?stock=out`,
    `What to order, at the rate things sell: ${restock}`,
  ].join("\n");
  const html = `<p>${fresh.size} product${fresh.size === 1 ? " is" : "s are"} newly low on stock at ${
    escapeHtml(opts.shopName)
  }. ${EVERYTHING_LOW}:</p><ul>${
    low.map((p) =>
      `<li>${fresh.has(p.id) ? "<strong>" : ""}${escapeHtml(line(p))}${fresh.has(p.id) ? "</strong>" : ""}</li>`
    ).join("")
  }</ul>${more ? `<p>${escapeHtml(more.trim())}</p>` : ""}<p><a href="${
    escapeHtml(`${admin}?stock=low`)
  }">Low stock</a> · <a href="${escapeHtml(`${admin}?stock=out`)}">Sold out</a> · <a href="${
    escapeHtml(restock)
  }">What to order</a></p>`;
  return {
    subject: `Low stock: ${fresh.size} new at ${opts.shopName}`,
    text,
    html,
  };
}

/** Sends today's digest when it is due; says whether an e-mail was queued. Safe on many instances. */
export async function sendStockDigest(db: Db, opts: StockDigestOptions): Promise<{ sent: boolean }> {
  const now = opts.now ?? new Date();
  const day = saDay(now);
  if (!opts.to) return { sent: false };
  if (new Date(now.getTime() + SA_OFFSET_MS).getUTCHours() < DIGEST_HOUR) return { sent: false };
  if (await digestDone(db, day)) return { sent: false };
  const low = await lowStockProducts(db, DIGEST_MAX_PRODUCTS);
  const before = await previousDigest(db, day);
  // New: a product not low yesterday, or one of its variants not low yesterday (a second size of a range).
  const fresh = new Set(
    low.filter((p) =>
      !before.productIds.has(p.id) || (before.variantIds && p.lowVariants.some((v) => !before.variantIds!.has(v.id)))
    ).map((p) => p.id),
  );
  const remembered = {
    productIds: low.map((p) => p.id),
    variantIds: low.flatMap((p) => p.lowVariants.map((v) => v.id)),
  };
  return await db.transaction(async (tx) => {
    const sentAt = fresh.size ? now : null;
    if (!(await claimDigestDay(tx as unknown as Db, day, remembered, sentAt))) return { sent: false };
    if (!sentAt) return { sent: false };
    await enqueueEmail(tx as unknown as Db, { to: opts.to, ...digestEmail(low, fresh, opts) }, now);
    return { sent: true };
  });
}
