/**
 * The product CSV import's shapes: each column's cell (messages name the column: "Variant Price must
 * be a number"), the import's options and its report. Empty cells are handled before these run
 * (import.ts): an empty optional cell is none, an empty required one is "not given".
 */
import { z } from "zod";
import { catalogAdminSchemas as s } from "../catalog_admin/mod.ts";
import type { Column } from "./columns.ts";

/** At most this many rows (besides the header) and bytes in one file. */
export const MAX_IMPORT_ROWS = 5_000;
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

const boolCell = (label: string) =>
  z.string().trim().toLowerCase()
    .refine((v) => ["true", "false", "yes", "no", "1", "0"].includes(v), `${label} must be true or false`)
    .transform((v) => v === "true" || v === "yes" || v === "1");

const skuCell = (label: string) => s.line(label, 64).pipe(z.string().min(1, `${label} is required`));

const percent = (label: string) =>
  z.string().trim().regex(/^\d{1,3}(\.\d{1,2})?$/, `${label} must be a number from 0 to 100`)
    .transform(Number).refine((v) => v <= 100, `${label} must be a number from 0 to 100`);

const dateCell = (label: string) =>
  z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date such as 2026-12-31`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${label} must be a real date`);

/** An option's name or value: the product editor's rules (decision 0070). */
const optionCell = (label: string) =>
  s.line(label, 30).refine((v) => !v.includes(",") && !v.includes("/"), `${label} cannot contain a comma or a slash`);

const money = (label: string) => s.money(label, `${label} must be 0 or more`);

/** Each column's cell schema (a non-empty cell's text after the formula guard is taken off). */
export const CELL: Record<Exclude<Column, "Handle" | "Image Src" | "Image Alt Text">, z.ZodType> = {
  "Title": s.line("Title", 200).pipe(z.string().min(1, "Title is required")),
  "Body (HTML)": s.paragraphs("Body (HTML)", 20_000),
  "Vendor": s.line("Vendor", 100),
  "Product Category": z.string().trim().max(120, "Product Category must be a category's slug")
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Product Category must be a category's slug (such as heating-lighting)"),
  "Status": z.string().trim().toLowerCase().pipe(
    z.enum(["draft", "active", "archived"], { error: "Status must be draft, active or archived" }),
  ),
  "Featured": boolCell("Featured"),
  "New": boolCell("New"),
  "PUDO Eligible": boolCell("PUDO Eligible"),
  "Product SKU": skuCell("Product SKU"),
  "Product Price": money("Product Price"),
  "Product Compare At Price": money("Product Compare At Price"),
  "Variant Grams": s.whole("Variant Grams", 0, 99_999_000),
  "SEO Title": s.line("SEO Title", 200),
  "SEO Description": s.line("SEO Description", 500),
  "Low Stock Alert": s.whole("Low Stock Alert", 0, 1_000_000),
  "Option1 Name": optionCell("Option1 Name"),
  "Option1 Value": optionCell("Option1 Value"),
  "Option2 Name": optionCell("Option2 Name"),
  "Option2 Value": optionCell("Option2 Value"),
  "Option3 Name": optionCell("Option3 Name"),
  "Option3 Value": optionCell("Option3 Value"),
  "Variant Name": s.line("Variant Name", 100),
  "Variant SKU": skuCell("Variant SKU"),
  "Variant Price": money("Variant Price"),
  "Variant Compare At Price": money("Variant Compare At Price"),
  "Variant Inventory Qty": s.whole("Variant Inventory Qty", 0, 1_000_000),
  "Variant Dimensions": s.line("Variant Dimensions", 60),
  "Variant Pre-order": boolCell("Variant Pre-order"),
  "Variant Pre-order Discount": percent("Variant Pre-order Discount"),
  "Variant Arrival Date": dateCell("Variant Arrival Date"),
};

export const IMAGE_SRC_REFUSED = "Image Src must be an https:// address of the photo";

/** An Image Src cell: the photo's full address, read as a URL (readRows decides which are kept). */
export const imageSrcCell = z.string().trim().max(2000, "Image Src is at most 2000 characters").transform((v, ctx) => {
  try {
    const url = new URL(v);
    if ((url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password) return url;
  } catch {
    // Not an address at all: refused below.
  }
  ctx.addIssue({ code: "custom", message: IMAGE_SRC_REFUSED });
  return z.NEVER;
});

/** An Image Alt Text cell: the product editor's rule for a photo's alt text. */
export const imageAltCell = s.line("Image Alt Text", 200);

export const handleCell = z.string().trim().min(1, "Handle is required").max(200, "Handle is too long")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Handle may hold only lowercase letters, digits and single hyphens");

/** The import's options (query string of the API, a hidden field of the screen's form). */
export const importOptions = z.object({
  dryRun: z.enum(["true", "false", "1", "0"], { error: "dryRun must be true or false" }).optional()
    .transform((v) => v === "true" || v === "1"),
}).strict();
export type ImportOptions = z.infer<typeof importOptions>;

const change = z.object({ column: z.string(), before: z.string(), after: z.string() });

/** What one row does: create, update or leave unchanged a product (no variants) or a variant. */
export const importRow = z.object({
  row: z.number().int(),
  handle: z.string(),
  sku: z.string(),
  kind: z.enum(["product", "variant"]),
  action: z.enum(["create", "update", "unchanged"]),
  changes: z.array(change),
});
export type ImportRow = z.infer<typeof importRow>;

/** The import's answer: what it did (or, on a dry run, would do). */
export const importReport = z.object({
  dryRun: z.boolean(),
  message: z.string(),
  counts: z.object({
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    productsCreated: z.number().int(),
    productsUpdated: z.number().int(),
  }),
  /** Columns of the file the import does not read (Shopify's Tags, Image Position...). */
  ignoredColumns: z.array(z.string()),
  rows: z.array(importRow),
});
export type ImportReport = z.infer<typeof importReport>;

/** One refused cell or row. */
export const importError = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importError>;

/** The 422 when any row is refused: nothing was written. */
export const importRefusal = z.object({
  error: z.string(),
  message: z.string(),
  code: z.string(),
  errors: z.array(importError),
});
