/**
 * /checkout (document 2 "Checkout"): review, then payment, then confirmation, all server-rendered.
 *   GET  /checkout                      review (visitor: login; empty cart: /cart; no default
 *                                       shipping address: the address book)
 *   POST /checkout                      places the order (the form twin of POST /api/orders; idempotency
 *                                       key from the form), then payment
 *   GET  /checkout?order={id}           payment step of the customer's own pending, unpaid order
 *   GET  /checkout?order={id}&confirmed=1  confirmation once paid; until then a self-refreshing wait
 *                                       (a failed attempt sends the customer back to the payment step)
 *   POST /checkout/back                 'Back to Order Summary': cancels the unpaid order, back to review
 *   POST /checkout/reward               applies a loyalty reward code to the unpaid order (no-JS form)
 *   GET  /checkout/confirmation         the card provider's return_url for redirect-based methods (3-D
 *                                       Secure, bank redirects): ?payment_intent=...&redirect_status=...
 * The order is marked paid only from facts the server fetched from the payment provider; the return's
 * redirect_status is the browser's word and is ignored.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import {
  checkoutReview,
  checkoutSchemas,
  findLocker,
  orderByPaymentIntent,
  PUDO_LOCKERS,
} from "../../domains/checkout/mod.ts";
import { type OrderDetail } from "../../domains/orders/mod.ts";
import { pointsForPaidTotal } from "../../domains/loyalty/mod.ts";
import { PAYFAST_METHOD_LABEL, type PayFastCheckout, type PaymentIntentFacts } from "../../domains/payments/mod.ts";
import { NotFoundError, ValidationError } from "../../lib/errors.ts";
import type { ToastInput } from "../../client/toast.ts";
import { type ReviewChoices, ReviewStep } from "../../components/checkout/ReviewStep.tsx";
import { PaymentStep } from "../../components/checkout/PaymentStep.tsx";
import { PayFastForm } from "../../components/checkout/PayFastForm.tsx";
import { CheckoutCard, CheckoutFrame } from "../../components/checkout/CheckoutFrame.tsx";
import { ConfirmationView, ConfirmingPaymentView } from "../../components/checkout/ConfirmationView.tsx";
import { currentUser, requireUser } from "../guards.ts";
import { setFlash } from "../flash.ts";
import { finalizeOptions, payfastReturnPath } from "../finalize_options.ts";
import { formRoute } from "../action.ts";
import { stitchPaymentAction } from "../api/stitch.ts";
import { payfastStartAction } from "../api/payments.ts";
import { abandonOrderAction, placeOrderAction } from "../api/orders.ts";
import { applyRedemptionAction } from "../api/loyalty.ts";
import { renderPage } from "../render.tsx";
import { privateNoStore } from "../page_cache.ts";
import { deliveryRates } from "../shop_info.ts";
import { MISSING_SHIPPING_ADDRESS } from "../../flows/place_order.ts";
import { settleReturnedPayment } from "../../flows/finalise_payment.ts";
import { idFrom, ownOrder, settleWithProvider, settleWithStitch, stitchWaitUrl } from "./checkout_settle.ts";

/** The waiting state reloads every 3 s, at most this many times (about a minute). */
const CONFIRM_REFRESH_SECONDS = 3;
const CONFIRM_MAX_REFRESHES = 20;

const head = { title: "Checkout", canonicalPath: "/checkout", noindex: true };
const paymentUrl = (id: number) => `/checkout?order=${id}`;
const confirmationUrl = (id: number) => `/checkout?order=${id}&confirmed=1`;
/** Stripe's return_url (spec: "return address /checkout/confirmation"); Stripe appends the attempt. */
const PROVIDER_RETURN_URL = "/checkout/confirmation";

/** The checkout toast for a payment that did not go through (spec: 'Payment failed'). */
const paymentFailed = (description: string): ToastInput => ({
  title: "Payment failed",
  description,
  variant: "destructive",
});

/** An order cancelled before its payment arrived: the payment is refunded (a cancelled order is never revived). */
const REFUNDED_TOAST: ToastInput = {
  title: "Order cancelled",
  description:
    "Your payment arrived after this order was cancelled, so we are refunding it in full. We have sent you an e-mail.",
  variant: "destructive",
};

/** The review form's key is missing or malformed: a page from an older release, or a hand-made post. */
const CHECKOUT_EXPIRED = "Your checkout page has expired. Please review your order again.";

/** Placing the order was refused: the review again, with why and with the shopper's choices kept. */
interface Refused {
  toast: ToastInput;
  choices: ReviewChoices;
  status: 400 | 409;
}

async function reviewPage(c: Context<AppEnv>, refused?: Refused) {
  const review = await checkoutReview(c.var.db, currentUser(c).id, await deliveryRates(c));
  // The review cannot show (the cart emptied, the address gone): the refusal goes with the redirect.
  if (refused && (!review.cart.lines.length || !review.shippingAddress)) setFlash(c, refused.toast);
  if (!review.cart.lines.length) {
    setFlash(c, { title: "Empty cart", description: "Please add items to your cart before checking out" });
    return c.redirect("/cart", 303);
  }
  const shippingAddress = review.shippingAddress;
  if (!shippingAddress) {
    setFlash(c, { title: "Missing shipping address", description: MISSING_SHIPPING_ADDRESS, variant: "destructive" });
    return c.redirect("/address-book?redirect=/checkout", 303);
  }
  return renderPage(c, {
    head,
    body: (
      <ReviewStep
        review={{ ...review, shippingAddress }}
        lockers={PUDO_LOCKERS}
        idempotencyKey={crypto.randomUUID()}
        paymentsReady={c.var.payments !== null}
        choices={refused?.choices}
      />
    ),
    toast: refused?.toast,
    status: refused?.status,
  });
}

/** ?order={id}: the payment step, the confirmation or the wait for the provider's word. */
async function orderPage(c: Context<AppEnv>, found: OrderDetail) {
  const confirmed = c.req.query("confirmed") === "1";
  // Back from PayFast: only its ITN pays the order, so the card gateway's attempt is not asked (it
  // was never paid and would read as a failure); the page waits for the ITN.
  const viaPayfast = c.req.query("provider") === "payfast";
  // Back from Stitch: Stitch is asked about its payment request (never the card gateway's attempt).
  const viaStitch = c.req.query("provider") === "stitch";
  const waitUrl = viaPayfast
    ? payfastReturnPath(found.id)
    : viaStitch
    ? stitchWaitUrl(c, found.id)
    : confirmationUrl(found.id);
  const { order, failure } = !confirmed || viaPayfast
    ? { order: found, failure: null }
    : viaStitch
    ? await settleWithStitch(c, found)
    : await settleWithProvider(c, found);
  if (failure !== null) {
    setFlash(c, paymentFailed(failure));
    return c.redirect(paymentUrl(order.id), 303);
  }
  if (order.paidAt && order.status === "cancelled") {
    setFlash(c, REFUNDED_TOAST);
    return c.redirect(`/order/${order.id}`, 303);
  }
  if (order.paidAt) {
    if (!confirmed) return c.redirect(confirmationUrl(order.id), 303);
    return renderPage(c, {
      head: { ...head, title: "Order Confirmed" },
      body: (
        <ConfirmationView
          orderId={order.id}
          orderNumber={order.orderNumber}
          totalCents={order.totalCents}
          pointsEarned={pointsForPaidTotal(order.totalCents)}
        />
      ),
    });
  }
  if (order.status !== "pending") {
    setFlash(c, {
      title: "Order cancelled",
      description: "This order was cancelled. Please place your order again.",
      variant: "destructive",
    });
    return c.redirect("/checkout", 303);
  }
  if (confirmed) {
    const waited = Math.max(0, Math.min(Number(c.req.query("wait")) || 0, CONFIRM_MAX_REFRESHES));
    const refreshing = waited < CONFIRM_MAX_REFRESHES;
    if (refreshing) {
      c.header("Refresh", `${CONFIRM_REFRESH_SECONDS}; url=${waitUrl}&wait=${waited + 1}`);
    }
    return renderPage(c, {
      head: { ...head, title: "Confirming Payment" },
      body: (
        <ConfirmingPaymentView
          orderId={order.id}
          orderNumber={order.orderNumber}
          refreshing={refreshing}
          retryUrl={waitUrl}
        />
      ),
    });
  }
  const gateway = c.var.payments;
  return renderPage(c, {
    head: { ...head, title: "Payment" },
    body: (
      <PaymentStep
        order={order}
        locker={findLocker(order.pudoLockerCode)}
        payfast={c.var.payfast ? { orderId: order.id, confirmationUrl: confirmationUrl(order.id) } : null}
        stitch={c.var.stitch ? { orderId: order.id } : null}
        payment={gateway && (gateway.provider === "stripe" || gateway.provider === "test")
          ? {
            orderId: order.id,
            orderNumber: order.orderNumber,
            totalCents: order.totalCents,
            provider: gateway.provider,
            publishableKey: gateway.publishableKey,
            confirmationUrl: confirmationUrl(order.id),
            returnUrl: PROVIDER_RETURN_URL,
            backUrl: "/checkout/back",
          }
          : null}
      />
    ),
  });
}

/** The order a provider's return is about: the attempt's order, else its metadata's (if the customer's). */
async function returnedOrder(
  c: Context<AppEnv>,
  intentId: string,
  intent: PaymentIntentFacts | null,
): Promise<OrderDetail | null> {
  const byIntent = await orderByPaymentIntent(c.var.db, intentId, currentUser(c).id);
  return await ownOrder(c, byIntent ?? idFrom(intent?.metadata.orderId));
}

export function checkoutPages() {
  const app = new Hono<AppEnv>();
  for (const path of ["/checkout", "/checkout/*"]) app.use(path, privateNoStore, requireUser());

  app.get("/checkout", async (c) => {
    const raw = c.req.query("order");
    if (raw === undefined) return await reviewPage(c);
    const order = await ownOrder(c, idFrom(raw));
    if (!order) return c.redirect("/checkout", 303);
    return await orderPage(c, order);
  });

  // The review form places the order through the same action as POST /api/orders; its hidden
  // idempotency key stands in for that route's Idempotency-Key header (a double submit, or a retry
  // after a lost answer, lands on the one order).
  formRoute(app, placeOrderAction, {
    path: "/checkout",
    input: (fields, c) => {
      const key = checkoutSchemas.idempotencyKey.safeParse(fields.idempotencyKey ?? "");
      if (!key.success) throw new ValidationError(CHECKOUT_EXPIRED);
      c.set("idempotencyKey", key.data);
      const pudo = fields.shippingMethod === "pudo_locker";
      return {
        shippingMethod: fields.shippingMethod || undefined,
        pudoLockerCode: pudo ? fields.pudoLockerCode || null : null,
        notes: fields.notes?.trim() || null,
      };
    },
    onSuccess: (c, order) => c.redirect(paymentUrl(order.id), 303),
    // The review again (not a redirect), so the delivery choice and the notes typed are not lost.
    onError: (c, err, fields) =>
      reviewPage(c, {
        toast: { title: "Order creation failed", description: err.message, variant: "destructive" },
        choices: {
          shippingMethod: fields.shippingMethod === "pudo_locker" ? "pudo_locker" : "standard",
          pudoLockerCode: fields.pudoLockerCode || null,
          notes: fields.notes ?? "",
        },
        status: err.status === 409 ? 409 : 400,
      }),
  });

  // The twin of POST /api/orders/abandon.
  formRoute(app, abandonOrderAction, {
    path: "/checkout/back",
    onSuccess: (c, { outcome }, { orderId }) =>
      c.redirect(outcome === "paid" ? confirmationUrl(orderId) : "/checkout", 303),
    onError: (c, err, fields) => {
      const id = idFrom(fields.orderId);
      if (id === null || err instanceof NotFoundError || err instanceof ValidationError) {
        return c.redirect("/checkout", 303);
      }
      setFlash(c, { title: "Order processing failed", description: err.message, variant: "destructive" });
      return c.redirect(paymentUrl(id), 303);
    },
  });

  // The reward code box without JavaScript (the RewardCodeForm island calls the same action,
  // POST /api/loyalty/apply-redemption).
  formRoute(app, applyRedemptionAction, {
    path: "/checkout/reward",
    input: (fields) => ({ code: fields.code ?? "", orderId: fields.orderId }),
    onSuccess: (c, applied, input) => {
      setFlash(c, { title: "Reward Applied", description: applied.message, variant: "success" });
      return c.redirect(paymentUrl(input.orderId), 303);
    },
    onError: (c, err, fields) => {
      const id = idFrom(fields.orderId);
      if (id === null || err instanceof NotFoundError) return c.redirect("/checkout", 303);
      setFlash(c, { title: "Could Not Apply Reward", description: err.message, variant: "destructive" });
      return c.redirect(paymentUrl(id), 303);
    },
  });

  // PayFast without JavaScript: a page holding PayFast's signed form and its button (the
  // PayFastPayment island fetches the same fields from the same action, POST /api/payments/payfast/start,
  // and posts them itself).
  formRoute(app, payfastStartAction, {
    path: "/checkout/payfast",
    input: (fields) => ({ orderId: fields.orderId }),
    onSuccess: (c, out) => {
      const checkout = out as PayFastCheckout;
      return renderPage(c, {
        head: { ...head, title: "Pay with PayFast" },
        body: (
          <CheckoutFrame step="payment">
            <div className="mx-auto max-w-lg">
              <CheckoutCard id="payfast-continue" title={PAYFAST_METHOD_LABEL}>
                <p className="mb-4 text-sm text-stone-600">
                  {`Order ${checkout.fields.item_name} · R${checkout.fields.amount}. PayFast's secure page opens next; `}
                  we confirm your order as soon as PayFast tells us the payment went through.
                </p>
                <PayFastForm checkout={checkout} buttonLabel="Continue to PayFast" />
              </CheckoutCard>
            </div>
          </CheckoutFrame>
        ),
      });
    },
    // A bad order id, someone else's order, or PayFast switched off: back to the checkout.
    onError: (c, err, fields) => {
      const id = idFrom(fields.orderId);
      if (err instanceof NotFoundError || id === null) return c.redirect("/checkout", 303);
      setFlash(c, paymentFailed(err.message));
      return c.redirect(paymentUrl(id), 303);
    },
  });

  // Stitch, with or without JavaScript: the payment step's form posts here and is sent on to
  // Stitch's page for the customer's bank (the same action as POST /api/stitch/payment).
  formRoute(app, stitchPaymentAction, {
    path: "/checkout/stitch",
    onSuccess: (c, { url }) => c.redirect(url, 303),
    onError: (c, err, fields) => {
      const id = idFrom(fields.orderId);
      if (err instanceof NotFoundError || id === null) return c.redirect("/checkout", 303);
      setFlash(c, paymentFailed(err.message));
      return c.redirect(paymentUrl(id), 303);
    },
  });

  app.get(PROVIDER_RETURN_URL, async (c) => {
    const intentId = c.req.query("payment_intent");
    const gateway = c.var.payments;
    if (!intentId || !gateway) return c.redirect("/checkout", 303);
    const intent = await gateway.retrieveIntent(intentId);
    const order = await returnedOrder(c, intentId, intent);
    if (!order) {
      setFlash(c, paymentFailed("We could not find the order for this payment."));
      return c.redirect("/checkout", 303);
    }
    const settled = await settleReturnedPayment(c.var.db, order.id, intent, finalizeOptions(c));
    if (settled.outcome === "failed") {
      setFlash(c, paymentFailed(settled.message));
      return c.redirect(paymentUrl(order.id), 303);
    }
    // Paid, or still processing: the confirmation (which waits for the provider's word if need be).
    return c.redirect(confirmationUrl(order.id), 303);
  });
  return app;
}
