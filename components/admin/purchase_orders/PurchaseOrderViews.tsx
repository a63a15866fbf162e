/**
 * /admin/purchase-orders (decision 0117): the list, the form that places a purchase order (filled in
 * from the restock plan or typed), and one purchase order with its lines and the form that books a
 * delivery in against it. Plain forms: everything works without JavaScript.
 */
import {
  isOverdue,
  type PurchaseOrder,
  type PurchaseOrderStatus,
  type PurchaseOrderSummary,
} from "../../../domains/purchasing/mod.ts";
import { FormAlert, type FormState } from "../../ui/Field.tsx";
import { dangerButton, primaryButton, secondaryButton } from "../../ui/buttons.ts";
import {
  type Column,
  DataTable,
  EmptyCard,
  formatDate,
  formatDateTime,
  formatDay,
  Pill,
} from "../shared/AdminTable.tsx";
import { type FieldSpec, FormFields } from "../shared/FormFields.tsx";
import { PageHeader } from "../shared/PageHeader.tsx";
import { SkuCell } from "../shared/SkuCell.tsx";
import { PlanFilledForm } from "../shared/PlanFilledForm.tsx";

const STATUS: Record<PurchaseOrderStatus, { label: string; tone: "blue" | "green" | "grey" | "red" }> = {
  open: { label: "Awaiting delivery", tone: "blue" },
  received: { label: "Received", tone: "green" },
  closed: { label: "Closed", tone: "grey" },
  cancelled: { label: "Cancelled", tone: "red" },
};

export function PurchaseOrderStatusPill({ status }: { status: PurchaseOrderStatus }) {
  return <Pill tone={STATUS[status].tone}>{STATUS[status].label}</Pill>;
}

function listColumns(today: string): Column<PurchaseOrderSummary>[] {
  return [
    {
      header: "Purchase order",
      cell: (po) => (
        <span>
          <a href={`/admin/purchase-orders/${po.id}`} className="font-semibold text-green-800 hover:underline">
            {po.number}
          </a>
          <span className="block text-xs text-stone-500">{formatDate(new Date(po.createdAt))}</span>
        </span>
      ),
    },
    { header: "Supplier", cell: (po) => po.supplier },
    { header: "Status", cell: (po) => <PurchaseOrderStatusPill status={po.status} /> },
    {
      header: "Expected",
      className: "whitespace-nowrap",
      cell: (po) =>
        isOverdue(po, today)
          ? <span className="font-semibold text-amber-700">{`${formatDay(po.expectedOn)} · overdue`}</span>
          : formatDay(po.expectedOn),
    },
    { header: "Lines", align: "right", className: "tabular-nums", cell: (po) => po.lineCount },
    {
      header: "Received",
      align: "right",
      className: "tabular-nums whitespace-nowrap",
      cell: (po) => `${po.receivedUnits} of ${po.orderedUnits}`,
    },
  ];
}

const STATUS_FILTERS: { label: string; value: PurchaseOrderStatus | "" }[] = [
  { label: "All", value: "" },
  { label: "Awaiting delivery", value: "open" },
  { label: "Received", value: "received" },
  { label: "Closed", value: "closed" },
  { label: "Cancelled", value: "cancelled" },
];

export function PurchaseOrderList(
  { orders, status, today }: {
    orders: PurchaseOrderSummary[];
    status: PurchaseOrderStatus | undefined;
    /** The South African day, for what is overdue. */
    today: string;
  },
) {
  return (
    <section>
      <PageHeader
        title="Purchase orders"
        intro="What the shop ordered from its suppliers. Units awaited on an open purchase order count as on order in the restock plan, so they are not ordered twice; book each delivery in against its purchase order as it arrives."
      >
        <div className="flex flex-wrap gap-2">
          <a href="/admin/restock" className={secondaryButton}>Restock plan</a>
          <a href="/admin/purchase-orders/new" className={primaryButton}>New purchase order</a>
        </div>
      </PageHeader>
      <nav aria-label="Purchase order status" className="mt-5 flex flex-wrap gap-2 text-sm">
        {STATUS_FILTERS.map((f) => (
          <a
            key={f.value}
            href={f.value ? `/admin/purchase-orders?status=${f.value}` : "/admin/purchase-orders"}
            aria-current={(status ?? "") === f.value ? "page" : undefined}
            className="rounded-full border border-stone-300 bg-white px-3 py-1 text-stone-700 hover:border-green-700 aria-[current=page]:border-green-800 aria-[current=page]:bg-green-800 aria-[current=page]:text-white"
          >
            {f.label}
          </a>
        ))}
      </nav>
      {orders.length ? <DataTable columns={listColumns(today)} rows={orders} minWidth="44rem" /> : (
        <EmptyCard>
          {status ? "No purchase orders with this status." : "No purchase orders yet. Start one from the restock plan."}
        </EmptyCard>
      )}
    </section>
  );
}

const NEW_FIELDS: FieldSpec[] = [
  { label: "Supplier", name: "supplier", required: true, maxLength: 120, placeholder: "Reptile Supplies Wholesale" },
  {
    label: "Supplier e-mail (optional)",
    name: "supplierEmail",
    type: "email",
    maxLength: 254,
    hint: "Where E-mail to supplier sends it",
  },
  {
    label: "Expected on (optional)",
    name: "expectedOn",
    type: "date",
    hint: "The day the supplier said the delivery would arrive",
  },
  {
    label: "SKUs and quantities to order",
    name: "lines",
    textarea: true,
    rows: 12,
    required: true,
    placeholder: "CRK-50, 24\nUVB-T5-12, 6",
    hint: "One line each: the SKU, then the units to order (comma, tab or space between). The same SKU twice is " +
      "added up; a variant's SKU for a product sold as variants. Or paste the restock plan's CSV whole: its SKU " +
      "and Order columns are read.",
    span: "sm:col-span-2",
  },
  {
    label: "Note (optional)",
    name: "note",
    maxLength: 500,
    hint: "The supplier's quote or order number, terms agreed",
    span: "sm:col-span-2",
  },
];

export function NewPurchaseOrderView(
  { state, planNote, suppliers }: { state: FormState; planNote?: string; suppliers: string[] },
) {
  const fields = suppliers.length
    ? NEW_FIELDS.map((f) => (f.name === "supplier" ? { ...f, list: "supplier-list" } : f))
    : NEW_FIELDS;
  return (
    <PlanFilledForm
      title="New purchase order"
      intro="List what you are ordering from one supplier. Its units count as on order in the restock plan until they are booked in, or the purchase order is closed."
      back={{ href: "/admin/purchase-orders", label: "Back to purchase orders" }}
      action="/admin/purchase-orders/new"
      fields={fields}
      state={state}
      planNote={planNote}
      submit="Place purchase order"
    >
      {suppliers.length
        ? <datalist id="supplier-list">{suppliers.map((name) => <option key={name} value={name} />)}</datalist>
        : null}
    </PlanFilledForm>
  );
}

type Line = PurchaseOrder["lines"][number];

function lineColumns(receiving: boolean, values: Record<string, string | undefined>): Column<Line>[] {
  const columns: Column<Line>[] = [
    {
      header: "Product",
      cell: (l) => <SkuCell {...l} />,
    },
    { header: "Ordered", align: "right", className: "tabular-nums", cell: (l) => l.ordered },
    { header: "Received", align: "right", className: "tabular-nums", cell: (l) => l.received },
    {
      header: "Awaited",
      align: "right",
      className: "tabular-nums font-semibold",
      cell: (l) => <span data-po-outstanding={l.sku}>{l.outstanding}</span>,
    },
  ];
  if (!receiving) return columns;
  return [...columns, {
    header: "Arrived now",
    align: "right",
    cell: (l) => (
      <input
        type="number"
        name={`receive-${l.id}`}
        min={0}
        max={100000}
        inputMode="numeric"
        aria-label={`Units of ${l.sku} that arrived`}
        defaultValue={values[`receive-${l.id}`] ?? String(l.outstanding)}
        className="w-20 rounded-md border border-stone-300 px-2 py-1 text-right tabular-nums"
      />
    ),
  }];
}

export function PurchaseOrderDetail(
  { order, state, today }: { order: PurchaseOrder; state: FormState; today: string },
) {
  const open = order.status === "open";
  const values = state.values ?? {};
  const fact = (term: string, value: string | null, when = true): [string, string][] =>
    value && when ? [[term, value]] : [];
  const facts: [string, string][] = [
    ...fact("Supplier", order.supplierEmail ? `${order.supplier} (${order.supplierEmail})` : order.supplier),
    ...fact("Placed", `${formatDate(new Date(order.createdAt))}${order.createdBy ? ` by ${order.createdBy}` : ""}`),
    ...fact("Sent to the supplier", order.sentAt && formatDateTime(new Date(order.sentAt))),
    ...fact(
      "Expected",
      `${formatDay(order.expectedOn)}${isOverdue(order, today) ? " (overdue)" : ""}`,
      !!order.expectedOn,
    ),
    ...fact(STATUS[order.status].label, order.closedAt && formatDate(new Date(order.closedAt))),
    ...fact("Units", `${order.receivedUnits} of ${order.orderedUnits} received`),
    ...fact("Note", order.note),
  ];
  return (
    <section>
      <PageHeader title={order.number}>
        <div className="flex flex-wrap items-center gap-2">
          <PurchaseOrderStatusPill status={order.status} />
          <a href={`/admin/purchase-orders/${order.id}/purchase-order.csv`} className={secondaryButton} download>
            Download CSV
          </a>
        </div>
      </PageHeader>
      <dl className="mt-4 grid gap-x-6 gap-y-2 rounded-xl border border-stone-200 bg-white p-5 text-sm sm:grid-cols-[auto_1fr]">
        {facts.map(([term, value]) => [
          <dt key={`${term}-t`} className="font-semibold text-stone-600">{term}</dt>,
          <dd key={`${term}-d`} className="text-stone-900">{value}</dd>,
        ])}
      </dl>
      <form method="post" action={`/admin/purchase-orders/${order.id}/receive`} className="mt-6 space-y-4" noValidate>
        <h2 className="text-lg font-semibold text-stone-900">{open ? "Book a delivery in" : "Lines"}</h2>
        {open
          ? (
            <p className="text-sm text-stone-600">
              Each line is filled in with the units still awaited: change it to what arrived (0 for nothing). Every line
              is booked in or none; the units are added to stock and recorded in its history as received, with this
              purchase order's number and the reference.
            </p>
          )
          : null}
        <FormAlert message={state.message} />
        <DataTable columns={lineColumns(open, values)} rows={order.lines} minWidth="40rem" />
        {open
          ? (
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="w-full sm:max-w-md">
                <FormFields
                  fields={[{
                    label: "Reference (optional)",
                    name: "reference",
                    maxLength: 100,
                    hint: "The supplier's invoice or delivery note number",
                  }]}
                  values={values}
                  errors={state.errors ?? {}}
                />
              </div>
              <button type="submit" className={`${primaryButton} sm:mt-7`}>Book in stock</button>
            </div>
          )
          : null}
      </form>
      {open
        ? (
          <div className="mt-8 flex flex-wrap items-start justify-between gap-6 border-t border-stone-200 pt-5">
            <form
              method="post"
              action={`/admin/purchase-orders/${order.id}/send`}
              aria-label="E-mail to supplier"
              className="flex w-full flex-wrap items-start gap-3 sm:w-auto"
              noValidate
            >
              <div className="w-full sm:w-80">
                <FormFields
                  fields={[{
                    label: "Supplier e-mail",
                    name: "to",
                    type: "email",
                    maxLength: 254,
                    fallback: order.supplierEmail ?? "",
                    hint: "The lines still to supply, with a CSV attached",
                  }]}
                  values={values}
                  errors={state.errors ?? {}}
                />
              </div>
              <button type="submit" className={`${secondaryButton} sm:mt-7`}>E-mail to supplier</button>
            </form>
            <div className="flex flex-wrap gap-3">
              <form method="post" action={`/admin/purchase-orders/${order.id}/close`}>
                <button type="submit" className={secondaryButton}>Close: the rest is not coming</button>
              </form>
              {order.receivedUnits === 0
                ? (
                  <form method="post" action={`/admin/purchase-orders/${order.id}/cancel`}>
                    <button type="submit" className={dangerButton}>Cancel purchase order</button>
                  </form>
                )
                : null}
            </div>
          </div>
        )
        : null}
    </section>
  );
}
