/**
 * The order page (/order/{id}, document 2 "Order detail"): heading, status, the three information
 * cards, the items table and the order summary; and the 'Order Not Found' view for an order that
 * does not exist or belongs to someone else.
 */
import { TrackingNumber } from "./TrackingNumber.tsx";
import { ShipmentList } from "./ShipmentList.tsx";
import type { ShipmentView } from "../../domains/fulfilment/mod.ts";
import type { ReactNode } from "react";
import { discountLines, type OrderDetail } from "../../domains/orders/mod.ts";
import { formatMoney } from "../../lib/money.ts";
import { primaryButton, secondaryButton } from "../ui/buttons.ts";
import {
  CartIcon,
  ChevronLeftIcon,
  CreditCardIcon,
  MapPinIcon,
  PackageIcon,
  StarIcon,
  TruckIcon,
} from "../ui/icons.tsx";
import { AddressLines } from "./AddressLines.tsx";
import { capitalise, StatusBadge } from "./StatusBadge.tsx";
import { formatOrderDateLong } from "./format.ts";
import type { OrderDocuments } from "../../domains/tax_documents/mod.ts";
import { TaxDocumentLinks } from "./TaxDocumentLinks.tsx";
import { PAYMENT_METHOD_NAMES } from "../../domains/payments/schemas.ts";
import { Table, type TableColumn, tableHead } from "../ui/Table.tsx";

export const ORDER_NOT_FOUND_TEXT =
  "We couldn't find the order you're looking for. It may have been removed or you don't have permission to view it.";

const PAYMENT_STATUS_TEXT: Record<string, string> = {
  unpaid: "Payment pending",
  paid: "Paid",
  partially_refunded: "Partially refunded",
  refunded: "Refunded",
};

/** The payment method as a customer reads it; none recorded is 'Standard payment'. */
export function paymentMethodText(method: string | null): string {
  if (!method) return "Standard payment";
  return PAYMENT_METHOD_NAMES[method] ?? capitalise(method);
}

/** Units over all lines (two of one product and one of another: 3), as the order lists count them. */
export function unitCount(order: Pick<OrderDetail, "items">): number {
  return order.items.reduce((n, i) => n + i.quantity, 0);
}

export interface OrderDetailViewProps {
  order: OrderDetail;
  /** The PUDO locker of the order (from its code), when it went to one. */
  locker: { name: string; address: string } | null;
  /** VAT inside the total and its rate (prices include VAT). */
  vat: { cents: number; ratePercent: number };
  /** The order is the viewer's own (an admin reading a customer's order gets no 'Complete payment'). */
  own: boolean;
  /** The order's tax invoice and credit notes (none while unpaid). */
  documents?: OrderDocuments;
  /** The parcels sent when the order was shipped in parts (each with its lines and tracking link). */
  shipments?: ShipmentView[];
}

function InfoCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  const id = `card-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="flex items-center gap-2 text-base font-bold text-stone-900">
        <span className="text-green-800">{icon}</span>
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-3 gap-y-0.5 py-1.5">
      <dt className="text-stone-600">{label}</dt>
      <dd className="text-right font-medium text-stone-900">{children}</dd>
    </div>
  );
}

function Notice({ order, own }: { order: OrderDetail; own: boolean }) {
  if (order.status === "pending" && !order.paidAt) {
    return (
      <div
        className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:p-5"
        data-awaiting-payment
      >
        <div className="min-w-0">
          <p className="font-semibold text-amber-950">Awaiting payment</p>
          <p className="mt-0.5 text-sm text-amber-900">
            {order.paymentError
              ? `Your last payment attempt failed: ${order.paymentError}`
              : "This order is reserved for you and ships once it is paid. Unpaid orders are cancelled after 30 minutes."}
          </p>
        </div>
        {own ? <a href={`/checkout?order=${order.id}`} className={primaryButton}>Complete payment</a> : null}
      </div>
    );
  }
  if (order.status === "refunded") {
    return (
      <div
        className="mt-6 rounded-2xl border border-purple-200 bg-purple-50 p-4 text-purple-950 sm:p-5"
        data-refunded-notice
      >
        <p className="font-semibold">{`This order was refunded in full (${formatMoney(order.refundedCents)}).`}</p>
        <p className="mt-0.5 text-sm">It can take 5 to 10 business days to show on your statement.</p>
      </div>
    );
  }
  if (order.status === "cancelled") {
    return (
      <div className="mt-6 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900 sm:p-5" data-cancelled>
        <p className="font-semibold">
          {order.cancelledAt
            ? `This order was cancelled on ${formatOrderDateLong(order.cancelledAt)}.`
            : "This order was cancelled."}
        </p>
        {order.cancelReason ? <p className="mt-0.5 text-sm">{`Reason: ${order.cancelReason}`}</p> : null}
      </div>
    );
  }
  return null;
}

type OrderItem = OrderDetail["items"][number];

/** The items table's columns; a delivered order offers a review link under each product. */
function itemColumns(reviewable: boolean): TableColumn<OrderItem>[] {
  return [
    {
      header: "Product",
      th: "py-3 pr-3 pl-5",
      td: "py-3.5 pr-3 pl-5 align-top",
      cell: (item) => (
        <>
          {item.productSlug
            ? (
              <a
                href={`/product/${item.productSlug}`}
                className="font-semibold text-stone-900 hover:text-green-800 hover:underline"
              >
                {item.name}
              </a>
            )
            : <span className="font-semibold text-stone-900">{item.name}</span>}
          {item.variantName ? <span className="block text-xs text-stone-600">{item.variantName}</span> : null}
          {item.sku ? <span className="block text-xs text-stone-500">{`SKU ${item.sku}`}</span> : null}
          <span className="block text-xs text-stone-600 sm:hidden">{`${formatMoney(item.priceCents)} each`}</span>
          {reviewable && item.productSlug
            ? (
              <a
                href={`/product/${item.productSlug}?write-review=1#write-review`}
                className="mt-1 inline-flex items-center gap-1 text-xs font-semibold text-green-800 hover:underline"
              >
                <StarIcon className="h-3.5 w-3.5" />
                Review this product
              </a>
            )
            : null}
        </>
      ),
    },
    {
      header: "Price",
      th: "hidden px-3 py-3 text-right sm:table-cell",
      td: "hidden px-3 py-3.5 text-right align-top whitespace-nowrap tabular-nums sm:table-cell",
      cell: (item) => formatMoney(item.priceCents),
    },
    {
      header: "Quantity",
      th: "px-3 py-3 text-right",
      td: "px-3 py-3.5 text-right align-top tabular-nums",
      cell: (item) => item.quantity,
    },
    {
      header: "Total",
      th: "py-3 pr-5 pl-3 text-right",
      td: "py-3.5 pr-5 pl-3 text-right align-top font-semibold whitespace-nowrap tabular-nums",
      cell: (item) => formatMoney(item.lineTotalCents),
    },
  ];
}

function ItemsTable({ order }: { order: OrderDetail }) {
  const n = unitCount(order);
  return (
    <section
      id="order-items"
      aria-labelledby="order-items-title"
      className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm"
    >
      <h2 id="order-items-title" className="px-5 pt-5 text-base font-bold text-stone-900">Items</h2>
      <Table
        className="mt-3 w-full text-left text-sm"
        data-order-items
        caption={
          <caption className="caption-bottom border-t border-stone-200 px-5 py-3 text-left text-sm text-stone-600">
            {`${n} item(s) in this order`}
          </caption>
        }
        headClass={tableHead}
        bodyClass="divide-y divide-stone-100"
        columns={itemColumns(order.status === "delivered")}
        rows={order.items}
        rowKey={(item) => item.id}
        rowProps={(item) => ({ "data-order-line": item.id })}
      />
    </section>
  );
}

/** Subtotal, discount, shipping, total and the VAT it includes. */
export function OrderSummaryCard(
  { order, vat }: { order: OrderDetail; vat: OrderDetailViewProps["vat"] },
) {
  return (
    <aside
      aria-labelledby="order-summary-title"
      className="h-fit rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
      data-order-summary
    >
      <h2 id="order-summary-title" className="text-base font-bold text-stone-900">Order Summary</h2>
      <dl className="mt-3 text-sm">
        <Row label="Subtotal">
          <span className="tabular-nums">{formatMoney(order.subtotalCents)}</span>
        </Row>
        {discountLines(order).map((d) => (
          <div key={d.label} className="flex flex-wrap justify-between gap-x-3 py-1.5 text-green-800">
            <dt>{d.label}</dt>
            <dd className="font-medium tabular-nums">{`−${formatMoney(d.cents)}`}</dd>
          </div>
        ))}
        <Row label="Shipping">
          <span className="tabular-nums">{order.shippingCents ? formatMoney(order.shippingCents) : "Free"}</span>
        </Row>
        <div className="mt-2 flex justify-between gap-3 border-t border-stone-200 pt-3 text-base font-bold text-stone-900">
          <dt>Total</dt>
          <dd className="tabular-nums" data-order-total>{formatMoney(order.totalCents)}</dd>
        </div>
        <div className="flex justify-between gap-3 pt-1 text-xs text-stone-600">
          <dt>{`VAT included (${vat.ratePercent}%)`}</dt>
          <dd className="tabular-nums">{formatMoney(vat.cents)}</dd>
        </div>
      </dl>
    </aside>
  );
}

export function OrderDetailView({ order, locker, vat, own, documents, shipments }: OrderDetailViewProps) {
  const paid = Boolean(order.paymentId);
  const firstReviewable = order.items.find((i) => i.productSlug);
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10" data-order-page={order.id}>
      <a href="/account?tab=orders" className={secondaryButton}>
        <ChevronLeftIcon className="h-4 w-4" />
        Back to Account
      </a>

      <header className="mt-6 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-extrabold tracking-tight text-stone-900 sm:text-3xl">
            {`Order #${order.orderNumber}`}
          </h1>
          <p className="mt-1 text-stone-600">
            Placed on <time dateTime={order.createdAt.toISOString()}>{formatOrderDateLong(order.createdAt)}</time>
          </p>
        </div>
        <StatusBadge status={order.status} size="md" />
      </header>

      <Notice order={order} own={own} />

      <div className="mt-6 grid gap-4 md:grid-cols-3">
        <InfoCard title="Shipping Information" icon={<TruckIcon className="h-5 w-5" />}>
          {order.shippingAddress
            ? <AddressLines address={order.shippingAddress} />
            : <p className="text-sm text-stone-600">No shipping information</p>}
        </InfoCard>
        <InfoCard title="Billing Information" icon={<CreditCardIcon className="h-5 w-5" />}>
          {order.billingAddress
            ? <AddressLines address={order.billingAddress} />
            : <p className="text-sm text-stone-600">Same as shipping address</p>}
        </InfoCard>
        <InfoCard title="Payment & Delivery" icon={<PackageIcon className="h-5 w-5" />}>
          <dl className="divide-y divide-stone-100 text-sm">
            <Row label="Payment method">{paymentMethodText(order.paymentMethod)}</Row>
            <Row label="Payment status">
              <span className={paid ? "text-green-800" : "text-amber-800"} data-payment-status>
                {PAYMENT_STATUS_TEXT[order.paymentStatus] ?? (paid ? "Paid" : "Payment pending")}
              </span>
            </Row>
            {order.refundedCents > 0
              ? (
                <Row label="Refunded">
                  <span className="tabular-nums" data-refunded>{formatMoney(order.refundedCents)}</span>
                </Row>
              )
              : null}
            <Row label="Shipping status">{capitalise(order.status)}</Row>
            {order.trackingNumber
              ? (
                <Row label="Tracking number">
                  <TrackingNumber number={order.trackingNumber} carrier={order.carrier} />
                </Row>
              )
              : null}
            {order.carrier ? <Row label="Carrier">{order.carrier}</Row> : null}
            {order.shippedAt ? <Row label="Shipped on">{formatOrderDateLong(order.shippedAt)}</Row> : null}
            {order.deliveredAt ? <Row label="Delivered on">{formatOrderDateLong(order.deliveredAt)}</Row> : null}
            <Row label="Delivery">
              {order.shippingMethod === "pudo_locker" ? "PUDO locker" : "Standard delivery (3-5 business days)"}
            </Row>
          </dl>
          {order.shippingMethod === "pudo_locker" && (locker || order.pudoLockerAddress)
            ? (
              <div className="mt-3 flex gap-2 rounded-xl bg-stone-50 p-3 text-sm" data-pudo-locker>
                <MapPinIcon className="mt-0.5 h-4 w-4 shrink-0 text-green-800" />
                <p>
                  {locker
                    ? (
                      <>
                        <span className="block font-semibold text-stone-900">{locker.name}</span>
                        <span className="block text-stone-700">{locker.address}</span>
                      </>
                    )
                    : <span className="text-stone-700">{order.pudoLockerAddress}</span>}
                </p>
              </div>
            )
            : null}
          {documents?.invoice
            ? (
              <div className="mt-3 border-t border-stone-100 pt-3">
                <h3 className="text-sm font-semibold text-stone-900">Tax documents</h3>
                <div className="mt-1.5">
                  <TaxDocumentLinks documents={documents} base={`/orders/${order.id}`} />
                </div>
              </div>
            )
            : null}
        </InfoCard>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <ItemsTable order={order} />
        <OrderSummaryCard order={order} vat={vat} />
      </div>

      {shipments?.length
        ? (
          <section
            className="mt-6 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
            aria-labelledby="parcels-title"
          >
            <h2 id="parcels-title" className="text-base font-bold text-stone-900">Parcels</h2>
            <p className="mt-1 text-sm text-stone-600">
              {order.status === "processing"
                ? "Your order is being sent in parts. These parcels are on their way; the rest follows."
                : "Your order was sent in these parcels."}
            </p>
            <div className="mt-3">
              <ShipmentList shipments={shipments} />
            </div>
          </section>
        )
        : null}

      {order.notes
        ? (
          <section className="mt-6 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm" aria-label="Order notes">
            <h2 className="text-base font-bold text-stone-900">Order notes</h2>
            <p className="mt-2 text-sm whitespace-pre-line text-stone-700">{order.notes}</p>
          </section>
        )
        : null}

      <div className="mt-8 flex flex-wrap gap-3">
        <a href="/account?tab=orders" className={secondaryButton}>Back to Account</a>
        {own && order.items.some((i) => i.productId !== null)
          ? (
            <form method="post" action={`/order/${order.id}/buy-again`}>
              <button type="submit" className={secondaryButton} data-buy-again>
                <CartIcon className="h-4 w-4" />
                Buy it again
              </button>
            </form>
          )
          : null}
        {order.status === "delivered" && firstReviewable
          ? (
            <a href={`/product/${firstReviewable.productSlug}?write-review=1#write-review`} className={primaryButton}>
              <StarIcon className="h-4 w-4" />
              Write a Review
            </a>
          )
          : null}
      </div>
    </div>
  );
}

/** No such order, or not the viewer's: the spec's wording and a way back to the account. */
export function OrderNotFoundView() {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center" data-order-not-found>
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-stone-100 text-stone-600">
        <PackageIcon className="h-7 w-7" />
      </span>
      <h1 className="mt-5 text-2xl font-bold text-stone-900">Order Not Found</h1>
      <p className="mt-3 text-stone-600">{ORDER_NOT_FOUND_TEXT}</p>
      <a href="/account" className={`${primaryButton} mt-8`}>Back to Account</a>
    </section>
  );
}
