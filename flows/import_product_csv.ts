/**
 * POST /api/admin/products/import: products and variants created and updated by SKU from a product
 * CSV (docs/product-csv.md, decision 0073). Every row is read and checked first; one bad row refuses
 * the whole file (422, each error with its row and column) and nothing is written. Otherwise every
 * write happens in one transaction: one audit entry per product created or updated, stock changes as
 * stock movements with reason `import`. A dry run answers the same report and writes nothing.
 *
 * Values are compared as the export writes them (its cell text), so an exported file imported again
 * changes nothing. Rows never delete: a product or variant missing from the file is left as it is.
 */
import type { Db } from "../db/client.ts";
import { AppError, ERROR_CODES } from "../lib/errors.ts";
import { CsvSyntaxError, parseCsv } from "../lib/csv.ts";
import {
  type ImportReport,
  type ImportRow,
  type ImportRowError,
  MAX_IMPORT_ROWS,
} from "../domains/product_csv/schemas.ts";
import { checkDuplicates, readHeader, readRows } from "../domains/product_csv/rows.ts";
import { plan, readShop, reportRows } from "../domains/product_csv/plan.ts";
import { MAX_PRODUCT_IMAGES } from "../domains/media/mod.ts";
import { apply } from "./import_product_csv_writes.ts";

/** The 422: rows with errors; nothing was written. */
export class ImportRefused extends AppError {
  constructor(readonly errors: ImportRowError[]) {
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
    super(`${errors[0].message}${more}. Nothing was imported.`, 422, { code: ERROR_CODES.importRowsInvalid });
  }
}

/** A file over the row limit (400; the byte limit is the route's 413). */
export class ImportTooLarge extends AppError {
  constructor() {
    super(`A file can hold at most ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows`, 400);
  }
}

/** Sorted by row, at most 200 (the message says how many in all). */
function refuse(errors: ImportRowError[]): never {
  errors.sort((a, b) => a.row - b.row);
  throw new ImportRefused(errors.slice(0, 200));
}

/** Reads, checks and (unless a dry run) applies a product CSV; see the module's comment. */
export async function importProductCsv(
  db: Db,
  userId: number,
  text: string,
  { dryRun, siteUrl }: { dryRun: boolean; siteUrl: string },
): Promise<ImportReport> {
  let records: string[][];
  try {
    records = parseCsv(text, { maxRecords: MAX_IMPORT_ROWS + 1 });
  } catch (err) {
    if (err instanceof CsvSyntaxError) refuse([{ row: err.record, column: null, message: err.message }]);
    throw err;
  }
  if (records.length > MAX_IMPORT_ROWS + 1) throw new ImportTooLarge();
  const errors: ImportRowError[] = [];
  if (records.length < 2) refuse([{ row: 1, column: null, message: "Row 1: the file has no rows under its header" }]);
  const { index, ignored } = readHeader(records[0], errors);
  if (errors.length) refuse(errors);
  const groups = readRows(records, index, errors, { maxImages: MAX_PRODUCT_IMAGES, siteUrl });
  checkDuplicates(groups, errors);
  if (errors.length) refuse(errors);
  return await db.transaction(async (tx) => {
    const state = await readShop(tx, groups, errors);
    const plans = plan(groups, state, errors);
    if (errors.length) refuse(errors);
    const rows = reportRows(plans);
    const count = (a: ImportRow["action"]) => rows.filter((r) => r.action === a).length;
    const touched = plans.filter((p) => p.changed.length || p.options || p.variants.some((v) => v.changed.length));
    const counts = {
      create: count("create"),
      update: count("update"),
      unchanged: count("unchanged"),
      productsCreated: touched.filter((p) => !p.existing).length,
      productsUpdated: touched.filter((p) => p.existing).length,
    };
    if (!dryRun) await apply(tx, userId, plans, state);
    const summary = `${counts.create} to create, ${counts.update} to update, ${counts.unchanged} unchanged`;
    return {
      dryRun,
      message: dryRun ? `Preview: ${summary}. Nothing was written.` : `Imported: ${summary.replaceAll(" to ", " ")}.`,
      counts,
      ignoredColumns: ignored,
      rows,
    };
  });
}
