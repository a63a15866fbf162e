/**
 * Product CSV for staff (docs/product-csv.md): GET /api/admin/products/export.csv streams the products
 * the admin list's filters select; POST /api/admin/products/import creates and updates products and
 * variants by SKU from a file sent as text/csv or as a form upload (field `file`), all or nothing,
 * `?dryRun=true` for the preview. admin and super_admin only; the import needs the shop's Origin (CSRF).
 */
import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../context.ts";
import { catalogAdminSchemas } from "../../domains/catalog_admin/mod.ts";
import { productCsvChunks, productCsvSchemas as schemas } from "../../domains/product_csv/mod.ts";
import { ERROR_CODES, ValidationError } from "../../lib/errors.ts";
import { importProductCsv, ImportRefused } from "../../flows/import_product_csv.ts";
import { logError } from "../../lib/error_log.ts";
import { currentUser, requireRole } from "../guards.ts";
import { validate } from "../validate.ts";
import { productListFilter } from "../../flows/bulk_edit_products.ts";
import { defineAction, jsonRoute } from "../action.ts";

export const CSV_TOO_LARGE = "The file is too large: at most 5 MB";
/** The file and a form's framing around it. */
const MAX_BODY = schemas.MAX_IMPORT_BYTES + 64 * 1024;

/** Over 5 MB: 413 before the body is read whole (by Content-Length, or while it streams). */
const importLimit = bodyLimit({
  maxSize: MAX_BODY,
  onError: () => {
    throw new HTTPException(413, { message: CSV_TOO_LARGE });
  },
});

/**
 * The uploaded file as text: a text/csv (or text/plain) body, or the `file` field of a form (the
 * admin screen's upload), or its `csv` field (the screen's Import button re-sends the previewed
 * file). UTF-8 only: a spreadsheet's other encodings would turn names into mojibake silently.
 */
export async function csvBody(c: Context<AppEnv>): Promise<string> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  let bytes: Uint8Array;
  if (/^text\/(csv|plain)\b/.test(type)) bytes = new Uint8Array(await c.req.arrayBuffer());
  else if (/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/.test(type)) {
    const form = await c.req.parseBody();
    const file = form.file;
    if (file instanceof File && file.size > 0) {
      if (file.size > schemas.MAX_IMPORT_BYTES) throw new HTTPException(413, { message: CSV_TOO_LARGE });
      bytes = new Uint8Array(await file.arrayBuffer());
    } else if (typeof form.csv === "string" && form.csv.trim()) return form.csv;
    else throw new ValidationError("Choose a CSV file to import");
  } else {
    throw new HTTPException(415, { message: "Send the file as text/csv or as a form upload in the field 'file'" });
  }
  if (bytes.length > schemas.MAX_IMPORT_BYTES) throw new HTTPException(413, { message: CSV_TOO_LARGE });
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ValidationError("The file must be UTF-8 text (save it from your spreadsheet as CSV UTF-8)");
  }
}

export const importProductsAction = defineAction({
  method: "post",
  path: "/admin/products/import",
  input: undefined,
  output: z.union([schemas.importReport, schemas.importRefusal]),
  auth: "admin",
  middleware: [importLimit, validate("query", schemas.importOptions)],
  summary: "Create and update products and variants by SKU from a product CSV (text/csv body or form field 'file'); " +
    "any bad row refuses the whole file (422, errors by row and column); ?dryRun=true previews and writes nothing",
  errors: [ERROR_CODES.importRowsInvalid],
  handler: async (c) => {
    const { dryRun } = (c.req.valid as (t: "query") => schemas.ImportOptions)("query");
    const text = await csvBody(c);
    try {
      return await importProductCsv(c.var.db, currentUser(c).id, text, { dryRun, siteUrl: c.var.config.siteUrl });
    } catch (err) {
      if (!(err instanceof ImportRefused)) throw err;
      c.status(422);
      return { error: err.message, message: err.message, code: err.code!, errors: err.errors };
    }
  },
});

/** GET /export.csv and POST /import, mounted at /api/admin/products. */
export function adminProductCsvApi() {
  const app = new Hono<AppEnv>();
  app.get("/export.csv", requireRole("admin"), validate("query", catalogAdminSchemas.adminProductQuery), (c) => {
    const q = c.req.valid("query");
    // The list's own filter (what the admin sees is what is exported); the export reads in id order.
    const filter = productListFilter(q);
    const requestId = c.get("requestId");
    const path = c.req.path;
    async function* logged() {
      try {
        yield* productCsvChunks(c.var.db, filter, { siteUrl: c.var.config.siteUrl });
      } catch (err) {
        // The body has started: the transfer is cut (no terminator), so no one takes a partial file for the whole.
        logError("product export stream failed", err, { requestId, path });
        throw err;
      }
    }
    const day = new Date().toISOString().slice(0, 10);
    return c.body(ReadableStream.from(logged()).pipeThrough(new TextEncoderStream()), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="products-${day}.csv"`,
      "Cache-Control": "no-store",
    });
  });
  jsonRoute(app, importProductsAction, "/admin/products");
  return app;
}
