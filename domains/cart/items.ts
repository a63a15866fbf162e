/**
 * Changing a cart's lines: add, set a quantity, remove, empty. Every quantity is held to what may
 * be ordered, in the same statement that writes it.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { cartCoupons, cartItems } from "../../db/schema/mod.ts";
import { ConflictError, NotFoundError } from "../../lib/errors.ts";
import { buyable, stockMessage } from "./stock.ts";
import { type CartOwner, couponOwnerOf, ownerOf } from "./types.ts";

/**
 * Adds `quantity` units (adding to a line that already holds the product). The new quantity is
 * checked against stock inside the upsert itself, so concurrent adds can never exceed it.
 */
export async function addToCart(
  db: Db,
  owner: CartOwner,
  input: { productId: number; variantId?: number | null; quantity: number },
): Promise<{ lineId: number; quantity: number; name: string }> {
  const variantId = input.variantId ?? null;
  const item = await buyable(db, input.productId, variantId);
  if (input.quantity > item.maxQuantity) throw new ConflictError(stockMessage(item, 0));
  const isUser = "userId" in owner;
  const [row] = await db.insert(cartItems).values({
    userId: isUser ? owner.userId : null,
    sessionId: isUser ? null : owner.sessionId,
    productId: input.productId,
    variantId,
    quantity: input.quantity,
  }).onConflictDoUpdate({
    target: isUser
      ? [cartItems.userId, cartItems.productId, cartItems.variantKey]
      : [cartItems.sessionId, cartItems.productId, cartItems.variantKey],
    targetWhere: isUser ? sql`${cartItems.userId} is not null` : sql`${cartItems.sessionId} is not null`,
    set: { quantity: sql`${cartItems.quantity} + excluded.quantity`, updatedAt: sql`now()` },
    setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${item.maxQuantity}`,
  }).returning({ id: cartItems.id, quantity: cartItems.quantity });
  if (!row) {
    const [existing] = await db.select({ q: cartItems.quantity }).from(cartItems).where(and(
      ownerOf(owner),
      eq(cartItems.productId, input.productId),
      variantId === null ? sql`${cartItems.variantId} is null` : eq(cartItems.variantId, variantId),
    ));
    throw new ConflictError(stockMessage(item, existing?.q ?? 0));
  }
  return { lineId: row.id, quantity: row.quantity, name: item.name };
}

/**
 * Sets a line's quantity; 0 or less removes it; another owner's line is NotFound. A line can sit
 * above what may be ordered when stock fell after it was added: raising it is refused, but a lower
 * quantity is accepted and brought down to what may be ordered (never below 1: removing the line
 * stays the shopper's choice), so the stepper's minus always works. Returns the quantity kept.
 */
export async function updateCartItem(db: Db, owner: CartOwner, lineId: number, quantity: number): Promise<number> {
  if (quantity <= 0) {
    await removeCartItem(db, owner, lineId);
    return 0;
  }
  const [line] = await db.select().from(cartItems).where(and(eq(cartItems.id, lineId), ownerOf(owner)));
  if (!line) throw new NotFoundError("Cart item not found");
  const item = await buyable(db, line.productId, line.variantId);
  let next = quantity;
  if (quantity > item.maxQuantity) {
    if (quantity > line.quantity) throw new ConflictError(stockMessage(item, 0));
    next = Math.max(1, item.maxQuantity);
  }
  await db.update(cartItems).set({ quantity: next, updatedAt: new Date() }).where(
    and(eq(cartItems.id, lineId), ownerOf(owner)),
  );
  return next;
}

export async function removeCartItem(db: Db, owner: CartOwner, lineId: number): Promise<void> {
  const gone = await db.delete(cartItems).where(and(eq(cartItems.id, lineId), ownerOf(owner)))
    .returning({ id: cartItems.id });
  if (!gone.length) throw new NotFoundError("Cart item not found");
}

/** Empties the cart and drops its coupon. */
export async function clearCart(db: Db, owner: CartOwner): Promise<void> {
  await db.delete(cartItems).where(ownerOf(owner));
  await db.delete(cartCoupons).where(couponOwnerOf(owner));
}
