/** The one rule for an order still waiting for payment, shared by every query that needs it. */
import { and, eq, isNull, type SQL } from "drizzle-orm";
import { orders } from "./schema/mod.ts";

/**
 * Orders placed and not paid: status pending and no payment recorded. Only such an order may take a
 * payment attempt, change its pay-link address, hold a coupon's use open, or be swept when unpaid.
 */
export function awaitingPayment(): SQL {
  return and(eq(orders.status, "pending"), isNull(orders.paidAt))!;
}
