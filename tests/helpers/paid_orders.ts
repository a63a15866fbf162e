/**
 * Paid orders for fulfilment tests: a customer with a default address buys `lines` through the
 * real checkout (placeOrder), the gateway's attempt is paid (the offline test provider's 4242 card,
 * or the fake Stripe API's status) and the order is finalised as the shop does it (points, e-mail);
 * and the refund of such an order that no staff member gives.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/mod.ts";
import { addToCart, type DeliveryRates } from "../../domains/cart/mod.ts";
import type { RefundRequest } from "../../domains/fulfilment/mod.ts";
import type { OrderDetail } from "../../domains/orders/mod.ts";
import { isTestGateway, type PaymentGateway, TEST_CARD_SUCCESS } from "../../domains/payments/mod.ts";
import { testConfig, testSite } from "./app.ts";
import { createAddress, createUser } from "./factories.ts";
import { placeOrder } from "../../flows/place_order.ts";
import { finalizePaidOrder } from "../../flows/finalise_payment.ts";
import { refundOrder } from "../../flows/refund_order.ts";

const config = testConfig();

/** A customer of their own with a default shipping address. */
export async function customer(db: Db, values: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUser(db, { firstName: "Thandi", lastName: "Nkosi", ...values });
  const address = await createAddress(db, user.id);
  await db.update(users).set({ defaultShippingAddressId: address.id }).where(eq(users.id, user.id));
  return user;
}

/**
 * Delivery at no charge, for tests about something else (refunds, fulfilment) whose figures stay
 * round; delivery's own rule is tested in domains/checkout/delivery_fee_test.ts.
 */
export const FREE_DELIVERY: DeliveryRates = { feeCents: 0, freeThresholdCents: 0 };

/** Places (unpaid) an order of `lines` for `userId` (a new customer when absent), paid with `paymentMethod`. */
export async function placedOrder(
  db: Db,
  lines: { productId: number; variantId?: number; quantity: number }[],
  opts: { userId?: number; paymentMethod: string; delivery?: DeliveryRates },
): Promise<{ order: OrderDetail; userId: number }> {
  const userId = opts.userId ?? (await customer(db)).id;
  for (const line of lines) await addToCart(db, { userId }, line);
  const { order } = await placeOrder(db, {
    userId,
    idempotencyKey: null,
    shippingMethod: "standard",
    paymentMethod: opts.paymentMethod,
    delivery: opts.delivery,
  });
  return { order, userId };
}

/**
 * Places and pays an order of `lines` for `userId` (a new customer when absent). `pay` marks the
 * attempt paid at the provider when the gateway is not the offline test provider (the fake Stripe
 * API's setStatus).
 */
export async function paidOrder(
  db: Db,
  gateway: PaymentGateway,
  lines: { productId: number; variantId?: number; quantity: number }[],
  opts: {
    userId?: number;
    pay?: (intentId: string) => void;
    /** The shop's delivery rates (default R95 below R1,500, as a new shop has). */
    delivery?: DeliveryRates;
  } = {},
): Promise<{ order: OrderDetail; userId: number; intentId: string }> {
  const { order, userId } = await placedOrder(db, lines, { ...opts, paymentMethod: gateway.provider });
  const intent = await gateway.createIntent({
    amountCents: order.totalCents,
    currency: "zar",
    metadata: { orderId: String(order.id), orderNumber: order.orderNumber },
  });
  if (isTestGateway(gateway)) await gateway.confirmTestCard(intent.clientSecret, TEST_CARD_SUCCESS);
  else opts.pay?.(intent.id);
  const facts = await gateway.retrieveIntent(intent.id);
  const { order: paid } = await finalizePaidOrder(db, order.id, facts!, {
    shop: config.shop,
    siteUrl: config.siteUrl,
  });
  return { order: paid, userId, intentId: intent.id };
}

/** Refunds `amountCents` of an order with no staff member behind it, putting back no stock unless `restock` lists it. */
export function systemRefund(
  db: Db,
  gateway: PaymentGateway,
  refund: Omit<RefundRequest, "restock" | "userId"> & Partial<Pick<RefundRequest, "restock">>,
): Promise<OrderDetail> {
  return refundOrder(db, gateway, { restock: [], ...refund, userId: null }, testSite(config));
}
