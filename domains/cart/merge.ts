/** A guest's cart joining the user's cart on sign-in. */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { cartCoupons, cartItems } from "../../db/schema/mod.ts";
import { type Buyable, buyable } from "./stock.ts";

/**
 * Moves a guest's cart into the user's on sign-in: quantities add, capped at what may be ordered;
 * the guest's coupon comes along when the user has none. Returns lines that could not move fully.
 *
 * Race-safe for a double-submitted login: the guest's lines are claimed first (DELETE ... RETURNING
 * inside the transaction), so a second merge of the same session waits on those rows and then finds
 * nothing to move; each line then goes in with one upsert capped in SQL, so a line the user adds at
 * the same moment neither trips the unique index nor pushes the quantity past the stock.
 */
export async function mergeGuestCart(db: Db, sessionId: string, userId: number): Promise<string[]> {
  return await db.transaction(async (tx) => {
    const problems: string[] = [];
    const guestLines = await tx.delete(cartItems).where(eq(cartItems.sessionId, sessionId)).returning();
    for (const line of guestLines) {
      let item: Buyable;
      try {
        item = await buyable(tx as unknown as Db, line.productId, line.variantId);
      } catch {
        continue; // the product or option is gone
      }
      const sameLine = and(
        eq(cartItems.userId, userId),
        eq(cartItems.productId, line.productId),
        eq(cartItems.variantKey, line.variantId ?? 0),
      );
      // Locked for the rest of the transaction: only used to tell the shopper what was capped.
      const [mine] = await tx.select({ quantity: cartItems.quantity }).from(cartItems).where(sameLine).for("update");
      if ((mine?.quantity ?? 0) + line.quantity > item.maxQuantity) problems.push(item.name);
      if (item.maxQuantity <= 0) continue;
      await tx.insert(cartItems).values({
        userId,
        productId: line.productId,
        variantId: line.variantId,
        quantity: Math.min(line.quantity, item.maxQuantity),
      }).onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId, cartItems.variantKey],
        targetWhere: sql`${cartItems.userId} is not null`,
        set: {
          quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${item.maxQuantity})`,
          updatedAt: sql`now()`,
        },
      });
    }
    const [guestCoupon] = await tx.delete(cartCoupons).where(eq(cartCoupons.sessionId, sessionId))
      .returning({ couponId: cartCoupons.couponId });
    if (guestCoupon) {
      await tx.insert(cartCoupons).values({ userId, couponId: guestCoupon.couponId })
        .onConflictDoNothing({ target: cartCoupons.userId });
    }
    return problems;
  });
}
