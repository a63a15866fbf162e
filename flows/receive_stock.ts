/**
 * Booking in a supplier's delivery (decision 0107): a list of SKUs and the units that arrived, added
 * to each variant's (or product's) stock in one transaction, every line or none, each recorded in the
 * stock history as "received" with the delivery's reference and who booked it. Stock that returns
 * from nothing marks "tell me when it's back" subscriptions due through the database's trigger, so
 * the stock alerts job writes to those customers.
 *
 * Its input and output are declared here, beside the flow: the JSON route and the form read them.
 */
import { inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { products, productVariants } from "../db/schema/mod.ts";
import { ConflictError, ValidationError } from "../lib/errors.ts";
import { CsvSyntaxError, csvText, parseCsv } from "../lib/csv.ts";
import { releaseStock } from "../domains/orders/mod.ts";

/** Most lines one delivery takes (the form's textarea and the JSON body). */
export const MAX_RECEIVE_LINES = 500;
export const MAX_RECEIVED_UNITS = 100_000;

// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** One SKU and its units: a line of a delivery, or of a purchase order. */
export const receiveLine = z.object({
  sku: z.string({ error: "SKU must be text" }).trim().min(1, "SKU is required").max(64, "SKU is at most 64 characters")
    .refine((v) => !CONTROL.test(v), "SKU must not contain control characters"),
  quantity: z.number({ error: "Quantity must be a whole number" }).int("Quantity must be a whole number")
    .min(1, "Quantity must be 1 or more").max(MAX_RECEIVED_UNITS, `Quantity must be ${MAX_RECEIVED_UNITS} or less`),
}).strict();

/** POST /api/admin/stock/receive and the form at /admin/restock/receive. */
export const receiveStockInput = z.object({
  lines: z.array(receiveLine, { error: "Lines must be a list of SKUs and quantities" })
    .min(1, "Add at least one SKU and quantity").max(MAX_RECEIVE_LINES, `At most ${MAX_RECEIVE_LINES} lines at once`),
  /** The supplier's invoice or delivery note number, kept on every movement. */
  reference: z.string({ error: "Reference must be text" }).trim().max(100, "Reference is at most 100 characters")
    .refine((v) => !CONTROL.test(v), "Reference must not contain control characters").nullable().default(null)
    .transform((v) => (v ? v : null)),
}).strict();
export type ReceiveStockInput = z.infer<typeof receiveStockInput>;

export const receiveStockOutput = z.object({
  /** Units added in all. */
  units: z.number().int(),
  lines: z.array(z.object({
    sku: z.string(),
    productId: z.number().int(),
    variantId: z.number().int().nullable(),
    name: z.string(),
    variantName: z.string().nullable(),
    quantity: z.number().int(),
    stockAfter: z.number().int(),
  })),
});
export type ReceiveStockOutput = z.infer<typeof receiveStockOutput>;

const PASTED_LINE = /^(.+?)\s*[,;\t]\s*([^,;\t]+?)\s*$|^(\S+)\s+(\S+)$/;

/** Headings of the column a table's quantities are read from: the restock plan's CSV names it "Order". */
const QUANTITY_HEADINGS = ["order", "quantity", "qty", "received", "units"];

function refuse(message: string): never {
  throw new ValidationError(message, [{ path: "lines", message }]);
}

/**
 * A pasted table with a heading row naming an "SKU" column and a quantity column (the restock plan's
 * CSV as downloaded or copied from a spreadsheet, other columns and all), read by those two columns;
 * null when the text is not such a table. Rows whose quantity is empty or 0 were not delivered and
 * are skipped. Rows are numbered as a spreadsheet numbers them, the heading being row 1.
 */
function tableLines(text: string): { sku: string; quantity: number }[] | null {
  const first = text.split(/\r\n|\n|\r/).find((l) => l.trim()) ?? "";
  const delimiter = first.includes("\t") ? "\t" : first.includes(";") ? ";" : ",";
  const headings = first.split(delimiter).map((h) => h.trim().replace(/^"(.*)"$/, "$1").trim().toLowerCase());
  const skuAt = headings.indexOf("sku");
  const quantityAt = headings.findIndex((h) => QUANTITY_HEADINGS.includes(h));
  // Two columns are read line by line below, as the form always has.
  if (headings.length < 3 || skuAt < 0 || quantityAt < 0) return null;
  let rows: string[][];
  try {
    rows = parseCsv(text.trim(), { delimiter });
  } catch (err) {
    if (err instanceof CsvSyntaxError) refuse(err.message);
    throw err;
  }
  const heading = rows[0][quantityAt].trim();
  const lines: { sku: string; quantity: number }[] = [];
  for (const [i, row] of rows.slice(1).entries()) {
    const sku = csvText((row[skuAt] ?? "").trim());
    const quantity = (row[quantityAt] ?? "").trim();
    if (quantity === "" || /^0+$/.test(quantity)) continue;
    if (!sku) refuse(`Row ${i + 2}: the SKU column is empty`);
    if (!/^\d{1,6}$/.test(quantity)) refuse(`Row ${i + 2}: ${heading} must be a whole number of units`);
    lines.push({ sku, quantity: Number(quantity) });
  }
  return lines;
}

/**
 * The form's textarea as lines: one SKU and quantity a line, separated by a comma, semicolon, tab
 * (two cells pasted from a spreadsheet) or spaces; blank lines skipped; a first line that reads as
 * a heading ("SKU, Order") skipped. Or a whole table with a heading row (tableLines). Refuses what
 * it cannot read, naming the line.
 */
export function parseReceiveText(text: string): { sku: string; quantity: number }[] {
  const table = tableLines(text);
  if (table) return table;
  const lines: { sku: string; quantity: number }[] = [];
  const rows = text.split(/\r\n|\n|\r/);
  for (const [i, raw] of rows.entries()) {
    const row = raw.trim();
    if (!row) continue;
    const m = PASTED_LINE.exec(row);
    const sku = (m?.[1] ?? m?.[3] ?? "").replace(/^"|"$/g, "").trim();
    const qty = (m?.[2] ?? m?.[4] ?? "").replace(/^"|"$/g, "").trim();
    if (!lines.length && /^sku$/i.test(sku) && !/^\d+$/.test(qty)) continue;
    if (!m || !sku || !/^\d{1,6}$/.test(qty)) {
      refuse(`Line ${i + 1}: write the SKU, then the quantity (for example CRK-50, 24)`);
    }
    lines.push({ sku, quantity: Number(qty) });
  }
  return lines;
}

export interface Target {
  productId: number;
  variantId: number | null;
  name: string;
  variantName: string | null;
  sku: string;
  preorder: boolean;
  soldAsVariants: boolean;
}

/** Each SKU (any case) to the variant or product that has it. */
async function targetsBySku(db: Db, skus: string[]): Promise<Map<string, Target[]>> {
  const lower = [...new Set(skus.map((s) => s.toLowerCase()))];
  const [variants, own] = await Promise.all([
    db.select({
      productId: productVariants.productId,
      variantId: productVariants.id,
      name: products.name,
      variantName: productVariants.name,
      sku: productVariants.sku,
      preorder: productVariants.preorder,
    }).from(productVariants).innerJoin(products, sql`${products.id} = ${productVariants.productId}`)
      .where(inArray(sql`lower(${productVariants.sku})`, lower)),
    db.select({
      productId: products.id,
      name: products.name,
      sku: products.sku,
      // Qualified by hand: in a single-table select Drizzle writes ${products.id} as a bare "id", which the
      // subquery would read as the variant's own id.
      soldAsVariants: sql<boolean>`exists (select 1 from ${productVariants} pv where pv.product_id = "products"."id")`
        .mapWith(Boolean),
    }).from(products).where(inArray(sql`lower(${products.sku})`, lower)),
  ]);
  const found = new Map<string, Target[]>();
  const add = (t: Target) => found.set(t.sku.toLowerCase(), [...(found.get(t.sku.toLowerCase()) ?? []), t]);
  for (const v of variants) add({ ...v, soldAsVariants: false });
  for (const p of own) add({ ...p, variantId: null, variantName: null, preorder: false });
  return found;
}

/**
 * What each line names, or the refusal naming every line that cannot be booked in. A purchase order
 * may ask for a variant on pre-order (`preorder: "allow"`): it is refused only when the units arrive.
 */
export async function resolveLines(
  db: Db,
  lines: readonly { sku: string; quantity: number }[],
  opts: { preorder: "allow" | "refuse" } = { preorder: "refuse" },
) {
  const found = await targetsBySku(db, lines.map((l) => l.sku));
  const issues: { path: string; message: string }[] = [];
  const resolved = lines.map((line, i) => {
    const matches = found.get(line.sku.toLowerCase()) ?? [];
    const refuse = (why: string) => {
      issues.push({ path: `lines.${i}.sku`, message: `Line ${i + 1}: ${why}` });
      return null;
    };
    if (!matches.length) return refuse(`no product or variant has the SKU ${line.sku}`);
    const exact = matches.filter((m) => m.sku === line.sku);
    const target = exact.length === 1 ? exact[0] : matches.length === 1 ? matches[0] : null;
    if (!target) return refuse(`more than one product or variant has the SKU ${line.sku} (in other letter cases)`);
    if (target.soldAsVariants) return refuse(`${target.sku} is sold as variants: book in each variant's SKU`);
    if (target.preorder && opts.preorder === "refuse") {
      return refuse(`${target.sku} is on pre-order: turn pre-order off on its page, then book the stock in`);
    }
    return { target, quantity: line.quantity };
  });
  if (issues.length) {
    throw new ValidationError(
      `${issues[0].message}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ""}`,
      issues,
    );
  }
  return resolved as { target: Target; quantity: number }[];
}

/** Adds the delivery to stock, every line or none; the same SKU twice is added up. */
export async function receiveStock(db: Db, staffId: number, input: ReceiveStockInput): Promise<ReceiveStockOutput> {
  const resolved = await resolveLines(db, input.lines);
  const byTarget = new Map<string, { target: Target; quantity: number }>();
  for (const r of resolved) {
    const key = `${r.target.productId}:${r.target.variantId ?? 0}`;
    const seen = byTarget.get(key);
    byTarget.set(key, { target: r.target, quantity: (seen?.quantity ?? 0) + r.quantity });
  }
  const wanted = [...byTarget.values()];
  const changes = await db.transaction(async (tx) =>
    await releaseStock(
      tx as unknown as Db,
      wanted.map((w) => ({ productId: w.target.productId, variantId: w.target.variantId, quantity: w.quantity })),
      { reason: "received", actorUserId: staffId, note: input.reference },
    ).then((done) => {
      // A variant switched to pre-order since it was read takes no stock: refuse the whole delivery.
      if (done.length !== wanted.length) {
        throw new ConflictError("A variant was switched to pre-order meanwhile. Nothing was booked in; try again.");
      }
      return done;
    })
  );
  const lines = changes.map((c) => {
    const { target } = byTarget.get(`${c.productId}:${c.variantId ?? 0}`)!;
    return {
      sku: target.sku,
      productId: c.productId,
      variantId: c.variantId,
      name: target.name,
      variantName: target.variantName,
      quantity: c.delta,
      stockAfter: c.stockAfter,
    };
  });
  return { units: lines.reduce((sum, l) => sum + l.quantity, 0), lines };
}
