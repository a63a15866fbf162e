/**
 * /admin/products/import: export the list's products as CSV, upload a file for a preview (a dry run:
 * counts and each row's changes, or the rows' errors), then Import to apply it. Plain forms: the
 * preview carries the file in a hidden field, so Import works without JavaScript.
 */
import type { ImportReport, ImportRow, ImportRowError } from "../../../domains/product_csv/mod.ts";
import { primaryButton, secondaryButton } from "../../ui/buttons.ts";
import { Field, FormAlert } from "../../ui/Field.tsx";
import { type Column, DataTable, Pill } from "../shared/AdminTable.tsx";
import { PageHeader } from "../shared/PageHeader.tsx";

/** Rows listed in a preview (the counts cover them all). */
const SHOWN_ROWS = 1_000;

const ACTION_PILL = {
  create: { tone: "green", label: "Create" },
  update: { tone: "blue", label: "Update" },
  unchanged: { tone: "grey", label: "Unchanged" },
} as const;

const PREVIEW_COLUMNS: Column<ImportRow & { id: number }>[] = [
  { header: "Row", className: "whitespace-nowrap", cell: (r) => r.row },
  {
    header: "Product",
    cell: (r) => (
      <>
        <span className="font-mono text-xs">{r.sku}</span>
        <span className="block text-xs text-stone-600">{r.handle}{r.kind === "variant" ? " (variant)" : ""}</span>
      </>
    ),
  },
  { header: "Action", cell: (r) => <Pill tone={ACTION_PILL[r.action].tone}>{ACTION_PILL[r.action].label}</Pill> },
  {
    header: "Changes",
    cell: (r) =>
      r.changes.length
        ? (
          <ul className="space-y-0.5">
            {r.changes.map((ch) => (
              <li key={ch.column}>
                <span className="font-semibold">{ch.column}:</span> {ch.before === "" ? "(empty)" : cut(ch.before)}
                {" → "}
                {ch.after === "" ? "(empty)" : cut(ch.after)}
              </li>
            ))}
          </ul>
        )
        : <span className="text-stone-600">-</span>,
  },
];

const ERROR_COLUMNS: Column<ImportRowError & { id: number }>[] = [
  { header: "Row", className: "whitespace-nowrap", cell: (e) => e.row },
  { header: "Column", cell: (e) => e.column ?? "-" },
  { header: "Problem", cell: (e) => e.message.replace(/^Row \d+: /, "") },
];

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

function cut(text: string): string {
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

export interface ProductImportState {
  /** A refusal of the whole request (no file, too many rows...). */
  message?: string;
  /** A refused file's row errors. */
  errors?: ImportRowError[];
  /** A dry run's report, and the file it read (sent again by Import). */
  preview?: { report: ImportReport; csv: string };
}

export function ProductImportView(
  { exportHref, exportLabel, state }: { exportHref: string; exportLabel: string; state: ProductImportState },
) {
  const report = state.preview?.report;
  const listed = report?.rows.filter((r) => r.action !== "unchanged").slice(0, SHOWN_ROWS) ?? [];
  return (
    <div className="max-w-5xl space-y-5">
      <div>
        <a href="/admin/products" className="text-sm text-green-900 hover:underline">← Products</a>
        <div className="mt-2">
          <PageHeader
            title="Import and export products"
            intro="Products and variants are matched by SKU: a new SKU is created, a known one is updated. Nothing is deleted."
          />
        </div>
      </div>
      <section aria-labelledby="export-heading" className="rounded-xl border border-stone-200 bg-white p-5">
        <h2 id="export-heading" className="text-lg font-bold">Export</h2>
        <p className="mt-1 text-sm text-stone-700">
          {exportLabel} One row per variant; the columns are described in the product CSV guide (docs/product-csv.md).
        </p>
        <a href={exportHref} className={`${secondaryButton} mt-3`} download>Download CSV</a>
      </section>
      <section aria-labelledby="import-heading" className="rounded-xl border border-stone-200 bg-white p-5">
        <h2 id="import-heading" className="text-lg font-bold">Import</h2>
        <p className="mt-1 text-sm text-stone-700">
          Upload a CSV file (UTF-8, at most 5 MB and 5,000 rows) to see what it would change. Nothing is written until
          you press Import on the preview, and a file with any bad row is refused whole. Image Src gives photos only to
          products that have none: photos uploaded on a product's page are never replaced.
        </p>
        <form
          method="post"
          action="/admin/products/import?dryRun=true"
          encType="multipart/form-data"
          className="mt-3 flex flex-wrap items-end gap-3"
        >
          <div className="min-w-64 flex-1">
            <Field label="CSV file" name="file" type="file" accept=".csv,text/csv" required />
          </div>
          <button type="submit" className={primaryButton}>Preview import</button>
        </form>
      </section>
      {state.message ? <FormAlert message={state.message} /> : null}
      {state.errors?.length
        ? (
          <section aria-labelledby="errors-heading" className="rounded-xl border border-red-200 bg-white p-5">
            <h2 id="errors-heading" className="text-lg font-bold text-red-800">Nothing was imported</h2>
            <p role="alert" className="mt-1 text-sm text-stone-800">
              {state.errors.length === 1
                ? "1 problem in the file. Correct it and upload the file again."
                : `${state.errors.length} problems in the file. Correct them and upload the file again.`}
            </p>
            <DataTable
              columns={ERROR_COLUMNS}
              rows={state.errors.map((e, i) => ({ ...e, id: i }))}
              rowProps={(e) => ({ "data-error-row": e.row })}
              className="mt-3"
              minWidth="32rem"
            />
          </section>
        )
        : null}
      {report && state.preview
        ? (
          <section aria-labelledby="preview-heading" className="rounded-xl border border-stone-200 bg-white p-5">
            <h2 id="preview-heading" className="text-lg font-bold">Preview</h2>
            <p role="status" className="mt-1 text-sm text-stone-800" data-import-summary>
              {report.counts.create} to create, {report.counts.update} to update, {report.counts.unchanged} unchanged
              {` (${plural(report.counts.productsCreated, "new product")}, ${
                plural(report.counts.productsUpdated, "product")
              } changed).`} Nothing has been written yet.
            </p>
            {report.ignoredColumns.length
              ? (
                <p className="mt-1 text-sm text-stone-700">
                  Columns not imported: {report.ignoredColumns.join(", ")}.
                </p>
              )
              : null}
            {listed.length
              ? (
                <DataTable
                  columns={PREVIEW_COLUMNS}
                  rows={listed.map((r) => ({ ...r, id: r.row }))}
                  rowProps={(r) => ({ "data-preview-row": r.row })}
                  className="mt-3"
                  minWidth="40rem"
                />
              )
              : <p className="mt-3 text-sm text-stone-700">The file matches the shop: there is nothing to change.</p>}
            {listed.length < report.counts.create + report.counts.update
              ? (
                <p className="mt-2 text-sm text-stone-700">
                  The first {SHOWN_ROWS.toLocaleString("en-ZA")} changed rows are shown.
                </p>
              )
              : null}
            {report.counts.create + report.counts.update > 0
              ? (
                <form method="post" action="/admin/products/import" className="mt-4 flex gap-2">
                  <input type="hidden" name="csv" value={state.preview.csv} />
                  <button type="submit" className={primaryButton}>Import</button>
                  <a href="/admin/products/import" className={secondaryButton}>Cancel</a>
                </form>
              )
              : null}
          </section>
        )
        : null}
    </div>
  );
}
