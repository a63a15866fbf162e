/**
 * "Tell me when it's back": a customer subscribes to an out-of-stock product (or one variant of it).
 * A database trigger marks subscriptions due when stock returns by any path; sendDueStockAlerts
 * e-mails each due subscriber exactly once, in the same transaction that marks them notified, and
 * only while the product is on the storefront (not a draft, not archived).
 */
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, productVariants, stockNotifications } from "../../db/schema/mod.ts";
import { ConflictError, ERROR_CODES, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { onStorefront } from "../catalog/visibility.ts";
import { enqueueEmail, escapeHtml } from "../mail/mod.ts";

export const ALREADY_SUBSCRIBED = "You're already subscribed to notifications for this product.";

/** Subscribes a customer; ConflictError when already waiting, ValidationError when it is in stock. */
export async function subscribeToStock(
  db: Db,
  user: { id: number; email: string },
  productId: number,
  variantId: number | null,
): Promise<void> {
  const [product] = await db.select({ id: products.id, stock: products.stock }).from(products)
    .where(and(eq(products.id, productId), onStorefront()));
  if (!product) throw new NotFoundError("Product not found");
  let stock = product.stock;
  if (variantId !== null) {
    const [variant] = await db.select({ stock: productVariants.stock, preorder: productVariants.preorder })
      .from(productVariants).where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)));
    if (!variant) throw new ValidationError("That option does not belong to this product.");
    stock = variant.preorder ? 1 : variant.stock;
  }
  if (stock > 0) throw new ValidationError("This item is in stock: you can order it now.");
  const inserted = await db.insert(stockNotifications).values({
    userId: user.id,
    productId,
    variantId,
    email: user.email,
  })
    .onConflictDoNothing().returning({ id: stockNotifications.id });
  if (!inserted.length) throw new ConflictError(ALREADY_SUBSCRIBED, { code: ERROR_CODES.alreadySubscribed });
}

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
      const name = row.variantName ? `${row.name} (${row.variantName})` : row.name;
      const mail = alertEmail({ name, url: `${shop.siteUrl}/product/${row.slug}`, shopName: shop.shopName });
      await enqueueEmail(tx as unknown as Db, { to: row.email, ...mail });
      await tx.update(stockNotifications).set({ active: false, notifiedAt: sql`now()` })
        .where(eq(stockNotifications.id, row.id));
    }
    return due.length;
  });
}
