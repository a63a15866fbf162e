/**
 * After payment: the confirmation ('Thank you', order number, total, loyalty points earned, links to
 * the order and the shop), or, while the payment provider's word has not reached the shop yet, a
 * waiting state that reloads itself every few seconds for about a minute.
 */
import type { ReactNode } from "react";
import { formatMoney } from "../../lib/money.ts";
import { primaryButton, secondaryButton } from "../ui/buttons.ts";
import { AwardIcon, CheckCircleIcon, ClockIcon } from "../ui/icons.tsx";
import { CheckoutFrame } from "./CheckoutFrame.tsx";

const points = new Intl.NumberFormat("en-ZA");

/**
 * The confirmation step's card: a round icon, the title, what the view says, then its buttons.
 * `sectionProps`: the card's live-region and data attributes.
 */
function OutcomeCard(
  { titleId, sectionProps, iconClass, icon, titleClass = "", title, actions, children }: {
    titleId: string;
    sectionProps: Record<string, string | number>;
    iconClass: string;
    icon: ReactNode;
    /** Classes added to the title's. */
    titleClass?: string;
    title: string;
    actions: ReactNode;
    children: ReactNode;
  },
) {
  return (
    <CheckoutFrame step="confirmation">
      <section
        className="mx-auto max-w-2xl rounded-2xl border border-stone-200 bg-white p-6 text-center shadow-sm sm:p-10"
        aria-labelledby={titleId}
        {...sectionProps}
      >
        <span className={`mx-auto flex h-16 w-16 items-center justify-center rounded-full ${iconClass}`}>{icon}</span>
        <h2 id={titleId} className={`mt-5 text-2xl font-extrabold tracking-tight text-stone-900${titleClass}`}>
          {title}
        </h2>
        {children}
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{actions}</div>
      </section>
    </CheckoutFrame>
  );
}

export function ConfirmationView(
  { orderId, orderNumber, totalCents, pointsEarned }: {
    orderId: number;
    orderNumber: string;
    totalCents: number;
    pointsEarned: number;
  },
) {
  return (
    <OutcomeCard
      titleId="confirmation-title"
      sectionProps={{ "data-order-confirmed": orderId }}
      iconClass="bg-green-100 text-green-800"
      icon={<CheckCircleIcon className="h-9 w-9" />}
      titleClass=" sm:text-3xl"
      title="Thank you for your order!"
      actions={
        <>
          <a href={`/order/${orderId}`} className={primaryButton}>View Order Details</a>
          <a href="/" className={secondaryButton}>Continue Shopping</a>
        </>
      }
    >
      <p className="mt-2 text-stone-600">
        Your payment was received and your order is being prepared. A confirmation e-mail is on its way.
      </p>
      <dl className="mx-auto mt-6 grid max-w-md gap-3 text-left sm:grid-cols-2">
        <div className="rounded-xl bg-stone-50 p-4">
          <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">Order number</dt>
          <dd className="mt-1 font-bold whitespace-nowrap text-stone-900" data-order-number>{orderNumber}</dd>
        </div>
        <div className="rounded-xl bg-stone-50 p-4">
          <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">Total paid</dt>
          <dd className="mt-1 font-bold text-stone-900 tabular-nums">{formatMoney(totalCents)}</dd>
        </div>
      </dl>
      {pointsEarned > 0
        ? (
          <p
            className="mx-auto mt-4 flex max-w-md items-center justify-center gap-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950"
            data-points-earned={pointsEarned}
          >
            <AwardIcon className="h-5 w-5 shrink-0 text-amber-700" />
            <span>
              You earned <strong>{`${points.format(pointsEarned)} loyalty points`}</strong> with this order.
            </span>
          </p>
        )
        : null}
    </OutcomeCard>
  );
}

/**
 * The payment went to the provider but the shop has not yet confirmed it. `refreshing`: the page
 * reloads itself (a Refresh header); once it stops, the customer gets the order page to check later.
 */
export function ConfirmingPaymentView(
  { orderId, orderNumber, refreshing, retryUrl }: {
    orderId: number;
    orderNumber: string;
    refreshing: boolean;
    retryUrl: string;
  },
) {
  return (
    <OutcomeCard
      titleId="confirming-title"
      sectionProps={{ "aria-live": "polite", "data-confirming-payment": orderId }}
      iconClass="bg-amber-100 text-amber-800"
      icon={<ClockIcon className={`h-9 w-9 ${refreshing ? "animate-pulse" : ""}`} />}
      title="We are confirming your payment…"
      actions={
        <>
          {refreshing ? null : <a href={retryUrl} className={primaryButton}>Check again</a>}
          <a href={`/order/${orderId}`} className={refreshing ? primaryButton : secondaryButton}>View Order Details</a>
        </>
      }
    >
      {refreshing
        ? (
          <p className="mt-2 text-stone-600">
            {`Order ${orderNumber}: this usually takes a few seconds. This page updates by itself; please do not pay again.`}
          </p>
        )
        : (
          <p className="mt-2 text-stone-600">
            {`We have not heard back from the payment provider about order ${orderNumber} yet. If your card was charged, the order will be confirmed shortly and you will receive an e-mail. Please do not pay again.`}
          </p>
        )}
    </OutcomeCard>
  );
}
