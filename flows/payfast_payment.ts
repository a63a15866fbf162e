/**
 * Paying an order on PayFast's hosted page: the signed form for the customer's own unpaid order,
 * and the ITN that pays it. An ITN pays the order only after every check (signature, merchant,
 * source, order, amount, PayFast's own VALID) and through the one finalisation every payment uses;
 * it is recorded in payment_events as `payfast:<pf_payment_id>`, so a repeated ITN changes nothing.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { orders, paymentEvents } from "../db/schema/mod.ts";
import { logError } from "../lib/error_log.ts";
import { AppError } from "../lib/errors.ts";
import type { PayFastCheckout, PayFastGateway, PayFastItn } from "../domains/payments/payfast.ts";
import type { PaymentGateway } from "../domains/payments/types.ts";
import { finalizePaidOrder, recordPaymentFailure } from "./finalise_payment.ts";
import { type FinalizeOptions, payableOrder, paymentMismatch } from "../domains/checkout/mod.ts";

export interface PayFastUrls {
  /** Where PayFast sends the customer after paying: the confirmation, which waits for the ITN. */
  returnUrl: (orderId: number) => string;
  /** Where PayFast sends the customer who cancels: back to the payment step. */
  cancelUrl: (orderId: number) => string;
  /** The ITN's address (`{SITE_URL}/api/webhooks/payfast`). */
  notifyUrl: string;
}

/** The signed PayFast form for the customer's own pending, unpaid order (its total from the database). */
export async function startPayFastPayment(
  db: Db,
  payfast: PayFastGateway,
  input: { orderId: number; userId: number },
  urls: PayFastUrls,
): Promise<PayFastCheckout> {
  const order = await payableOrder(db, input.orderId, input.userId);
  return payfast.checkoutForm({
    orderId: order.id,
    orderNumber: order.orderNumber,
    totalCents: order.totalCents,
    returnUrl: urls.returnUrl(order.id),
    cancelUrl: urls.cancelUrl(order.id),
    notifyUrl: urls.notifyUrl,
  });
}

export interface ItnOutcome {
  /** extra-payment: a second payment for an order already paid, recorded and given back (manually). */
  result: "paid" | "already-paid" | "extra-payment" | "duplicate" | "failure-recorded" | "refused" | "pending";
  message?: string;
}

/** payment_events id of an ITN: the COMPLETE one is the payment; another status is kept apart from it. */
function eventId(itn: PayFastItn): string {
  return itn.paymentStatus === "COMPLETE"
    ? `payfast:${itn.pfPaymentId}`
    : `payfast:${itn.pfPaymentId}:${itn.paymentStatus.toLowerCase().slice(0, 20)}`;
}

/**
 * Handles an ITN whose signature, merchant and source PayFast's gateway already checked: the order
 * must exist with this number and total, PayFast must confirm the ITN (VALID), and only then is the
 * order paid (or, for CANCELLED/FAILED, the failure recorded as for a declined card). A refusal
 * leaves the order as it was and is logged; the ITN is recorded once handled, and a recorded ITN
 * is not handled again. A COMPLETE ITN with another pf_payment_id for an order already paid is a
 * second real payment: it is recorded once and given back (PayFast: a manual refund task for staff).
 */
export async function handlePayFastItn(
  db: Db,
  payfast: PayFastGateway,
  itn: PayFastItn,
  opts: FinalizeOptions & { log?: Record<string, unknown> },
): Promise<ItnOutcome> {
  const id = eventId(itn);
  const [seen] = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, id));
  if (seen) return { result: "duplicate" };
  const refuse = (message: string): ItnOutcome => {
    logError("a PayFast ITN was refused", new Error(message), { ...opts.log, pfPaymentId: itn.pfPaymentId });
    return { result: "refused", message };
  };
  if (itn.paymentStatus === "PENDING") return { result: "pending" };
  const [order] = itn.orderId === null ? [] : await db.select().from(orders).where(eq(orders.id, itn.orderId));
  if (!order) return refuse("the ITN names no order of this shop");
  const facts = payfast.itnFacts(itn);
  const complete = itn.paymentStatus === "COMPLETE";
  if (complete) {
    const mismatch = paymentMismatch(order, facts);
    if (mismatch) return refuse(mismatch);
  } else if (itn.orderNumber !== order.orderNumber) {
    return refuse("the ITN names another order number");
  }
  let valid: boolean;
  try {
    valid = await payfast.confirmItn(itn);
  } catch (err) {
    // PayFast retries an ITN that got no 200: no verdict (unreachable, 5xx, an unexpected body) is
    // worth that retry, and only a definite INVALID below is refused for good.
    throw new Error("PayFast's validation endpoint gave no verdict", { cause: err });
  }
  if (!valid) return refuse("PayFast did not confirm the ITN (validate answered INVALID)");

  let outcome: ItnOutcome;
  if (complete) {
    try {
      const paid = await finalizePaidOrder(db, order.id, facts, { ...opts, payfast });
      outcome = { result: paid.newlyPaid ? "paid" : paid.extraPayment ? "extra-payment" : "already-paid" };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      outcome = refuse(err.message);
    }
  } else {
    await recordPaymentFailure(db, order.id, facts, opts.now);
    outcome = { result: "failure-recorded" };
  }
  await db.insert(paymentEvents).values({
    id,
    type: `payfast.${itn.paymentStatus.toLowerCase()}`.slice(0, 80),
    orderId: order.id,
    receivedAt: opts.now ?? new Date(),
  }).onConflictDoNothing();
  return outcome;
}

/**
 * The provider that took an order's payment, for refunds and cancels: PayFast or Stitch for an
 * order paid through it, else the shop's card gateway (Stripe or the offline test provider).
 */
export async function gatewayForOrder(
  db: Db,
  orderId: number,
  gateways: { main: PaymentGateway | null; payfast: PayFastGateway | null; stitch?: PaymentGateway | null },
): Promise<PaymentGateway | null> {
  if (!gateways.payfast && !gateways.stitch) return gateways.main;
  const [row] = await db.select({ method: orders.paymentMethod }).from(orders).where(eq(orders.id, orderId));
  if (row?.method === "payfast") return gateways.payfast;
  if (row?.method === "stitch") return gateways.stitch ?? null;
  return gateways.main;
}
