/**
 * /api/orders: place an order from the cart, list and read one's orders, confirm a payment, and put a
 * past order's lines back in the cart ("Buy it again"). Prices, totals and status always come from
 * the server; PATCH .../payment asks the provider itself.
 */
import { checkoutSchemas } from "../../domains/checkout/mod.ts";
import { getOrder, listOrderDetails, ORDER_NOT_FOUND, type OrderDetail } from "../../domains/orders/mod.ts";
import { ConflictError, ERROR_CODES, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { dbId, parseId } from "../../lib/ids.ts";
import { toRand } from "../../lib/money.ts";
import { currentUser, hasRole, requireUser } from "../guards.ts";
import { configuredGateway, finalizeOptions } from "../finalize_options.ts";
import { privateNoStore } from "../page_cache.ts";
import { actionApi, defineAction } from "../action.ts";
import { z } from "zod";
import { buyAgain } from "../../flows/buy_again.ts";
import { buyAgainOutput } from "../../contract/cart.ts";
import { currentCartJson } from "./cart_json.ts";

const rand = z.number().describe("An amount in rand (ZAR)");
const address = z.record(z.string(), z.unknown()).nullable().describe(
  "The address as it was when the order was placed",
);

/** An order as the spec's client reads it: the place-order action's declared output. */
export const orderSchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  status: z.string(),
  paymentMethod: z.string().nullable(),
  paymentId: z.string().nullable(),
  paid: z.boolean(),
  paidAt: z.string().nullable(),
  shippingMethod: z.string(),
  pudoLockerCode: z.string().nullable(),
  pudoLockerAddress: z.string().nullable(),
  shippingAddress: address,
  billingAddress: address,
  notes: z.string().nullable(),
  subtotal: rand,
  shipping: rand,
  discountAmount: rand,
  couponCode: z.string().nullable(),
  rewardCode: z.string().nullable(),
  rewardDiscount: rand,
  total: rand,
  refundedAmount: rand,
  paymentStatus: z.string(),
  trackingNumber: z.string().nullable(),
  carrier: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  items: z.array(z.object({
    id: z.number().int(),
    productId: z.number().int().nullable(),
    variantId: z.number().int().nullable(),
    name: z.string(),
    sku: z.string().nullable(),
    variantName: z.string().nullable(),
    price: rand,
    quantity: z.number().int(),
  })),
  createdAt: z.string(),
});

import { deliveryRates } from "../shop_info.ts";
import { placeOrder } from "../../flows/place_order.ts";
import { finalizePaidOrder } from "../../flows/finalise_payment.ts";
import { abandonOrder } from "../../flows/cancel_order.ts";

/** An order as the spec's client reads it (money in rand), plus the server's breakdown. */
export function orderJson(o: OrderDetail): z.input<typeof orderSchema> {
  return {
    id: o.id,
    orderNumber: o.orderNumber,
    status: o.status,
    paymentMethod: o.paymentMethod,
    paymentId: o.paymentId,
    paid: o.paidAt !== null,
    paidAt: o.paidAt?.toISOString() ?? null,
    shippingMethod: o.shippingMethod,
    pudoLockerCode: o.pudoLockerCode,
    pudoLockerAddress: o.pudoLockerAddress,
    shippingAddress: o.shippingAddress,
    billingAddress: o.billingAddress,
    notes: o.notes,
    subtotal: toRand(o.subtotalCents),
    shipping: toRand(o.shippingCents),
    discountAmount: toRand(o.discountCents),
    couponCode: o.couponCode,
    rewardCode: o.rewardCode,
    rewardDiscount: toRand(o.rewardDiscountCents),
    total: toRand(o.totalCents),
    refundedAmount: toRand(o.refundedCents),
    paymentStatus: o.paymentStatus,
    trackingNumber: o.trackingNumber,
    carrier: o.carrier,
    shippedAt: o.shippedAt?.toISOString() ?? null,
    deliveredAt: o.deliveredAt?.toISOString() ?? null,
    cancelledAt: o.cancelledAt?.toISOString() ?? null,
    items: o.items.map((i) => ({
      id: i.id,
      productId: i.productId,
      variantId: i.variantId,
      name: i.name,
      sku: i.sku,
      variantName: i.variantName,
      price: toRand(i.priceCents),
      quantity: i.quantity,
    })),
    createdAt: o.createdAt.toISOString(),
  };
}

/**
 * Place an order from the cart: prices, totals, stock and coupon re-checked on the server inside one
 * transaction; an Idempotency-Key header makes a retry answer the same order (200 instead of 201).
 * The checkout review form (POST /checkout) is its form twin: the form's hidden key field arrives as
 * `c.var.idempotencyKey` in place of the header.
 */
export const placeOrderAction = defineAction({
  method: "post",
  path: "/orders",
  input: checkoutSchemas.placeOrderBody,
  output: orderSchema,
  status: 201,
  auth: "customer",
  summary: "Place an order from the signed-in customer's cart (Idempotency-Key header optional)",
  errors: [ERROR_CODES.paymentNotConfigured],
  handler: async (c, body) => {
    const gateway = configuredGateway(c);
    const sent = c.var.idempotencyKey ?? c.req.header("Idempotency-Key");
    const key = sent === undefined ? null : checkoutSchemas.idempotencyKey.safeParse(sent);
    if (key && !key.success) throw new ValidationError(key.error.issues[0].message);
    const { order, created } = await placeOrder(
      c.var.db,
      {
        userId: currentUser(c).id,
        idempotencyKey: key?.data ?? null,
        shippingMethod: body.shippingMethod,
        pudoLockerCode: body.pudoLockerCode,
        shippingAddressId: body.shippingAddress?.id,
        billingAddressId: body.billingAddress?.id,
        notes: body.notes,
        paymentMethod: gateway.provider,
        delivery: await deliveryRates(c),
      },
      { replaceUnpaid: { gateway, finalize: finalizeOptions(c) } },
    );
    if (!created) c.status(200);
    return orderJson(order);
  },
});

export const listOrdersAction = defineAction({
  method: "get",
  path: "/orders",
  input: undefined,
  output: z.array(orderSchema),
  auth: "customer",
  summary: "The customer's orders, newest first, with lines, totals and payment state",
  handler: async (c) => (await listOrderDetails(c.var.db, currentUser(c).id)).map(orderJson),
});

export const getOrderAction = defineAction({
  method: "get",
  path: "/orders/:id",
  input: undefined,
  output: orderSchema,
  auth: "customer",
  summary: "One of the customer's orders (404 for anyone else's; staff may read any)",
  handler: async (c) => {
    const user = currentUser(c);
    return orderJson(
      await getOrder(c.var.db, orderId(c.req.param("id") ?? ""), { userId: user.id, isAdmin: hasRole(user, "admin") }),
    );
  },
});

/** "Buy it again": the lines of one of the customer's own orders back into their cart, at today's prices. */
export const buyAgainAction = defineAction({
  method: "post",
  path: "/orders/:id/buy-again",
  input: undefined,
  output: buyAgainOutput,
  auth: "customer",
  summary: "Put the lines of one of the customer's orders back in their cart (today's prices); " +
    "lines that cannot be bought now are named with why",
  handler: async (c) => {
    const result = await buyAgain(c.var.db, currentUser(c).id, orderId(c.req.param("id") ?? ""));
    return { ...result, cart: await currentCartJson(c) };
  },
});

export function orderApi() {
  return actionApi(
    "/orders",
    [
      placeOrderAction,
      listOrdersAction,
      getOrderAction,
      confirmPaymentAction,
      abandonOrderAction,
      buyAgainAction,
    ],
    requireUser(),
    privateNoStore,
  );
}

/**
 * The browser says its payment succeeded; the server believes the provider only: it retrieves the
 * attempt and finalises when status, amount, currency and order all match (else 409, no change).
 */
export const confirmPaymentAction = defineAction({
  method: "patch",
  path: "/orders/:id/payment",
  input: checkoutSchemas.paymentUpdateBody,
  output: orderSchema,
  auth: "customer",
  summary: "Tell the shop a card payment went through (checked with the provider before the order is paid)",
  errors: [ERROR_CODES.paymentNotConfigured],
  handler: async (c, body) => {
    const user = currentUser(c);
    const id = orderId(c.req.param("id") ?? "");
    await getOrder(c.var.db, id, { userId: user.id, isAdmin: false });
    const gateway = configuredGateway(c);
    const intent = await gateway.retrieveIntent(body.paymentId);
    if (!intent) throw new ConflictError("The payment provider knows no such payment.");
    const { order } = await finalizePaidOrder(c.var.db, id, intent, finalizeOptions(c));
    return orderJson(order);
  },
});

/**
 * 'Back to Order Summary' on the payment step: the customer's pending order is cancelled (its stock
 * back) so the review step can place a fresh one; a payment that went through keeps it ("paid").
 */
export const abandonOrderAction = defineAction({
  method: "post",
  path: "/orders/abandon",
  input: z.object({ orderId: dbId(ORDER_NOT_FOUND) }),
  output: z.object({ outcome: z.enum(["paid", "cancelled"]) }),
  auth: "customer",
  summary: "Go back from the payment step: cancel the customer's unpaid order (a payment already made keeps it)",
  handler: async (c, { orderId }) => ({
    outcome: await abandonOrder(c.var.db, orderId, currentUser(c).id, c.var.payments, finalizeOptions(c)),
  }),
});

/** A numeric order id; anything else is the same 404 as an order one may not see. */
function orderId(raw: string): number {
  try {
    return parseId(raw);
  } catch {
    throw new NotFoundError(ORDER_NOT_FOUND);
  }
}
