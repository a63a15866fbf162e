/** The figures above the dashboard's tabs: sales, the 30-day chart, top products and work waiting. */
import {
  type DashboardFigures,
  type LowStockProduct,
  lowVariantsText,
  type SalesFigure,
  type TopProduct,
} from "../../../domains/dashboard/mod.ts";
import { lowStockLevel } from "../../../domains/catalog/mod.ts";
import { formatMoney } from "../../../lib/money.ts";
import { SalesChart } from "./SalesChart.tsx";

/** Red sold out, amber at or below the alert; plain when only a variant is low (its line says which). */
function stockTone(p: LowStockProduct): string {
  if (p.stock === 0) return "text-red-700";
  return p.stock <= lowStockLevel(p) ? "text-amber-700" : "text-stone-700";
}

function SalesCard({ label, figure }: { label: string; figure: SalesFigure }) {
  return (
    <div className="rounded-xl border border-stone-200 bg-white p-4">
      <p className="text-sm text-stone-600">{label}</p>
      <p className="mt-1 text-2xl font-extrabold tracking-tight" data-sales={label}>{formatMoney(figure.cents)}</p>
      <p className="text-xs text-stone-600">{`${figure.orders} paid ${figure.orders === 1 ? "order" : "orders"}`}</p>
    </div>
  );
}

function WorkCard({ label, value, href, hint }: { label: string; value: number; href?: string; hint: string }) {
  const body = (
    <>
      <p className="text-sm text-stone-600">{label}</p>
      <p className={`mt-1 text-2xl font-extrabold ${value ? "text-amber-700" : "text-stone-900"}`}>{value}</p>
      <p className="text-xs text-stone-600">{hint}</p>
    </>
  );
  return href
    ? <a href={href} className="block rounded-xl border border-stone-200 bg-white p-4 hover:border-green-700">{body}</a>
    : <div className="rounded-xl border border-stone-200 bg-white p-4">{body}</div>;
}

function TopList(
  { title, items, measure, reportHref }: {
    title: string;
    items: TopProduct[];
    measure: "units" | "revenue";
    /** The same 30 days in the period report, which lists every product. */
    reportHref: string;
  },
) {
  return (
    <section className="min-w-0 rounded-xl border border-stone-200 bg-white p-4" aria-label={title}>
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="font-bold">{title}</h3>
        <a href={reportHref} className="shrink-0 text-sm font-medium text-green-800 underline">Full list</a>
      </div>
      {items.length
        ? (
          <ol className="mt-2 space-y-1.5 text-sm">
            {items.map((p, i) => (
              <li key={`${p.productId}-${p.name}`} className="flex justify-between gap-3">
                <span className="min-w-0 truncate">{`${i + 1}. ${p.name}`}</span>
                <span className="shrink-0 text-stone-600">
                  {measure === "units" ? `${p.units} sold` : formatMoney(p.cents)}
                </span>
              </li>
            ))}
          </ol>
        )
        : <p className="mt-2 text-sm text-stone-600">No paid orders in the last 30 days.</p>}
    </section>
  );
}

export function OverviewFigures({ figures }: { figures: DashboardFigures }) {
  const reportHref = `/admin/reports?from=${figures.daily[0].day}&to=${figures.daily.at(-1)!.day}`;
  return (
    <section aria-labelledby="overview-h" className="mt-6 space-y-4">
      <h2 id="overview-h" className="sr-only">Shop figures</h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <SalesCard label="Sales today" figure={figures.today} />
        <SalesCard label="This week" figure={figures.week} />
        <SalesCard label="This month" figure={figures.month} />
      </div>
      <p className="text-xs text-stone-600">
        Paid orders, VAT included, less refunds; days in South African time, weeks from Monday.
      </p>
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <SalesChart days={figures.daily} />
        </div>
        <div className="grid gap-4">
          <WorkCard
            label="Waiting for dispatch"
            value={figures.awaitingDispatch}
            href="/admin/orders?status=processing"
            hint="Paid orders still processing"
          />
          <WorkCard
            label="Low stock"
            value={figures.lowStockCount}
            hint="At or below their alert, a variant included"
          />
          <WorkCard
            label="Pending reviews"
            value={figures.pendingReviews}
            href="/admin/reviews?status=pending"
            hint="Reviews waiting for moderation"
          />
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-3 lg:items-start">
        <TopList
          title="Top products by units (30 days)"
          items={figures.topByUnits}
          measure="units"
          reportHref={reportHref}
        />
        <TopList
          title="Top products by revenue (30 days)"
          items={figures.topByRevenue}
          measure="revenue"
          reportHref={reportHref}
        />
        <section className="min-w-0 rounded-xl border border-stone-200 bg-white p-4" aria-label="Low stock">
          <div className="flex items-baseline justify-between gap-3">
            <h3 className="font-bold">Low stock</h3>
            <a href="/admin/restock" className="shrink-0 text-sm font-medium text-green-800 underline">What to order</a>
          </div>
          {figures.lowStock.length
            ? (
              <ul className="mt-2 space-y-1.5 text-sm" data-low-stock>
                {figures.lowStock.map((p) => (
                  <li key={p.id} className="flex justify-between gap-3">
                    <span className="min-w-0">
                      <span className="block truncate">{p.name}</span>
                      {p.lowVariants.length > 0 && (
                        <span className="block truncate text-xs text-amber-800" data-low-variants>
                          {lowVariantsText(p.lowVariants)}
                        </span>
                      )}
                      {p.onOrder > 0 && (
                        <span className="block truncate text-xs text-sky-800" data-on-order>
                          {`${p.onOrder} on order`}
                        </span>
                      )}
                    </span>
                    <span className={`shrink-0 font-semibold ${stockTone(p)}`}>
                      {p.stock === 0 ? "Sold out" : `${p.stock} left`}
                    </span>
                  </li>
                ))}
              </ul>
            )
            : <p className="mt-2 text-sm text-stone-600">Everything is well stocked.</p>}
        </section>
      </div>
    </section>
  );
}
