/**
 * Checkout step 2, Payment: the placed order's number, total and delivery, the loyalty reward code
 * box (a code needs a placed order, so it lives here, not on the review), the card form (the
 * CheckoutPayment island of the payment gateway) and 'Back to Order Summary', which cancels the
 * unpaid order so the review can place a fresh one. With PayFast configured, its hosted page is a
 * second method below the card form; with Stitch, pay-by-bank (a plain form, no JavaScript needed).
 * Without a payment provider: the spec's 'Payment Configuration Error'.
 */
import type { ReactNode } from "react";
import type { OrderDetail } from "../../domains/orders/mod.ts";
import { formatMoney } from "../../lib/money.ts";
import { Island } from "../../lib/islands.tsx";
import CheckoutPayment, { type CheckoutPaymentProps } from "../../islands/CheckoutPayment.tsx";
import RewardCodeForm from "../../islands/RewardCodeForm.tsx";
import PayFastPayment, { type PayFastPaymentProps } from "../../islands/PayFastPayment.tsx";
import { PAYFAST_METHOD_LABEL, STITCH_METHOD_LABEL } from "../../domains/payments/schemas.ts";
import { fullWidthButton } from "../ui/buttons.ts";
import { AddressLines } from "../orders/AddressLines.tsx";
import { ChevronLeftIcon, MapPinIcon } from "../ui/icons.tsx";
import { CheckoutCard, CheckoutFrame } from "./CheckoutFrame.tsx";
import { OrderLinesAndTotal } from "./OrderTotalPanel.tsx";
import { PaymentConfigurationError, SecureCheckoutNote } from "./CheckoutNotices.tsx";

export interface PaymentStepProps {
  order: OrderDetail;
  /** Null when no payment provider is configured. */
  payment: CheckoutPaymentProps | null;
  /** PayFast's hosted page as a second method; null when PayFast is not configured. */
  payfast: PayFastPaymentProps | null;
  /** Stitch pay-by-bank (instant EFT) as another method; null when Stitch is not configured. */
  stitch: { orderId: number } | null;
  locker: { name: string; address: string } | null;
}

function BackToReview({ orderId }: { orderId: number }) {
  return (
    <form method="post" action="/checkout/back" data-back-to-review>
      <input type="hidden" name="orderId" value={orderId} />
      <button
        type="submit"
        className="inline-flex items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-2.5 text-sm font-semibold text-stone-800 shadow-sm hover:bg-stone-50"
      >
        <ChevronLeftIcon className="h-4 w-4" />
        Back to Order Summary
      </button>
    </form>
  );
}

function OrderRecap({ order, locker }: { order: OrderDetail; locker: PaymentStepProps["locker"] }) {
  return (
    <CheckoutCard id="payment-order" title={`Order ${order.orderNumber}`}>
      <OrderLinesAndTotal order={order} />
      {/* One reward code per order: once applied it shows as a line of the total, and the box goes. */}
      {order.rewardCode ? null : (
        <div className="mt-4 border-t border-stone-200 pt-4" data-reward-box>
          <Island name="RewardCodeForm" component={RewardCodeForm} props={{ orderId: order.id }} />
        </div>
      )}
      <div className="mt-4 border-t border-stone-200 pt-4 text-sm">
        <p className="font-semibold text-stone-900">Delivery</p>
        {order.shippingMethod === "pudo_locker"
          ? (
            <p className="mt-1 flex gap-2 text-stone-700">
              <MapPinIcon className="mt-0.5 h-4 w-4 shrink-0 text-green-800" />
              <span>
                {`PUDO locker: ${locker ? `${locker.name}, ${locker.address}` : order.pudoLockerAddress ?? ""}`}
              </span>
            </p>
          )
          : (
            <div className="mt-1">
              <p className="text-stone-700">
                {`Standard delivery (${
                  order.shippingCents ? formatMoney(order.shippingCents) : "free"
                }, 3-5 business days) to:`}
              </p>
              {order.shippingAddress
                ? (
                  <div className="mt-1">
                    <AddressLines address={order.shippingAddress} />
                  </div>
                )
                : null}
            </div>
          )}
      </div>
    </CheckoutCard>
  );
}

/**
 * A payment method beside the card form: a named group with its title and what happens, divided from
 * the method above it unless it is the only one.
 */
function PaymentMethod(
  { method, title, intro, alone, children }: {
    method: "payfast" | "stitch";
    title: string;
    intro: ReactNode;
    alone: boolean;
    children: ReactNode;
  },
) {
  return (
    <div
      className={alone ? "" : "mt-6 border-t border-stone-200 pt-5"}
      data-payment-method={method}
      aria-labelledby={`${method}-title`}
      role="group"
    >
      <h3 id={`${method}-title`} className="font-semibold text-stone-900">{title}</h3>
      <p className="mt-1 mb-3 text-sm text-stone-600">{intro}</p>
      {children}
    </div>
  );
}

/** The second method: PayFast's hosted page (Instant EFT, cards and more). */
function PayFastMethod({ props, alone }: { props: PayFastPaymentProps; alone: boolean }) {
  return (
    <PaymentMethod
      method="payfast"
      title={PAYFAST_METHOD_LABEL}
      intro={
        <>
          You pay on PayFast's secure page and come back here; we confirm your order as soon as PayFast tells us the
          payment went through.
        </>
      }
      alone={alone}
    >
      <Island name="PayFastPayment" component={PayFastPayment} props={props} />
    </PaymentMethod>
  );
}

/**
 * Stitch pay-by-bank: a form that posts to the shop, which starts the payment request and sends the
 * browser on to Stitch's page for the customer's bank (works without JavaScript).
 */
function StitchMethod({ orderId, alone }: { orderId: number; alone: boolean }) {
  return (
    <PaymentMethod
      method="stitch"
      title={STITCH_METHOD_LABEL}
      intro={
        <>
          Choose your bank on Stitch's secure page and approve the payment in your banking app; no card needed. We
          confirm your order as soon as Stitch tells us the payment went through.
        </>
      }
      alone={alone}
    >
      <form method="post" action="/checkout/stitch" data-stitch-form>
        <input type="hidden" name="orderId" value={orderId} />
        <button type="submit" className={fullWidthButton}>Pay by bank with Stitch</button>
      </form>
    </PaymentMethod>
  );
}

export function PaymentStep({ order, payment, payfast, stitch, locker }: PaymentStepProps) {
  return (
    <CheckoutFrame step="payment">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0 space-y-4">
          <section
            aria-labelledby="payment-title"
            className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
            data-payment-step={order.id}
          >
            <h2 id="payment-title" className="text-lg font-bold text-stone-900">Payment</h2>
            <p className="mt-1 text-sm text-stone-600">
              Order <strong className="text-stone-900">{order.orderNumber}</strong> · Total{" "}
              <strong className="text-stone-900 tabular-nums" data-payment-total>
                {formatMoney(order.totalCents)}
              </strong>
            </p>
            <div className="mt-5">
              {payment
                ? (
                  <div data-payment-method="card">
                    {payfast || stitch ? <h3 className="mb-3 font-semibold text-stone-900">Pay by card</h3> : null}
                    <Island name="CheckoutPayment" component={CheckoutPayment} props={payment} />
                  </div>
                )
                : payfast || stitch
                ? null
                : <PaymentConfigurationError />}
              {payfast ? <PayFastMethod props={payfast} alone={!payment} /> : null}
              {stitch ? <StitchMethod orderId={stitch.orderId} alone={!payment && !payfast} /> : null}
            </div>
          </section>
          <BackToReview orderId={order.id} />
        </div>
        <aside className="space-y-4" aria-label="Your order">
          <OrderRecap order={order} locker={locker} />
          <SecureCheckoutNote />
        </aside>
      </div>
    </CheckoutFrame>
  );
}
