/**
 * /admin/reports: a period of South African days (dates or a preset), the VAT on the invoices and
 * credit notes issued in it, and the best-selling products, each with its CSV download. Plain GET
 * forms and links: it works without JavaScript.
 */
import type { CategorySalesRow, ProductSalesRow, ReportPeriod, TaxReport } from "../../../domains/dashboard/mod.ts";
import { formatMoney } from "../../../lib/money.ts";
import { primaryButton, secondaryButton } from "../../ui/buttons.ts";
import { type Column, DataTable, EmptyCard, ListNotice } from "../shared/AdminTable.tsx";
import { FormFields, type TextFieldSpec } from "../shared/FormFields.tsx";
import { PageHeader } from "../shared/PageHeader.tsx";

export interface ReportPreset {
  label: string;
  period: ReportPeriod;
}

const PERIOD_FIELDS: TextFieldSpec[] = [
  { id: "report-from", label: "From", name: "from", type: "date", required: true },
  { id: "report-to", label: "To", name: "to", type: "date", required: true },
];

const periodQuery = (p: ReportPeriod) => `from=${p.from}&to=${p.to}`;

const dayLabel = new Intl.DateTimeFormat("en-ZA", { dateStyle: "medium", timeZone: "UTC" });
const labelOf = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

function PeriodForm({ period, presets }: { period: ReportPeriod; presets: ReportPreset[] }) {
  return (
    <div className="mt-5 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <form
        method="get"
        action="/admin/reports"
        aria-label="Report period"
        className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]"
      >
        <FormFields fields={PERIOD_FIELDS} values={period} />
        <button type="submit" className={primaryButton}>Show report</button>
      </form>
      <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <span className="text-stone-600">Quick periods:</span>
        {presets.map((p) => {
          const current = p.period.from === period.from && p.period.to === period.to;
          return (
            <a
              key={p.label}
              href={`/admin/reports?${periodQuery(p.period)}`}
              className={current ? "font-semibold text-stone-900" : "font-medium text-green-800 underline"}
              aria-current={current ? "true" : undefined}
            >
              {p.label}
            </a>
          );
        })}
      </p>
    </div>
  );
}

interface TaxRow {
  id: string;
  label: string;
  count: number | null;
  netCents: number;
  vatCents: number;
  grossCents: number;
}

const money = (cents: number) => formatMoney(cents);

const TAX_COLUMNS: Column<TaxRow>[] = [
  {
    header: "Documents issued",
    cell: (r) => <span className={r.id === "net" ? "font-bold" : "font-medium"}>{r.label}</span>,
  },
  { header: "Count", align: "right", className: "tabular-nums", cell: (r) => r.count ?? "" },
  { header: "Excl. VAT", align: "right", className: "whitespace-nowrap tabular-nums", cell: (r) => money(r.netCents) },
  {
    header: "VAT",
    align: "right",
    className: "whitespace-nowrap tabular-nums",
    cell: (r) => <span data-vat={r.id}>{money(r.vatCents)}</span>,
  },
  {
    header: "Incl. VAT",
    align: "right",
    className: "whitespace-nowrap tabular-nums",
    cell: (r) => money(r.grossCents),
  },
];

function TaxSection({ report }: { report: TaxReport }) {
  const rows: TaxRow[] = [
    { id: "invoices", label: "Tax invoices", ...report.invoices },
    {
      id: "credit-notes",
      label: "Less credit notes",
      ...report.creditNotes,
    },
    { id: "net", label: "Net for the period", count: null, ...report.net },
  ];
  return (
    <section aria-labelledby="vat-h" className="mt-6 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="vat-h" className="text-lg font-bold">VAT</h2>
          <p className="mt-1 text-sm text-stone-600">
            From the tax invoices and credit notes issued in the period, as they were issued. The net VAT is the output
            tax to declare on the VAT return.
          </p>
        </div>
        <a
          href={`/admin/reports/tax-documents.csv?${periodQuery(report)}`}
          className={secondaryButton}
          download
          data-download="tax-documents"
        >
          Download invoices and credit notes (CSV)
        </a>
      </div>
      <DataTable columns={TAX_COLUMNS} rows={rows} bare minWidth="32rem" />
    </section>
  );
}

const SALES_COLUMNS: Column<ProductSalesRow & { id: string; rank: number }>[] = [
  { header: "#", className: "w-8 tabular-nums text-stone-600", cell: (r) => r.rank },
  {
    header: "Product",
    cell: (r) =>
      r.productId
        ? (
          <a href={`/admin/products/${r.productId}`} className="font-medium text-green-900 hover:underline">
            {r.name}
          </a>
        )
        : <span title="No longer in the catalogue">{r.name}</span>,
  },
  { header: "Units", align: "right", className: "tabular-nums", cell: (r) => r.units },
  {
    header: "Sales incl. VAT",
    align: "right",
    className: "whitespace-nowrap tabular-nums",
    cell: (r) => money(r.cents),
  },
];

function SalesSection(
  { period, products, shown }: { period: ReportPeriod; products: ProductSalesRow[]; shown: number },
) {
  const rows = products.map((p, i) => ({ ...p, id: `${p.productId ?? "gone"}-${p.name}`, rank: i + 1 }));
  return (
    <section aria-labelledby="sales-h" className="mt-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="sales-h" className="text-lg font-bold">Sales by product</h2>
          <p className="mt-1 text-sm text-stone-600">
            {`Orders paid in the period and not cancelled, VAT included, before refunds. The top ${shown} by sales.`}
          </p>
        </div>
        {rows.length
          ? (
            <a
              href={`/admin/reports/product-sales.csv?${periodQuery(period)}`}
              className={secondaryButton}
              download
              data-download="product-sales"
            >
              Download all products (CSV)
            </a>
          )
          : null}
      </div>
      {rows.length
        ? <DataTable columns={SALES_COLUMNS} rows={rows} minWidth="28rem" />
        : <EmptyCard>No paid orders in this period.</EmptyCard>}
    </section>
  );
}

type CategoryRow = CategorySalesRow & { id: string; share: number };

const CATEGORY_COLUMNS: Column<CategoryRow>[] = [
  {
    header: "Category",
    cell: (r) =>
      r.categoryId
        ? (
          <a href={`/admin/categories/${r.categoryId}`} className="font-medium text-green-900 hover:underline">
            {r.name}
          </a>
        )
        : <span className="text-stone-700">{r.name}</span>,
  },
  { header: "Units", align: "right", className: "tabular-nums", cell: (r) => r.units },
  {
    header: "Sales incl. VAT",
    align: "right",
    className: "whitespace-nowrap tabular-nums",
    cell: (r) => money(r.cents),
  },
  {
    header: "Share",
    align: "right",
    className: "w-40",
    cell: (r) => (
      <span className="flex items-center justify-end gap-2" data-share={r.id}>
        <span aria-hidden="true" className="h-2 w-20 overflow-hidden rounded-full bg-stone-100">
          <span className="block h-full rounded-full bg-green-700" style={{ width: `${r.share}%` }} />
        </span>
        <span className="w-10 tabular-nums">{`${r.share}%`}</span>
      </span>
    ),
  },
];

function CategorySection({ categories }: { categories: CategorySalesRow[] }) {
  const total = categories.reduce((sum, c) => sum + c.cents, 0);
  const rows = categories.map((c) => ({
    ...c,
    id: String(c.categoryId ?? "none"),
    share: total ? Math.round((c.cents / total) * 100) : 0,
  }));
  return (
    <section aria-labelledby="category-sales-h" className="mt-6">
      <h2 id="category-sales-h" className="text-lg font-bold">Sales by category</h2>
      <p className="mt-1 text-sm text-stone-600">
        Orders paid in the period and not cancelled, VAT included, before refunds, by top-level category: a product in a
        subcategory counts for its parent.
      </p>
      {rows.length
        ? <DataTable columns={CATEGORY_COLUMNS} rows={rows} minWidth="28rem" />
        : <EmptyCard>No paid orders in this period.</EmptyCard>}
    </section>
  );
}

export function ReportsView(
  { period, presets, tax, categories, products, shown, error }: {
    period: ReportPeriod;
    presets: ReportPreset[];
    tax: TaxReport;
    categories: CategorySalesRow[];
    products: ProductSalesRow[];
    shown: number;
    error: string | null;
  },
) {
  return (
    <section>
      <PageHeader
        title="Reports"
        intro="VAT and sales for a period of South African days, both dates included."
      />
      <PeriodForm period={period} presets={presets} />
      {error ? <ListNotice>{error}</ListNotice> : null}
      <p className="mt-4 text-sm font-semibold" data-report-period>
        {period.from === period.to ? labelOf(period.from) : `${labelOf(period.from)} – ${labelOf(period.to)}`}
      </p>
      <TaxSection report={tax} />
      <CategorySection categories={categories} />
      <SalesSection period={period} products={products} shown={shown} />
    </section>
  );
}
