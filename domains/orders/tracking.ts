/**
 * Order tracking for visitors who are not signed in: an order number plus the e-mail address of the
 * order's account. A wrong e-mail and an unknown number give the same empty answer, so the lookup
 * cannot be used to learn which order numbers exist.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { orders, users } from "../../db/schema/mod.ts";

/** The query of GET /track-order. */
export const trackOrderQuery = z.object({
  orderNumber: z.string().trim()
    .min(1, "Enter your order number.")
    .max(40, "Order numbers are at most 40 characters long.")
    .regex(/^RB-[A-Z0-9]+(?:-[A-Z0-9]+)*$/i, "Order numbers look like RB-1732240123456."),
  email: z.string().trim()
    .min(1, "Enter the e-mail address you used for the order.")
    .max(254, "That e-mail address is too long.")
    .pipe(z.email("Enter a valid e-mail address.")),
});

export type TrackOrderQuery = z.infer<typeof trackOrderQuery>;

export type OrderStatus = (typeof orders.$inferSelect)["status"];
export type ShippingMethod = (typeof orders.$inferSelect)["shippingMethod"];

/** What the tracking page may show: no address, no items, no amounts. */
export interface TrackedOrder {
  orderNumber: string;
  status: OrderStatus;
  placedAt: Date;
  shippingMethod: ShippingMethod;
  pudoLockerAddress: string | null;
  paid: boolean;
}

/**
 * The order with this number whose account e-mail equals `email` (ignoring case), or null. Orders of
 * erased accounts are not found.
 */
export async function trackOrder(db: Db, query: TrackOrderQuery): Promise<TrackedOrder | null> {
  const number = query.orderNumber.trim();
  const [row] = await db.select({
    orderNumber: orders.orderNumber,
    status: orders.status,
    placedAt: orders.createdAt,
    shippingMethod: orders.shippingMethod,
    pudoLockerAddress: orders.pudoLockerAddress,
    paidAt: orders.paidAt,
    paymentId: orders.paymentId,
  }).from(orders).innerJoin(users, eq(orders.userId, users.id))
    .where(and(
      // Both spellings so the unique index on order_number is used; numbers are issued upper case.
      inArray(orders.orderNumber, [...new Set([number, number.toUpperCase()])]),
      sql`lower(${users.email}) = ${query.email.trim().toLowerCase()}`,
      isNull(users.deletedAt),
    )).limit(1);
  if (!row) return null;
  return {
    orderNumber: row.orderNumber,
    status: row.status,
    placedAt: row.placedAt,
    shippingMethod: row.shippingMethod,
    pudoLockerAddress: row.pudoLockerAddress,
    paid: row.paidAt !== null || row.paymentId !== null,
  };
}
