/**
 * The customer's orders: the orders table of the Orders tab and the short list of recent orders on the
 * overview, every status (cancelled too) with the shared status badge of components/orders.
 */
import type { OrderSummary } from "../../domains/orders/mod.ts";
import { formatMoney } from "../../lib/money.ts";
import { secondaryButton } from "../ui/buttons.ts";
import { AccountCard, AccountEmpty, textLink } from "./AccountShell.tsx";
import type { OrderDocuments } from "../../domains/tax_documents/mod.ts";
import { TaxDocumentLinks } from "../orders/TaxDocumentLinks.tsx";
import { PackageIcon } from "../ui/icons.tsx";
import { StatusBadge } from "../orders/StatusBadge.tsx";
import { formatOrderDate } from "../orders/format.ts";
import { Table, type TableColumn, tableHead } from "../ui/Table.tsx";

const viewLink =
  "inline-flex items-center rounded-lg border border-stone-300 bg-white px-3 py-1.5 text-sm font-semibold text-stone-800 hover:border-green-700 hover:text-green-900";

const items = (n: number) => `${n} item${n === 1 ? "" : "s"}`;

const NO_ORDERS = "You have not placed any orders yet.";

/** The orders table's columns (wider screens; phones get {@link OrderCard}s). */
function orderColumns(documents: Record<number, OrderDocuments>): TableColumn<OrderSummary>[] {
  return [
    {
      header: "Order #",
      th: "py-3 pr-3 pl-6",
      td: "py-3.5 pr-3 pl-6",
      cell: (o) => (
        <>
          <span className="font-semibold text-stone-900">{o.orderNumber}</span>
          <span className="block text-xs text-stone-500">{items(o.itemCount)}</span>
        </>
      ),
    },
    {
      header: "Date",
      th: "px-3 py-3",
      td: "px-3 py-3.5 whitespace-nowrap text-stone-700",
      cell: (o) => <time dateTime={o.createdAt.toISOString()}>{formatOrderDate(o.createdAt)}</time>,
    },
    {
      header: "Status",
      th: "px-3 py-3",
      td: "px-3 py-3.5",
      cell: (o) => (
        <>
          <StatusBadge status={o.status} />
          <ShippingNote order={o} />
        </>
      ),
    },
    {
      header: "Total",
      th: "px-3 py-3 text-right",
      td: "px-3 py-3.5 text-right font-semibold whitespace-nowrap text-stone-900 tabular-nums",
      cell: (o) => formatMoney(o.totalCents),
    },
    {
      header: "Actions",
      th: "py-3 pr-6 pl-3 text-right",
      td: "py-3.5 pr-6 pl-3 text-right",
      cell: (o) => (
        <>
          <a href={`/order/${o.id}`} className={viewLink} aria-label={`View Details of order ${o.orderNumber}`}>
            View Details
          </a>
          <TaxDocumentLinks documents={documents[o.id]} base={`/orders/${o.id}`} compact />
        </>
      ),
    },
  ];
}

/** The Orders tab: a table on wider screens, stacked cards on phones; empty and error states. */
export function AccountOrdersPanel(
  { orders, failed, documents = {} }: {
    orders: OrderSummary[];
    failed: boolean;
    /** Each paid order's tax invoice and credit notes, by order id. */
    documents?: Record<number, OrderDocuments>;
  },
) {
  return (
    <AccountCard
      id="orders"
      title="Order history"
      description={failed || !orders.length
        ? "Orders you place appear here with their status."
        : `${orders.length} order${orders.length === 1 ? "" : "s"}, newest first.`}
    >
      {failed
        ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            Error loading orders
          </p>
        )
        : !orders.length
        ? (
          <AccountEmpty
            icon={<PackageIcon className="h-6 w-6" />}
            title={NO_ORDERS}
            text="When you order, you can follow its status and find the details here."
            href="/products"
            cta="Browse products"
          />
        )
        : (
          <>
            <div className="-mx-5 hidden overflow-x-auto sm:-mx-6 sm:block">
              <Table
                className="w-full text-left text-sm"
                data-orders-table
                caption={<caption className="sr-only">Your orders</caption>}
                headClass={tableHead}
                bodyClass="divide-y divide-stone-200"
                columns={orderColumns(documents)}
                rows={orders}
                rowKey={(o) => o.id}
                rowProps={(o) => ({ className: "hover:bg-stone-50/70", "data-order-row": o.orderNumber })}
              />
            </div>
            <ul className="space-y-3 sm:hidden" aria-label="Your orders">
              {orders.map((o) => <OrderCard key={o.id} order={o} documents={documents[o.id]} />)}
            </ul>
          </>
        )}
    </AccountCard>
  );
}

/** The tracking number (and carrier) of a shipped order, and what was refunded, under its status. */
function ShippingNote({ order: o }: { order: OrderSummary }) {
  if (!o.trackingNumber && o.refundedCents <= 0) return null;
  return (
    <span className="mt-1 block text-xs text-stone-600" data-order-tracking>
      {o.trackingNumber ? `Tracking ${o.trackingNumber}${o.carrier ? ` (${o.carrier})` : ""}` : null}
      {o.trackingNumber && o.refundedCents > 0 ? " · " : null}
      {o.refundedCents > 0 ? `Refunded ${formatMoney(o.refundedCents)}` : null}
    </span>
  );
}

function OrderCard({ order: o, documents }: { order: OrderSummary; documents: OrderDocuments | undefined }) {
  return (
    <li className="rounded-xl border border-stone-200 p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-semibold text-stone-900">{o.orderNumber}</p>
          <p className="mt-0.5 text-sm text-stone-600">
            <time dateTime={o.createdAt.toISOString()}>{formatOrderDate(o.createdAt)}</time> · {items(o.itemCount)}
          </p>
        </div>
        <StatusBadge status={o.status} />
      </div>
      <ShippingNote order={o} />
      <div className="mt-3 flex items-center justify-between gap-3">
        <p className="font-bold text-stone-900 tabular-nums">{formatMoney(o.totalCents)}</p>
        <a href={`/order/${o.id}`} className={viewLink} aria-label={`View Details of order ${o.orderNumber}`}>
          View Details
        </a>
      </div>
      <TaxDocumentLinks documents={documents} base={`/orders/${o.id}`} compact />
    </li>
  );
}

/** The overview's recent orders (the last 3), with a link to the full list. */
export function RecentOrders({ orders, failed }: { orders: OrderSummary[]; failed: boolean }) {
  return (
    <AccountCard
      id="recent-orders"
      title="Recent orders"
      action={orders.length ? <a href="/account?tab=orders" className={secondaryButton}>View all orders</a> : null}
    >
      {failed
        ? <p role="alert" className="text-sm text-red-800">Error loading orders</p>
        : !orders.length
        ? (
          <div className="rounded-xl border border-dashed border-stone-300 bg-stone-50/60 px-5 py-6 text-center">
            <p className="text-stone-700">{NO_ORDERS}</p>
            <a href="/products" className={`${textLink} mt-2 inline-block text-sm`}>Start shopping</a>
          </div>
        )
        : (
          <ul className="divide-y divide-stone-200" data-recent-orders>
            {orders.map((o) => (
              <li
                key={o.id}
                className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-2 py-3 first:pt-0 last:pb-0 sm:grid-cols-[minmax(0,1fr)_auto_7.5rem_auto]"
              >
                <div className="min-w-0">
                  <p className="truncate font-semibold text-stone-900">{o.orderNumber}</p>
                  <p className="text-sm text-stone-600">
                    <time dateTime={o.createdAt.toISOString()}>{formatOrderDate(o.createdAt)}</time>
                    {" · "}
                    {items(o.itemCount)}
                  </p>
                </div>
                <div className="justify-self-end sm:justify-self-auto">
                  <StatusBadge status={o.status} />
                </div>
                <p className="font-semibold text-stone-900 tabular-nums sm:text-right">{formatMoney(o.totalCents)}</p>
                <a href={`/order/${o.id}`} className={`${textLink} justify-self-end text-sm`}>View Details</a>
              </li>
            ))}
          </ul>
        )}
    </AccountCard>
  );
}
