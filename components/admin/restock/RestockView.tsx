/**
 * /admin/restock: what to reorder. The units that will not last the chosen number of days at the rate
 * they sold lately, the soonest to run out first, each with how many to order; and the same list as a
 * CSV for the supplier. A plain GET form: it works without JavaScript (decision 0106).
 */
import type { RestockPlan, RestockQuery, RestockRow } from "../../../domains/dashboard/mod.ts";
import { primaryButton, secondaryButton } from "../../ui/buttons.ts";
import { type Column, DataTable, EmptyCard, ListNotice } from "../shared/AdminTable.tsx";
import { type FieldSpec, FormFields } from "../shared/FormFields.tsx";
import { PageHeader } from "../shared/PageHeader.tsx";
import { SkuCell } from "../shared/SkuCell.tsx";

const FIELDS: FieldSpec[] = [
  {
    id: "restock-days",
    label: "Selling rate of the last (days)",
    name: "days",
    inputMode: "numeric",
    hint: "1 to 365: a short window follows a trend, a long one evens out a rush",
  },
  {
    id: "restock-cover",
    label: "Stock to last (days)",
    name: "cover",
    inputMode: "numeric",
    hint: "The supplier's lead time plus the time until the next order",
  },
];

const dayLabel = new Intl.DateTimeFormat("en-ZA", { day: "numeric", month: "short", timeZone: "UTC" });

/** The plan's columns; On order and Last ordered from only when a row has them (a shop without purchase orders). */
function columns(days: number, rows: readonly RestockRow[]): Column<RestockRow & { id: string }>[] {
  const onOrder = rows.some((r) => r.onOrder > 0);
  const suppliers = rows.some((r) => r.lastSupplier !== null);
  const all: (Column<RestockRow & { id: string }> | false)[] = [
    {
      header: "Product",
      cell: (r) => <SkuCell {...r} />,
    },
    { header: "In stock", align: "right", className: "tabular-nums", cell: (r) => r.stock },
    onOrder && {
      header: "On order",
      align: "right",
      className: "tabular-nums",
      cell: (r) =>
        r.onOrder
          ? <a href="/admin/purchase-orders?status=open" className="text-green-800 hover:underline">{r.onOrder}</a>
          : "",
    },
    suppliers && { header: "Last ordered from", cell: (r) => r.lastSupplier ?? "" },
    { header: `Sold in ${days} days`, align: "right", className: "tabular-nums", cell: (r) => r.sold },
    { header: "Per week", align: "right", className: "tabular-nums", cell: (r) => r.perWeek.toFixed(1) },
    {
      header: "Runs out",
      className: "whitespace-nowrap",
      cell: (r) =>
        r.stock === 0
          ? <span className="font-semibold text-red-700">Sold out</span>
          : (
            <span className={r.coverDays < 7 ? "font-semibold text-amber-700" : undefined}>
              {`${r.coverDays === 1 ? "1 day" : `${r.coverDays} days`} (${
                dayLabel.format(new Date(`${r.runsOutOn}T00:00:00Z`))
              })`}
            </span>
          ),
    },
    {
      header: "Order",
      align: "right",
      className: "tabular-nums font-semibold",
      cell: (r) => <span data-restock-order={r.sku}>{r.order}</span>,
    },
  ];
  return all.filter((c) => c !== false);
}

export function RestockView(
  { plan, query, suppliers }: {
    plan: RestockPlan;
    query: RestockQuery;
    /** Suppliers of earlier purchase orders, to filter by. */
    suppliers: string[];
  },
) {
  const qs = `days=${query.days}&cover=${query.cover}${
    query.supplier ? `&supplier=${encodeURIComponent(query.supplier)}` : ""
  }`;
  const fields: FieldSpec[] = suppliers.length
    ? [...FIELDS, {
      id: "restock-supplier",
      label: "Last ordered from",
      name: "supplier",
      empty: "Any supplier",
      options: suppliers.map((s) => ({ value: s, label: s })),
      hint: "The supplier of its latest purchase order",
    }]
    : FIELDS;
  const units = plan.total === 1 ? "1 item needs" : `${plan.total} items need`;
  return (
    <section>
      <PageHeader
        title="Restock"
        intro="What will run out before the days you want covered, at the rate it sold lately: the soonest first, with how many to order. Units on open purchase orders count as on order and are not suggested again. Items that did not sell in the window are left to the low-stock alert."
      >
        <div className="flex flex-wrap gap-2">
          <a href={`/admin/restock/restock.csv?${qs}`} className={secondaryButton} download>Download CSV</a>
          <a href="/admin/purchase-orders" className={secondaryButton}>Purchase orders</a>
          <a href="/admin/restock/receive" className={primaryButton}>Receive stock</a>
        </div>
      </PageHeader>
      <form
        method="get"
        action="/admin/restock"
        aria-label="Restock plan"
        className={`mt-5 grid items-start gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm ${
          suppliers.length ? "sm:grid-cols-[1fr_1fr_1fr_auto]" : "sm:grid-cols-[1fr_1fr_auto]"
        }`}
      >
        <FormFields
          fields={fields}
          values={{ days: String(query.days), cover: String(query.cover), supplier: query.supplier ?? "" }}
        />
        <button type="submit" className={`${primaryButton} sm:mt-7`}>Show</button>
      </form>
      <p className="mt-4 text-sm text-stone-600" data-restock-total>
        {plan.total ? `${units} ordering to last ${plan.cover} days.` : ""}
      </p>
      {plan.rows.length
        ? (
          <DataTable
            columns={columns(plan.days, plan.rows)}
            rows={plan.rows.map((r) => ({ ...r, id: `${r.productId}-${r.variantId ?? 0}` }))}
            minWidth="44rem"
          />
        )
        : (
          <EmptyCard>
            {`Everything that sold in the last ${plan.days} days${
              plan.supplier ? ` and was last ordered from ${plan.supplier}` : ""
            } has stock for ${plan.cover} days at that rate.`}
          </EmptyCard>
        )}
      {plan.total > plan.rows.length
        ? <ListNotice>{`Showing the first ${plan.rows.length}; the CSV has them all.`}</ListNotice>
        : null}
      {plan.rows.length
        ? (
          <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <a href={`/admin/purchase-orders/new?${qs}`} className="font-medium text-green-800 underline">
              Order it: a purchase order filled in from this list
            </a>
            <a href={`/admin/restock/receive?${qs}`} className="font-medium text-green-800 underline">
              Delivery in? Book it in, filled in from this list
            </a>
          </p>
        )
        : null}
    </section>
  );
}
