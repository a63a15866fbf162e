/**
 * What a staff refund may be: what is left to refund, which statuses refund, which lines may go back
 * on the shelf, and the providers whose refunds staff complete by hand. The refund itself (reserve ->
 * provider -> complete, or roll the reservation back) is the saga in flows/refund_order.ts.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { ShopInfo } from "../../config.ts";
import {
  orderItems,
  orderRefunds,
  type orders,
  type RestockLine,
  shipmentItems,
  shipments,
} from "../../db/schema/mod.ts";
import { ConflictError, ValidationError } from "../../lib/errors.ts";
import { formatMoney, toCents } from "../../lib/money.ts";

type OrderRow = typeof orders.$inferSelect;

/** The statuses whose payment staff may refund (a cancelled order was refunded when cancelled). */
export const REFUNDABLE_STATUSES = new Set(["processing", "shipped", "delivered"]);

/** The 409 above what is left to refund. */
export function refundTooLargeMessage(refundableCents: number): string {
  return `The refund is more than the refundable amount of ${formatMoney(refundableCents)}`;
}
export const NOT_PAID_REFUND = "Only a paid order can be refunded.";

/**
 * Providers whose refunds the shop cannot make through an API (PayFast's merchant API does not
 * refund card or Instant EFT payments): the refund is recorded as "manual", with its credit note, and
 * staff complete it in the provider's dashboard.
 */
export const MANUAL_REFUND_PROVIDERS: ReadonlyMap<string, string> = new Map([["payfast", "PayFast"]]);

export const ALREADY_REFUNDED = "Everything paid on this order has been refunded already.";

/** What is left to refund on an order: the total paid less what went back already (0 unpaid). */
export function refundableCents(o: { paidAt: Date | null; total: string; refundedAmount: string }): number {
  if (!o.paidAt) return 0;
  return Math.max(0, (toCents(o.total) ?? 0) - (toCents(o.refundedAmount) ?? 0));
}

export interface RefundRequest {
  orderId: number;
  amountCents: number;
  reason: string;
  restock: RestockLine[];
  /** The staff member giving the refund (audit trail, order_refunds.createdBy). */
  userId: number | null;
}

export interface RefundOptions {
  shop: ShopInfo;
  siteUrl: string;
  now?: Date;
}

/** How many units of each line already went (or are going) back on the shelf with earlier refunds. */
export async function restockedSoFar(tx: Db, orderId: number): Promise<Map<number, number>> {
  const rows = await tx.select({ restock: orderRefunds.restock }).from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId));
  const done = new Map<number, number>();
  for (const row of rows) {
    for (const l of row.restock ?? []) done.set(l.orderItemId, (done.get(l.orderItemId) ?? 0) + l.quantity);
  }
  return done;
}

/**
 * Units shipped so far by order line (partial fulfilment, decision 0079): they have left the shelf,
 * so a cancel gives back only the rest.
 */
export async function shippedSoFar(tx: Db, orderId: number): Promise<Map<number, number>> {
  const rows = await tx.select({ orderItemId: shipmentItems.orderItemId, quantity: shipmentItems.quantity })
    .from(shipmentItems).innerJoin(shipments, eq(shipments.id, shipmentItems.shipmentId))
    .where(eq(shipments.orderId, orderId));
  const done = new Map<number, number>();
  for (const r of rows) done.set(r.orderItemId, (done.get(r.orderItemId) ?? 0) + r.quantity);
  return done;
}

/**
 * The restock lines checked against the order: each line must be the order's, and no line may go
 * back more often than it was ordered, counting earlier refunds. `all` gives back every unit not yet
 * given back and not shipped (a cancel: shipped parcels have left the shelf).
 */
export async function checkedRestock(tx: Db, orderId: number, wanted: RestockLine[] | "all"): Promise<RestockLine[]> {
  const lines = await tx.select({ id: orderItems.id, name: orderItems.name, quantity: orderItems.quantity })
    .from(orderItems).where(eq(orderItems.orderId, orderId));
  const done = await restockedSoFar(tx, orderId);
  if (wanted === "all") {
    const shipped = await shippedSoFar(tx, orderId);
    return lines.map((l) => ({
      orderItemId: l.id,
      quantity: l.quantity - (done.get(l.id) ?? 0) - (shipped.get(l.id) ?? 0),
    })).filter((l) => l.quantity > 0);
  }
  const merged = new Map<number, number>();
  for (const l of wanted) merged.set(l.orderItemId, (merged.get(l.orderItemId) ?? 0) + l.quantity);
  const out: RestockLine[] = [];
  for (const [orderItemId, quantity] of merged) {
    const line = lines.find((l) => l.id === orderItemId);
    if (!line) throw new ValidationError(`Order line ${orderItemId} is not part of this order.`);
    const left = line.quantity - (done.get(orderItemId) ?? 0);
    if (quantity > left) {
      throw new ConflictError(
        left === 0
          ? `Every unit of ${line.name} has gone back to stock already.`
          : `Only ${left} of ${line.name} can go back to stock (ordered ${line.quantity}).`,
      );
    }
    out.push({ orderItemId, quantity });
  }
  return out;
}
