/**
 * What the payment actions answer: read by the routes, /api/openapi.json and the payment islands.
 */
import { z } from "zod";

/** What the browser needs to show the payment form (formStart's shape). */
export const intentStartSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  provider: z.enum(["stripe", "test", "payfast", "stitch"]),
  publishableKey: z.string().nullable(),
});

export const createIntentOutput = intentStartSchema;

export const testIntentOutput = intentStartSchema;

export const testConfirmOutput = z.object({
  paymentIntent: z.object({ id: z.string(), status: z.string() }),
  error: z.string().optional(),
});
