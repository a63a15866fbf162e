/** Request shapes of the admin order screens and API (/admin/orders, /api/admin/orders). */
import { z } from "zod";
import { customerTag } from "../../lib/customer_tag.ts";
import { orderStatus } from "../../db/schema/mod.ts";
import { PAYMENT_STATUSES } from "../orders/mod.ts";
import { optionalDate } from "../../lib/sa_dates.ts";
import { plainText } from "../../lib/plain_text.ts";

const MAX_ID = 2_147_483_647;

/** "" (an empty form field) counts as absent. */
const emptyAsAbsent = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const ORDER_STATUSES = orderStatus.enumValues;

/** GET /admin/orders and /api/admin/orders: filters, search and page. */
export const adminOrdersQuery = z.object({
  status: z.preprocess(emptyAsAbsent, z.enum(ORDER_STATUSES, { error: "Unknown order status." }).optional()),
  payment: z.preprocess(
    emptyAsAbsent,
    z.enum(PAYMENT_STATUSES as [string, ...string[]], { error: "Unknown payment status." }).optional(),
  ),
  q: z.preprocess(
    emptyAsAbsent,
    plainText("The search").pipe(z.string().max(100, "Search at most 100 characters.")).optional(),
  ),
  source: z.preprocess(
    emptyAsAbsent,
    z.enum(["web", "whatsapp", "staff"], { error: "Unknown order source." }).optional(),
  ),
  /** Orders of customers carrying this tag (decision 0109), e.g. the trade orders to pack. */
  tag: z.preprocess(emptyAsAbsent, customerTag.optional()),
  from: optionalDate,
  to: optionalDate,
  page: z.preprocess(
    emptyAsAbsent,
    z.coerce.number({ error: "The page must be a number." }).int("The page must be a whole number.")
      .min(1, "The page must be 1 or more.").max(100_000, "There are not that many pages.").optional(),
  ),
}).refine((q) => !q.from || !q.to || q.from <= q.to, {
  message: "The start date must be on or before the end date.",
  path: ["to"],
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuery>;

export const TRACKING_REQUIRED = "Enter the tracking number to mark the order shipped.";

/** POST /api/admin/orders/{id}/status (and its form). */
export const statusBody = z.object({
  status: z.enum(ORDER_STATUSES, { error: "Unknown order status." }),
  trackingNumber: z.preprocess(
    emptyAsAbsent,
    plainText("The tracking number").pipe(
      z.string().min(1, TRACKING_REQUIRED).max(100, "The tracking number is at most 100 characters."),
    ).optional(),
  ),
  carrier: z.preprocess(
    emptyAsAbsent,
    plainText("The carrier").pipe(z.string().max(60, "The carrier is at most 60 characters.")).optional(),
  ),
  note: z.preprocess(
    emptyAsAbsent,
    plainText("The note", { lines: true }).pipe(z.string().max(2000, "A note is at most 2000 characters.")).optional(),
  ),
}).strict();
export type StatusBody = z.infer<typeof statusBody>;

export const REFUND_REASON_LENGTH = "The reason must be 3 to 500 characters.";

/** One line going back on the shelf with a refund. */
export const restockLine = z.object({
  orderItemId: z.number({ error: "orderItemId must be a number." }).int().min(1).max(MAX_ID, "No such order line."),
  quantity: z.number({ error: "The quantity must be a number." }).int("The quantity must be a whole number.")
    .min(1, "The quantity must be at least 1.").max(10_000, "The quantity is too large."),
}).strict();

/** POST /api/admin/orders/{id}/refund (and its form): rand with at most two decimals. */
export const refundBody = z.object({
  amount: z.number({ error: "The amount must be a number." })
    .gt(0, "The amount must be more than R0.")
    .max(1_000_000, "The amount is too large.")
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, "The amount has at most two decimals (cents)."),
  reason: plainText("The reason", { lines: true }).pipe(
    z.string().min(3, REFUND_REASON_LENGTH).max(500, REFUND_REASON_LENGTH),
  ),
  restock: z.array(restockLine).max(200, "Too many lines.").optional(),
}).strict();
export type RefundBody = z.infer<typeof refundBody>;

/** POST /api/admin/orders/{id}/notes (and its form). */
export const noteBody = z.object({
  body: plainText("The note", { lines: true }).pipe(
    z.string().min(1, "Write the note first.").max(2000, "A note is at most 2000 characters."),
  ),
}).strict();

/** The {id} of /admin/orders/{id}/... */
export const orderIdParam = z.object({
  id: z.string().regex(/^[1-9][0-9]{0,9}$/, "The order id must be a positive whole number.")
    .transform(Number).refine((n) => n <= MAX_ID, "The order id must be a positive whole number."),
});

/** POST /api/admin/orders/{id}/shipments (and its form): some units of some lines in one parcel. */
export const shipmentBody = z.object({
  lines: z.array(restockLine, { error: "lines must be a list of order lines." })
    .min(1, "Enter how many of at least one line to ship.").max(200, "Too many lines."),
  trackingNumber: plainText("The tracking number").pipe(
    z.string().min(1, "Enter the tracking number of the parcel.").max(
      100,
      "The tracking number is at most 100 characters.",
    ),
  ),
  carrier: z.preprocess(
    emptyAsAbsent,
    plainText("The carrier").pipe(z.string().max(60, "The carrier is at most 60 characters.")).optional(),
  ),
}).strict();
export type ShipmentBody = z.infer<typeof shipmentBody>;

/** PUT /api/admin/orders/{id}/shipments/{shipmentId} (and its form): a parcel's tracking, corrected. */
export const parcelTrackingBody = z.object({
  trackingNumber: shipmentBody.shape.trackingNumber,
  carrier: shipmentBody.shape.carrier,
  /** E-mail the customer the corrected number (the order page's box is ticked by default). */
  notifyCustomer: z.boolean({ error: "notifyCustomer must be true or false." }).default(false),
}).strict();

/** The {id} and {shipmentId} of /admin/orders/{id}/shipments/{shipmentId}. */
export const parcelParams = orderIdParam.extend({
  shipmentId: orderIdParam.shape.id,
});

/** What PUT /api/admin/orders/{id}/shipments/{shipmentId} answers. */
export const parcelTrackingResult = z.object({
  shipmentId: z.number().int(),
  trackingNumber: z.string(),
  carrier: z.string().nullable(),
  /** False when the number and carrier were already these (nothing written, nobody e-mailed). */
  changed: z.boolean(),
  /** True when the customer was e-mailed the corrected number. */
  notified: z.boolean(),
});

/** What POST /api/admin/orders/{id}/shipments answers: the parcel, the order's status and every line's count. */
export const shipmentResult = z.object({
  shipmentId: z.number().int(),
  /** True when this parcel sent the last units and the order is now shipped. */
  completed: z.boolean(),
  status: z.enum(ORDER_STATUSES),
  lines: z.array(z.object({
    orderItemId: z.number().int(),
    name: z.string(),
    ordered: z.number().int(),
    shipped: z.number().int(),
    restocked: z.number().int().describe("Units that went back on the shelf with a refund (never shipped)"),
    toShip: z.number().int(),
  })),
});
