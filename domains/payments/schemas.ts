/** Request shapes of /api/payments (zod), shared by the routes and the payment islands. */
import { z } from "zod";

const orderId = z.coerce.number({ error: "Please choose the order to pay." })
  .int("Please choose the order to pay.")
  .min(1, "Please choose the order to pay.")
  .max(2_147_483_647, "Please choose the order to pay.");

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
  expiry: z.string().max(10).optional(),
  cvc: z.string().max(10).optional(),
}).strict();
