/**
 * /admin/orders: filters (status, payment, source, customer tag, placed from/to), search by order number, customer name
 * or e-mail, the matching orders 25 a page, a CSV export of the same filtered list, and packing
 * slips for the ticked rows. Plain GET forms: they work without JavaScript.
 */
import type { AdminOrderRow } from "../../../domains/fulfilment/mod.ts";
import { formatMoney } from "../../../lib/money.ts";
import { PaymentStatusBadge, StatusBadge } from "../../orders/StatusBadge.tsx";
import { Pagination } from "../../ui/Pagination.tsx";
import { primaryButton, secondaryButton } from "../../ui/buttons.ts";
import { type Column, DataTable, EmptyCard, ListNotice } from "../shared/AdminTable.tsx";
import { PageHeader } from "../shared/PageHeader.tsx";
import { type FieldSpec, FormFields, type Option } from "../shared/FormFields.tsx";
import { TagPills } from "../users/CustomerCards.tsx";

export interface AdminOrderFilters {
  status?: string;
  payment?: string;
  /** "whatsapp" or "web": where the order came from. */
  source?: string;
  q?: string;
  /** Orders of customers with this tag. */
  tag?: string;
  from?: string;
  to?: string;
}

const when = new Intl.DateTimeFormat("en-ZA", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Africa/Johannesburg",
});

/** Dates and times on admin order screens, in South African time. */
export function adminTime(d: Date | null): string {
  return d ? when.format(d) : "—";
}

/** The list (or CSV) URL for these filters and page. */
export function adminOrdersHref(f: AdminOrderFilters, page = 1, path = "/admin/orders"): string {
  const q = new URLSearchParams();
  for (const key of ["status", "payment", "source", "q", "tag", "from", "to"] as const) if (f[key]) q.set(key, f[key]!);
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return `${path}${s ? `?${s}` : ""}`;
}

const STATUS_OPTIONS: Option[] = ["pending", "processing", "shipped", "delivered", "cancelled", "refunded"].map((
  s,
) => ({
  value: s,
  label: s.charAt(0).toUpperCase() + s.slice(1),
}));
const PAYMENT_OPTIONS: Option[] = [
  { value: "paid", label: "Paid" },
  { value: "unpaid", label: "Unpaid" },
  { value: "partially_refunded", label: "Partially refunded" },
  { value: "refunded", label: "Refunded" },
];

const SOURCE_OPTIONS: Option[] = [
  { value: "web", label: "Shop checkout" },
  { value: "whatsapp", label: "WhatsApp" },
  { value: "staff", label: "Taken by staff" },
];

/** An order's channel beside its customer: WhatsApp orders name the number they came from. */
export function SourceTag({ source, number }: { source: string; number: string | null }) {
  if (source === "staff") {
    return (
      <span
        className="mt-0.5 inline-block rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-900 ring-1 ring-sky-200"
        data-order-source="staff"
      >
        Taken by staff
      </span>
    );
  }
  if (source !== "whatsapp") return null;
  return (
    <span
      className="mt-0.5 inline-block rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-900 ring-1 ring-emerald-200"
      data-order-source="whatsapp"
    >
      {number ? `WhatsApp ${number}` : "WhatsApp"}
    </span>
  );
}

/** The filter form's fields, ids prefixed so they never clash with the layout's own forms. */
const FILTER_FIELDS: FieldSpec[] = [
  {
    id: "orders-q",
    label: "Search",
    name: "q",
    type: "search",
    maxLength: 100,
    placeholder: "Order number, customer name, e-mail or WhatsApp number",
    span: "sm:col-span-2",
  },
  { id: "orders-status", label: "Status", name: "status", empty: "All statuses", options: STATUS_OPTIONS },
  { id: "orders-payment", label: "Payment", name: "payment", empty: "All payments", options: PAYMENT_OPTIONS },
  { id: "orders-source", label: "Source", name: "source", empty: "All sources", options: SOURCE_OPTIONS },
  { id: "orders-from", label: "Placed from", name: "from", type: "date" },
  { id: "orders-to", label: "Placed to", name: "to", type: "date" },
];

/** The customer tag filter, offered when staff have tagged anyone (a chosen tag nobody has any more still shows). */
function tagField(tagsInUse: string[], chosen?: string): FieldSpec[] {
  const tags = chosen && !tagsInUse.includes(chosen) ? [chosen, ...tagsInUse] : tagsInUse;
  if (!tags.length) return [];
  return [{
    id: "orders-tag",
    label: "Customer tag",
    name: "tag",
    empty: "All customers",
    options: tags.map((t) => ({ value: t, label: t })),
  }];
}

/** The form the rows' checkboxes belong to (by the `form` attribute): GET, so it works without JavaScript. */
const SLIPS_FORM = "packing-slips-form";

/** A row's tick box: chooses the order for "Print packing slips". */
function SelectOrder({ order, idPrefix }: { order: AdminOrderRow; idPrefix: string }) {
  return (
    <input
      type="checkbox"
      id={`${idPrefix}-${order.id}`}
      name="ids"
      value={order.id}
      form={SLIPS_FORM}
      aria-label={`Select order ${order.orderNumber}`}
      className="h-4 w-4 accent-green-700"
      data-select-order={order.id}
    />
  );
}

const ORDER_COLUMNS: Column<AdminOrderRow>[] = [
  {
    header: <span className="sr-only">Select</span>,
    className: "w-8",
    cell: (o) => <SelectOrder order={o} idPrefix="select-order" />,
  },
  {
    header: "Order",
    className: "whitespace-nowrap",
    cell: (o) => (
      <a href={`/admin/orders/${o.id}`} className="font-semibold text-green-800 underline">{o.orderNumber}</a>
    ),
  },
  { header: "Placed", className: "whitespace-nowrap text-stone-600", cell: (o) => adminTime(o.createdAt) },
  {
    header: "Customer",
    cell: (o) => (
      <>
        <span className="block font-medium">{o.customerName ?? "—"}</span>
        {o.email && o.source !== "whatsapp" ? <span className="block text-xs text-stone-500">{o.email}</span> : null}
        <SourceTag source={o.source} number={o.whatsappNumber} />
        {o.customerTags.length
          ? (
            <span className="mt-0.5 block">
              <TagPills tags={o.customerTags} />
            </span>
          )
          : null}
      </>
    ),
  },
  { header: "Status", cell: (o) => <StatusBadge status={o.status} /> },
  { header: "Payment", cell: (o) => <PaymentStatusBadge status={o.paymentStatus} /> },
  { header: "Items", align: "right", className: "tabular-nums", cell: (o) => o.itemCount },
  {
    header: "Total",
    align: "right",
    className: "whitespace-nowrap tabular-nums",
    cell: (o) => (
      <>
        {formatMoney(o.totalCents)}
        {o.refundedCents > 0
          ? <span className="block text-xs text-purple-800">{`−${formatMoney(o.refundedCents)}`}</span>
          : null}
      </>
    ),
  },
];

export function AdminOrderList(
  { result, filters, tagsInUse, error }: {
    result: { items: AdminOrderRow[]; total: number; page: number; pageCount: number };
    filters: AdminOrderFilters;
    /** Customer tags staff have given, most used first: the tag filter's choices. */
    tagsInUse: string[];
    error: string | null;
  },
) {
  const filtered = Object.values(filters).some(Boolean);
  return (
    <section>
      <PageHeader title="Orders" intro="Find an order, ship it, mark it delivered, cancel or refund it.">
        <a href="/admin/orders/new" className={primaryButton} data-new-order>New order</a>
        <a href={adminOrdersHref(filters, 1, "/admin/orders.csv")} className={secondaryButton} download>
          Export CSV
        </a>
      </PageHeader>
      <form
        method="get"
        action="/admin/orders"
        role="search"
        aria-label="Filter orders"
        className="mt-5 grid gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-6"
      >
        <FormFields fields={[...FILTER_FIELDS, ...tagField(tagsInUse, filters.tag)]} values={filters} />
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-6">
          <button type="submit" className={primaryButton}>Apply filters</button>
          {filtered ? <a href="/admin/orders" className={secondaryButton}>Clear</a> : null}
        </div>
      </form>
      {error ? <ListNotice>{error}</ListNotice> : null}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone-600" data-orders-total={result.total}>
          {result.total === 1 ? "1 order" : `${result.total} orders`}
          {result.pageCount > 1 ? ` · page ${result.page} of ${result.pageCount}` : ""}
        </p>
        {result.items.length
          ? (
            <form
              id={SLIPS_FORM}
              method="get"
              action="/admin/orders/packing-slips.pdf"
              target="_blank"
              className="flex flex-wrap items-center gap-2"
              aria-label="Packing slips"
            >
              <button type="submit" className={secondaryButton} data-print-slips>Print packing slips</button>
              <a
                href={`/admin/orders/packing-slips.pdf?ids=${result.items.map((o) => o.id).join(",")}`}
                className="text-sm font-medium text-green-800 underline"
                target="_blank"
                rel="noopener"
              >
                {`All ${result.items.length} on this page`}
              </a>
            </form>
          )
          : null}
      </div>
      {result.items.length
        ? <p className="mt-1 text-xs text-stone-600">Tick the orders to print, then Print packing slips.</p>
        : null}
      {result.items.length === 0
        ? <EmptyCard>{filtered ? "No orders match these filters." : "No orders yet."}</EmptyCard>
        : (
          <>
            <DataTable
              columns={ORDER_COLUMNS}
              rows={result.items}
              rowProps={(o) => ({ className: "hover:bg-stone-50", "data-order-row": o.id })}
              className="mt-4 hidden md:block"
            />
            <ul className="mt-3 space-y-3 md:hidden" aria-label="Orders">
              {result.items.map((o) => (
                <li key={o.id} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
                  <div className="flex items-start justify-between gap-3">
                    <span className="flex items-center gap-2">
                      <SelectOrder order={o} idPrefix="select-order-card" />
                      <a href={`/admin/orders/${o.id}`} className="font-semibold text-green-800 underline">
                        {o.orderNumber}
                      </a>
                    </span>
                    <span className="font-semibold tabular-nums">{formatMoney(o.totalCents)}</span>
                  </div>
                  <p className="mt-1 text-sm">{o.customerName ?? "—"}</p>
                  <SourceTag source={o.source} number={o.whatsappNumber} />
                  <p className="text-xs text-stone-500">{`${adminTime(o.createdAt)} · ${o.itemCount} item(s)`}</p>
                  <div className="mt-2 flex flex-wrap gap-2">
                    <StatusBadge status={o.status} />
                    <PaymentStatusBadge status={o.paymentStatus} />
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      <Pagination page={result.page} pageCount={result.pageCount} href={(p) => adminOrdersHref(filters, p)} />
    </section>
  );
}
