/**
 * One order as its customer (or an admin) reads it: the order page, GET /api/orders/{id} and the
 * confirmation e-mail. Lines and addresses are the snapshots taken when the order was placed.
 */
import { REFERRAL_DISCOUNT_LABEL } from "../referrals/pricing.ts";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared.ts";
import { coupons, orderItems, orders, products } from "../../db/schema/mod.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { toCents } from "../../lib/money.ts";
import type { Address } from "../addresses/mod.ts";
import type { OrderStatus, ShippingMethod } from "./tracking.ts";

/** The spec's order-page wording for a missing order (or one the viewer may not see). */
export const ORDER_NOT_FOUND = "Order Not Found";

/** The address fields copied onto an order. */
export const ADDRESS_SNAPSHOT_FIELDS = [
  "firstName",
  "lastName",
  "addressLine1",
  "addressLine2",
  "city",
  "state",
  "postalCode",
  "country",
  "phone",
  "instructions",
] as const;

/** An address as copied onto an order: later edits in the address book never change it. */
export type AddressSnapshot = Pick<Address, (typeof ADDRESS_SNAPSHOT_FIELDS)[number]>;

/** The copy of `address` an order keeps. */
export function addressSnapshot(address: AddressSnapshot): AddressSnapshot {
  return Object.fromEntries(ADDRESS_SNAPSHOT_FIELDS.map((k) => [k, address[k] ?? null])) as unknown as AddressSnapshot;
}

export interface OrderLine {
  id: number;
  productId: number | null;
  /** Null when the product has since been removed from the catalogue. */
  productSlug: string | null;
  variantId: number | null;
  name: string;
  sku: string | null;
  variantName: string | null;
  priceCents: number;
  quantity: number;
  lineTotalCents: number;
}

export interface OrderDetail {
  id: number;
  orderNumber: string;
  userId: number | null;
  status: OrderStatus;
  createdAt: Date;
  paymentMethod: string | null;
  paymentId: string | null;
  paidAt: Date | null;
  paymentIntentId: string | null;
  paymentError: string | null;
  shippingMethod: ShippingMethod;
  pudoLockerCode: string | null;
  pudoLockerAddress: string | null;
  shippingAddress: AddressSnapshot | null;
  billingAddress: AddressSnapshot | null;
  notes: string | null;
  subtotalCents: number;
  shippingCents: number;
  discountCents: number;
  totalCents: number;
  couponCode: string | null;
  /** The loyalty reward code applied at the payment step, and its part of discountCents. */
  rewardCode: string | null;
  rewardDiscountCents: number;
  /** A referred customer's first-order discount, also part of discountCents. */
  referralDiscountCents: number;
  items: OrderLine[];
  cancelledAt: Date | null;
  cancelReason: string | null;
  /** What has been given back so far (sum of the order's refunds). */
  refundedCents: number;
  /** unpaid, paid, partially_refunded or refunded: derived from paidAt, the total and refundedCents. */
  paymentStatus: PaymentStatus;
  trackingNumber: string | null;
  carrier: string | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
}

/** An order's payment as staff and customers read it; derived, never stored. */
export type PaymentStatus = "unpaid" | "paid" | "partially_refunded" | "refunded";
export const PAYMENT_STATUSES: readonly PaymentStatus[] = ["paid", "unpaid", "refunded", "partially_refunded"];

/**
 * The payment status of an order: unpaid until the provider confirmed it; then paid, partially
 * refunded, or refunded once everything paid (the total) went back.
 */
export function paymentStatusOf(o: { paid: boolean; totalCents: number; refundedCents: number }): PaymentStatus {
  if (!o.paid) return "unpaid";
  if (o.refundedCents <= 0) return "paid";
  return o.refundedCents >= o.totalCents ? "refunded" : "partially_refunded";
}

/** One line of an order's discount as pages and e-mails show it. */
export interface DiscountLine {
  label: string;
  cents: number;
}

/**
 * The order's discount split for display: the coupon's part ('Discount (CODE)') and the reward
 * code's ('Reward RWD-...'). discountCents holds both; the reward's part is kept on its own.
 */
export function discountLines(
  o: Pick<OrderDetail, "discountCents" | "couponCode" | "rewardCode" | "rewardDiscountCents" | "referralDiscountCents">,
): DiscountLine[] {
  const reward = o.rewardCode ? o.rewardDiscountCents : 0;
  const referral = o.referralDiscountCents;
  const coupon = o.discountCents - reward - referral;
  return [
    ...(coupon > 0 ? [{ label: o.couponCode ? `Discount (${o.couponCode})` : "Discount", cents: coupon }] : []),
    ...(referral > 0 ? [{ label: REFERRAL_DISCOUNT_LABEL, cents: referral }] : []),
    ...(reward > 0 ? [{ label: `Reward ${o.rewardCode}`, cents: reward }] : []),
  ];
}

/** Who is asking: customers see their own orders only; admins see every order. */
export interface OrderViewer {
  userId: number;
  isAdmin: boolean;
}

/** Loads orders with their lines (in one query per table), keeping the order of `ids`. */
const orderRows = (db: Db) =>
  db.select({ order: orders, couponCode: coupons.code }).from(orders).leftJoin(
    coupons,
    eq(orders.couponId, coupons.id),
  );
const lineRows = (db: Db) =>
  db.select({ item: orderItems, slug: products.slug }).from(orderItems)
    .leftJoin(products, eq(orderItems.productId, products.id));

// One order (placement's answer, the confirmation e-mail, the order page): prepared (db/prepared.ts).
const oneOrder = preparedQuery((db) =>
  orderRows(db).where(eq(orders.id, sql.placeholder("id"))).prepare("order_detail_order")
);
const oneOrderLines = preparedQuery((db) =>
  lineRows(db).where(eq(orderItems.orderId, sql.placeholder("id"))).orderBy(asc(orderItems.id))
    .prepare("order_detail_lines")
);

export async function loadOrders(db: Db, ids: number[]): Promise<OrderDetail[]> {
  if (!ids.length) return [];
  // The orders and their lines are read together (one write in a transaction, two connections else).
  const [rows, lines] = ids.length === 1
    ? await Promise.all([oneOrder(db).execute({ id: ids[0] }), oneOrderLines(db).execute({ id: ids[0] })])
    : await Promise.all([
      orderRows(db).where(inArray(orders.id, ids)),
      lineRows(db).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
    ]);
  const byId = new Map(rows.map((r) => [r.order.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const o = r.order;
    return [{
      id: o.id,
      orderNumber: o.orderNumber,
      userId: o.userId,
      status: o.status,
      createdAt: o.createdAt,
      paymentMethod: o.paymentMethod,
      paymentId: o.paymentId,
      paidAt: o.paidAt,
      paymentIntentId: o.paymentIntentId,
      paymentError: o.paymentError,
      shippingMethod: o.shippingMethod,
      pudoLockerCode: o.pudoLockerCode,
      pudoLockerAddress: o.pudoLockerAddress,
      shippingAddress: (o.shippingAddress as AddressSnapshot | null) ?? null,
      billingAddress: (o.billingAddress as AddressSnapshot | null) ?? null,
      notes: o.notes,
      subtotalCents: toCents(o.subtotal) ?? 0,
      shippingCents: toCents(o.shippingCost) ?? 0,
      discountCents: toCents(o.discountAmount) ?? 0,
      totalCents: toCents(o.total) ?? 0,
      couponCode: r.couponCode,
      rewardCode: o.rewardCode,
      rewardDiscountCents: toCents(o.rewardDiscount) ?? 0,
      referralDiscountCents: toCents(o.referralDiscount) ?? 0,
      cancelledAt: o.cancelledAt,
      cancelReason: o.cancelReason,
      refundedCents: toCents(o.refundedAmount) ?? 0,
      paymentStatus: paymentStatusOf({
        paid: o.paidAt !== null,
        totalCents: toCents(o.total) ?? 0,
        refundedCents: toCents(o.refundedAmount) ?? 0,
      }),
      trackingNumber: o.trackingNumber,
      carrier: o.carrier,
      shippedAt: o.shippedAt,
      deliveredAt: o.deliveredAt,
      items: lines.filter((l) => l.item.orderId === id).map(({ item, slug }) => {
        const price = toCents(item.price) ?? 0;
        return {
          id: item.id,
          productId: item.productId,
          productSlug: slug,
          variantId: item.variantId,
          name: item.name,
          sku: item.sku,
          variantName: item.variantName,
          priceCents: price,
          quantity: item.quantity,
          lineTotalCents: price * item.quantity,
        };
      }),
    }];
  });
}

/** The order, if the viewer may see it; another customer's order is a 404, never a 403. */
export async function getOrder(db: Db, orderId: number, viewer: OrderViewer): Promise<OrderDetail> {
  const [order] = await loadOrders(db, [orderId]);
  if (!order || (!viewer.isAdmin && order.userId !== viewer.userId)) throw new NotFoundError(ORDER_NOT_FOUND);
  return order;
}

/** The customer's orders with their lines, newest first (GET /api/orders). */
export async function listOrderDetails(db: Db, userId: number, opts: { limit?: number } = {}): Promise<OrderDetail[]> {
  const rows = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.userId, userId)))
    .orderBy(desc(orders.createdAt), desc(orders.id)).limit(Math.min(Math.max(1, opts.limit ?? 100), 200));
  return await loadOrders(db, rows.map((r) => r.id));
}
