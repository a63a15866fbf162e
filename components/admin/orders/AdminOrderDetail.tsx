/**
 * /admin/orders/{id}: everything about one order for staff (lines, totals with the VAT they
 * include, customer, addresses, delivery, payment, refunds, tracking, the timeline of every event,
 * internal notes) and the actions its status allows, as plain forms that work without JavaScript:
 * ship (tracking number, carrier), mark delivered, cancel and refund (each destructive action asks
 * for a ticked confirmation), add a note; ship selected lines in a parcel of their own, with each
 * line's "shipped x of y" and the parcels sent (docs/decisions/0079).
 */
import type { ReactNode } from "react";
import type { AdminOrderDetail, LineFulfilment, ShipmentView } from "../../../domains/fulfilment/mod.ts";
import { discountLines } from "../../../domains/orders/mod.ts";
import { formatMoney } from "../../../lib/money.ts";
import { AddressLines } from "../../orders/AddressLines.tsx";
import { paymentMethodText } from "../../orders/OrderDetailView.tsx";
import { PAYFAST_MANUAL_REFUND, STITCH_MANUAL_REFUND } from "../../../domains/payments/schemas.ts";
import { PaymentStatusBadge, StatusBadge } from "../../orders/StatusBadge.tsx";
import { dangerButton, primaryButton, secondaryButton } from "../../ui/buttons.ts";
import { Field, fieldInputClass, fieldLabelClass } from "../../ui/Field.tsx";
import { type Column, DataTable } from "../shared/AdminTable.tsx";
import { TextareaField } from "../shared/FormFields.tsx";
import { adminTime } from "./AdminOrderList.tsx";
import type { OrderDocuments } from "../../../domains/tax_documents/mod.ts";
import { TaxDocumentLinks } from "../../orders/TaxDocumentLinks.tsx";
import { TrackingNumber } from "../../orders/TrackingNumber.tsx";
import { RawDetails } from "../audit/AuditViews.tsx";
import { ShipmentList } from "../../orders/ShipmentList.tsx";
import { ShipLinesForm, TrackingFields } from "./ShipLinesForm.tsx";

export interface AdminOrderDetailProps {
  detail: AdminOrderDetail;
  locker: { name: string; address: string } | null;
  vat: { cents: number; ratePercent: number };
  /** Where the statuses may go from here (from the domain's transition table). */
  next: readonly string[];
  /** The order's tax invoice and credit notes (none while unpaid). */
  documents?: OrderDocuments;
  /** Each line's shipped units and the parcels sent so far (partial fulfilment). */
  fulfilment?: { lines: LineFulfilment[]; shipments: ShipmentView[] };
}

type OrderLine = AdminOrderDetail["order"]["items"][number];

const LINE_COLUMNS: Column<OrderLine>[] = [
  {
    header: "Product",
    cell: (i) => (
      <>
        {i.productSlug
          ? <a href={`/product/${i.productSlug}`} className="font-semibold underline">{i.name}</a>
          : <span className="font-semibold">{i.name}</span>}
        {i.variantName ? <span className="block text-xs text-stone-600">{i.variantName}</span> : null}
        {i.sku ? <span className="block text-xs text-stone-500">{`SKU ${i.sku}`}</span> : null}
      </>
    ),
  },
  {
    header: "Price",
    align: "right",
    className: "whitespace-nowrap tabular-nums",
    cell: (i) => formatMoney(i.priceCents),
  },
  { header: "Qty", align: "right", className: "tabular-nums", cell: (i) => i.quantity },
  {
    header: "Total",
    align: "right",
    className: "whitespace-nowrap tabular-nums",
    cell: (i) => formatMoney(i.lineTotalCents),
  },
];

function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="text-base font-bold text-stone-900">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Row({ label: l, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-3 gap-y-0.5 py-1.5">
      <dt className="text-stone-600">{l}</dt>
      <dd className="text-right font-medium break-all text-stone-900">{children}</dd>
    </div>
  );
}

function Confirm({ name, text }: { name: string; text: string }) {
  return (
    <label className="mt-3 flex items-start gap-2 text-sm text-stone-800">
      <input type="checkbox" name={name} value="yes" required className="mt-0.5 h-4 w-4 accent-red-700" />
      <span>{text}</span>
    </label>
  );
}

/** A refund or a cancellation: set apart below a rule from the routine actions, under its heading. */
function DestructiveAction(
  { action, kind, title, children }: { action: string; kind: string; title: string; children: ReactNode },
) {
  return (
    <form method="post" action={action} className="space-y-3 border-t border-stone-200 pt-5" data-action={kind}>
      <h3 className="font-semibold">{title}</h3>
      {children}
    </form>
  );
}

/**
 * What a cancel puts back on the shelf, in the confirm box's words: every unit, or (once parcels have
 * gone out) only the units still to ship, which are what checkedRestock gives back.
 */
function backInStock(lines: LineFulfilment[] | undefined): string {
  const shipped = lines?.reduce((sum, l) => sum + l.shipped, 0) ?? 0;
  if (shipped === 0) return "put every unit back in stock";
  const back = lines!.reduce((sum, l) => sum + l.toShip, 0);
  const sent = `the ${shipped} shipped ${shipped === 1 ? "unit stays" : "units stay"} out of stock`;
  return back === 0
    ? `leave stock as it is (${sent})`
    : `put ${back} unshipped ${back === 1 ? "unit" : "units"} back in stock (${sent})`;
}

function Actions(
  { detail, next, lines }: { detail: AdminOrderDetail; next: readonly string[]; lines?: LineFulfilment[] },
) {
  const { order } = detail;
  const base = `/admin/orders/${order.id}`;
  const paid = order.paidAt !== null;
  const refundable = detail.refundableCents;
  const restocked = new Map<number, number>();
  for (const r of detail.refunds) {
    for (const l of r.restock) restocked.set(l.orderItemId, (restocked.get(l.orderItemId) ?? 0) + l.quantity);
  }
  const canRefund = refundable > 0 && ["processing", "shipped", "delivered"].includes(order.status);
  if (!next.length && !canRefund) {
    return <p className="text-sm text-stone-600">{`This order is ${order.status}: there is nothing more to do.`}</p>;
  }
  return (
    <div className="space-y-6">
      {next.includes("shipped")
        ? (
          <form method="post" action={`${base}/status`} className="space-y-3" data-action="ship">
            <input type="hidden" name="status" value="shipped" />
            <h3 className="font-semibold">Mark as shipped</h3>
            <TrackingFields prefix="ship" />
            <button type="submit" className={primaryButton}>Mark as shipped</button>
            <p className="text-xs text-stone-500">The customer gets an e-mail with the tracking number.</p>
          </form>
        )
        : null}
      {next.includes("shipped") && paid && lines ? <ShipLinesForm orderId={order.id} lines={lines} /> : null}
      {next.includes("delivered")
        ? (
          <form method="post" action={`${base}/status`} data-action="deliver">
            <input type="hidden" name="status" value="delivered" />
            <h3 className="font-semibold">Delivered?</h3>
            <p className="mt-1 text-sm text-stone-600">
              The customer gets an e-mail inviting them to review each product.
            </p>
            <button type="submit" className={`${primaryButton} mt-3`}>Mark as delivered</button>
          </form>
        )
        : null}
      {canRefund
        ? (
          <DestructiveAction action={`${base}/refund`} kind="refund" title="Refund">
            <p className="text-sm text-stone-600">
              {`Up to ${formatMoney(refundable)} can be refunded, through ${paymentMethodText(order.paymentMethod)}.`}
            </p>
            <Field
              id="refund-amount"
              label="Amount (R)"
              name="amount"
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0.01"
              max={(refundable / 100).toFixed(2)}
              required
            />
            <TextareaField
              id="refund-reason"
              label="Reason"
              name="reason"
              required
              minLength={3}
              maxLength={500}
              rows={2}
            />
            <fieldset>
              <legend className={fieldLabelClass}>Put back in stock (optional)</legend>
              <div className="mt-1 space-y-2">
                {order.items.map((i) => {
                  const left = i.quantity - (restocked.get(i.id) ?? 0);
                  return (
                    <div key={i.id} className="flex items-center justify-between gap-3 text-sm">
                      <label htmlFor={`restock-${i.id}`} className="min-w-0">
                        {i.name}
                        {i.variantName ? ` (${i.variantName})` : ""}
                        <span className="block text-xs text-stone-500">{`${left} of ${i.quantity} can go back`}</span>
                      </label>
                      <input
                        id={`restock-${i.id}`}
                        name={`restock-${i.id}`}
                        type="number"
                        min="0"
                        max={left}
                        step="1"
                        defaultValue="0"
                        disabled={left === 0}
                        className="w-20 rounded-lg border border-stone-300 px-2 py-1.5 text-right"
                      />
                    </div>
                  );
                })}
              </div>
            </fieldset>
            <Confirm name="confirm" text="Yes, send this refund to the customer. It cannot be undone." />
            <button type="submit" className={dangerButton}>Refund</button>
          </DestructiveAction>
        )
        : null}
      {next.includes("cancelled")
        ? (
          <DestructiveAction action={`${base}/status`} kind="cancel" title="Cancel the order">
            <input type="hidden" name="status" value="cancelled" />
            <Field id="cancel-note" label="Reason (optional, kept as an internal note)" name="note" maxLength={2000} />
            <Confirm
              name="confirm"
              text={paid && refundable > 0
                ? `Yes, cancel this order, refund ${formatMoney(refundable)} to the customer and ${backInStock(lines)}.`
                : `Yes, cancel this order and ${backInStock(lines)}.`}
            />
            <button type="submit" className={dangerButton}>Cancel order</button>
          </DestructiveAction>
        )
        : null}
    </div>
  );
}

export function AdminOrderDetailView({ detail, locker, vat, next, documents, fulfilment }: AdminOrderDetailProps) {
  const { order, customer } = detail;
  const shipped = new Map(fulfilment?.lines.map((l) => [l.orderItemId, l]) ?? []);
  // Once the whole order has gone (the Ship button or the last parcel), every unit not restocked went.
  const allGone = order.status === "shipped" || order.status === "delivered";
  const columns: Column<OrderLine>[] = fulfilment && (allGone || order.status === "processing")
    ? [...LINE_COLUMNS, {
      header: "Shipped",
      align: "right",
      className: "whitespace-nowrap tabular-nums",
      cell: (i) => {
        const l = shipped.get(i.id);
        if (!l) return "—";
        return `${allGone ? l.ordered - l.restocked : l.shipped} of ${l.ordered}`;
      },
    }]
    : LINE_COLUMNS;
  const delivery = order.shippingMethod === "pudo_locker" ? "PUDO locker" : "Standard delivery";
  return (
    <article data-admin-order={order.id}>
      <a href="/admin/orders" className="text-sm font-medium text-green-800 underline">← All orders</a>
      <header className="mt-3 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight">{`Order #${order.orderNumber}`}</h1>
          <p className="mt-1 text-sm text-stone-600">{`Placed ${adminTime(order.createdAt)}`}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={order.status} size="md" />
          <PaymentStatusBadge status={order.paymentStatus} size="md" />
          <a
            href={`/admin/orders/${order.id}/packing-slip.pdf`}
            className={secondaryButton}
            target="_blank"
            rel="noopener"
            data-packing-slip
          >
            Packing slip
          </a>
        </div>
      </header>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          <section
            aria-labelledby="lines-title"
            className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm"
          >
            <h2 id="lines-title" className="px-5 pt-5 text-base font-bold">Lines</h2>
            <div className="mt-3">
              <DataTable
                columns={columns}
                rows={order.items}
                rowProps={(i) => ({ "data-line": i.id })}
                minWidth="0"
                bare
                inset
              />
            </div>
            <dl className="border-t border-stone-200 px-5 py-3 text-sm" data-totals>
              <Row label="Subtotal">{formatMoney(order.subtotalCents)}</Row>
              {discountLines(order).map((d) => <Row key={d.label} label={d.label}>{`−${formatMoney(d.cents)}`}</Row>)}
              <Row label="Shipping">{order.shippingCents ? formatMoney(order.shippingCents) : "Free"}</Row>
              <Row label="Total">{formatMoney(order.totalCents)}</Row>
              <Row label={`VAT included (${vat.ratePercent}%)`}>{formatMoney(vat.cents)}</Row>
              {order.refundedCents > 0 ? <Row label="Refunded">{`−${formatMoney(order.refundedCents)}`}</Row> : null}
            </dl>
          </section>

          <div className="grid gap-6 md:grid-cols-2">
            <Card title="Customer" id="customer-title">
              {customer
                ? (
                  <dl className="text-sm">
                    <Row label="Name">{customer.name ?? customer.username}</Row>
                    <Row label="Username">{customer.username}</Row>
                    {detail.whatsapp ? null : (
                      <Row label="E-mail">
                        <a href={`mailto:${customer.email}`} className="underline">{customer.email}</a>
                      </Row>
                    )}
                    <Row label="Source">
                      {detail.whatsapp
                        ? (
                          <span data-order-source="whatsapp">
                            {`WhatsApp${detail.whatsapp.number ? ` ${detail.whatsapp.number}` : ""}`}
                            <span className="block break-all text-xs text-stone-500">
                              {`Message ${detail.whatsapp.waTradeId}`}
                            </span>
                          </span>
                        )
                        : detail.source === "staff"
                        ? <span data-order-source="staff">Taken by staff</span>
                        : "Shop checkout"}
                    </Row>
                  </dl>
                )
                : <p className="text-sm text-stone-600">The customer's account no longer exists.</p>}
            </Card>
            <Card title="Delivery" id="delivery-title">
              <dl className="text-sm">
                <Row label="Method">{delivery}</Row>
                {order.shippingMethod === "pudo_locker"
                  ? (
                    <Row label="Locker">
                      {locker
                        ? `${locker.name}, ${locker.address}`
                        : order.pudoLockerAddress ?? order.pudoLockerCode ?? "—"}
                    </Row>
                  )
                  : null}
                <Row label="Tracking number">
                  <span data-tracking>
                    {order.trackingNumber
                      ? <TrackingNumber number={order.trackingNumber} carrier={order.carrier} />
                      : "—"}
                  </span>
                </Row>
                <Row label="Carrier">{order.carrier ?? "—"}</Row>
                <Row label="Shipped">{adminTime(order.shippedAt)}</Row>
                <Row label="Delivered">{adminTime(order.deliveredAt)}</Row>
              </dl>
            </Card>
            {fulfilment?.shipments.length
              ? (
                <Card title="Parcels" id="parcels-title">
                  <ShipmentList shipments={fulfilment.shipments} />
                </Card>
              )
              : null}
            <Card title="Shipping address" id="ship-title">
              {order.shippingAddress
                ? <AddressLines address={order.shippingAddress} />
                : <p className="text-sm text-stone-600">None</p>}
            </Card>
            <Card title="Billing address" id="bill-title">
              {order.billingAddress
                ? <AddressLines address={order.billingAddress} />
                : <p className="text-sm text-stone-600">Same as shipping address</p>}
            </Card>
          </div>

          <Card title="Timeline" id="timeline-title">
            <ol className="relative space-y-4 border-l border-stone-200 pl-5" data-timeline>
              {detail.timeline.map((e, i) => (
                <li key={i} data-event={e.kind}>
                  <span className="absolute -left-1.5 mt-1.5 h-3 w-3 rounded-full border-2 border-white bg-green-700" />
                  <p className="text-sm font-semibold">{e.title}</p>
                  {e.changes?.length
                    ? (
                      <ul className="text-sm text-stone-700" data-event-changes>
                        {e.changes.map((c, j) => <li key={j} className="whitespace-pre-line">{c}</li>)}
                      </ul>
                    )
                    : e.detail
                    ? <p className="text-sm whitespace-pre-line text-stone-700">{e.detail}</p>
                    : null}
                  <p className="text-xs text-stone-500">{`${adminTime(e.at)}${e.by ? ` · by ${e.by}` : ""}`}</p>
                  {e.raw ? <RawDetails details={e.raw} /> : null}
                </li>
              ))}
            </ol>
          </Card>
        </div>

        <div className="space-y-6">
          <Card title="Actions" id="actions-title">
            <Actions detail={detail} next={next} lines={fulfilment?.lines} />
          </Card>
          {documents?.invoice
            ? (
              <Card title="Tax documents" id="documents-title">
                <TaxDocumentLinks documents={documents} base={`/admin/orders/${order.id}`} />
              </Card>
            )
            : null}
          <Card title="Payment" id="payment-title">
            <dl className="text-sm">
              <Row label="Provider">{paymentMethodText(order.paymentMethod)}</Row>
              <Row label="Payment id">{order.paymentId ?? "—"}</Row>
              <Row label="Paid at">{adminTime(order.paidAt)}</Row>
              <Row label="Refunded">
                <span data-refunded>{formatMoney(order.refundedCents)}</span>
              </Row>
              <Row label="Still refundable">{formatMoney(detail.refundableCents)}</Row>
            </dl>
            {detail.refunds.length
              ? (
                <ul className="mt-3 space-y-2 border-t border-stone-200 pt-3 text-sm" data-refunds>
                  {detail.refunds.map((r) => (
                    <li key={r.id}>
                      <span className="font-semibold">{formatMoney(r.amountCents)}</span>
                      {` · ${r.status} · ${adminTime(r.createdAt)}`}
                      <span className="block text-stone-700">{r.reason}</span>
                      {r.status === "manual"
                        ? (
                          <span className="block text-xs font-semibold text-amber-800" data-manual-refund>
                            {r.provider === "stitch" ? STITCH_MANUAL_REFUND : PAYFAST_MANUAL_REFUND}
                          </span>
                        )
                        : null}
                      {r.providerRefundId
                        ? <span className="block text-xs text-stone-500">{r.providerRefundId}</span>
                        : null}
                    </li>
                  ))}
                </ul>
              )
              : null}
          </Card>
          <Card title="Internal notes" id="notes-title">
            <form method="post" action={`/admin/orders/${order.id}/notes`} className="space-y-2">
              <label htmlFor="note-body" className="sr-only">Note</label>
              <textarea
                id="note-body"
                name="body"
                required
                maxLength={2000}
                rows={3}
                placeholder="Only staff see notes."
                className={fieldInputClass}
              />
              <button type="submit" className={secondaryButton}>Add note</button>
            </form>
            {detail.notes.length
              ? (
                <ul className="mt-4 space-y-3" data-notes>
                  {detail.notes.map((n) => (
                    <li key={n.id} className="rounded-lg bg-stone-50 p-3 text-sm">
                      <p className="whitespace-pre-line">{n.body}</p>
                      <p className="mt-1 text-xs text-stone-500">
                        {`${adminTime(n.createdAt)}${n.by ? ` · ${n.by}` : ""}`}
                      </p>
                    </li>
                  ))}
                </ul>
              )
              : <p className="mt-3 text-sm text-stone-600">No notes yet.</p>}
          </Card>
        </div>
      </div>
    </article>
  );
}
