/**
 * Meta's WhatsApp Business Account webhook (field `messages`), as far as the shop reads it:
 * "Order messages webhook reference" and "Sell products and services" (WhatsApp Cloud API). Unknown
 * fields are allowed (Meta adds them); what the shop reads is checked. Quantities and prices come
 * as numbers or numeric strings.
 */
import { z } from "zod";
import type { PricedLine } from "../orders/mod.ts";

/** Meta's message ids (`wamid.` + base64), bounded. */
const messageId = z.string().trim().min(1).max(128);
/** A WhatsApp number as Meta sends it: digits, country code first. */
export const waIdSchema = z.string().trim().regex(/^[0-9]{6,20}$/, "must be a WhatsApp number (digits)");

const numeric = z.union([z.number(), z.string().trim().regex(/^-?[0-9]+(\.[0-9]+)?$/)]).transform(Number);

export const productItemSchema = z.object({
  product_retailer_id: z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().min(1).max(200)),
  quantity: numeric.pipe(z.number().int().min(1).max(10_000)),
  item_price: numeric.pipe(z.number().min(0).max(10_000_000)).optional(),
  currency: z.string().trim().max(3).optional(),
});
export type ProductItem = z.output<typeof productItemSchema>;

export const orderSchema = z.object({
  catalog_id: z.union([z.string(), z.number()]).transform(String).optional(),
  product_items: z.array(productItemSchema).min(1).max(100),
  text: z.string().max(4096).optional(),
});
export type WhatsAppOrder = z.output<typeof orderSchema>;

/** One message of the webhook; only `order` and `text` messages are kept (others are acknowledged). */
export const messageSchema = z.object({
  id: messageId,
  from: waIdSchema,
  timestamp: z.union([z.string(), z.number()]).optional(),
  type: z.string().max(20),
  order: z.unknown().optional(),
  text: z.object({ body: z.string().max(4096) }).optional(),
});

const contactSchema = z.object({
  wa_id: z.string().max(20).optional(),
  profile: z.object({ name: z.string().max(200).optional() }).optional(),
});

export const changeValueSchema = z.object({
  messaging_product: z.string().optional(),
  metadata: z.object({ phone_number_id: z.string().max(30).optional() }).optional(),
  contacts: z.array(contactSchema).max(100).optional(),
  messages: z.array(messageSchema).max(100).optional(),
  statuses: z.array(z.unknown()).optional(),
});

/** The whole notification: `object` whatsapp_business_account, entries of changes. */
export const webhookSchema = z.object({
  object: z.literal("whatsapp_business_account"),
  entry: z.array(z.object({
    id: z.string().optional(),
    changes: z.array(z.object({ field: z.string(), value: z.unknown() })).max(100),
  })).max(100),
});

/** Meta's verification handshake (GET with hub.mode, hub.verify_token, hub.challenge). */
export const handshakeQuery = z.object({
  "hub.mode": z.string().max(40).optional(),
  "hub.verify_token": z.string().max(512).optional(),
  "hub.challenge": z.string().max(512).optional(),
});

/** A line of the cart the shop ordered, at the shop's price. */
export interface OrderedLine extends PricedLine {
  retailerId: string;
  /** The cart's `item_price` in cents when it differs from the shop's price (null when equal or absent). */
  cartPriceCents: number | null;
}

/** A line the shop could not order, and why. */
export interface LeftOutLine {
  retailerId: string;
  name: string | null;
  quantity: number;
  reason: "unknown" | "sold_out" | "short";
  /** For "short": how many the shop has. */
  available: number;
}

export interface WhatsAppOrderResult {
  /** Null when nothing could be ordered. */
  orderId: number | null;
  orderNumber: string | null;
  lines: OrderedLine[];
  leftOut: LeftOutLine[];
  subtotalCents: number;
  deliveryCents: number;
  totalCents: number;
  /** The order has the customer's default delivery address; otherwise the pay page asks for one. */
  hasAddress: boolean;
  /** The cart was in another currency than rand (its prices were not compared). */
  otherCurrency: string | null;
}
