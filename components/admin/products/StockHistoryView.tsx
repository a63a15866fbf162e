/**
 * /admin/products/{id}/stock: a product's stock history, newest first, each change read as a
 * sentence ("-2 (sale, order RB-…) -> 8 left, 27 Nov 10:14") with a link to its order.
 */
import { describeMovement, type StockMovement } from "../../../domains/stock_history/mod.ts";
import type { AwaitedLine } from "../../../domains/purchasing/mod.ts";
import { secondaryButton } from "../../ui/buttons.ts";
import { EmptyCard, formatDay } from "../shared/AdminTable.tsx";
import { PageHeader } from "../shared/PageHeader.tsx";

function Movement({ m }: { m: StockMovement }) {
  const s = describeMovement(m);
  const colour = m.delta < 0 ? "text-red-700" : "text-green-800";
  return (
    <li className="flex flex-wrap items-baseline gap-x-2 gap-y-1 px-4 py-3 text-sm" data-movement={m.id}>
      <span className={`w-14 shrink-0 font-mono font-semibold ${colour}`}>{s.change}</span>
      <span>
        {`(${s.reason}${s.variant ? `, variant ${s.variant}` : ""}`}
        {m.orderId !== null && s.orderNumber
          ? (
            <>
              {", order "}
              <a href={`/admin/orders/${m.orderId}`} className="font-semibold text-green-900 underline">
                {s.orderNumber}
              </a>
            </>
          )
          : null}
        {`${s.by ? `, by ${s.by}` : ""}${s.note ? `, ${s.note}` : ""})`}
      </span>
      <span aria-hidden="true">-&gt;</span>
      <span className="font-semibold">{s.left}</span>
      <time className="ml-auto text-stone-600" dateTime={m.createdAt.toISOString()}>{s.at}</time>
    </li>
  );
}

export function StockHistoryView(
  { product, items, page, hasMore, awaited = [] }: {
    product: { id: number; name: string; sku: string; stock: number };
    /** Units still awaited on open purchase orders. */
    awaited?: AwaitedLine[];
    items: StockMovement[];
    page: number;
    hasMore: boolean;
  },
) {
  const href = (p: number) => `/admin/products/${product.id}/stock${p > 1 ? `?page=${p}` : ""}`;
  const onOrder = awaited.reduce((sum, a) => sum + a.outstanding, 0);
  return (
    <div>
      <PageHeader
        title={`Stock history: ${product.name}`}
        intro={`SKU ${product.sku}, ${product.stock} in stock now${
          onOrder ? `, ${onOrder} on order` : ""
        }. Every change with its reason, newest first.`}
      >
        <a href={`/admin/products/${product.id}`} className={secondaryButton}>Back to the product</a>
      </PageHeader>
      {awaited.length
        ? (
          <section aria-labelledby="on-order" className="mt-4 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm">
            <h2 id="on-order" className="font-semibold text-sky-950">On order</h2>
            <ul className="mt-2 space-y-1">
              {awaited.map((a) => (
                <li key={`${a.purchaseOrderId}-${a.sku}`} data-awaited={a.sku}>
                  <a href={`/admin/purchase-orders/${a.purchaseOrderId}`} className="font-semibold underline">
                    {a.number}
                  </a>
                  {` from ${a.supplier}: ${a.outstanding} × ${a.variantName ?? a.sku}${
                    a.expectedOn ? `, expected ${formatDay(a.expectedOn)}` : ""
                  }`}
                </li>
              ))}
            </ul>
          </section>
        )
        : null}
      {items.length
        ? (
          <ol className="mt-4 divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white">
            {items.map((m) => <Movement key={m.id} m={m} />)}
          </ol>
        )
        : <EmptyCard>No stock changes recorded yet</EmptyCard>}
      {page > 1 || hasMore
        ? (
          <nav aria-label="Pagination" className="mt-6 flex justify-center gap-2">
            {page > 1 ? <a className={secondaryButton} href={href(page - 1)} rel="prev">Newer</a> : null}
            {hasMore ? <a className={secondaryButton} href={href(page + 1)} rel="next">Older</a> : null}
          </nav>
        )
        : null}
    </div>
  );
}
