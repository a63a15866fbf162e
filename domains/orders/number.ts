/** Order numbers: what customers and staff read an order by. */

/** The unique constraint on orders.order_number (db/migrations/0000_init.sql). */
export const ORDER_NUMBER_UNIQUE = "orders_orderNumber_unique";

/**
 * 'RB-' plus the timestamp's last nine digits and six random digits: readable on the phone, sortable
 * enough, and two orders in the same millisecond differ but for a one-in-a-million draw, which the
 * unique column catches and placing the order retries with a fresh number.
 */
export function orderNumber(now: Date): string {
  const random = crypto.getRandomValues(new Uint32Array(1))[0] % 1_000_000;
  return `RB-${String(now.getTime()).slice(-9)}${String(random).padStart(6, "0")}`;
}
