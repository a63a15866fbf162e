/**
 * /api/payments: start a payment for one's order (the amount is always the order's total from the
 * database), the public /test-stripe page's test payments, the offline test provider's card form,
 * and which provider is active. The order becomes paid only through the checkout domain's
 * finalisation, on facts the server got from the provider.
 */
import { z } from "zod";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { hitRateLimit } from "../../domains/auth/mod.ts";
import { attachPaymentIntent, intentIsForOrder, payableOrder } from "../../domains/checkout/mod.ts";
import { isLiveMode, isTestGateway, type PaymentGateway, paymentSchemas } from "../../domains/payments/mod.ts";
import type { Db } from "../../db/client.ts";
import { ConflictError, ERROR_CODES, ValidationError } from "../../lib/errors.ts";
import { clientIp } from "../client_ip.ts";
import { currentUser, noSuchEndpoint } from "../guards.ts";
import { createIntentOutput, testConfirmOutput, testIntentOutput } from "../../contract/payments.ts";
import { actionApi, defineAction } from "../action.ts";
import { configuredGateway, finalizeOptions, payfastUrls } from "../finalize_options.ts";
import { finalizePayment, recordPaymentFailure } from "../../flows/finalise_payment.ts";
import { startPayFastPayment } from "../../flows/payfast_payment.ts";
import { privateNoStore } from "../page_cache.ts";

/** The public test page may start this many test payments per IP address in ten minutes. */
const TEST_INTENTS_PER_IP = { max: 30, windowMs: 10 * 60_000 };

/** What the browser needs to show the payment form. */
function formStart(gateway: PaymentGateway, clientSecret: string, paymentIntentId: string) {
  return { clientSecret, paymentIntentId, provider: gateway.provider, publishableKey: gateway.publishableKey };
}

/**
 * A client secret for the customer's unpaid order: the live attempt already attached to it when
 * there is one (a reload or double click pays the same attempt), else a new attempt for the order's
 * total. An attempt the provider reports as succeeded finalises the order here (its webhook may lag).
 */
export async function orderPayment(
  c: Context<AppEnv>,
  db: Db,
  gateway: PaymentGateway,
  orderId: number,
  userId: number,
) {
  const order = await payableOrder(db, orderId, userId);
  let attempt = 1;
  if (order.paymentIntentId) {
    const known = await gateway.retrieveIntent(order.paymentIntentId);
    if (known?.status === "succeeded") {
      await finalizePayment(db, order.id, known, finalizeOptions(c));
      throw new ConflictError("This order has already been paid.");
    }
    const usable = known && known.status !== "canceled" && known.clientSecret &&
      known.amountCents === order.totalCents && intentIsForOrder(order, known);
    if (usable) return formStart(gateway, known.clientSecret!, known.id);
    // A new attempt needs a new idempotency key: the next number, or (attempt unknown) a fresh one.
    attempt = known ? (Number(known.metadata.attempt) || 1) + 1 : Date.now();
  }
  const created = await gateway.createIntent({
    amountCents: order.totalCents,
    currency: "zar",
    metadata: { orderId: String(order.id), orderNumber: order.orderNumber, attempt: String(attempt) },
    description: `${c.var.config.shop.name} order ${order.orderNumber}`,
    // The order number too: another database (a colleague's, staging) sharing the Stripe account has
    // its own order 1, and Stripe refuses a key reused with other parameters for 24 hours.
    idempotencyKey: `order-${order.id}-${attempt}-${order.orderNumber}`,
  });
  if (!await attachPaymentIntent(db, order.id, created.id, order.totalCents)) {
    // The order was cancelled (a new placement in another tab, the sweeper) or paid, or its total
    // changed (a reward code), while the attempt was being created: the attempt must not stay live.
    await gateway.cancelIntent(created.id);
    await payableOrder(db, orderId, userId);
    throw new ConflictError("Your order total has changed. Please reload the page to pay the new total.");
  }
  return formStart(gateway, created.clientSecret, created.id);
}

export const createIntentAction = defineAction({
  method: "post",
  path: "/payments/create-intent",
  input: paymentSchemas.createIntentBody,
  output: createIntentOutput,
  auth: "customer",
  summary: "Start (or resume) the card payment of the customer's unpaid order, for the order's total",
  errors: [ERROR_CODES.paymentNotConfigured],
  handler: async (c, body) => {
    const gateway = configuredGateway(c);
    const orderId = (body.orderId ?? body.metadata?.orderId)!;
    return await orderPayment(c, c.var.db, gateway, orderId, currentUser(c).id);
  },
});

/**
 * PayFast's hosted page for the customer's own pending order: the form's action and its signed
 * fields (amount from the database), which the browser posts to PayFast. 404 while PayFast is off.
 */
export const payfastStartAction = defineAction({
  method: "post",
  path: "/payments/payfast/start",
  input: paymentSchemas.payfastStartBody,
  output: z.object({ action: z.string(), fields: z.record(z.string(), z.string()) }),
  auth: "customer",
  summary: "PayFast's payment form (action and signed fields) for the customer's unpaid order",
  handler: async (c, { orderId }) => {
    const payfast = c.var.payfast;
    if (!payfast) throw noSuchEndpoint(c);
    return await startPayFastPayment(c.var.db, payfast, { orderId, userId: currentUser(c).id }, payfastUrls(c));
  },
});

export const testIntentAction = defineAction({
  method: "post",
  path: "/payments/test-intent",
  input: paymentSchemas.testIntentBody,
  output: testIntentOutput,
  auth: "public",
  summary: "A test payment of any amount for the /test-stripe page (refused on a live shop)",
  errors: [ERROR_CODES.paymentNotConfigured],
  handler: async (c, { amount }) => {
    const gateway = configuredGateway(c);
    if (isLiveMode(c.var.config)) {
      throw new ConflictError("Test payments are off: this shop takes live payments.");
    }
    await hitRateLimit(c.var.db, `test-intent:ip:${clientIp(c)}`, TEST_INTENTS_PER_IP);
    const created = await gateway.createIntent({
      amountCents: amount * 100,
      currency: "zar",
      metadata: { purpose: "test-payment-page" },
      description: `${c.var.config.shop.name} test payment (/test-stripe)`,
    });
    return formStart(gateway, created.clientSecret, created.id);
  },
});

/**
 * The offline test provider's "card network": only while that provider is the shop's gateway,
 * which paymentGateway allows outside production and for the demo shop, never for a live shop.
 * A declined card answers 402 with the provider's error beside the attempt.
 */
export const testConfirmAction = defineAction({
  method: "post",
  path: "/payments/test-confirm",
  input: paymentSchemas.testConfirmBody,
  output: testConfirmOutput,
  auth: "public",
  summary: "Pay a test attempt with a test card number (the offline test provider only)",
  handler: async (c, { clientSecret, cardNumber }) => {
    const gateway = c.var.payments;
    if (!isTestGateway(gateway)) {
      throw noSuchEndpoint(c);
    }
    const intent = await gateway.confirmTestCard(clientSecret, cardNumber);
    const orderId = Number(intent.metadata.orderId);
    const forOrder = Number.isSafeInteger(orderId) && orderId > 0;
    const paymentIntent = { id: intent.id, status: intent.status };
    if (intent.status === "succeeded") {
      if (forOrder) {
        await finalizePayment(c.var.db, orderId, intent, finalizeOptions(c));
      }
      return { paymentIntent };
    }
    if (forOrder) await recordPaymentFailure(c.var.db, orderId, intent);
    if (intent.lastError) {
      c.status(402);
      return { paymentIntent, error: intent.lastError };
    }
    throw new ValidationError("The payment was not completed. Please try again.");
  },
});

export const paymentConfigAction = defineAction({
  method: "get",
  path: "/payments/config",
  input: undefined,
  output: z.object({
    provider: z.string().nullable().describe("The card gateway: stripe or test; null when none is configured"),
    publishableKey: z.string().nullable(),
    testPayments: z.boolean().describe("True when the shop takes test payments (no money moves)"),
  }),
  auth: "public",
  summary: "Which card gateway checkout uses, and its publishable key",
  // deno-lint-ignore require-await
  handler: async (c) => {
    const gateway = c.var.payments;
    return {
      provider: gateway?.provider ?? null,
      publishableKey: gateway?.publishableKey ?? null,
      testPayments: gateway !== null && !isLiveMode(c.var.config),
    };
  },
});

const paymentActions = [
  paymentConfigAction,
  createIntentAction,
  payfastStartAction,
  testIntentAction,
  testConfirmAction,
];

/** Never cached: the answers carry an attempt's client secret or a signed form, or the gateway in use now. */
export function paymentApi() {
  return actionApi("/payments", paymentActions, privateNoStore);
}
