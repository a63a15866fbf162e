/**
 * /api/payments: start a payment for one's order (the amount is always the order's total from the
 * database), the public /test-stripe page's test payments, the offline test provider's card form,
 * and which provider is active. The order becomes paid only through the checkout domain's
 * finalisation, on facts the server got from the provider.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../../app.ts";
import { hitRateLimit } from "../../domains/auth/mod.ts";
import {
  attachPaymentIntent,
  finalizePaidOrder,
  intentIsForOrder,
  payableOrder,
  recordPaymentFailure,
  startPayFastPayment,
} from "../../domains/checkout/mod.ts";
import {
  isLiveMode,
  isTestGateway,
  PAYMENT_NOT_CONFIGURED,
  type PaymentGateway,
  paymentSchemas,
} from "../../domains/payments/mod.ts";
import type { Db } from "../../db/client.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { clientIp } from "../client_ip.ts";
import { currentUser, requireUser } from "../guards.ts";
import { validate } from "../validate.ts";
import { finalizeOptions, payfastUrls } from "../finalize_options.ts";

/** The public test page may start this many test payments per IP address in ten minutes. */
const TEST_INTENTS_PER_IP = { max: 30, windowMs: 10 * 60_000 };

function noStore(c: Context<AppEnv>) {
  c.header("Cache-Control", "private, no-store");
}

/** What the browser needs to show the payment form. */
function formStart(gateway: PaymentGateway, clientSecret: string, paymentIntentId: string) {
  return { clientSecret, paymentIntentId, provider: gateway.provider, publishableKey: gateway.publishableKey };
}

/**
 * A client secret for the customer's unpaid order: the live attempt already attached to it when
 * there is one (a reload or double click pays the same attempt), else a new attempt for the order's
 * total. An attempt the provider reports as succeeded finalises the order here (its webhook may lag).
 */
async function orderPayment(
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
      await finalizePaidOrder(db, order.id, known, finalizeOptions(c));
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

export function paymentApi() {
  const app = new Hono<AppEnv>();

  app.get("/config", (c) => {
    noStore(c);
    const gateway = c.var.payments;
    return c.json({
      provider: gateway?.provider ?? null,
      publishableKey: gateway?.publishableKey ?? null,
      testPayments: gateway !== null && !isLiveMode(c.var.config),
    });
  });

  app.post("/create-intent", requireUser(), validate("json", paymentSchemas.createIntentBody), async (c) => {
    noStore(c);
    const gateway = c.var.payments;
    if (!gateway) return c.json({ error: PAYMENT_NOT_CONFIGURED }, 503);
    const body = c.req.valid("json");
    const orderId = (body.orderId ?? body.metadata?.orderId)!;
    return c.json(await orderPayment(c, c.var.db, gateway, orderId, currentUser(c).id));
  });

  /**
   * PayFast's hosted page for the customer's own pending order: the form's action and its signed
   * fields (amount from the database), which the browser posts to PayFast. 404 while PayFast is off.
   */
  app.post("/payfast/start", requireUser(), validate("json", paymentSchemas.payfastStartBody), async (c) => {
    noStore(c);
    const payfast = c.var.payfast;
    if (!payfast) throw new NotFoundError(`No API endpoint at POST ${c.req.path}`);
    const { orderId } = c.req.valid("json");
    return c.json(
      await startPayFastPayment(c.var.db, payfast, { orderId, userId: currentUser(c).id }, payfastUrls(c)),
    );
  });

  app.post("/test-intent", validate("json", paymentSchemas.testIntentBody), async (c) => {
    noStore(c);
    const gateway = c.var.payments;
    if (!gateway) return c.json({ error: PAYMENT_NOT_CONFIGURED }, 503);
    if (isLiveMode(c.var.config)) {
      throw new ConflictError("Test payments are off: this shop takes live payments.");
    }
    await hitRateLimit(c.var.db, `test-intent:ip:${clientIp(c)}`, TEST_INTENTS_PER_IP);
    const { amount } = c.req.valid("json");
    const created = await gateway.createIntent({
      amountCents: amount * 100,
      currency: "zar",
      metadata: { purpose: "test-payment-page" },
      description: `${c.var.config.shop.name} test payment (/test-stripe)`,
    });
    return c.json(formStart(gateway, created.clientSecret, created.id));
  });

  /**
   * The offline test provider's "card network": only while that provider is the shop's gateway,
   * which paymentGateway allows outside production and for the demo shop, never for a live shop.
   */
  app.post("/test-confirm", validate("json", paymentSchemas.testConfirmBody), async (c) => {
    noStore(c);
    const gateway = c.var.payments;
    if (!isTestGateway(gateway)) {
      throw new NotFoundError(`No API endpoint at POST ${c.req.path}`);
    }
    const { clientSecret, cardNumber } = c.req.valid("json");
    const intent = await gateway.confirmTestCard(clientSecret, cardNumber);
    const orderId = Number(intent.metadata.orderId);
    const forOrder = Number.isSafeInteger(orderId) && orderId > 0;
    const paymentIntent = { id: intent.id, status: intent.status };
    if (intent.status === "succeeded") {
      if (forOrder) {
        await finalizePaidOrder(c.var.db, orderId, intent, finalizeOptions(c));
      }
      return c.json({ paymentIntent });
    }
    if (forOrder) await recordPaymentFailure(c.var.db, orderId, intent);
    if (intent.lastError) return c.json({ paymentIntent, error: intent.lastError }, 402);
    throw new ValidationError("The payment was not completed. Please try again.");
  });

  return app;
}
