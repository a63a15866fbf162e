/**
 * Checkout step 1, Review: the cart lines, the default shipping and billing addresses, and the side
 * panel (order total, coupon, shipping method, notes, 'Continue to Payment', 'Secure Checkout').
 * The form posts to /checkout and works without JavaScript.
 */
import type { CheckoutReview, PudoLocker } from "../../domains/checkout/mod.ts";
import type { CartLine } from "../../domains/cart/mod.ts";
import { formatMoney } from "../../lib/money.ts";
import { imageSource } from "../../lib/image_sizes.ts";
import { Island } from "../../lib/islands.tsx";
import ShippingMethodChooser from "../../islands/ShippingMethodChooser.tsx";
import { AddressLines } from "../orders/AddressLines.tsx";
import { LockIcon } from "../ui/icons.tsx";
import { CheckoutCard, CheckoutFrame } from "./CheckoutFrame.tsx";
import { OrderTotalPanel } from "./OrderTotalPanel.tsx";
import { PaymentConfigurationError, SecureCheckoutNote, UnpaidOrderNotice } from "./CheckoutNotices.tsx";
import { Table } from "../ui/Table.tsx";

/** Order notes are optional and at most this long. */
export const NOTES_MAX = 500;

const link =
  "font-semibold text-green-800 underline decoration-green-800/30 underline-offset-2 hover:decoration-green-800";

export interface ReviewStepProps {
  review: CheckoutReview & { shippingAddress: NonNullable<CheckoutReview["shippingAddress"]> };
  lockers: readonly PudoLocker[];
  /** A fresh key per render: a repeated submit of this form places one order. */
  idempotencyKey: string;
  /** False when no payment provider is configured: the form cannot continue. */
  paymentsReady: boolean;
  /** What the shopper chose in a post that was refused: the form shows it again. */
  choices?: ReviewChoices;
}

/** The review form's own fields, kept when placing the order was refused. */
export interface ReviewChoices {
  shippingMethod: "standard" | "pudo_locker";
  pudoLockerCode: string | null;
  notes: string;
}

function LineName({ line }: { line: CartLine }) {
  return (
    <div className="min-w-0">
      <a
        href={`/product/${line.product.slug}`}
        className="font-semibold text-stone-900 hover:text-green-800 hover:underline"
      >
        {line.product.name}
      </a>
      {line.product.variantName ? <p className="text-xs text-stone-600">{line.product.variantName}</p> : null}
      {line.product.preorder ? <p className="text-xs text-amber-700">Pre-order</p> : null}
    </div>
  );
}

function UnitPrice({ line }: { line: CartLine }) {
  return (
    <>
      <span className="tabular-nums">{formatMoney(line.unitPriceCents)}</span>
      {line.regularUnitPriceCents !== null
        ? <s className="ml-1 text-xs text-stone-500 tabular-nums">{formatMoney(line.regularUnitPriceCents)}</s>
        : null}
    </>
  );
}

function Thumb({ line, size }: { line: CartLine; size: 56 | 64 }) {
  return (
    <img
      {...imageSource(line.product.image, line.product.name, size)}
      alt=""
      width={size}
      height={size}
      className={`${size === 64 ? "h-16 w-16" : "h-14 w-14"} shrink-0 rounded-lg bg-stone-100 object-cover`}
    />
  );
}

function CartLines({ lines, itemCount }: { lines: CartLine[]; itemCount: number }) {
  return (
    <CheckoutCard
      id="review-items"
      title={`Items (${itemCount})`}
      action={<a href="/cart" className={link}>Edit cart</a>}
    >
      <Table
        className="hidden w-full text-left text-sm md:table"
        data-review-lines
        headClass="border-b border-stone-200 text-xs font-semibold tracking-wide text-stone-600 uppercase"
        bodyClass="divide-y divide-stone-100"
        columns={[
          { header: "Product", span: 2, th: "pb-2", td: "w-20 py-3", cell: (line) => <Thumb line={line} size={64} /> },
          { td: "py-3", cell: (line) => <LineName line={line} /> },
          {
            header: "Price",
            th: "px-3 pb-2 text-right",
            td: "px-3 py-3 text-right whitespace-nowrap",
            cell: (line) => <UnitPrice line={line} />,
          },
          {
            header: "Qty",
            th: "px-3 pb-2 text-right",
            td: "px-3 py-3 text-right tabular-nums",
            cell: (l) => l.quantity,
          },
          {
            header: "Total",
            th: "pb-2 text-right",
            td: "py-3 text-right font-semibold whitespace-nowrap tabular-nums",
            cell: (line) => formatMoney(line.lineTotalCents),
          },
        ]}
        rows={lines}
        rowKey={(line) => line.id}
        rowProps={(line) => ({ "data-review-line": line.id })}
      />
      <ul className="divide-y divide-stone-100 md:hidden">
        {lines.map((line) => (
          <li key={line.id} className="flex gap-3 py-3 first:pt-0 last:pb-0">
            <Thumb line={line} size={56} />
            <div className="min-w-0 flex-1">
              <LineName line={line} />
              <div className="mt-1 flex items-baseline justify-between gap-2 text-sm">
                <span className="text-stone-600">
                  <UnitPrice line={line} /> × {line.quantity}
                </span>
                <span className="font-semibold tabular-nums">{formatMoney(line.lineTotalCents)}</span>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </CheckoutCard>
  );
}

function Addresses({ review }: { review: ReviewStepProps["review"] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <CheckoutCard
        id="shipping-address"
        title="Shipping address"
        action={<a href="/address-book?redirect=/checkout" className={link}>Change</a>}
      >
        <AddressLines address={review.shippingAddress} />
      </CheckoutCard>
      <CheckoutCard
        id="billing-address"
        title="Billing address"
        action={<a href="/address-book?redirect=/checkout" className={link}>Change</a>}
      >
        {review.billingAddress
          ? <AddressLines address={review.billingAddress} />
          : <p className="text-sm text-stone-700">Same as shipping address</p>}
      </CheckoutCard>
    </div>
  );
}

export function ReviewStep({ review, lockers, idempotencyKey, paymentsReady, choices }: ReviewStepProps) {
  const { cart } = review;
  const method = choices?.shippingMethod === "pudo_locker" && review.pudo.eligible ? "pudo_locker" : "standard";
  return (
    <CheckoutFrame step="review">
      {paymentsReady ? null : <PaymentConfigurationError />}
      {review.unpaidOrder ? <UnpaidOrderNotice order={review.unpaidOrder} /> : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0 space-y-6">
          <CartLines lines={cart.lines} itemCount={cart.itemCount} />
          <Addresses review={review} />
        </div>
        <aside className="space-y-4" aria-label="Order total and delivery">
          <OrderTotalPanel cart={cart} totals={review.totals[method]} />
          <form
            method="post"
            action="/checkout"
            id="checkout-form"
            className="space-y-5 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
          >
            <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
            <Island
              name="ShippingMethodChooser"
              component={ShippingMethodChooser}
              props={{
                lockers: lockers.map((l) => ({ id: l.id, name: l.name, address: l.address })),
                pudo: review.pudo,
                prices: {
                  standard: {
                    feeCents: review.totals.standard.delivery.feeCents,
                    totalCents: review.totals.standard.totalCents,
                  },
                  pudo_locker: {
                    feeCents: review.totals.pudo_locker.delivery.feeCents,
                    totalCents: review.totals.pudo_locker.totalCents,
                  },
                },
                method,
                locker: choices?.pudoLockerCode ?? null,
              }}
            />
            <div>
              <label htmlFor="checkout-notes" className="mb-1 block text-sm font-medium text-stone-800">
                Order notes <span className="font-normal text-stone-500">(optional)</span>
              </label>
              <textarea
                id="checkout-notes"
                name="notes"
                rows={3}
                maxLength={NOTES_MAX}
                placeholder="Delivery instructions or anything we should know"
                defaultValue={choices?.notes}
                aria-describedby="checkout-notes-hint"
                className="w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm focus:border-green-700 focus:ring-2 focus:ring-green-700/20 focus:outline-none"
              />
              <p id="checkout-notes-hint" className="mt-1 text-xs text-stone-500">{`Up to ${NOTES_MAX} characters.`}</p>
            </div>
            <button
              type="submit"
              disabled={!paymentsReady}
              className="flex w-full items-center justify-center gap-2 rounded-lg bg-green-800 px-4 py-3 font-semibold text-white hover:bg-green-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:cursor-not-allowed disabled:opacity-50"
            >
              <LockIcon className="h-4 w-4" />
              Continue to Payment
            </button>
          </form>
          <SecureCheckoutNote />
        </aside>
      </div>
    </CheckoutFrame>
  );
}
