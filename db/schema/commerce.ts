/** Cart lines, orders with their snapshotted lines, coupons and coupon use. */
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  unique,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { type SQL, sql } from "drizzle-orm";
import { money, timestamps, tstz } from "./columns.ts";
import { sessions, users } from "./accounts.ts";
import { categories, products, productVariants } from "./catalog.ts";

export const orderStatus = pgEnum("order_status", [
  "pending",
  "processing",
  "shipped",
  "delivered",
  "cancelled",
  /** Everything paid was given back (a partial refund keeps the fulfilment status). */
  "refunded",
]);
export const shippingMethod = pgEnum("shipping_method", ["standard", "pudo_locker"]);
/**
 * Where an order came from: the shop's checkout ("web"), a WhatsApp cart, or staff taking it by phone
 * or chat. WhatsApp and staff orders are paid through a signed pay link and wait longer for payment.
 */
export const orderSource = pgEnum("order_source", ["web", "whatsapp", "staff"]);
export const couponType = pgEnum("coupon_type", [
  "percentage",
  "fixed_amount",
  "free_shipping",
  "buy_x_get_y",
  "first_time",
]);

/** A cart line belongs to a user or, for a guest, to the guest's session. */
export const cartItems = pgTable("cart_items", {
  id: serial().primaryKey(),
  userId: integer().references(() => users.id, { onDelete: "cascade" }),
  sessionId: varchar({ length: 64 }).references(() => sessions.id, { onDelete: "cascade" }),
  productId: integer().notNull().references(() => products.id, { onDelete: "cascade" }),
  variantId: integer().references(() => productVariants.id, { onDelete: "cascade" }),
  /** variantId or 0: lets one unique index cover lines with and without a variant. */
  variantKey: integer().notNull().generatedAlwaysAs(sql`coalesce("variant_id", 0)`),
  quantity: integer().notNull().default(1),
  ...timestamps(),
}, (t) => [
  index().on(t.userId),
  index().on(t.sessionId),
  index().on(t.productId),
  index().on(t.variantId),
  // One line per product and variant in a cart (partial: a line belongs to a user or to a session).
  uniqueIndex("cart_items_user_line_unique").on(t.userId, t.productId, t.variantKey).where(
    sql`${t.userId} is not null`,
  ),
  uniqueIndex("cart_items_session_line_unique").on(t.sessionId, t.productId, t.variantKey)
    .where(sql`${t.sessionId} is not null`),
  check("cart_items_quantity_positive", sql`${t.quantity} > 0`),
  check("cart_items_owner", sql`${t.userId} is not null or ${t.sessionId} is not null`),
]);

/**
 * The last cart reminder a customer was sent (flows/send_cart_reminders.ts): the cart as it stood
 * (its newest line change) and when. A cart is reminded once; a customer at most once a week.
 */
export const cartReminders = pgTable("cart_reminders", {
  userId: integer().primaryKey().references(() => users.id, { onDelete: "cascade" }),
  cartChangedAt: tstz().notNull(),
  sentAt: tstz().notNull().defaultNow(),
});

export const coupons = pgTable("coupons", {
  id: serial().primaryKey(),
  code: varchar({ length: 20 }).notNull().unique(),
  description: text().notNull(),
  type: couponType().notNull().default("percentage"),
  value: money().notNull(),
  minOrderValue: money(),
  maxDiscount: money(),
  categoryId: integer().references(() => categories.id, { onDelete: "set null" }),
  productId: integer().references(() => products.id, { onDelete: "set null" }),
  startDate: tstz().notNull().defaultNow(),
  endDate: tstz(),
  usageLimit: integer(),
  userLimit: integer().notNull().default(1),
  firstTimeOnly: boolean().notNull().default(false),
  /** Only customers carrying this tag may use it ("trade"); null for everyone (decision 0110). */
  customerTag: varchar({ length: 30 }),
  active: boolean().notNull().default(true),
  ...timestamps(),
}, (t) => [
  index().on(t.categoryId),
  index().on(t.productId),
  index().on(t.active),
  index().on(t.createdAt),
  check("coupons_value_positive", sql`${t.value} > 0`),
]);

/** Shipping and billing addresses are snapshots (jsonb) so later address edits never rewrite an order. */
export const orders = pgTable("orders", {
  id: serial().primaryKey(),
  userId: integer().references(() => users.id, { onDelete: "set null" }),
  orderNumber: varchar({ length: 40 }).notNull().unique(),
  status: orderStatus().notNull().default("pending"),
  subtotal: money().notNull().default("0"),
  shippingCost: money().notNull().default("0"),
  discountAmount: money().notNull().default("0"),
  total: money().notNull(),
  shippingAddress: jsonb().$type<Record<string, unknown>>(),
  billingAddress: jsonb().$type<Record<string, unknown>>(),
  shippingMethod: shippingMethod().notNull().default("standard"),
  pudoLockerCode: varchar({ length: 40 }),
  pudoLockerAddress: text(),
  paymentMethod: varchar({ length: 40 }),
  /** The set payment's id: only written once the provider confirmed the payment ("Paid" on the order page). */
  paymentId: varchar({ length: 100 }),
  paidAt: tstz(),
  /** The provider's payment attempt for this order (created before payment; the sweeper asks about it). */
  paymentIntentId: varchar({ length: 100 }),
  /**
   * The order's latest Stitch pay-by-bank payment request (its GraphQL id), kept apart from the card
   * gateway's attempt so neither provider is asked about the other's id.
   */
  stitchPaymentRequestId: varchar({ length: 100 }),
  /** The provider's last word on a failed attempt, shown to the customer when they retry. */
  paymentError: text(),
  cancelledAt: tstz(),
  cancelReason: text(),
  waTradeId: varchar({ length: 100 }),
  source: orderSource().notNull().default("web"),
  notes: text(),
  couponId: integer().references(() => coupons.id, { onDelete: "set null" }),
  /** What has been refunded so far (sum of order_refunds); never more than total. */
  refundedAmount: money().notNull().default("0"),
  /** Set when staff mark the order shipped. */
  trackingNumber: varchar({ length: 100 }),
  carrier: varchar({ length: 60 }),
  shippedAt: tstz(),
  deliveredAt: tstz(),
  /**
   * The loyalty reward code applied at the payment step and what it took off (included in
   * discountAmount). Kept on the order because a cancelled order gives the code back: a late payment
   * that revives the order must still know which code it had.
   */
  rewardCode: varchar({ length: 40 }),
  rewardDiscount: money().notNull().default("0"),
  /** The referral the customer redeemed, applied to this (their first) order, and what it took off. */
  referralId: integer(),
  referralDiscount: money().notNull().default("0"),
  /** A client-supplied key that makes a repeated order submission return the same order. */
  idempotencyKey: varchar({ length: 100 }),
  ...timestamps(),
}, (t) => [
  index().on(t.userId),
  index().on(t.status),
  index().on(t.createdAt),
  index().on(t.couponId),
  index().on(t.paymentId),
  index().on(t.paymentIntentId),
  index().on(t.stitchPaymentRequestId),
  index().on(t.referralId),
  index().on(t.source),
  unique("orders_user_idempotency_unique").on(t.userId, t.idempotencyKey),
  // One order per WhatsApp order message (Meta redelivers a message until it is acknowledged).
  uniqueIndex("orders_wa_trade_id_unique").on(t.waTradeId),
  // The WhatsApp status job reads recently changed WhatsApp orders only.
  index("orders_wa_updated_at_idx").on(t.updatedAt).where(sql`${t.waTradeId} is not null`),
  // The dashboard's sales figures, chart and top products read paid orders by when they were paid.
  index("orders_paid_at_idx").on(t.paidAt).where(sql`paid_at is not null`),
  // The admin order list's "refunded" and "partially refunded" filters: the few refunded orders, newest first.
  index("orders_refunded_idx").on(t.createdAt, t.id).where(sql`refunded_amount > 0`),
  // Staff's "contains" search of orders (db/like.ts containsText, decision 0098).
  index("orders_number_trgm_idx").using("gin", sql`lower(${t.orderNumber}) gin_trgm_ops`),
  index("orders_shipping_name_trgm_idx").using("gin", sql`lower(${shippingName(t)}) gin_trgm_ops`),
  check("orders_total_non_negative", sql`${t.total} >= 0`),
  check("orders_refunded_within_total", sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.total}`),
]);

/** Name, sku and unit price are copied at order time: catalogue edits never change history. */
export const orderItems = pgTable("order_items", {
  id: serial().primaryKey(),
  orderId: integer().notNull().references(() => orders.id, { onDelete: "cascade" }),
  productId: integer().references(() => products.id, { onDelete: "set null" }),
  variantId: integer().references(() => productVariants.id, { onDelete: "set null" }),
  name: varchar({ length: 300 }).notNull(),
  sku: varchar({ length: 64 }),
  variantName: varchar({ length: 100 }),
  price: money().notNull(),
  quantity: integer().notNull(),
}, (t) => [
  index().on(t.orderId),
  index().on(t.productId),
  index().on(t.variantId),
  check("order_items_quantity_positive", sql`${t.quantity} > 0`),
]);

export const couponUsage = pgTable("coupon_usage", {
  id: serial().primaryKey(),
  couponId: integer().notNull().references(() => coupons.id, { onDelete: "cascade" }),
  userId: integer().references(() => users.id, { onDelete: "set null" }),
  orderId: integer().references(() => orders.id, { onDelete: "cascade" }),
  discountAmount: money().notNull().default("0"),
  createdAt: tstz().notNull().defaultNow(),
}, (t) => [index().on(t.couponId), index().on(t.userId), index().on(t.orderId)]);

/** The coupon applied to a cart: one per user cart or guest (session) cart. */
export const cartCoupons = pgTable("cart_coupons", {
  id: serial().primaryKey(),
  userId: integer().references(() => users.id, { onDelete: "cascade" }).unique(),
  sessionId: varchar({ length: 64 }).references(() => sessions.id, { onDelete: "cascade" }).unique(),
  couponId: integer().notNull().references(() => coupons.id, { onDelete: "cascade" }),
  appliedAt: tstz().notNull().defaultNow(),
}, (t) => [
  index().on(t.couponId),
  check("cart_coupons_owner", sql`${t.userId} is not null or ${t.sessionId} is not null`),
]);

/**
 * Provider webhook events already handled: the event id is the key, so a replayed or re-delivered
 * event is recognised and changes nothing.
 */
export const paymentEvents = pgTable("payment_events", {
  id: varchar({ length: 100 }).primaryKey(),
  type: varchar({ length: 80 }).notNull(),
  orderId: integer().references(() => orders.id, { onDelete: "set null" }),
  receivedAt: tstz().notNull().defaultNow(),
}, (t) => [index().on(t.orderId), index().on(t.receivedAt)]);

/** A line of a refund that goes back on the shelf: the order line and how many of it. */
export interface RestockLine {
  orderItemId: number;
  quantity: number;
}

/**
 * Refunds given on an order, full or partial, as the provider recorded them. The figures are kept as
 * they were on the day (credit notes read them); orders.refundedAmount is their sum.
 */
export const orderRefunds = pgTable("order_refunds", {
  id: serial().primaryKey(),
  orderId: integer().notNull().references(() => orders.id, { onDelete: "cascade" }),
  amount: money().notNull(),
  reason: text().notNull(),
  /** stripe, test, payfast... : the provider that took the payment. */
  provider: varchar({ length: 40 }).notNull(),
  providerRefundId: varchar({ length: 100 }),
  /** succeeded, pending (the provider is still working), or manual (to be completed in the provider's dashboard). */
  status: varchar({ length: 20 }).notNull().default("succeeded"),
  restock: jsonb().$type<RestockLine[]>().notNull().default([]),
  createdBy: integer().references(() => users.id, { onDelete: "set null" }),
  createdAt: tstz().notNull().defaultNow(),
}, (t) => [
  index().on(t.orderId),
  index().on(t.createdBy),
  index().on(t.createdAt),
  check("order_refunds_amount_positive", sql`${t.amount} > 0`),
]);

/**
 * Payments the shop took but must not keep, each given back once (docs/decisions/0055): "late", the
 * order's own payment that arrived after the order was cancelled; "extra", a second real payment for
 * an order already paid (card then PayFast, two PayFast payments). An extra payment never touches
 * orders.refundedAmount: the order's own payment and its refundable amount stay as they were. Unique
 * on the provider's payment id, so a re-delivered webhook or ITN (also two at once) records it once.
 */
export const owedRefunds = pgTable("owed_refunds", {
  id: serial().primaryKey(),
  orderId: integer().notNull().references(() => orders.id, { onDelete: "cascade" }),
  /** late or extra (see above). */
  kind: varchar({ length: 10 }).$type<"late" | "extra">().notNull(),
  /**
   * Who took the payment and gives it back: payfast, or card (the shop's one card gateway, Stripe or
   * the offline test provider). One name per payment whichever path saw it, so the unique key holds.
   */
  provider: varchar({ length: 40 }).notNull(),
  paymentId: varchar({ length: 100 }).notNull(),
  amount: money().notNull(),
  /**
   * owed (the sweeper tries again), refunded (the provider took the refund), manual (recorded; staff
   * complete it in the provider's dashboard), failed (given up after too many failed attempts; staff
   * were told to refund it by hand).
   */
  status: varchar({ length: 20 }).notNull().default("owed"),
  /** Failed refund attempts so far: the sweeper stops at a bound and tells staff. */
  attempts: integer().notNull().default(0),
  /** When the sweeper may try again after a failure (later after each one): a provider outage passes. */
  nextAttemptAt: tstz().notNull().defaultNow(),
  lastError: text(),
  providerRefundId: varchar({ length: 100 }),
  createdAt: tstz().notNull().defaultNow(),
  settledAt: tstz(),
}, (t) => [
  index().on(t.orderId),
  index().on(t.status, t.nextAttemptAt),
  unique("owed_refunds_payment_unique").on(t.provider, t.paymentId),
  check("owed_refunds_amount_positive", sql`${t.amount} > 0`),
]);

/** Staff's internal notes on an order (never shown to the customer). */
export const orderNotes = pgTable("order_notes", {
  id: serial().primaryKey(),
  orderId: integer().notNull().references(() => orders.id, { onDelete: "cascade" }),
  userId: integer().references(() => users.id, { onDelete: "set null" }),
  body: text().notNull(),
  createdAt: tstz().notNull().defaultNow(),
}, (t) => [index().on(t.orderId), index().on(t.userId)]);

/**
 * "First Last" of an order's delivery address, as staff search it. The trigram index on orders is
 * built on this very expression, so a search must use it to be answered by the index.
 */
export function shippingName(t: { shippingAddress: AnyPgColumn }): SQL {
  return sql`(coalesce(${t.shippingAddress}->>'firstName', '') || ' ' || coalesce(${t.shippingAddress}->>'lastName', ''))`;
}
