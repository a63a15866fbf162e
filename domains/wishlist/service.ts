/** A customer's wishlist: products saved for later, newest first. */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared.ts";
import { products, wishlistItems } from "../../db/schema/mod.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { onStorefront, type Product, productsInOrder } from "../catalog/mod.ts";
import { priceNowOf } from "./price_drops.ts";

export interface WishlistEntry {
  id: number;
  productId: number;
  addedAt: Date;
  product: Product;
}

export async function listWishlist(db: Db, userId: number): Promise<WishlistEntry[]> {
  const rows = await db.select().from(wishlistItems).where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.addedAt), desc(wishlistItems.id));
  if (!rows.length) return [];
  const byId = new Map((await productsInOrder(db, rows.map((r) => r.productId))).map((p) => [p.id, p]));
  return rows.filter((r) => byId.has(r.productId))
    .map((r) => ({ id: r.id, productId: r.productId, addedAt: r.addedAt, product: byId.get(r.productId)! }));
}

/** Saves a product; saving it again changes nothing. Returns whether it was newly added. */
export async function addToWishlist(db: Db, userId: number, productId: number): Promise<boolean> {
  const [product] = await db.select({ id: products.id }).from(products)
    .where(and(eq(products.id, productId), onStorefront()));
  if (!product) throw new NotFoundError("Product not found");
  const added = await db.insert(wishlistItems).values({ userId, productId, priceSeen: priceNowOf(productId) })
    .onConflictDoNothing()
    .returning({ id: wishlistItems.id });
  return added.length > 0;
}

export async function removeFromWishlist(db: Db, userId: number, productId: number): Promise<void> {
  const gone = await db.delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .returning({ id: wishlistItems.id });
  if (!gone.length) throw new NotFoundError("That product is not in your wishlist");
}

/**
 * Saves the product when it is not saved, else takes it off (the heart on a product card). Returns
 * whether it is saved now. The delete decides, so two toggles sent at once undo each other as two
 * clicks would, instead of both adding.
 */
export async function toggleWishlist(db: Db, userId: number, productId: number): Promise<boolean> {
  const gone = await db.delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .returning({ id: wishlistItems.id });
  if (gone.length) return false;
  await addToWishlist(db, userId, productId);
  return true;
}

const wishlisted = preparedQuery((db) =>
  db.select({ id: wishlistItems.id }).from(wishlistItems)
    .where(
      and(
        eq(wishlistItems.userId, sql.placeholder("userId")),
        eq(wishlistItems.productId, sql.placeholder("productId")),
      ),
    )
    .prepare("wishlisted")
);

export async function isInWishlist(db: Db, userId: number, productId: number): Promise<boolean> {
  const [row] = await wishlisted(db).execute({ userId, productId });
  return !!row;
}
