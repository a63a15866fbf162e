/**
 * The page an order placed outside the checkout is paid on (a WhatsApp cart, docs/whatsapp.md; an
 * order staff took, docs/staff-orders.md): the link the shop sent, signed and expiring, is the
 * permission, so no sign-in is needed.
 *
 *   GET  /pay/{token}           the order, its delivery address (or a form asking for one), and
 *                               the configured payment methods (card form, PayFast); once paid,
 *                               a thank-you; a forged or expired link is a 404
 *   POST /pay/{token}/address   the delivery address (CSRF-checked like every form post)
 *   POST /pay/{token}/payfast   PayFast's signed form without JavaScript
 *   /pay/wa/{token}...          the first WhatsApp links: redirected to the same paths without /wa
 *
 * The order is paid only on the provider's word (the payment islands, webhooks and ITNs as at
 * checkout); coming back here asks the card provider about the order's attempt, as the checkout's
 * confirmation does.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../context.ts";
import { addressSchemas } from "../../domains/addresses/mod.ts";
import { loadOrders, type OrderDetail, payLinkKey, payLinkOrder, payLinkPath } from "../../domains/orders/mod.ts";
import { PAYFAST_METHOD_LABEL, type PayFastCheckout } from "../../domains/payments/mod.ts";
import { formRoute } from "../action.ts";
import { payLinkPayFastAction } from "../api/pay_links.ts";
import { addressWhatsAppOrder } from "../../flows/whatsapp_order.ts";
import { NotFoundError, ValidationError } from "../../lib/errors.ts";
import { logError } from "../../lib/error_log.ts";
import { formatMoney } from "../../lib/money.ts";
import { Island } from "../../lib/islands.tsx";
import CheckoutPayment from "../../islands/CheckoutPayment.tsx";
import PayFastPayment from "../../islands/PayFastPayment.tsx";
import { CheckoutCard } from "../../components/checkout/CheckoutFrame.tsx";
import { OrderLinesAndTotal } from "../../components/checkout/OrderTotalPanel.tsx";
import { PaymentConfigurationError, SecureCheckoutNote } from "../../components/checkout/CheckoutNotices.tsx";
import { PayFastForm } from "../../components/checkout/PayFastForm.tsx";
import { AddressLines } from "../../components/orders/AddressLines.tsx";
import {
  type AddressFieldErrors,
  AddressFields,
  type AddressFormValues,
  emptyAddressValues,
  valuesFromForm,
  valuesToInput,
} from "../../components/account/AddressForm.tsx";
import { primaryButton } from "../../components/ui/buttons.ts";
import { finalizeOptions } from "../finalize_options.ts";
import { renderPage } from "../render.tsx";
import { settleReturnedPayment } from "../../flows/finalise_payment.ts";
import { PRIVATE_CACHE_CONTROL } from "../page_cache.ts";

const head = {
  title: "Pay your order",
  description: "Pay your order.",
  canonicalPath: "/pay",
  noindex: true,
};

const pagePath = payLinkPath;

/** The token's order, or a 404 page's message. */
async function linkOrder(c: Context<AppEnv>, token: string) {
  const link = await payLinkOrder(c.var.db, await payLinkKey(c.var.db, c.var.config.payLinkSecret), token);
  const [order] = await loadOrders(c.var.db, [link.orderId]);
  if (!order) throw new NotFoundError("This payment link is not valid.");
  return { link, order };
}

/** Asks the card provider about the order's attempt (its webhook may lag): paid, or unchanged. */
async function settle(c: Context<AppEnv>, order: OrderDetail): Promise<OrderDetail> {
  const gateway = c.var.payments;
  if (order.paidAt || order.status !== "pending" || !gateway || !order.paymentIntentId) return order;
  try {
    const intent = await gateway.retrieveIntent(order.paymentIntentId);
    if (intent?.status !== "succeeded") return order;
    await settleReturnedPayment(c.var.db, order.id, intent, finalizeOptions(c));
    return (await loadOrders(c.var.db, [order.id]))[0] ?? order;
  } catch (err) {
    logError("checking a WhatsApp order's payment with the provider failed", err, { orderId: order.id });
    return order;
  }
}

function Recap({ order }: { order: OrderDetail }) {
  return (
    <CheckoutCard id="wa-order" title={`Order ${order.orderNumber}`}>
      <OrderLinesAndTotal order={order} />
    </CheckoutCard>
  );
}

function Frame(
  { children, aside, whatsapp = false }: { children: React.ReactNode; aside?: React.ReactNode; whatsapp?: boolean },
) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold text-stone-900">{whatsapp ? "Pay your WhatsApp order" : "Pay your order"}</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0 space-y-4">{children}</div>
        {aside ? <aside className="space-y-4" aria-label="Your order">{aside}</aside> : null}
      </div>
    </div>
  );
}

function Notice(
  { title, children, tone = "stone" }: { title: string; children: React.ReactNode; tone?: "green" | "stone" },
) {
  return (
    <section
      className={`rounded-2xl border p-5 shadow-sm sm:p-6 ${
        tone === "green" ? "border-green-200 bg-green-50 text-green-900" : "border-stone-200 bg-white text-stone-800"
      }`}
      data-wa-state={title}
    >
      <h2 className="text-lg font-bold">{title}</h2>
      <div className="mt-1 text-sm">{children}</div>
    </section>
  );
}

function AddressStep(
  { token, values, errors }: { token: string; values: AddressFormValues; errors: AddressFieldErrors },
) {
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6" data-wa-address-form>
      <h2 className="text-lg font-bold text-stone-900">Delivery address</h2>
      <p className="mt-1 text-sm text-stone-600">Where should we deliver this order? You pay on the next step.</p>
      <form method="post" action={`${pagePath(token)}/address`} className="mt-4" noValidate>
        <AddressFields values={values} errors={errors} idPrefix="wa-address" deliveryOnly />
        <button type="submit" className={`${primaryButton} mt-5`}>Save address and continue</button>
      </form>
    </section>
  );
}

function PaymentMethods(
  { c, token, order }: { c: Context<AppEnv>; token: string; order: OrderDetail },
) {
  const gateway = c.var.payments;
  const card = gateway && gateway.provider !== "payfast" && gateway.provider !== "stitch";
  const here = `${c.var.config.siteUrl}${pagePath(token)}`;
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6" data-payment-step={order.id}>
      <h2 className="text-lg font-bold text-stone-900">Payment</h2>
      <p className="mt-1 text-sm text-stone-600">
        Order <strong className="text-stone-900">{order.orderNumber}</strong> · Total{" "}
        <strong className="text-stone-900 tabular-nums" data-payment-total>{formatMoney(order.totalCents)}</strong>
      </p>
      <div className="mt-5">
        {card
          ? (
            <div data-payment-method="card">
              {c.var.payfast ? <h3 className="mb-3 font-semibold text-stone-900">Pay by card</h3> : null}
              <Island
                name="CheckoutPayment"
                component={CheckoutPayment}
                props={{
                  orderId: order.id,
                  orderNumber: order.orderNumber,
                  totalCents: order.totalCents,
                  provider: gateway.provider as "stripe" | "test",
                  publishableKey: gateway.publishableKey,
                  confirmationUrl: pagePath(token),
                  returnUrl: here,
                  backUrl: pagePath(token),
                  start: { url: "/api/pay/intent", body: { token } },
                }}
              />
            </div>
          )
          : c.var.payfast
          ? null
          : <PaymentConfigurationError />}
        {c.var.payfast
          ? (
            <div className={card ? "mt-6 border-t border-stone-200 pt-5" : ""} data-payment-method="payfast">
              <h3 className="font-semibold text-stone-900">{PAYFAST_METHOD_LABEL}</h3>
              <p className="mt-1 mb-3 text-sm text-stone-600">
                You pay on PayFast's secure page and come back here; we confirm your order as soon as PayFast tells us
                the payment went through.
              </p>
              <Island
                name="PayFastPayment"
                component={PayFastPayment}
                props={{
                  orderId: order.id,
                  confirmationUrl: pagePath(token),
                  start: {
                    url: "/api/pay/payfast",
                    formAction: `${pagePath(token)}/payfast`,
                    fields: { token },
                  },
                }}
              />
            </div>
          )
          : null}
      </div>
    </section>
  );
}

async function payPage(
  c: Context<AppEnv>,
  token: string,
  form?: { values: AddressFormValues; errors: AddressFieldErrors },
) {
  c.header("Cache-Control", PRIVATE_CACHE_CONTROL);
  c.header("Referrer-Policy", "no-referrer");
  const found = await linkOrder(c, token);
  const whatsapp = found.link.source === "whatsapp";
  const order = await settle(c, found.order);
  const aside = (
    <>
      <Recap order={order} />
      <SecureCheckoutNote />
    </>
  );
  const address = order.shippingAddress
    ? (
      <CheckoutCard id="wa-delivery" title="Delivery">
        <p className="text-sm text-stone-700">
          {order.shippingMethod === "pudo_locker"
            ? `PUDO locker (free): ${order.pudoLockerAddress ?? ""}. Contact details:`
            : `Standard delivery (${
              order.shippingCents ? formatMoney(order.shippingCents) : "free"
            }, 3-5 business days) to:`}
        </p>
        <div className="mt-1 text-sm">
          <AddressLines address={order.shippingAddress} />
        </div>
      </CheckoutCard>
    )
    : null;
  let main: React.ReactNode;
  if (order.paidAt) {
    main = (
      <>
        <Notice title="Paid" tone="green">
          {`Thank you! Order ${order.orderNumber} is paid. We will send you updates ${
            whatsapp ? "on WhatsApp" : "by e-mail"
          } as it moves.`}
        </Notice>
        {address}
      </>
    );
  } else if (order.status !== "pending") {
    main = (
      <Notice title="Cancelled">
        {`Order ${order.orderNumber} was cancelled${order.cancelReason ? ` (${order.cancelReason})` : ""}. ${
          whatsapp ? "Please send your order again on WhatsApp." : "Please contact us to order again."
        }`}
      </Notice>
    );
  } else if (!order.shippingAddress) {
    main = (
      <AddressStep
        token={token}
        values={form?.values ?? emptyAddressValues({ firstName: null, lastName: null })}
        errors={form?.errors ?? {}}
      />
    );
  } else {
    main = (
      <>
        {c.req.query("provider") === "payfast"
          ? (
            <Notice title="Waiting for PayFast">
              We confirm your order as soon as PayFast tells us the payment went through. Reload this page in a moment.
            </Notice>
          )
          : null}
        <PaymentMethods c={c} token={token} order={order} />
        {address}
      </>
    );
  }
  return renderPage(c, {
    head: whatsapp ? { ...head, title: "Pay your WhatsApp order", description: "Pay your WhatsApp order." } : head,
    body: <Frame aside={aside} whatsapp={whatsapp}>{main}</Frame>,
    status: form ? 400 : 200,
  });
}

/** Reads the address form; the form's own rules, names required. */
function checkAddress(values: AddressFormValues):
  | { data: z.output<typeof addressSchemas.addressForm> }
  | { errors: AddressFieldErrors } {
  const result = addressSchemas.addressForm.safeParse(valuesToInput(values));
  if (result.success) return { data: result.data };
  return { errors: addressSchemas.firstIssues(result.error) };
}

export function whatsappPayPages() {
  const app = new Hono<AppEnv>();

  // The first WhatsApp links named /pay/wa/: the same page now, for every order paid by link. A form
  // post keeps its method and body through a 308.
  app.get("/pay/wa/:token", (c) => c.redirect(pagePath(c.req.param("token")), 301));
  app.post(
    "/pay/wa/:token/:step{address|payfast}",
    (c) => c.redirect(`${pagePath(c.req.param("token"))}/${c.req.param("step")}`, 308),
  );

  app.get("/pay/:token", (c) => payPage(c, c.req.param("token")));

  app.post("/pay/:token/address", async (c) => {
    const token = c.req.param("token");
    const { link } = await linkOrder(c, token);
    const values = valuesFromForm(await c.req.parseBody());
    const checked = checkAddress(values);
    if ("errors" in checked) return await payPage(c, token, { values, errors: checked.errors });
    try {
      await addressWhatsAppOrder(c.var.db, link, checked.data);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      return await payPage(c, token, { values, errors: { addressLine1: err.message } });
    }
    return c.redirect(pagePath(token), 303);
  });

  // PayFast without JavaScript: PayFast's signed form and its button, from the same action as
  // POST /api/pay/payfast (the token is the form's path).
  formRoute(app, payLinkPayFastAction, {
    path: "/pay/:token/payfast",
    input: (_fields, c) => ({ token: c.req.param("token") }),
    onSuccess: (c, out) => {
      const checkout = out as PayFastCheckout;
      return renderPage(c, {
        head: { ...head, title: "Pay with PayFast" },
        body: (
          <Frame>
            <CheckoutCard id="payfast-continue" title={PAYFAST_METHOD_LABEL}>
              <p className="mb-4 text-sm text-stone-600">
                {`Order ${checkout.fields.item_name} · R${checkout.fields.amount}. PayFast's secure page opens next.`}
              </p>
              <PayFastForm checkout={checkout} buttonLabel="Continue to PayFast" />
            </CheckoutCard>
          </Frame>
        ),
      });
    },
    // A forged or expired link stays the 404 page; any other refusal (PayFast off, the order not
    // payable) goes back to the link's page, which says why.
    onError: async (c) => {
      const token = c.req.param("token") ?? "";
      await linkOrder(c, token);
      return c.redirect(pagePath(token), 303);
    },
  });

  return app;
}
