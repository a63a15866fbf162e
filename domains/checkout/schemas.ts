/**
 * Request shapes of order placement. The spec's client also sends orderNumber, status and
 * paymentMethod; they are accepted and ignored: the server numbers, prices and states every order.
 */
import { z } from "zod";
import { dbId } from "../../lib/ids.ts";

export const SHIPPING_METHOD_IDS = ["standard", "pudo_locker"] as const;

const addressRef = z.object({ id: dbId("Please choose a saved address.") }).nullable().optional();

/** POST /api/orders. */
export const placeOrderBody = z.object({
  shippingMethod: z.enum(SHIPPING_METHOD_IDS, { error: "Choose standard delivery or a PUDO locker." })
    .default("standard"),
  pudoLockerCode: z.string().trim().max(40).nullable().optional(),
  /** Ignored: the locker's address comes from the locker list. */
  pudoLockerAddress: z.unknown().optional(),
  shippingAddress: addressRef,
  billingAddress: addressRef,
  notes: z.string().trim().max(500, "Order notes are at most 500 characters.").nullable().optional(),
  // Sent by the spec's client and ignored on purpose.
  orderNumber: z.unknown().optional(),
  status: z.unknown().optional(),
  paymentMethod: z.unknown().optional(),
  total: z.unknown().optional(),
  items: z.unknown().optional(),
});

export type PlaceOrderBody = z.infer<typeof placeOrderBody>;

/** The Idempotency-Key header: any printable token up to 100 characters. */
export const idempotencyKey = z.string().trim().min(8, "The Idempotency-Key header must be 8 to 100 characters.")
  .max(100, "The Idempotency-Key header must be 8 to 100 characters.")
  .regex(/^[\x21-\x7e]+$/, "The Idempotency-Key header may hold printable characters only.");

/** PATCH /api/orders/{id}/payment: the provider's payment id; the status is the provider's to say. */
export const paymentUpdateBody = z.object({
  paymentId: z.string().trim().min(1, "paymentId is required").max(100),
  status: z.string().trim().max(40).optional(),
});
