/**
 * What paying an order needs to know of it: the customer's payable order, the provider's attempt
 * attached to it, and whether the provider's facts pay it. Finalisation itself (the order becomes
 * paid, its points, e-mail and invoice) is a workflow: flows/finalise_payment.ts.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { awaitingPayment } from "../../db/awaiting_payment.ts";
import type { ShopInfo } from "../../config.ts";
import { orders } from "../../db/schema/mod.ts";
import { ConflictError, NotFoundError } from "../../lib/errors.ts";
import { toCents, toNumeric } from "../../lib/money.ts";
import { ORDER_NOT_FOUND } from "../orders/mod.ts";
import type { PaymentGateway, PaymentIntentFacts } from "../payments/types.ts";
import type { PayFastGateway } from "../payments/payfast.ts";
import type { StitchGateway } from "../payments/stitch.ts";

export interface FinalizeOptions {
  shop: ShopInfo;
  siteUrl: string;
  now?: Date;
  /**
   * The card gateway, to refund at once a payment the order cannot keep (one that arrives after the
   * order was cancelled, or a second payment for a paid order). Without it the refund is owed and
   * the sweeper makes it on its next run.
   */
  payments?: PaymentGateway | null;
  /** PayFast, for the same when PayFast took that payment (its refund is a manual task for staff). */
  payfast?: PayFastGateway | null;
  /** Stitch, for the same when Stitch took that payment (through its refund API). */
  stitch?: StitchGateway | null;
  /**
   * The caller runs finalisation inside its own transaction (a webhook's): no provider is called
   * here, the caller gives back what is owed once it has committed (refundOwedForOrder).
   */
  refundLater?: boolean;
}

type OrderRow = typeof orders.$inferSelect;

/** What the payment step needs of an order the customer is about to pay. */
export interface PayableOrder {
  id: number;
  orderNumber: string;
  totalCents: number;
  paymentIntentId: string | null;
}

/** The customer's own pending, unpaid order; refuses paid and cancelled orders with a clear message. */
export async function payableOrder(db: Db, orderId: number, userId: number): Promise<PayableOrder> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row || row.userId !== userId) throw new NotFoundError(ORDER_NOT_FOUND);
  if (row.paidAt) throw new ConflictError("This order has already been paid.");
  if (row.status !== "pending") throw new ConflictError("This order was cancelled. Please place your order again.");
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    totalCents: toCents(row.total) ?? 0,
    paymentIntentId: row.paymentIntentId,
  };
}

/**
 * Remembers the provider's attempt for an order still pending and unpaid (the sweeper and the return
 * page ask about it). The update's condition is checked on the locked row, so an order that a
 * concurrent placement or the sweeper is cancelling is either cancelled first (and the attempt is
 * refused here) or gets the attempt first (and the canceller sees it and releases it at the provider
 * before it cancels: cancelOrder's `attempt`). With `amountCents`, only while the order's total is
 * still that amount: a reward code applied meanwhile lowered it, and an attempt for the old total
 * must not become the order's. Returns whether the attempt was attached.
 */
export async function attachPaymentIntent(
  db: Db,
  orderId: number,
  intentId: string,
  amountCents?: number,
): Promise<boolean> {
  const attached = await db.update(orders).set({ paymentIntentId: intentId, updatedAt: new Date() })
    .where(and(
      eq(orders.id, orderId),
      awaitingPayment(),
      amountCents === undefined ? undefined : eq(orders.total, toNumeric(amountCents)),
    )).returning({ id: orders.id });
  return attached.length > 0;
}

/** The id of the customer's order paid by this attempt, or null. */
export async function orderByPaymentIntent(db: Db, intentId: string, userId: number): Promise<number | null> {
  const [row] = await db.select({ id: orders.id }).from(orders)
    .where(and(eq(orders.paymentIntentId, intentId), eq(orders.userId, userId)));
  return row?.id ?? null;
}

/**
 * True when the attempt was made for this order: its metadata names the order's id and its order
 * number. The number matters because ids repeat across databases: a staging shop or a colleague's
 * machine sharing the Stripe account has its own order 1, and its payments must not pay ours.
 */
export function intentIsForOrder(order: Pick<OrderRow, "id" | "orderNumber">, intent: PaymentIntentFacts): boolean {
  return intent.metadata.orderId === String(order.id) && intent.metadata.orderNumber === order.orderNumber;
}

/** Why the provider's facts do not pay this order, or null when they do. */
export function paymentMismatch(
  order: Pick<OrderRow, "id" | "orderNumber" | "total">,
  intent: PaymentIntentFacts,
): string | null {
  if (!intentIsForOrder(order, intent)) return "This payment belongs to another order.";
  if (intent.status !== "succeeded") {
    return intent.status === "processing"
      ? "Your payment is still being processed. We will confirm your order as soon as it clears."
      : "The payment has not been completed, so the order is not paid.";
  }
  if (intent.currency.toLowerCase() !== "zar") return "The payment was made in another currency than the order's.";
  if (intent.amountCents !== toCents(order.total)) return "The payment amount does not match the order total.";
  return null;
}

/** What became of the customer's payment, by the provider's word, when they come back to the shop. */
export type PaymentReturn =
  | { outcome: "paid" }
  | { outcome: "processing" }
  | { outcome: "failed"; message: string };

/** The message when the provider gave none. */
export const PAYMENT_NOT_COMPLETED = "Your payment was not completed. Please try again.";
