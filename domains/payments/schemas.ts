/** Request shapes of /api/payments (zod), shared by the routes and the payment islands. */
import { z } from "zod";
import { CARD_EXPIRED, cardExpiryInPast } from "./card_expiry.ts";
import { dbId } from "../../lib/ids.ts";

const orderId = dbId("Please choose the order to pay.");

const zar = z.string().trim().toLowerCase().pipe(
  z.literal("zar", { error: "Payments are taken in South African rand (zar) only." }),
);

/**
 * POST /payments/create-intent. The spec's client also sends amount, currency and description:
 * accepted, but the amount charged is always the order's total from the database.
 */
export const createIntentBody = z.object({
  orderId: orderId.optional(),
  /** Ignored: the order's total is charged. */
  amount: z.unknown().optional(),
  currency: zar.optional(),
  metadata: z.object({ orderId: orderId.optional() }).catchall(z.unknown()).optional(),
  description: z.string().max(500).optional(),
}).strict().refine((b) => b.orderId !== undefined || b.metadata?.orderId !== undefined, {
  message: "Please choose the order to pay.",
  path: ["orderId"],
});

/** Test amounts are whole rand, R1 to R999,999 (Stripe's largest amount is 99,999,999 cents). */
export const TEST_AMOUNT_MAX = 999_999;

/** POST /payments/test-intent: the /test-stripe page's amount in whole rand. */
export const testIntentBody = z.object({
  amount: z.number({ error: "Amount must be a number." })
    .int("Amount must be a whole number of rand.")
    .min(1, "Amount must be at least R1.")
    .max(TEST_AMOUNT_MAX, "Amount must be at most R999 999."),
  currency: zar.optional(),
}).strict();

/** POST /payments/test-confirm: the offline test provider's card form. */
export const testConfirmBody = z.object({
  clientSecret: z.string().trim().min(1, "The payment is missing. Please start again.").max(300),
  cardNumber: z.string().trim().min(1, "Please enter the card number.").max(40),
  // Checked here too, not only in the form: the test card stands in for a card network, which refuses it.
  expiry: z.string().max(10).refine((v) => !cardExpiryInPast(v), CARD_EXPIRED).optional(),
  cvc: z.string().max(10).optional(),
}).strict();

/** The payment step's label of the PayFast method (here, not in payfast.ts, so islands need no node:crypto). */
export const PAYFAST_METHOD_LABEL = "Instant EFT, card and more with PayFast";

/** What staff are told when a PayFast order is refunded (order_refunds.status "manual"). */
export const PAYFAST_MANUAL_REFUND =
  "PayFast does not refund every payment method through its API: the refund is recorded here as manual. " +
  "Complete it in the PayFast dashboard (Transactions, open the payment, Refund).";

/** POST /payments/payfast/start: the customer's order to pay on PayFast's page. */
export const payfastStartBody = z.object({ orderId }).strict();

/** The payment step's label of the Stitch method (pay-by-bank). */
export const STITCH_METHOD_LABEL = "Instant EFT: pay from your bank account with Stitch";

/** What staff are told when a Stitch order is refunded without Stitch's refunds product (STITCH_REFUNDS=manual). */
export const STITCH_MANUAL_REFUND =
  "Stitch refunds are not switched on for this shop (STITCH_REFUNDS=manual): the refund is recorded here as manual. " +
  "Pay it back from the shop's bank account, or in the Stitch dashboard, to the account the customer paid from.";

/** POST /stitch/payment: the customer's order to pay from their bank account through Stitch. */
export const stitchPaymentBody = z.object({ orderId }).strict();

/** Each payment method (orders.payment_method) as a customer reads it: order pages and the confirmation e-mail. */
export const PAYMENT_METHOD_NAMES: Readonly<Record<string, string>> = {
  stripe: "Card (Stripe)",
  test: "Test card (no real payment)",
  payfast: "PayFast (Instant EFT, card and more)",
  stitch: "Instant EFT (Stitch pay-by-bank)",
};
