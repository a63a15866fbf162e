/**
 * A WhatsApp cart becomes a shop order (docs/whatsapp.md, decision 0063): the order placed (checkout,
 * feeds, addresses, orders) from one message of the webhook's intake; the job that runs it over the
 * pending messages is whatsapp_inbox.ts. Each line is matched by the retailer id the Meta catalogue
 * feed publishes; prices and stock are the shop's, never the
 * cart's `item_price` (a difference is noted on the order). Lines the shop can sell in full are
 * ordered; lines it cannot (unknown, sold out, more than the stock) are left out and named in the
 * reply, so the customer chooses: pay for what was ordered, or send a new cart. Nothing sellable
 * means no order. The customer is the account of their WhatsApp number, created without a password.
 */
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { awaitingPayment } from "../db/awaiting_payment.ts";
import { orders, users } from "../db/schema/mod.ts";
import type { DeliveryRates } from "../domains/cart/mod.ts";
import { defaultAddresses } from "../domains/checkout/mod.ts";
import { createLineOrder, lockSellable } from "./line_order.ts";
import { findByRetailerIds } from "../domains/feeds/mod.ts";
import { addressSnapshot, writeOrderNote } from "../domains/orders/mod.ts";
import { createAddress } from "../domains/addresses/mod.ts";
import { insertAccountOnce } from "../domains/accounts/mod.ts";
import { lineLabel } from "../lib/line_label.ts";
import {
  type LeftOutLine,
  type OrderedLine,
  type WhatsAppOrder,
  type WhatsAppOrderResult,
} from "../domains/whatsapp/mod.ts";

/** What placing a WhatsApp order needs from the shop's configuration. */
export interface WhatsAppOrderOptions {
  delivery?: DeliveryRates;
  /** How the order will be paid: the shop's card gateway ("stripe", "test"), as checkout records it. */
  paymentMethod: string;
  now?: Date;
}

/** The account of a WhatsApp number (created at the first order): no password, a placeholder e-mail. */
export async function customerForWaId(
  tx: Db,
  waId: string,
  profileName: string | null,
  now = new Date(),
): Promise<{ id: number; created: boolean }> {
  const [found] = await tx.select({ id: users.id }).from(users).where(eq(users.waId, waId));
  if (found) return { id: found.id, created: false };
  // deno-lint-ignore no-control-regex
  const [first, ...rest] = (profileName ?? "").replace(/[\u0000-\u001f<>]/g, "").trim().split(/\s+/);
  return await insertAccountOnce(tx, {
    // wa_id is E.164 digits (at most 15): "wa" + 15 fits the 20 characters of a username.
    username: `wa${waId}`.slice(0, 20),
    // A reserved domain (RFC 2606): nothing is ever delivered there; the pay page asks for a real one.
    email: waPlaceholderEmail(waId),
    // Not an argon2 hash: no password ever matches it, so the account cannot be signed in to.
    password: "!whatsapp",
    firstName: first ? first.slice(0, 50) : null,
    lastName: rest.length ? rest.join(" ").slice(0, 50) : null,
    phone: `+${waId}`.slice(0, 20),
    waId,
    createdAt: now,
    updatedAt: now,
  }, "waId");
}

/** The placeholder address of a WhatsApp customer without an e-mail address. */
export function waPlaceholderEmail(waId: string): string {
  return `wa${waId}@whatsapp.invalid`;
}

/** True for an address no mail may be sent to (a WhatsApp customer's placeholder). */
export function isPlaceholderEmail(email: string): boolean {
  return /@whatsapp\.invalid$/i.test(email);
}

/** The cart's lines with one line per retailer id (quantities added, the first price kept). */
export function mergeCartLines(order: WhatsAppOrder) {
  const merged = new Map<string, { retailerId: string; quantity: number; itemPrice?: number; currency?: string }>();
  for (const item of order.product_items) {
    const id = item.product_retailer_id.trim();
    const line = merged.get(id);
    if (line) line.quantity += item.quantity;
    else {merged.set(id, {
        retailerId: id,
        quantity: item.quantity,
        itemPrice: item.item_price,
        currency: item.currency,
      });}
  }
  return [...merged.values()];
}

/**
 * Places the order for a WhatsApp cart in the caller's transaction (the message's row is locked by
 * the caller, so one message is handled once). `orders.wa_trade_id` is the message id: its unique
 * index is the last word on "one order per message".
 */
export async function placeWhatsAppOrder(
  tx: Db,
  input: { messageId: string; waId: string; profileName: string | null; order: WhatsAppOrder },
  opts: WhatsAppOrderOptions,
): Promise<WhatsAppOrderResult> {
  const now = opts.now ?? new Date();
  const cart = mergeCartLines(input.order);
  const found = await findByRetailerIds(tx, cart.map((l) => l.retailerId));
  const sellable = await lockSellable(tx, [...found.values()]);
  const otherCurrency = cart.find((l) => l.currency && l.currency.toUpperCase() !== "ZAR")?.currency ?? null;

  const lines: OrderedLine[] = [];
  const leftOut: LeftOutLine[] = [];
  for (const line of cart) {
    const item = found.get(line.retailerId);
    const facts = item ? sellable(item) : null;
    if (!facts) {
      leftOut.push({
        retailerId: line.retailerId,
        name: null,
        quantity: line.quantity,
        reason: "unknown",
        available: 0,
      });
      continue;
    }
    const name = lineLabel(facts);
    if (facts.max === 0 || line.quantity > facts.max) {
      leftOut.push({
        retailerId: line.retailerId,
        name,
        quantity: line.quantity,
        reason: facts.max === 0 ? "sold_out" : "short",
        available: facts.max,
      });
      continue;
    }
    const cartCents = line.itemPrice === undefined || otherCurrency ? null : Math.round(line.itemPrice * 100);
    lines.push({
      retailerId: line.retailerId,
      productId: facts.productId,
      variantId: facts.variantId,
      name: facts.name,
      variantName: facts.variantName,
      sku: facts.sku,
      quantity: line.quantity,
      unitPriceCents: facts.unitPriceCents,
      cartPriceCents: cartCents !== null && cartCents !== facts.unitPriceCents ? cartCents : null,
    });
  }

  const subtotalCents = lines.reduce((n, l) => n + l.unitPriceCents * l.quantity, 0);
  const empty: WhatsAppOrderResult = {
    orderId: null,
    orderNumber: null,
    lines,
    leftOut,
    subtotalCents: 0,
    deliveryCents: 0,
    totalCents: 0,
    hasAddress: false,
    otherCurrency,
  };
  // Nothing to sell, or nothing to pay (an order of R0.00 cannot be paid by card).
  if (!lines.length || subtotalCents <= 0) {
    return { ...empty, lines: [], leftOut: [...leftOut, ...lines.map(zeroLine)] };
  }

  const customer = await customerForWaId(tx, input.waId, input.profileName, now);
  const { shippingAddress } = await defaultAddresses(tx, customer.id);

  // The checkout's stock taking and totals (flows/line_order.ts). The rows are locked
  // above and the quantities checked, so it cannot fall short here.
  const placed = await createLineOrder(tx, {
    userId: customer.id,
    lines,
    source: "whatsapp",
    // Standard delivery by the shop's one rule; a WhatsApp order has no coupon.
    shippingMethod: "standard",
    shippingAddress,
    paymentMethod: opts.paymentMethod,
    waTradeId: input.messageId,
    // The customer's own words, as checkout keeps a shopper's note; what staff need is a note below.
    notes: customerText(input.order) || null,
    delivery: opts.delivery,
    now,
  });
  await writeOrderNote(tx, {
    orderId: placed.id,
    userId: null,
    body: staffNote(input, lines, leftOut, otherCurrency),
    at: now,
  });
  return {
    orderId: placed.id,
    orderNumber: placed.orderNumber,
    lines,
    leftOut,
    subtotalCents: placed.subtotalCents,
    deliveryCents: placed.deliveryCents,
    totalCents: placed.totalCents,
    hasAddress: shippingAddress !== null,
    otherCurrency,
  };
}

/** A line of R0.00 that cannot make an order on its own (a free item alone). */
function zeroLine(l: OrderedLine): LeftOutLine {
  return { retailerId: l.retailerId, name: l.name, quantity: l.quantity, reason: "unknown", available: 0 };
}

/** The text the customer sent with the cart, without control characters. */
function customerText(order: WhatsAppOrder): string {
  // deno-lint-ignore no-control-regex
  return order.text?.replace(/[\u0000-\u0008\u000b-\u001f]/g, "").trim().slice(0, 1000) ?? "";
}

/** The order's internal note for staff: where it came from, what the customer wrote, what was changed. */
function staffNote(
  input: { waId: string; order: WhatsAppOrder },
  lines: OrderedLine[],
  leftOut: LeftOutLine[],
  otherCurrency: string | null,
): string {
  const parts = [`WhatsApp order from +${input.waId}.`];
  const text = customerText(input.order);
  if (text) parts.push(`Customer's message: ${text}`);
  const differing = lines.filter((l) => l.cartPriceCents !== null);
  if (differing.length) {
    parts.push(
      `Charged at the shop's prices, not the WhatsApp cart's: ${
        differing.map((l) =>
          `${l.sku} cart R${(l.cartPriceCents! / 100).toFixed(2)}, shop R${(l.unitPriceCents / 100).toFixed(2)}`
        )
          .join("; ")
      }.`,
    );
  }
  if (otherCurrency) parts.push(`The cart's prices were in ${otherCurrency.slice(0, 3)}; the shop charges rand.`);
  if (leftOut.length) {
    parts.push(
      `Left out: ${leftOut.map((l) => `${l.retailerId} x${l.quantity} (${l.reason.replace("_", " ")})`).join("; ")}.`,
    );
  }
  return parts.join("\n");
}

/** A pay-link order's delivery address, given on the pay page (saved to the order while unpaid). */
export async function setWhatsAppOrderAddress(
  db: Db,
  orderId: number,
  address: Record<string, unknown>,
): Promise<boolean> {
  const updated = await db.update(orders).set({ shippingAddress: address, updatedAt: new Date() })
    .where(and(
      eq(orders.id, orderId),
      awaitingPayment(),
      // An order paid through a pay link (WhatsApp or staff): a checkout order has its address already.
      ne(orders.source, "web"),
    )).returning({ id: orders.id });
  return updated.length > 0;
}

/**
 * The delivery address a WhatsApp customer gives on the pay page: added to their address book as
 * the default (the next WhatsApp order uses it) and copied onto the unpaid order. False (the
 * address is kept in the book) when the order is no longer waiting for payment.
 */
export async function addressWhatsAppOrder(
  db: Db,
  order: { orderId: number; userId: number },
  input: Parameters<typeof createAddress>[2],
): Promise<boolean> {
  const address = await createAddress(db, { id: order.userId, firstName: null, lastName: null }, {
    ...input,
    addressType: "both",
    isDefault: true,
  });
  return await setWhatsAppOrderAddress(
    db,
    order.orderId,
    addressSnapshot(address) as unknown as Record<string, unknown>,
  );
}
