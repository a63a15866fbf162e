/**
 * What a product page shows of one signed-in shopper, read in one round trip: whether the product is
 * on their wishlist, the status of their own review of it, and how many items their cart holds. The
 * wishlist, reviews and cart domains own these rows and their writes; this read model only spares the
 * busiest signed-in page three separate queries (issue 14, decision 0049). Their own single reads
 * (isInWishlist, reviewOf, cartItemCount) stay the authority for every other caller.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared.ts";
import { cartItems, reviews, users, wishlistItems } from "../../db/schema/mod.ts";
import type { ReviewStatus } from "../reviews/mod.ts";

export interface ShopperProductState {
  saved: boolean;
  /** Their review of the product (any status), or null. */
  reviewStatus: ReviewStatus | null;
  /** Items in their cart (quantities summed), for the header's badge. */
  cartCount: number;
}

const userId = sql.placeholder("userId");
const productId = sql.placeholder("productId");

const stateOf = preparedQuery((db) =>
  db.select({
    saved: sql<boolean>`exists (select 1 from ${wishlistItems} where ${wishlistItems.userId} = ${userId}
      and ${wishlistItems.productId} = ${productId})`,
    reviewStatus: sql<ReviewStatus | null>`(select ${reviews.status} from ${reviews} where ${reviews.userId} = ${userId}
      and ${reviews.productId} = ${productId} limit 1)`,
    cartCount: sql<string | number | null>`(select sum(${cartItems.quantity}) from ${cartItems}
      where ${cartItems.userId} = ${userId})`,
  }).from(users).where(eq(users.id, userId)).prepare("shopper_product_state")
);

/** The shopper's state for the product page of `productId`. */
export async function shopperProductState(
  db: Db,
  shopperId: number,
  forProduct: number,
): Promise<ShopperProductState> {
  const [row] = await stateOf(db).execute({ userId: shopperId, productId: forProduct });
  return {
    saved: row?.saved === true,
    reviewStatus: row?.reviewStatus ?? null,
    cartCount: Number(row?.cartCount ?? 0),
  };
}
