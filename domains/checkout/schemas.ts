/**
 * Request shapes of order placement. The spec's client also sends orderNumber, status and
 * paymentMethod; they are accepted and ignored: the server numbers, prices and states every order.
 */
import { z } from "zod";
import { dbId } from "../../lib/ids.ts";
import { addressSchemas } from "../addresses/mod.ts";

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

/**
 * One line of an order staff take (docs/staff-orders.md). Other keys, a client's price among them,
 * are dropped: the shop's price is charged.
 */
export const orderLineInput = z.object({
  productId: dbId("Choose a product."),
  variantId: dbId("Choose a variant.").nullable().optional(),
  quantity: z.number({ error: "Quantity must be a whole number from 1 to 99." }).int({
    error: "Quantity must be a whole number from 1 to 99.",
  }).min(1, "Quantity must be a whole number from 1 to 99.").max(99, "Quantity must be a whole number from 1 to 99."),
});

export const orderLinesInput = z.array(orderLineInput, { error: "Add at least one item." })
  .min(1, "Add at least one item.").max(50, "An order has at most 50 lines.");

/** Where the order goes: the address book's fields that an order keeps (checkout's address rules). */
export const deliveryAddressInput = addressSchemas.addressForm.omit({
  label: true,
  addressType: true,
  isDefault: true,
});

const customerEmail = z.string({ error: "Invalid email address" }).trim().toLowerCase()
  .max(254, "Invalid email address").pipe(z.email({ error: "Invalid email address" }));

/** POST /api/admin/orders: an order staff take for a customer (an account by id, or an e-mail address). */
export const staffOrderBody = z.object({
  customerId: dbId("Choose a customer.").optional(),
  email: customerEmail.optional(),
  items: orderLinesInput,
  shippingMethod: z.enum(SHIPPING_METHOD_IDS, { error: "Choose standard delivery or a PUDO locker." }),
  pudoLockerCode: z.string().trim().max(40).nullable().optional(),
  address: deliveryAddressInput,
  note: z.string().trim().max(1000, "The note is at most 1000 characters.").optional(),
}).strict().refine((b) => (b.customerId === undefined) !== (b.email === undefined), {
  error: "Give either a customer or an e-mail address, not both.",
  path: ["customerId"],
});

export type StaffOrderBody = z.infer<typeof staffOrderBody>;

/** POST /api/admin/orders/{id}/lines: the unpaid order's new lines (they replace all of its lines). */
export const orderLinesBody = z.object({ items: orderLinesInput }).strict();

export type OrderLinesBody = z.infer<typeof orderLinesBody>;
