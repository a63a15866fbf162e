/** The dashboard's orders tab: orders waiting for dispatch (oldest first) and the newest orders. */
import type { Context } from "hono";
import type { AppEnv } from "../../context.ts";
import { adminTime } from "../../../components/admin/orders/AdminOrderList.tsx";
import { PaymentStatusBadge, StatusBadge } from "../../../components/orders/StatusBadge.tsx";
import { type AdminOrderRow, ordersAwaitingDispatch, recentOrders } from "../../../domains/fulfilment/mod.ts";
import { formatMoney } from "../../../lib/money.ts";

function OrderRows({ rows, empty }: { rows: AdminOrderRow[]; empty: string }) {
  if (!rows.length) return <p className="text-sm text-stone-600">{empty}</p>;
  return (
    <ul className="divide-y divide-stone-100">
      {rows.map((o) => (
        <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5" data-dashboard-order={o.id}>
          <div className="min-w-0">
            <a href={`/admin/orders/${o.id}`} className="font-semibold text-green-800 underline">{o.orderNumber}</a>
            <span className="block text-xs text-stone-500">
              {`${o.customerName ?? "—"} · ${adminTime(o.createdAt)}`}
            </span>
          </div>
          <div className="flex items-center gap-2">
            <StatusBadge status={o.status} />
            <PaymentStatusBadge status={o.paymentStatus} />
            <span className="w-24 text-right text-sm font-semibold tabular-nums">{formatMoney(o.totalCents)}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}

export async function ordersTab(c: Context<AppEnv>) {
  const waiting = await ordersAwaitingDispatch(c.var.db, 10);
  const recent = await recentOrders(c.var.db, 8);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="dispatch-title" className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id="dispatch-title" className="text-base font-bold">Waiting for dispatch</h2>
          <span className="text-sm text-stone-600" data-waiting-count={waiting.total}>
            {waiting.total === 1 ? "1 paid order" : `${waiting.total} paid orders`}
          </span>
        </div>
        <div className="mt-3">
          <OrderRows rows={waiting.items} empty="Nothing to ship: every paid order has gone out." />
        </div>
        <a
          href="/admin/orders?status=processing"
          className="mt-3 inline-block text-sm font-medium text-green-800 underline"
        >
          All orders waiting for dispatch
        </a>
      </section>
      <section aria-labelledby="recent-title" className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
        <h2 id="recent-title" className="text-base font-bold">Recent orders</h2>
        <div className="mt-3">
          <OrderRows rows={recent} empty="No orders yet." />
        </div>
        <a href="/admin/orders" className="mt-3 inline-block text-sm font-medium text-green-800 underline">
          All orders
        </a>
      </section>
    </div>
  );
}
