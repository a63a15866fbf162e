/**
 * /admin/orders: filters (status, payment, placed from/to), search by order number, customer name
 * or e-mail, the matching orders 25 a page, and a CSV export of the same filtered list. A plain GET
 * form: it works without JavaScript.
 */
import type { AdminOrderRow } from "../../../domains/fulfilment/mod.ts";
import { formatMoney } from "../../../lib/money.ts";
import { PaymentStatusBadge, StatusBadge } from "../../orders/StatusBadge.tsx";
import { Pagination } from "../../ui/Pagination.tsx";
import { primaryButton, secondaryButton } from "../../ui/buttons.ts";

export interface AdminOrderFilters {
  status?: string;
  payment?: string;
  q?: string;
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
  for (const key of ["status", "payment", "q", "from", "to"] as const) if (f[key]) q.set(key, f[key]!);
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return `${path}${s ? `?${s}` : ""}`;
}

const STATUS_OPTIONS = ["pending", "processing", "shipped", "delivered", "cancelled", "refunded"];
const PAYMENT_OPTIONS = [
  ["paid", "Paid"],
  ["unpaid", "Unpaid"],
  ["partially_refunded", "Partially refunded"],
  ["refunded", "Refunded"],
];

const input =
  "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm focus:border-green-700 focus:ring-1 focus:ring-green-700 focus:outline-none";
const label = "block text-xs font-semibold tracking-wide text-stone-600 uppercase";

export function AdminOrderList(
  { result, filters, error }: {
    result: { items: AdminOrderRow[]; total: number; page: number; pageCount: number };
    filters: AdminOrderFilters;
    error: string | null;
  },
) {
  const filtered = Object.values(filters).some(Boolean);
  return (
    <section>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight">Orders</h1>
          <p className="mt-1 text-sm text-stone-600">
            Find an order, ship it, mark it delivered, cancel or refund it.
          </p>
        </div>
        <a href={adminOrdersHref(filters, 1, "/admin/orders.csv")} className={secondaryButton} download>
          Export CSV
        </a>
      </div>
      <form
        method="get"
        action="/admin/orders"
        role="search"
        aria-label="Filter orders"
        className="mt-5 grid gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-6"
      >
        <div className="sm:col-span-2">
          <label className={label} htmlFor="orders-q">Search</label>
          <input
            id="orders-q"
            name="q"
            type="search"
            maxLength={100}
            defaultValue={filters.q ?? ""}
            placeholder="Order number, customer name or e-mail"
            className={input}
          />
        </div>
        <div>
          <label className={label} htmlFor="orders-status">Status</label>
          <select id="orders-status" name="status" defaultValue={filters.status ?? ""} className={input}>
            <option value="">All statuses</option>
            {STATUS_OPTIONS.map((s) => <option key={s} value={s}>{s.charAt(0).toUpperCase() + s.slice(1)}</option>)}
          </select>
        </div>
        <div>
          <label className={label} htmlFor="orders-payment">Payment</label>
          <select id="orders-payment" name="payment" defaultValue={filters.payment ?? ""} className={input}>
            <option value="">All payments</option>
            {PAYMENT_OPTIONS.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
          </select>
        </div>
        <div>
          <label className={label} htmlFor="orders-from">Placed from</label>
          <input id="orders-from" name="from" type="date" defaultValue={filters.from ?? ""} className={input} />
        </div>
        <div>
          <label className={label} htmlFor="orders-to">Placed to</label>
          <input id="orders-to" name="to" type="date" defaultValue={filters.to ?? ""} className={input} />
        </div>
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-6">
          <button type="submit" className={primaryButton}>Apply filters</button>
          {filtered ? <a href="/admin/orders" className={secondaryButton}>Clear</a> : null}
        </div>
      </form>
      {error
        ? (
          <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
            {error}
          </p>
        )
        : null}
      <p className="mt-4 text-sm text-stone-600" data-orders-total={result.total}>
        {result.total === 1 ? "1 order" : `${result.total} orders`}
        {result.pageCount > 1 ? ` · page ${result.page} of ${result.pageCount}` : ""}
      </p>
      {result.items.length === 0
        ? (
          <div className="mt-3 rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center text-stone-600">
            {filtered ? "No orders match these filters." : "No orders yet."}
          </div>
        )
        : (
          <>
            <div className="mt-3 hidden overflow-x-auto rounded-xl border border-stone-200 bg-white shadow-sm md:block">
              <table className="w-full text-left text-sm">
                <thead className="border-b border-stone-200 bg-stone-50 text-xs text-stone-600 uppercase">
                  <tr>
                    <th scope="col" className="px-4 py-3">Order</th>
                    <th scope="col" className="px-4 py-3">Placed</th>
                    <th scope="col" className="px-4 py-3">Customer</th>
                    <th scope="col" className="px-4 py-3">Status</th>
                    <th scope="col" className="px-4 py-3">Payment</th>
                    <th scope="col" className="px-4 py-3 text-right">Items</th>
                    <th scope="col" className="px-4 py-3 text-right">Total</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-100">
                  {result.items.map((o) => (
                    <tr key={o.id} className="hover:bg-stone-50" data-order-row={o.id}>
                      <td className="px-4 py-3 whitespace-nowrap">
                        <a href={`/admin/orders/${o.id}`} className="font-semibold text-green-800 underline">
                          {o.orderNumber}
                        </a>
                      </td>
                      <td className="px-4 py-3 whitespace-nowrap text-stone-600">{adminTime(o.createdAt)}</td>
                      <td className="px-4 py-3">
                        <span className="block font-medium">{o.customerName ?? "—"}</span>
                        {o.email ? <span className="block text-xs text-stone-500">{o.email}</span> : null}
                      </td>
                      <td className="px-4 py-3">
                        <StatusBadge status={o.status} />
                      </td>
                      <td className="px-4 py-3">
                        <PaymentStatusBadge status={o.paymentStatus} />
                      </td>
                      <td className="px-4 py-3 text-right tabular-nums">{o.itemCount}</td>
                      <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
                        {formatMoney(o.totalCents)}
                        {o.refundedCents > 0
                          ? <span className="block text-xs text-purple-800">{`−${formatMoney(o.refundedCents)}`}</span>
                          : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul className="mt-3 space-y-3 md:hidden" aria-label="Orders">
              {result.items.map((o) => (
                <li key={o.id} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
                  <div className="flex items-start justify-between gap-3">
                    <a href={`/admin/orders/${o.id}`} className="font-semibold text-green-800 underline">
                      {o.orderNumber}
                    </a>
                    <span className="font-semibold tabular-nums">{formatMoney(o.totalCents)}</span>
                  </div>
                  <p className="mt-1 text-sm">{o.customerName ?? "—"}</p>
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
