/**
 * /api/stitch: Stitch pay-by-bank (instant EFT). POST /payment starts the payment of the signed-in
 * customer's own unpaid order (its total from the database) and answers the URL of Stitch's page,
 * where the customer pays from their bank account and is sent back to the shop's return address.
 * The order becomes paid only on Stitch's word: its signed webhook (/api/webhooks/stitch) or the
 * server's own question on the customer's return (routes/pages/checkout.tsx).
 */
import { z } from "zod";
import { PaymentNotConfiguredError, paymentSchemas } from "../../domains/payments/mod.ts";
import { AppError } from "../../lib/errors.ts";
import { refuseBodyOver } from "../admin_limits.ts";
import { logError } from "../../lib/error_log.ts";
import { currentUser } from "../guards.ts";
import { actionApi, defineAction } from "../action.ts";
import { stitchUrls } from "../finalize_options.ts";
import { startStitchPayment } from "../../flows/stitch_payment.ts";
import { PRIVATE_CACHE_CONTROL } from "../page_cache.ts";

/** Stitch could not be reached (or gave no usable request): nothing was started, the customer may retry. */
export const STITCH_UNAVAILABLE =
  "We could not reach Stitch to start your bank payment. Please try again in a moment, or choose another method.";

export const stitchPaymentAction = defineAction({
  method: "post",
  path: "/stitch/payment",
  input: paymentSchemas.stitchPaymentBody,
  output: z.object({ url: z.string() }),
  auth: "customer",
  middleware: [refuseBodyOver(4 * 1024)],
  summary:
    "Start a Stitch pay-by-bank (instant EFT) payment of the customer's unpaid order; answers the bank page's URL",
  handler: async (c, { orderId }) => {
    c.header("Cache-Control", PRIVATE_CACHE_CONTROL);
    const stitch = c.var.stitch;
    if (!stitch) throw new PaymentNotConfiguredError();
    try {
      const { url } = await startStitchPayment(
        c.var.db,
        stitch,
        { orderId, userId: currentUser(c).id },
        stitchUrls(c),
      );
      return { url };
    } catch (err) {
      if (err instanceof AppError) throw err;
      logError("starting a Stitch payment failed", err, { requestId: c.get("requestId"), orderId });
      throw new AppError(STITCH_UNAVAILABLE, 503);
    }
  },
});

export function stitchApi() {
  return actionApi("/stitch", [stitchPaymentAction]);
}
