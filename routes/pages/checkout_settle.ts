/**
 * What the checkout pages ask of the order and its payment provider: the customer's own order by id,
 * and, on the wait and return pages, the provider's word on the payment (the card provider or
 * Stitch), which pays the order, records a failure for the payment step, or leaves it waiting.
 */
import { logError as logErrorLine } from "../../lib/error_log.ts";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { getOrder, type OrderDetail } from "../../domains/orders/mod.ts";
import type { PaymentReturn } from "../../domains/checkout/mod.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { currentUser } from "../guards.ts";
import { finalizeOptions, stitchReturnPath } from "../finalize_options.ts";
import { settleReturnedPayment } from "../../flows/finalise_payment.ts";
import { settleStitchReturn } from "../../flows/stitch_payment.ts";

/** An error line with the request's id and path. */
export function logError(c: Context<AppEnv>, message: string, err: unknown) {
  logErrorLine(message, err, { requestId: c.get("requestId"), path: c.req.path });
}

/** A positive id from a query or form field, or null. */
export function idFrom(raw: unknown): number | null {
  return typeof raw === "string" && /^[1-9][0-9]{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}

/** The signed-in customer's own order, or null (none, someone else's, or a bad id). */
export async function ownOrder(c: Context<AppEnv>, id: number | null): Promise<OrderDetail | null> {
  if (id === null) return null;
  try {
    return await getOrder(c.var.db, id, { userId: currentUser(c).id, isAdmin: false });
  } catch (err) {
    if (err instanceof NotFoundError) return null;
    throw err;
  }
}

/** The order after a look at its provider, and a failed payment's message for the payment step. */
type Settlement = { order: OrderDetail; failure: string | null };

/** The order read again once the provider's word has been recorded. */
async function settledBy(c: Context<AppEnv>, order: OrderDetail, settled: PaymentReturn): Promise<Settlement> {
  const now = await ownOrder(c, order.id) ?? order;
  return { order: now, failure: settled.outcome === "failed" ? settled.message : null };
}

/** Attempt statuses that mean the payment failed and the customer must pay again. */
const FAILED = new Set(["requires_payment_method", "canceled"]);

/**
 * Asks the provider about the order's payment attempt (webhooks may lag or be absent): a succeeded
 * attempt finalises the order; a failed one is recorded and its message returned, for the payment
 * step. Anything else (processing, an unreachable provider) leaves the order as it is: keep waiting.
 */
export async function settleWithProvider(c: Context<AppEnv>, order: OrderDetail): Promise<Settlement> {
  const gateway = c.var.payments;
  const unchanged = { order, failure: null };
  if (order.paidAt || order.status !== "pending" || !gateway || !order.paymentIntentId) return unchanged;
  try {
    const intent = await gateway.retrieveIntent(order.paymentIntentId);
    if (intent?.status !== "succeeded" && !FAILED.has(intent?.status ?? "")) return unchanged;
    return await settledBy(c, order, await settleReturnedPayment(c.var.db, order.id, intent, finalizeOptions(c)));
  } catch (err) {
    // The provider may be unreachable: keep waiting, the page asks again.
    logError(c, "checking the payment with the provider failed", err);
    return unchanged;
  }
}

/**
 * Back from Stitch (its redirect carries the payment request's id and status): Stitch is asked for
 * the request's state, which pays the order, records a failure for the payment step, or (still
 * pending after a "complete" redirect) leaves the page waiting and asking again.
 */
export async function settleWithStitch(c: Context<AppEnv>, order: OrderDetail): Promise<Settlement> {
  const stitch = c.var.stitch;
  const unchanged = { order, failure: null };
  if (order.paidAt || order.status !== "pending" || !stitch) return unchanged;
  try {
    const settled = await settleStitchReturn(c.var.db, stitch, order.id, {
      requestId: c.req.query("id") ?? null,
      status: c.req.query("status") ?? null,
    }, finalizeOptions(c));
    if (settled.outcome === "processing") return unchanged;
    return await settledBy(c, order, settled);
  } catch (err) {
    // Stitch may be unreachable: keep waiting, the page asks again.
    logError(c, "checking the payment with Stitch failed", err);
    return unchanged;
  }
}

/** The wait page's address after Stitch's return: the request's id and status kept for the next look. */
export function stitchWaitUrl(c: Context<AppEnv>, orderId: number): string {
  const params = new URLSearchParams();
  const id = c.req.query("id");
  if (id && id.length <= 100) params.set("id", id);
  if (c.req.query("status") === "complete") params.set("status", "complete");
  const extra = params.toString();
  return extra ? `${stitchReturnPath(orderId)}&${extra}` : stitchReturnPath(orderId);
}
