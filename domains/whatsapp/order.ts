/**
 * A WhatsApp cart becomes a shop order (docs/whatsapp.md, decision 0063). Each line is matched by
 * the retailer id the Meta catalogue feed publishes; prices and stock are the shop's, never the
 * cart's `item_price` (a difference is noted on the order). Lines the shop can sell in full are
 * ordered; lines it cannot (unknown, sold out, more than the stock) are left out and named in the
 * reply, so the customer chooses: pay for what was ordered, or send a new cart. Nothing sellable
 * means no order. The customer is the account of their WhatsApp number, created without a password.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderItems, orderNotes, orders, products, productVariants, users } from "../../db/schema/mod.ts";
import { toCents, toNumeric } from "../../lib/money.ts";
import { DEFAULT_DELIVERY_RATES, deliveryQuote, type DeliveryRates } from "../cart/mod.ts";
import { chargedPriceCents, maxQuantity } from "../catalog/pricing.ts";
import { isOnStorefront } from "../catalog/visibility.ts";
import { defaultAddresses } from "../checkout/mod.ts";
import { findByRetailerIds } from "../feeds/mod.ts";
import { addressSnapshot, orderNumber, takeStock } from "../orders/mod.ts";
import { createAddress } from "../addresses/mod.ts";
import { recordStockMovements } from "../stock_history/mod.ts";
import type { WhatsAppOrder } from "./schemas.ts";

/** A line of the cart the shop ordered. */
export interface OrderedLine {
  retailerId: string;
  productId: number;
  variantId: number | null;
  name: string;
  variantName: string | null;
  sku: string;
  quantity: number;
  unitPriceCents: number;
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
  const inserted = await tx.insert(users).values({
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
  }).onConflictDoNothing({ target: users.waId }).returning({ id: users.id });
  if (inserted.length) return { id: inserted[0].id, created: true };
  const [again] = await tx.select({ id: users.id }).from(users).where(eq(users.waId, waId));
  return { id: again.id, created: false };
}

/** The placeholder address of a WhatsApp customer without an e-mail address. */
export function waPlaceholderEmail(waId: string): string {
  return `wa${waId}@whatsapp.invalid`;
}

/** True for an address no mail may be sent to (a WhatsApp customer's placeholder). */
export function isPlaceholderEmail(email: string): boolean {
  return /@whatsapp\.invalid$/i.test(email);
}

interface Sellable {
  productId: number;
  variantId: number | null;
  name: string;
  variantName: string | null;
  sku: string;
  unitPriceCents: number;
  max: number;
}

/**
 * The shop's sellable facts for the matched items, with their stock rows locked in the checkout's
 * lock order (products by id, then variants by id; every product row before any variant row),
 * so the stock read here is the stock taken below.
 */
async function lockedItems(tx: Db, items: { productId: number; variantId: number | null }[]) {
  const productIds = [...new Set(items.map((i) => i.productId))].sort((a, b) => a - b);
  const variantIds = [...new Set(items.flatMap((i) => i.variantId === null ? [] : [i.variantId]))].sort((a, b) =>
    a - b
  );
  const productRows = productIds.length
    ? await tx.select().from(products).where(inArray(products.id, productIds)).orderBy(products.id).for("update")
    : [];
  const variantRows = variantIds.length
    ? await tx.select().from(productVariants).where(inArray(productVariants.id, variantIds))
      .orderBy(productVariants.id).for("update")
    : [];
  const byProduct = new Map(productRows.map((p) => [p.id, p]));
  const byVariant = new Map(variantRows.map((v) => [v.id, v]));
  return (item: { productId: number; variantId: number | null }): Sellable | null => {
    const product = byProduct.get(item.productId);
    if (!product || !isOnStorefront(product)) return null;
    if (item.variantId === null) {
      return {
        productId: product.id,
        variantId: null,
        name: product.name,
        variantName: null,
        sku: product.sku,
        unitPriceCents: chargedPriceCents({
          priceCents: toCents(product.price)!,
          salePriceCents: toCents(product.salePrice),
          preorder: false,
          preorderDiscount: null,
        }),
        max: maxQuantity({ preorder: false, stock: product.stock }),
      };
    }
    const variant = byVariant.get(item.variantId);
    if (!variant || variant.productId !== product.id) return null;
    return {
      productId: product.id,
      variantId: variant.id,
      name: product.name,
      variantName: variant.name,
      sku: variant.sku,
      unitPriceCents: chargedPriceCents({
        priceCents: toCents(variant.price)!,
        salePriceCents: toCents(variant.salePrice),
        preorder: variant.preorder,
        preorderDiscount: variant.preorderDiscount === null ? null : Number(variant.preorderDiscount),
      }),
      max: maxQuantity({ preorder: variant.preorder, stock: variant.stock }),
    };
  };
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
  const sellable = await lockedItems(tx, [...found.values()]);
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
    const name = facts.variantName ? `${facts.name} (${facts.variantName})` : facts.name;
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
  // Standard delivery by the shop's one rule; a WhatsApp order has no coupon.
  const deliveryCents = deliveryQuote(subtotalCents, "standard", opts.delivery ?? DEFAULT_DELIVERY_RATES).feeCents;
  const totalCents = subtotalCents + deliveryCents;

  // The checkout's stock taking: one conditional update a line (never below zero). The rows are
  // locked above and the quantities checked, so it cannot fall short here.
  const taken = await takeStock(
    tx,
    lines.map((l) => ({
      productId: l.productId,
      variantId: l.variantId,
      quantity: l.quantity,
      name: l.variantName ? `${l.name} (${l.variantName})` : l.name,
    })),
  );

  const number = orderNumber(now);
  const [row] = await tx.insert(orders).values({
    userId: customer.id,
    orderNumber: number,
    status: "pending",
    subtotal: toNumeric(subtotalCents),
    shippingCost: toNumeric(deliveryCents),
    discountAmount: "0",
    total: toNumeric(totalCents),
    shippingAddress: shippingAddress ? addressSnapshot(shippingAddress) as unknown as Record<string, unknown> : null,
    shippingMethod: "standard",
    paymentMethod: opts.paymentMethod,
    waTradeId: input.messageId,
    // The customer's own words, as checkout keeps a shopper's note; what staff need is a note below.
    notes: customerText(input.order) || null,
    createdAt: now,
    updatedAt: now,
  }).returning({ id: orders.id });
  // The stock history's rows for this sale: one insert (decision 0071).
  await recordStockMovements(tx, taken, { reason: "sale", orderId: row.id, at: now });
  await tx.insert(orderNotes).values({
    orderId: row.id,
    userId: null,
    body: staffNote(input, lines, leftOut, otherCurrency),
    createdAt: now,
  });
  await tx.insert(orderItems).values(lines.map((l) => ({
    orderId: row.id,
    productId: l.productId,
    variantId: l.variantId,
    name: l.name,
    sku: l.sku,
    variantName: l.variantName,
    price: toNumeric(l.unitPriceCents),
    quantity: l.quantity,
  })));
  return {
    orderId: row.id,
    orderNumber: number,
    lines,
    leftOut,
    subtotalCents,
    deliveryCents,
    totalCents,
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

/** A WhatsApp order's delivery address, given on the pay page (saved to the order while unpaid). */
export async function setWhatsAppOrderAddress(
  db: Db,
  orderId: number,
  address: Record<string, unknown>,
): Promise<boolean> {
  const updated = await db.update(orders).set({ shippingAddress: address, updatedAt: new Date() })
    .where(and(
      eq(orders.id, orderId),
      eq(orders.status, "pending"),
      sql`${orders.paidAt} is null`,
      sql`${orders.waTradeId} is not null`,
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
