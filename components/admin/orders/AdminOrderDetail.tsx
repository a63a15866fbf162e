/**
 * /admin/orders/{id}: everything about one order for staff, laid out as a header (number, statuses,
 * packing slip) over two columns of cards. The main column holds the lines with their totals, the
 * customer, delivery, parcels, addresses and the timeline; the side column the actions its status
 * allows, the tax documents, the payment and the internal notes. Each card lives in its own file
 * beside this one; the actions are plain forms that work without JavaScript (docs/decisions/0079 for
 * shipping selected lines).
 */
import type { AdminOrderDetail, LineFulfilment, ShipmentView } from "../../../domains/fulfilment/mod.ts";
import { AddressLines } from "../../orders/AddressLines.tsx";
import { PaymentStatusBadge, StatusBadge } from "../../orders/StatusBadge.tsx";
import { secondaryButton } from "../../ui/buttons.ts";
import { adminTime } from "./AdminOrderList.tsx";
import type { OrderDocuments } from "../../../domains/tax_documents/mod.ts";
import { TaxDocumentLinks } from "../../orders/TaxDocumentLinks.tsx";
import { ShipmentList } from "../../orders/ShipmentList.tsx";
import { Card } from "./OrderCard.tsx";
import { OrderActions } from "./OrderActions.tsx";
import { OrderCustomer } from "./OrderCustomer.tsx";
import { OrderDelivery } from "./OrderDelivery.tsx";
import { ParcelTrackingForm } from "./ParcelTrackingForm.tsx";
import { OrderLines } from "./OrderLines.tsx";
import { OrderNotes } from "./OrderNotes.tsx";
import { OrderPayment } from "./OrderPayment.tsx";
import { OrderTimeline } from "./OrderTimeline.tsx";

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

export function AdminOrderDetailView({ detail, locker, vat, next, documents, fulfilment }: AdminOrderDetailProps) {
  const { order } = detail;
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
          <OrderLines order={order} vat={vat} lines={fulfilment?.lines} />

          <div className="grid gap-6 md:grid-cols-2">
            <OrderCustomer detail={detail} />
            <OrderDelivery
              order={order}
              locker={locker}
              parcel={fulfilment && !fulfilment.shipments.length && detail.shipments.length === 1
                ? detail.shipments[0]
                : null}
            />
            {fulfilment?.shipments.length
              ? (
                <Card title="Parcels" id="parcels-title">
                  <ShipmentList
                    shipments={fulfilment.shipments}
                    edit={(parcel) => <ParcelTrackingForm orderId={order.id} parcel={parcel} />}
                  />
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

          <OrderTimeline timeline={detail.timeline} />
        </div>

        <div className="space-y-6">
          <Card title="Actions" id="actions-title">
            <OrderActions detail={detail} next={next} lines={fulfilment?.lines} />
          </Card>
          {documents?.invoice
            ? (
              <Card title="Tax documents" id="documents-title">
                <TaxDocumentLinks documents={documents} base={`/admin/orders/${order.id}`} />
              </Card>
            )
            : null}
          <OrderPayment detail={detail} />
          <OrderNotes orderId={order.id} notes={detail.notes} />
        </div>
      </div>
    </article>
  );
}
