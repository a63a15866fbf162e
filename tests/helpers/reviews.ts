/**
 * Review fixtures: an order of one product, paid (delivered) or not, written straight to the database;
 * the review summary expected of the shop's own reviews.
 */
import type { Db } from "../../db/client.ts";
import { orderItems, orders } from "../../db/schema/mod.ts";

let orderSeq = 0;

export async function orderOf(db: Db, userId: number, productId: number, paid = true) {
  const [order] = await db.insert(orders).values({
    userId,
    orderNumber: `RB-T${++orderSeq}-${userId}-${productId}`,
    total: "100.00",
    status: paid ? "delivered" : "pending",
    paidAt: paid ? new Date() : null,
  }).returning();
  await db.insert(orderItems).values({ orderId: order.id, productId, name: "Item", price: "100.00", quantity: 1 });
  return order;
}

/**
 * The summary a product's reviews read as (listProductReviews, GET /api/products/:id/reviews) when the
 * approved ones are all the shop's own, with these star ratings: their mean (pick ratings whose mean
 * needs no rounding), count and distribution by stars; no reviews at all read as zeros.
 */
export function ownReviewsSummary(ratings: number[]) {
  const distribution = { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 };
  for (const stars of ratings) distribution[String(stars) as keyof typeof distribution]++;
  const count = ratings.length;
  return {
    average: count ? ratings.reduce((sum, stars) => sum + stars, 0) / count : 0,
    count,
    distribution,
    sources: { internal: count, google: 0, amazon: 0, facebook: 0, external: 0 },
  };
}
