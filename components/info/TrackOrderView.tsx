/** /track-order: a GET form (works without JavaScript) and the result of the lookup. */
import type { OrderStatus, TrackedOrder } from "../../domains/orders/mod.ts";
import { DetailList, InfoPage, textLink } from "./InfoPage.tsx";

export const NOT_FOUND_MESSAGE = "We couldn't find an order with that number and e-mail address.";

const placedFormat = new Intl.DateTimeFormat("en-ZA", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Africa/Johannesburg",
});

const statusColours: Record<OrderStatus, string> = {
  pending: "bg-amber-100 text-amber-900 ring-amber-300",
  processing: "bg-blue-100 text-blue-900 ring-blue-300",
  shipped: "bg-indigo-100 text-indigo-900 ring-indigo-300",
  delivered: "bg-green-100 text-green-900 ring-green-300",
  cancelled: "bg-red-100 text-red-900 ring-red-300",
  refunded: "bg-stone-100 text-stone-800 ring-stone-300",
};

const statusText: Record<OrderStatus, string> = {
  pending: "We have your order and are waiting for the payment to be confirmed.",
  processing: "Your order is being picked and packed. Orders leave us within 1-2 business days.",
  shipped: "Your order is on its way with the courier.",
  delivered: "Your order has been delivered. Enjoy!",
  cancelled: "This order was cancelled. Contact us if you have questions about it.",
  refunded: "This order was refunded in full. The money goes back to the way you paid.",
};

const steps: OrderStatus[] = ["pending", "processing", "shipped", "delivered"];
const stepLabels: Record<OrderStatus, string> = {
  pending: "Placed",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

/** "processing" -> "Processing". */
export function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export type TrackResult = { kind: "found"; order: TrackedOrder } | { kind: "not-found" } | null;

export function TrackOrderView(
  { values, errors, result, email }: {
    values: { orderNumber: string; email: string };
    errors: { orderNumber?: string; email?: string };
    result: TrackResult;
    /** The shop's support address. */
    email: string;
  },
) {
  return (
    <InfoPage
      title="Track Your Order"
      lead="Enter your order number and the e-mail address of your account to see where your order is."
      wide
    >
      <div className="grid max-w-5xl gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <form
          method="get"
          action="/track-order"
          noValidate
          className="h-fit rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
          aria-label="Track an order"
        >
          <Field
            id="orderNumber"
            label="Order number"
            hint="It starts with RB- and is in your order confirmation."
            value={values.orderNumber}
            error={errors.orderNumber}
            placeholder="RB-1732240123456"
            autoComplete="off"
            maxLength={40}
          />
          <Field
            id="email"
            label="E-mail address"
            type="email"
            value={values.email}
            error={errors.email}
            placeholder="you@example.co.za"
            autoComplete="email"
            maxLength={254}
          />
          <button
            type="submit"
            className="mt-6 w-full rounded-lg bg-green-800 px-5 py-3 font-semibold text-white hover:bg-green-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800"
          >
            Track order
          </button>
          <p className="mt-4 text-sm text-stone-600">
            Signed in? All your orders are under <a className={textLink} href="/account?tab=orders">My Orders</a>.
          </p>
        </form>
        <div aria-live="polite">
          {result?.kind === "found" ? <OrderResult order={result.order} /> : null}
          {result?.kind === "not-found"
            ? (
              <div role="alert" className="rounded-2xl border border-amber-300 bg-amber-50 p-6 text-amber-950">
                <h2 className="text-lg font-bold">Order not found</h2>
                <p className="mt-2 leading-7" data-not-found>{NOT_FOUND_MESSAGE}</p>
                <p className="mt-2 text-sm leading-6">
                  Check the order number in your confirmation e-mail and use the e-mail address of the account you
                  ordered with. Still stuck? E-mail <a className={textLink} href={`mailto:${email}`}>{email}</a>.
                </p>
              </div>
            )
            : null}
          {result === null
            ? (
              <div className="rounded-2xl border border-dashed border-stone-300 p-6 text-stone-600">
                <h2 className="font-semibold text-stone-800">What you will see</h2>
                <p className="mt-2 text-sm leading-6">
                  The order's status (pending, processing, shipped, delivered or cancelled), the date you placed it and
                  the delivery method. For your privacy we do not show addresses or items here; sign in to see the full
                  order.
                </p>
              </div>
            )
            : null}
        </div>
      </div>
    </InfoPage>
  );
}

function Field(
  { id, label, hint, type = "text", value, error, placeholder, autoComplete, maxLength }: {
    id: "orderNumber" | "email";
    label: string;
    hint?: string;
    type?: string;
    value: string;
    error?: string;
    placeholder: string;
    autoComplete: string;
    maxLength: number;
  },
) {
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="mt-4 first:mt-0">
      <label htmlFor={id} className="block text-sm font-semibold text-stone-800">{label}</label>
      {hint ? <p id={`${id}-hint`} className="mt-0.5 text-xs text-stone-500">{hint}</p> : null}
      <input
        id={id}
        name={id}
        type={type}
        required
        defaultValue={value}
        placeholder={placeholder}
        autoComplete={autoComplete}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1.5 w-full rounded-lg border bg-white px-3 py-2.5 text-base focus:ring-2 focus:outline-none ${
          error
            ? "border-red-500 focus:border-red-600 focus:ring-red-200"
            : "border-stone-300 focus:border-green-700 focus:ring-green-200"
        }`}
      />
      {error
        ? <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700" data-field-error>{error}</p>
        : null}
    </div>
  );
}

function OrderResult({ order }: { order: TrackedOrder }) {
  const reached = steps.indexOf(order.status);
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm" aria-labelledby="order-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="order-heading" className="text-xl font-bold text-stone-900">{`Order #${order.orderNumber}`}</h2>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ring-1 ${statusColours[order.status]}`}
          data-order-status
        >
          {capitalise(order.status)}
        </span>
      </div>
      <p className="mt-2 text-stone-700">{statusText[order.status]}</p>
      {order.status !== "cancelled"
        ? (
          <ol className="mt-5 grid grid-cols-4 gap-2" aria-label="Order progress">
            {steps.map((s, i) => (
              <li key={s} className="text-center text-xs font-medium">
                <span
                  className={`mb-1.5 block h-2 rounded-full ${i <= reached ? "bg-green-700" : "bg-stone-200"}`}
                  aria-hidden="true"
                />
                <span className={i <= reached ? "text-green-900" : "text-stone-500"}>
                  {stepLabels[s]}
                  {i <= reached ? <span className="sr-only">(done)</span> : null}
                </span>
              </li>
            ))}
          </ol>
        )
        : null}
      <div className="mt-5">
        <DetailList
          compact
          rows={[
            { label: "Order number", value: order.orderNumber },
            { label: "Status", value: capitalise(order.status) },
            {
              label: "Placed on",
              value: <time dateTime={order.placedAt.toISOString()}>{placedFormat.format(order.placedAt)}</time>,
            },
            {
              label: "Delivery method",
              value: order.shippingMethod === "pudo_locker"
                ? `PUDO locker${order.pudoLockerAddress ? `: ${order.pudoLockerAddress}` : ""}`
                : "Standard courier delivery",
            },
            { label: "Payment", value: order.paid ? "Paid" : "Payment pending" },
          ]}
        />
      </div>
    </section>
  );
}
