/** Review fixtures: an order of one product, paid (delivered) or not, written straight to the database. */
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
