/**
 * The admin order page's "Lines" section: one row per line (product, price, quantity, total and, once
 * parcels can go out, "shipped x of y") and the totals below it, with the VAT they include.
 */
import type { AdminOrderDetail, LineFulfilment } from "../../../domains/fulfilment/mod.ts";
import { discountLines } from "../../../domains/orders/mod.ts";
import { formatMoney } from "../../../lib/money.ts";
import { type Column, DataTable } from "../shared/AdminTable.tsx";
import { Row } from "./OrderCard.tsx";

type Order = AdminOrderDetail["order"];
type OrderLine = Order["items"][number];

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

/** The columns, with "Shipped" added while parcels can go out and once the order has gone. */
function lineColumns(order: Order, lines: LineFulfilment[] | undefined): Column<OrderLine>[] {
  const shipped = new Map(lines?.map((l) => [l.orderItemId, l]) ?? []);
  // Once the whole order has gone (the Ship button or the last parcel), every unit not restocked went.
  const allGone = order.status === "shipped" || order.status === "delivered";
  return lines && (allGone || order.status === "processing")
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
}

export function OrderLines(
  { order, vat, lines }: { order: Order; vat: { cents: number; ratePercent: number }; lines?: LineFulfilment[] },
) {
  return (
    <section
      aria-labelledby="lines-title"
      className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm"
    >
      <h2 id="lines-title" className="px-5 pt-5 text-base font-bold">Lines</h2>
      <div className="mt-3">
        <DataTable
          columns={lineColumns(order, lines)}
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
  );
}
