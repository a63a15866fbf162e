/**
 * "Tell me when it's back": a customer subscribes to an out-of-stock product (or one variant of it).
 * A database trigger marks subscriptions due when stock returns by any path; the stock alerts job
 * (flows/send_stock_alerts.ts) e-mails each due subscriber once.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, productVariants, stockNotifications } from "../../db/schema/mod.ts";
import { ConflictError, ERROR_CODES, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { onStorefront } from "../catalog/visibility.ts";

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
