/** Orders waiting for their payment: how long they may wait, and the customer's latest one. */
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { awaitingPayment } from "../../db/awaiting_payment.ts";
import { orders } from "../../db/schema/mod.ts";
import { PAY_LINK_ORDER_TTL_MS } from "../orders/mod.ts";

/** How long an order may wait for its payment before the sweeper cancels it. */
export const UNPAID_ORDER_TTL_MS = 30 * 60_000;

/**
 * How long an order paid through a pay link waits (a WhatsApp cart's, one staff took by phone): the
 * customer pays from the chat or an e-mail, through a link valid exactly this long, often hours later.
 */
export const UNPAID_WHATSAPP_ORDER_TTL_MS = PAY_LINK_ORDER_TTL_MS;

/** Why an order cannot be changed right now: its payment is still with the provider. */
export const PAYMENT_STILL_PROCESSING =
  "Your payment is still being processed. Please wait a moment before changing your order.";

/** The customer's most recent order still waiting for payment, if any (the review step offers it). */
export async function unpaidOrderOf(db: Db, userId: number): Promise<{ id: number; orderNumber: string } | null> {
  const [row] = await db.select({ id: orders.id, orderNumber: orders.orderNumber }).from(orders)
    .where(and(eq(orders.userId, userId), awaitingPayment()))
    .orderBy(desc(orders.createdAt), desc(orders.id)).limit(1);
  return row ?? null;
}
