/**
 * An order from a list of lines rather than a cart: a WhatsApp cart (flows/whatsapp_order.ts) and an order
 * staff take by phone or chat (flows/staff_order.ts) both come here, so both are priced, stocked and
 * totalled as checkout does it: the shop's prices (`chargedPriceCents`), the checkout's lock order
 * and `takeStock`, the one delivery rule (`deliveryQuote`), VAT included in the prices. Nothing a
 * client says about money is used.
 */
import { inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { orderItems, orders, products, productVariants } from "../db/schema/mod.ts";
import { toNumeric } from "../lib/money.ts";
import { DEFAULT_DELIVERY_RATES, deliveryQuote, type DeliveryRates } from "../domains/cart/mod.ts";
import { chargedPriceCents, maxQuantity } from "../domains/catalog/pricing.ts";
import { pricedRow } from "../domains/catalog/stored_prices.ts";
import { isOnStorefront } from "../domains/catalog/visibility.ts";
import { listProducts } from "../domains/catalog/mod.ts";
import {
  type AddressSnapshot,
  addressSnapshot,
  orderNumber,
  type PricedLine,
  stockLineOf,
  takeStock,
} from "../domains/orders/mod.ts";
import { recordStockMovements } from "../domains/stock_history/mod.ts";
import { lineLabel } from "../lib/line_label.ts";

/** What the shop sells an item for, and how many it can sell now. */
export interface SellableItem {
  productId: number;
  variantId: number | null;
  name: string;
  variantName: string | null;
  sku: string;
  unitPriceCents: number;
  /** The units that can be ordered (the stock; a pre-order's cap). */
  max: number;
  /** Fits a PUDO locker (the product's flag). */
  pudoEligible: boolean;
}

/** "2 x Heat mat 20W, 1 x UVB tube": the lines in one phrase (audit entries, staff notes). */
export function linesText(lines: readonly { name: string; variantName: string | null; quantity: number }[]): string {
  return lines.map((l) => `${l.quantity} x ${lineLabel(l)}`).join(", ") || "(none)";
}

/**
 * The shop's sellable facts for the items, with their stock rows locked in the checkout's lock order
 * (products by id, then variants by id; every product row before any variant row), so the stock read
 * here is the stock taken by `createLineOrder`. Null for an item that is not on sale (unknown, draft,
 * archived, or a variant of another product).
 */
export async function lockSellable(
  tx: Db,
  items: readonly { productId: number; variantId: number | null }[],
): Promise<(item: { productId: number; variantId: number | null }) => SellableItem | null> {
  const productIds = [...new Set(items.map((i) => i.productId))].sort((a, b) => a - b);
  const variantIds = [...new Set(items.flatMap((i) => i.variantId === null ? [] : [i.variantId]))]
    .sort((a, b) => a - b);
  const productRows = productIds.length
    ? await tx.select().from(products).where(inArray(products.id, productIds)).orderBy(products.id).for("update")
    : [];
  const variantRows = variantIds.length
    ? await tx.select().from(productVariants).where(inArray(productVariants.id, variantIds))
      .orderBy(productVariants.id).for("update")
    : [];
  const byProduct = new Map(productRows.map((p) => [p.id, p]));
  const byVariant = new Map(variantRows.map((v) => [v.id, v]));
  return (item) => {
    const product = byProduct.get(item.productId);
    if (!product || !isOnStorefront(product)) return null;
    if (item.variantId === null) {
      return {
        productId: product.id,
        variantId: null,
        name: product.name,
        variantName: null,
        sku: product.sku,
        unitPriceCents: chargedPriceCents(pricedRow(product)),
        max: maxQuantity({ preorder: false, stock: product.stock }),
        pudoEligible: product.pudoEligible,
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
      unitPriceCents: chargedPriceCents(pricedRow(variant)),
      max: maxQuantity({ preorder: variant.preorder, stock: variant.stock }),
      pudoEligible: product.pudoEligible,
    };
  };
}

/** The money of lines as checkout totals it: goods, the delivery fee by the one rule, the total. */
export function lineTotals(
  lines: readonly PricedLine[],
  shippingMethod: "standard" | "pudo_locker",
  rates: DeliveryRates = DEFAULT_DELIVERY_RATES,
) {
  const subtotalCents = lines.reduce((n, l) => n + l.unitPriceCents * l.quantity, 0);
  const deliveryCents = deliveryQuote(subtotalCents, shippingMethod, rates).feeCents;
  return { subtotalCents, deliveryCents, totalCents: subtotalCents + deliveryCents };
}

export interface LineOrderInput {
  userId: number;
  lines: PricedLine[];
  source: "whatsapp" | "staff";
  shippingMethod: "standard" | "pudo_locker";
  pudoLocker?: { code: string; address: string } | null;
  /** Null when the customer gives it on the pay page. */
  shippingAddress: AddressSnapshot | null;
  paymentMethod: string;
  /** The customer's own words (checkout's order notes). */
  notes?: string | null;
  waTradeId?: string | null;
  delivery?: DeliveryRates;
  /** Whose action took the stock (the staff member; null for the WhatsApp job). */
  actorUserId?: number | null;
  now: Date;
}

/**
 * Takes the stock of every line (ConflictError naming the first line short, in the spec's words) and
 * creates the pending, unpaid order with its lines snapshotted, in the caller's transaction.
 */
export async function createLineOrder(
  tx: Db,
  input: LineOrderInput,
): Promise<{ id: number; orderNumber: string; subtotalCents: number; deliveryCents: number; totalCents: number }> {
  const changes = await takeStock(tx, input.lines.map(stockLineOf));
  const totals = lineTotals(input.lines, input.shippingMethod, input.delivery);
  const number = orderNumber(input.now);
  const [row] = await tx.insert(orders).values({
    userId: input.userId,
    orderNumber: number,
    status: "pending",
    subtotal: toNumeric(totals.subtotalCents),
    shippingCost: toNumeric(totals.deliveryCents),
    discountAmount: "0",
    total: toNumeric(totals.totalCents),
    shippingAddress: input.shippingAddress
      ? addressSnapshot(input.shippingAddress) as unknown as Record<string, unknown>
      : null,
    shippingMethod: input.shippingMethod,
    pudoLockerCode: input.pudoLocker?.code ?? null,
    pudoLockerAddress: input.pudoLocker?.address ?? null,
    paymentMethod: input.paymentMethod,
    source: input.source,
    waTradeId: input.waTradeId ?? null,
    notes: input.notes?.trim() || null,
    createdAt: input.now,
    updatedAt: input.now,
  }).returning({ id: orders.id });
  await insertLines(tx, row.id, input.lines);
  await recordStockMovements(tx, changes, {
    reason: "sale",
    orderId: row.id,
    actorUserId: input.actorUserId ?? null,
    at: input.now,
  });
  return { id: row.id, orderNumber: number, ...totals };
}

/** The order's line snapshots (name, SKU and unit price as charged). */
export async function insertLines(tx: Db, orderId: number, lines: readonly PricedLine[]): Promise<void> {
  if (!lines.length) return;
  await tx.insert(orderItems).values(lines.map((l) => ({
    orderId,
    productId: l.productId,
    variantId: l.variantId,
    name: l.name,
    sku: l.sku,
    variantName: l.variantName,
    price: toNumeric(l.unitPriceCents),
    quantity: l.quantity,
  })));
}

/** A product, or one of its variants, as the staff order form's product search lists it. */
export type SellableHit = Pick<SellableItem, "productId" | "variantId" | "name" | "sku"> & {
  priceCents: number;
  stock: number;
};

/**
 * Products and variants on sale whose name or SKU holds `q` (any case), for staff adding lines to an
 * order: at most `limit` products (index-backed LIMIT), each with its variants.
 */
export async function findSellable(
  db: Db,
  q: string,
  limit = 15,
): Promise<SellableHit[]> {
  const text = q.trim().slice(0, 100);
  if (!text) return [];
  // The admin product list's search (trigram indexes, few matches read by id: decision 0098).
  const page = await listProducts(db, { nameOrSku: text, sort: "name_asc", limit });
  if (!page.items.length) return [];
  const rows = await db.select().from(products).where(inArray(products.id, page.items.map((p) => p.id)));
  const byId = new Map(rows.map((p) => [p.id, p]));
  const found = page.items.flatMap((p) => byId.get(p.id) ?? []);
  const variants = await db.select().from(productVariants)
    .where(inArray(productVariants.productId, found.map((p) => p.id))).orderBy(productVariants.id);
  return found.flatMap((p): SellableHit[] => {
    const own = variants.filter((v) => v.productId === p.id);
    if (!own.length) {
      return [{
        productId: p.id,
        variantId: null,
        name: p.name,
        sku: p.sku,
        priceCents: chargedPriceCents(pricedRow(p)),
        stock: p.stock,
      }];
    }
    return own.map((v) => ({
      productId: p.id,
      variantId: v.id,
      name: `${p.name} (${v.name})`,
      sku: v.sku,
      priceCents: chargedPriceCents(pricedRow(v)),
      stock: v.stock,
    }));
  });
}

/** "Heat mat 20W (Large) · RB-001" for each item staff listed, by "productId:variantId" (unknown ones absent). */
export async function itemLabels(
  db: Db,
  items: readonly { productId: number; variantId: number | null }[],
): Promise<Map<string, string>> {
  const productIds = [...new Set(items.map((i) => i.productId))].slice(0, 100);
  const variantIds = [...new Set(items.flatMap((i) => i.variantId === null ? [] : [i.variantId]))].slice(0, 100);
  if (!productIds.length) return new Map();
  const [productRows, variantRows] = await Promise.all([
    db.select({ id: products.id, name: products.name, sku: products.sku }).from(products)
      .where(inArray(products.id, productIds)),
    variantIds.length
      ? db.select({ id: productVariants.id, name: productVariants.name, sku: productVariants.sku })
        .from(productVariants).where(inArray(productVariants.id, variantIds))
      : Promise.resolve([]),
  ]);
  const byProduct = new Map(productRows.map((p) => [p.id, p]));
  const byVariant = new Map(variantRows.map((v) => [v.id, v]));
  const out = new Map<string, string>();
  for (const item of items) {
    const p = byProduct.get(item.productId);
    if (!p) continue;
    const v = item.variantId === null ? null : byVariant.get(item.variantId);
    out.set(`${item.productId}:${item.variantId}`, v ? `${p.name} (${v.name}) · ${v.sku}` : `${p.name} · ${p.sku}`);
  }
  return out;
}
