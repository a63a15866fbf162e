/**
 * The stock alerts job ("Tell me when it's back", domains/notifications): a database trigger marks
 * subscriptions due when stock returns by any path; this e-mails each due subscriber exactly once
 * (domains/mail's outbox), in the same transaction that marks them notified, and only while the
 * product is on the storefront (not a draft, not archived; domains/catalog).
 */
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { products, productVariants, stockNotifications } from "../db/schema/mod.ts";
import { onStorefront } from "../domains/catalog/visibility.ts";
import { enqueueEmail, escapeHtml } from "../domains/mail/mod.ts";
import { lineLabel } from "../lib/line_label.ts";

function alertEmail(o: { name: string; url: string; shopName: string }) {
  const text = [
    `Good news: ${o.name} is back in stock at ${o.shopName}.`,
    "",
    `Order it here while it lasts: ${o.url}`,
    "",
    "You asked us to tell you once. We won't e-mail you about this product again.",
  ].join("\n");
  const html =
    `<p>Good news: <strong>${escapeHtml(o.name)}</strong> is back in stock at ${escapeHtml(o.shopName)}.</p>` +
    `<p><a href="${escapeHtml(o.url)}">Order it here</a> while it lasts.</p>` +
    `<p style="color:#57534e">You asked us to tell you once. We won't e-mail you about this product again.</p>`;
  return { subject: `Back in stock: ${o.name}`, text, html };
}

/** E-mails every due subscriber once and marks them notified; returns how many were sent to the outbox. */
export async function sendDueStockAlerts(db: Db, shop: { siteUrl: string; shopName: string }): Promise<number> {
  return await db.transaction(async (tx) => {
    const due = await tx.select({
      id: stockNotifications.id,
      email: stockNotifications.email,
      name: products.name,
      slug: products.slug,
      variantName: productVariants.name,
    }).from(stockNotifications)
      .innerJoin(products, eq(stockNotifications.productId, products.id))
      .leftJoin(productVariants, eq(stockNotifications.variantId, productVariants.id))
      .where(
        and(
          eq(stockNotifications.active, true),
          isNotNull(stockNotifications.dueAt),
          isNull(stockNotifications.notifiedAt),
          // A draft or archived product's subscribers stay due and are told once it is on the shop again:
          // an e-mail must never link to a page that answers 404.
          onStorefront(),
        ),
      )
      .for("update", { of: stockNotifications, skipLocked: true })
      .limit(500);
    for (const row of due) {
      const name = lineLabel(row);
      const mail = alertEmail({ name, url: `${shop.siteUrl}/product/${row.slug}`, shopName: shop.shopName });
      await enqueueEmail(tx as unknown as Db, { to: row.email, ...mail });
      await tx.update(stockNotifications).set({ active: false, notifiedAt: sql`now()` })
        .where(eq(stockNotifications.id, row.id));
    }
    return due.length;
  });
}
