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
import { eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { type Db, rowsOf } from "../../db/client.ts";
import { cartItems, categories, products, productVariants } from "../../db/schema/mod.ts";
import { AppError, ERROR_CODES } from "../../lib/errors.ts";
import { CsvSyntaxError, csvText, parseCsv } from "../../lib/csv.ts";
import { toCents, toNumeric } from "../../lib/money.ts";
import { recordAudits } from "../admin_audit/mod.ts";
import type { ProductRecord, VariantRecord } from "../catalog_admin/mod.ts";
import { syncProductStock } from "../orders/mod.ts";
import { recordStockMovements, type StockChange } from "../stock_history/mod.ts";
import {
  type Column,
  COLUMNS,
  EXPORT_ONLY_COLUMNS,
  OPTION_COLUMNS,
  PRODUCT_COLUMNS,
  shopPrices,
  VARIANT_COLUMNS,
} from "./columns.ts";
import { productRows } from "./export.ts";
import {
  CELL,
  handleCell,
  type ImportReport,
  type ImportRow,
  type ImportRowError,
  MAX_IMPORT_ROWS,
} from "./schemas.ts";
import { catalogAdminSchemas } from "../catalog_admin/mod.ts";

const { MAX_OPTION_VALUES } = catalogAdminSchemas;

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

const { searchVector: _sv, ...productTableColumns } = getTableColumns(products);

/** Cells that an empty value sets to none; any other column's empty cell is "not given" (kept, or the default). */
const NULLABLE = new Set<Column>([
  "Body (HTML)",
  "Vendor",
  "Product Category",
  "Product Compare At Price",
  "Variant Grams",
  "SEO Title",
  "SEO Description",
  "Variant Compare At Price",
  "Variant Dimensions",
  "Variant Pre-order Discount",
  "Variant Arrival Date",
  ...OPTION_COLUMNS.flatMap((o) => [o.name, o.value]),
]);
/** A product without variants shows its SKU and prices once, in the Variant columns (reports and audit). */
const SHOWN_AS_VARIANT: Column[] = ["Product SKU", "Product Price", "Product Compare At Price"];
/** Variant-only fields: a product without variants has none. */
const VARIANT_ONLY = ["Variant Dimensions", "Variant Pre-order", "Variant Pre-order Discount", "Variant Arrival Date"];

type Cells = Partial<Record<Column, string>>;

interface Row {
  row: number;
  /** The given cells as the export writes them (normalised). */
  cells: Cells;
  /** The raw text of the product columns (a later row may repeat them). */
  raw: Cells;
}

type Options = { name: string; values: string[] }[];

/** Options as one line of text, for reports and the audit trail: "Size: Small, Large; UVB: 5%". */
function optionsText(options: Options): string {
  return options.map((o) => `${o.name}: ${o.values.join(", ")}`).join("; ");
}

interface Group {
  handle: string;
  /** True when the product's SKU was made from its Handle (a new product from a file without Product SKU). */
  derivedSku?: boolean;
  /** The option names and the values its rows use (variants only, when the file has Option columns). */
  options?: Options;
  rows: Row[];
  variants: boolean;
  /** The product's cells (from the first row; for a product without variants its Variant SKU, prices and stock too). */
  product: Cells;
  sku: string;
}

/** A parsed value as the export writes it. */
function cellText(column: Column, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (/Price$/.test(column)) return ((value as number) / 100).toFixed(2);
  return String(value);
}

function fail(errors: ImportRowError[], row: number, column: Column | null, message: string) {
  errors.push({ row, column, message: `Row ${row}: ${message}` });
}

/** The header's known columns by index; file-level problems refuse at row 1. */
function readHeader(header: string[], errors: ImportRowError[]) {
  const index = new Map<Column, number>();
  const ignored: string[] = [];
  header.forEach((raw, i) => {
    const name = csvText(raw).trim();
    if (!(COLUMNS as readonly string[]).includes(name)) {
      if (name) ignored.push(name);
      return;
    }
    if (index.has(name as Column)) fail(errors, 1, name as Column, `the column ${name} appears twice`);
    index.set(name as Column, i);
    if (EXPORT_ONLY_COLUMNS.includes(name as Column)) ignored.push(name);
  });
  if (!index.has("Handle")) fail(errors, 1, "Handle", "the file needs a Handle column");
  if (!index.has("Variant SKU") && !index.has("Product SKU")) {
    fail(errors, 1, "Variant SKU", "the file needs a Variant SKU column");
  }
  for (
    const [price, compareAt] of [["Product Price", "Product Compare At Price"], [
      "Variant Price",
      "Variant Compare At Price",
    ]] as const
  ) {
    if (index.has(price) !== index.has(compareAt)) {
      fail(errors, 1, index.has(price) ? compareAt : price, `${price} and ${compareAt} go together: give both columns`);
    }
  }
  return { index, ignored };
}

/** Reads and checks every row, and groups the rows by Handle. */
function readRows(records: string[][], index: Map<Column, number>, errors: ImportRowError[]): Group[] {
  const groups = new Map<string, Group>();
  records.slice(1).forEach((record, i) => {
    const rowNo = i + 2;
    if (record.length > records[0].length && record.slice(records[0].length).some((c) => c.trim() !== "")) {
      fail(errors, rowNo, null, "the row has more cells than the header has columns");
    }
    const handle = handleCell.safeParse(csvText(record[index.get("Handle")!] ?? ""));
    if (!handle.success) return fail(errors, rowNo, "Handle", handle.error.issues[0].message);
    const row: Row = { row: rowNo, cells: {}, raw: {} };
    for (const [column, at] of index) {
      if (column === "Handle" || EXPORT_ONLY_COLUMNS.includes(column)) continue;
      const text = csvText(record[at] ?? "").trim();
      if ((PRODUCT_COLUMNS as readonly Column[]).includes(column)) row.raw[column] = text;
      if (text === "") {
        if (NULLABLE.has(column)) row.cells[column] = "";
        continue;
      }
      const parsed = CELL[column as keyof typeof CELL].safeParse(text);
      if (!parsed.success) fail(errors, rowNo, column, parsed.error.issues[0].message);
      else row.cells[column] = cellText(column, parsed.data);
    }
    // A Compare At Price means something only beside its Price: without a Price, both stay as they are.
    for (const prefix of ["Product", "Variant"] as const) {
      if (row.cells[`${prefix} Price`] === undefined) delete row.cells[`${prefix} Compare At Price`];
    }
    const group = groups.get(handle.data);
    if (group) group.rows.push(row);
    else groups.set(handle.data, { handle: handle.data, rows: [row], variants: false, product: {}, sku: "" });
  });
  for (const group of groups.values()) shapeGroup(group, index, errors);
  return [...groups.values()];
}

/** Which kind of product a Handle's rows describe, its product cells and SKU. */
function shapeGroup(group: Group, index: Map<Column, number>, errors: ImportRowError[]) {
  const [first, ...later] = group.rows;
  // The product's fields come from its first row; a later row leaves them empty or repeats them.
  for (const row of later) {
    for (const column of PRODUCT_COLUMNS) {
      const text = row.raw[column];
      if (text && text !== first.raw[column]) {
        fail(
          errors,
          row.row,
          column,
          `${column} differs from row ${first.row}, the first row of ${group.handle}: leave it empty or repeat it`,
        );
      }
    }
  }
  // A variant row has a Variant Name, or option values (Shopify's files name variants by them alone).
  for (const row of group.rows) {
    const values = OPTION_COLUMNS.map((o) => row.cells[o.value]).filter((v): v is string => !!v);
    if (!row.cells["Variant Name"] && values.length && values[0] !== "Default Title") {
      row.cells["Variant Name"] = values.join(" / ");
    }
  }
  group.variants = group.rows.some((r) => r.cells["Variant Name"]);
  for (const column of PRODUCT_COLUMNS) {
    if (first.cells[column] !== undefined) group.product[column] = first.cells[column];
  }
  if (group.variants) {
    for (const row of group.rows) {
      if (!row.cells["Variant Name"]) {
        fail(errors, row.row, "Variant Name", `Variant Name is required: other rows of ${group.handle} are variants`);
      }
      if (!row.cells["Variant SKU"] && index.has("Variant SKU")) {
        fail(errors, row.row, "Variant SKU", "Variant SKU is required");
      }
    }
    // Without a Product SKU (a Shopify file), readShop finds the product by its variants or Handle.
    group.sku = group.product["Product SKU"] ?? "";
    checkPrices(group.product, errors, first.row, "Product");
    for (const row of group.rows) checkPrices(row.cells, errors, row.row, "Variant");
    if (index.has("Option1 Name")) group.options = readOptions(group, errors);
    return;
  }
  for (const row of later) {
    fail(errors, row.row, "Handle", `${group.handle} is on more than one row: give each variant a Variant Name`);
  }
  for (const column of VARIANT_ONLY as Column[]) {
    const v = first.cells[column];
    if (v && v !== "false") fail(errors, first.row, column, `${column} is for variants: give the row a Variant Name`);
  }
  // Options belong to variants; Shopify writes a product without variants as "Title" / "Default Title".
  for (const { name, value } of OPTION_COLUMNS) {
    const n = first.cells[name];
    const v = first.cells[value];
    if (n === "Title" && v === "Default Title") continue;
    if (n || v) fail(errors, first.row, n ? name : value, `${n ? name : value} is for products with variants`);
  }
  // A product without variants: its SKU, prices and stock in the Variant columns (Shopify's), or the Product ones.
  const pairs = [["Variant SKU", "Product SKU"], ["Variant Price", "Product Price"], [
    "Variant Compare At Price",
    "Product Compare At Price",
  ]] as const;
  for (const [variantColumn, productColumn] of pairs) {
    const v = first.cells[variantColumn];
    const p = first.cells[productColumn];
    if (v !== undefined && p !== undefined && v.toLowerCase() !== p.toLowerCase() && p !== "" && v !== "") {
      fail(
        errors,
        first.row,
        productColumn,
        `${productColumn} and ${variantColumn} differ on a product without variants`,
      );
    }
    const value = v || p || (v ?? p);
    if (value !== undefined) {
      group.product[variantColumn] = value;
      group.product[productColumn] = value;
    }
  }
  if (first.cells["Variant Inventory Qty"] !== undefined) {
    group.product["Variant Inventory Qty"] = first.cells["Variant Inventory Qty"];
  }
  group.sku = group.product["Variant SKU"] ?? "";
  if (!group.sku) fail(errors, first.row, "Variant SKU", "Variant SKU is required");
  checkPrices(group.product, errors, first.row, "Variant");
}

/** A product's option names (from its first row) and the values its variant rows give each. */
function readOptions(group: Group, errors: ImportRowError[]): Options {
  const first = group.rows[0];
  const options: Options = [];
  OPTION_COLUMNS.forEach(({ name, value }, i) => {
    const optionName = first.cells[name];
    if (optionName && i > options.length) {
      fail(errors, first.row, name, `${name} needs ${OPTION_COLUMNS[i - 1].name} first`);
    }
    for (const row of group.rows) {
      const v = row.cells[value];
      if (optionName && !v) {
        fail(errors, row.row, value, `${value} is required: the product has an option ${optionName}`);
      }
      if (!optionName && v) fail(errors, row.row, value, `${value} needs an ${name} on the product's first row`);
    }
    if (!optionName) return;
    const values: string[] = [];
    for (const row of group.rows) {
      const v = row.cells[value];
      if (v && !values.some((x) => x.toLowerCase() === v.toLowerCase())) values.push(v);
    }
    options.push({ name: optionName, values });
  });
  return options;
}

/** The options to store: the file's names and values, after the values the shop already lists for a kept name. */
function mergedOptions(file: Options, shop: Options): Options {
  return file.map((o) => {
    const kept = shop.find((s) => s.name.toLowerCase() === o.name.toLowerCase())?.values ?? [];
    const added = o.values.filter((v) => !kept.some((k) => k.toLowerCase() === v.toLowerCase()));
    return { name: o.name, values: [...kept, ...added] };
  });
}

/** A Price and Compare At Price pair: the compare-at price must be above the price. */
function checkPrices(cells: Cells, errors: ImportRowError[], row: number, prefix: "Product" | "Variant") {
  const price = cells[`${prefix} Price`];
  const compareAt = cells[`${prefix} Compare At Price`];
  if (price && compareAt && toCents(compareAt)! <= toCents(price)!) {
    fail(errors, row, `${prefix} Compare At Price`, `${prefix} Compare At Price must be above ${prefix} Price`);
  }
}

/** SKUs twice in one file. */
function checkDuplicates(groups: Group[], errors: ImportRowError[]) {
  const products = new Map<string, number>();
  const variants = new Map<string, number>();
  for (const g of groups) {
    const key = g.sku.toLowerCase();
    const seen = key ? products.get(key) : undefined;
    if (seen) {
      fail(errors, g.rows[0].row, g.variants ? "Product SKU" : "Variant SKU", `SKU ${g.sku} is also on row ${seen}`);
    } else if (key) products.set(key, g.rows[0].row);
    if (!g.variants) continue;
    for (const r of g.rows) {
      const sku = r.cells["Variant SKU"]?.toLowerCase();
      if (!sku) continue;
      const at = variants.get(sku);
      if (at) fail(errors, r.row, "Variant SKU", `Variant SKU ${r.cells["Variant SKU"]} is also on row ${at}`);
      else variants.set(sku, r.row);
    }
  }
}

interface ShopState {
  productsBySku: Map<string, ProductRecord & { categorySlug: string | null }>;
  productsBySlug: Map<string, { id: number; sku: string }>;
  variantsBySku: Map<string, VariantRecord & { productSku: string }>;
  variantsOf: Map<number, VariantRecord[]>;
  categoryIds: Map<string, number>;
}

/**
 * The product SKU of a Handle whose rows give none (Shopify's files have no product SKU): the product
 * its known variants belong to, else the product with that Handle, else one made from the Handle.
 */
function resolveProductSkus(groups: Group[], state: ShopState, errors: ImportRowError[]) {
  const taken = new Set(groups.map((g) => g.sku.toLowerCase()).filter(Boolean));
  for (const g of groups) {
    if (g.sku || !g.variants) continue;
    const owners = [
      ...new Set(g.rows.map((r) => state.variantsBySku.get(r.cells["Variant SKU"]?.toLowerCase() ?? "")?.productSku)),
    ].filter((sku): sku is string => sku !== undefined);
    if (owners.length > 1) {
      fail(
        errors,
        g.rows[0].row,
        "Product SKU",
        `the variants of ${g.handle} belong to different products (SKU ${owners.join(", ")}): give the Product SKU`,
      );
      continue;
    }
    g.sku = owners[0] ?? state.productsBySlug.get(g.handle)?.sku ?? "";
    if (g.sku) continue;
    g.sku = g.handle.toUpperCase().slice(0, 64);
    g.derivedSku = true;
    if (taken.has(g.sku.toLowerCase())) {
      fail(
        errors,
        g.rows[0].row,
        "Product SKU",
        `Product SKU is required: ${g.sku}, made from the Handle, is also in the file`,
      );
    }
    taken.add(g.sku.toLowerCase());
  }
}

/** Reads the rows the file names, in bounded batches. */
async function readShop(tx: Db, groups: Group[], errors: ImportRowError[]): Promise<ShopState> {
  const chunks = <T>(list: T[]) =>
    Array.from({ length: Math.ceil(list.length / 1000) }, (_, i) => list.slice(i * 1000, i * 1000 + 1000));
  const state: ShopState = {
    productsBySku: new Map(),
    productsBySlug: new Map(),
    variantsBySku: new Map(),
    variantsOf: new Map(),
    categoryIds: new Map(),
  };
  for (const part of chunks(groups.map((g) => g.handle))) {
    const rows = await tx.select({ id: products.id, sku: products.sku, slug: products.slug }).from(products)
      .where(inArray(products.slug, part));
    for (const r of rows) state.productsBySlug.set(r.slug, r);
  }
  const variantSkus = [
    ...new Set(groups.flatMap((g) => g.rows.map((r) => r.cells["Variant SKU"]?.toLowerCase() ?? "")).filter(Boolean)),
  ];
  for (const part of chunks(variantSkus)) {
    const rows = await tx.select({ variant: productVariants, productSku: products.sku }).from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(inArray(sql`lower(${productVariants.sku})`, part));
    for (const r of rows) {
      state.variantsBySku.set(r.variant.sku.toLowerCase(), { ...r.variant, productSku: r.productSku });
    }
  }
  resolveProductSkus(groups, state, errors);
  const skus = [...new Set(groups.map((g) => g.sku.toLowerCase()).filter(Boolean))];
  for (const part of chunks(skus)) {
    // Row locks: what the plan compares cannot change before the writes (a concurrent staff edit waits).
    const rows = await tx.select({ ...productTableColumns, categorySlug: categories.slug }).from(products)
      .leftJoin(categories, eq(products.categoryId, categories.id))
      .where(inArray(sql`lower(${products.sku})`, part)).orderBy(products.id).for("update", { of: products });
    for (const p of rows) state.productsBySku.set(p.sku.toLowerCase(), p);
  }
  const ids = [...state.productsBySku.values()].map((p) => p.id);
  for (const part of chunks(ids)) {
    const rows = await tx.select().from(productVariants).where(inArray(productVariants.productId, part))
      .orderBy(productVariants.id);
    for (const v of rows) state.variantsOf.set(v.productId, [...(state.variantsOf.get(v.productId) ?? []), v]);
  }
  const slugs = [...new Set(groups.map((g) => g.product["Product Category"]).filter((s): s is string => !!s))];
  for (const part of chunks(slugs)) {
    const rows = await tx.select({ id: categories.id, slug: categories.slug }).from(categories)
      .where(inArray(categories.slug, part));
    for (const r of rows) state.categoryIds.set(r.slug, r.id);
  }
  return state;
}

interface VariantPlan {
  row: Row;
  existing: VariantRecord | undefined;
  target: Cells;
  changed: Column[];
}

interface ProductPlan {
  group: Group;
  existing: (ProductRecord & { categorySlug: string | null }) | undefined;
  target: Cells;
  changed: Column[];
  variants: VariantPlan[];
  /** The product's new options, when they change (names, or values the file adds). */
  options?: { before: Options; after: Options };
}

/** The columns whose cell differs from what the shop has (all given, non-empty ones for a new record). */
function changedColumns(target: Cells, before: Cells | undefined, columns: readonly Column[]): Column[] {
  // A new record's empty cells are its defaults: not listed as changes.
  return columns.filter((c) => target[c] !== undefined && (before ? before[c] !== target[c] : target[c] !== ""));
}

function cellsOf(row: string[]): Cells {
  return Object.fromEntries(COLUMNS.map((c, i) => [c, row[i]])) as Cells;
}

/** Decides what each row does; refusals the shop's data shows (a SKU of another product...) go to `errors`. */
function plan(groups: Group[], state: ShopState, errors: ImportRowError[]): ProductPlan[] {
  const plans: ProductPlan[] = [];
  for (const group of groups) {
    const first = group.rows[0].row;
    const existing = state.productsBySku.get(group.sku.toLowerCase());
    const slugOwner = state.productsBySlug.get(group.handle);
    if (group.derivedSku && existing) {
      fail(
        errors,
        first,
        "Product SKU",
        `Product SKU is required: ${group.sku}, made from the Handle, is another product's SKU`,
      );
      continue;
    }
    if (!existing && group.variants) {
      // A new product with variants: its SKU, and unless given its price, the lowest of its variants'.
      group.product["Product SKU"] = group.sku;
      const prices = group.rows.map((r) => r.cells["Variant Price"]).filter((p): p is string => !!p);
      if (!group.product["Product Price"] && prices.length) {
        group.product["Product Price"] = prices.sort((a, b) => toCents(a)! - toCents(b)!)[0];
        group.product["Product Compare At Price"] = "";
      }
    }
    if (slugOwner && slugOwner.id !== existing?.id) {
      fail(errors, first, "Handle", `Handle ${group.handle} belongs to another product (SKU ${slugOwner.sku})`);
    }
    const category = group.product["Product Category"];
    if (category && !state.categoryIds.has(category)) {
      fail(errors, first, "Product Category", `Product Category ${category} is not a category's slug`);
    }
    const priceColumn = group.variants ? "Product Price" : "Variant Price";
    if (!existing) {
      if (!group.product.Title) fail(errors, first, "Title", "Title is required for a new product");
      if (!group.product[priceColumn]) fail(errors, first, priceColumn, `${priceColumn} is required for a new product`);
    }
    const existingVariants = existing ? state.variantsOf.get(existing.id) ?? [] : [];
    if (!group.variants && existingVariants.length) {
      fail(
        errors,
        first,
        "Variant Name",
        `product ${group.sku} has variants in the shop: give each of its variants a row with its Variant Name`,
      );
    }
    const target: Cells = { ...group.product, Handle: group.handle };
    const before = existing ? cellsOf(productRows(existing, existingVariants.slice(0, 1), "")[0]) : undefined;
    if (before && !group.variants) {
      // A product without variants: its own stock and prices in the Variant columns.
      Object.assign(before, cellsOf(productRows(existing!, [], "")[0]));
    }
    const productColumns = [
      "Handle",
      // Option names are compared as the whole option list, below.
      ...PRODUCT_COLUMNS.filter((c) => !OPTION_COLUMNS.some((o) => o.name === c)),
      ...(group.variants
        ? []
        : (["Variant SKU", "Variant Price", "Variant Compare At Price", "Variant Inventory Qty"] as const)),
    ] as Column[];
    const changed = changedColumns(target, before, productColumns);
    const variants: VariantPlan[] = [];
    if (group.variants) {
      for (const row of group.rows) {
        const sku = row.cells["Variant SKU"];
        if (!sku) continue;
        const found = state.variantsBySku.get(sku.toLowerCase());
        if (found && found.productId !== existing?.id) {
          fail(
            errors,
            row.row,
            "Variant SKU",
            `Variant SKU ${sku} belongs to another product (SKU ${found.productSku})`,
          );
          continue;
        }
        if (!found && !row.cells["Variant Price"]) {
          fail(errors, row.row, "Variant Price", "Variant Price is required for a new variant");
        }
        const vTarget: Cells = {};
        for (const c of VARIANT_COLUMNS) if (row.cells[c] !== undefined) vTarget[c] = row.cells[c];
        const vBefore = found ? cellsOf(productRows(existing!, [found], "")[0]) : undefined;
        variants.push({
          row,
          existing: found,
          target: vTarget,
          changed: changedColumns(vTarget, vBefore, VARIANT_COLUMNS),
        });
      }
    }
    let options: ProductPlan["options"];
    if (group.options) {
      const shop = existing?.options ?? [];
      const after = mergedOptions(group.options, shop);
      if (after.some((o) => o.values.length > MAX_OPTION_VALUES)) {
        fail(errors, first, "Option1 Name", `an option can have at most ${MAX_OPTION_VALUES} values`);
      }
      if (JSON.stringify(after) !== JSON.stringify(shop)) options = { before: shop, after };
    }
    plans.push({ group, existing, target, changed, variants, options });
  }
  return plans;
}

/** The report's rows: what each row of the file does and the cells it changes. */
function reportRows(plans: ProductPlan[]): ImportRow[] {
  const rows: ImportRow[] = [];
  for (const p of plans) {
    const before = p.existing ? cellsOf(productRows(p.existing, [], "")[0]) : undefined;
    const optionChange = p.options
      ? [{ column: "Options", before: optionsText(p.options.before), after: optionsText(p.options.after) }]
      : [];
    const productChanges = [
      ...optionChange,
      ...p.changed
        .filter((c) => p.group.variants || !SHOWN_AS_VARIANT.includes(c))
        .map((column) => ({ column, before: before?.[column] ?? "", after: p.target[column] ?? "" })),
    ];
    if (!p.group.variants) {
      rows.push({
        row: p.group.rows[0].row,
        handle: p.group.handle,
        sku: p.group.sku,
        kind: "product",
        action: !p.existing ? "create" : productChanges.length ? "update" : "unchanged",
        changes: productChanges,
      });
      continue;
    }
    p.variants.forEach((v, i) => {
      const vBefore = v.existing ? cellsOf(productRows(p.existing!, [v.existing], "")[0]) : undefined;
      const changes = [
        ...(i === 0 ? productChanges : []),
        ...v.changed.map((column) => ({ column, before: vBefore?.[column] ?? "", after: v.target[column] ?? "" })),
      ];
      rows.push({
        row: v.row.row,
        handle: p.group.handle,
        sku: v.row.cells["Variant SKU"] ?? "",
        kind: "variant",
        action: !v.existing ? "create" : changes.length ? "update" : "unchanged",
        changes,
      });
    });
  }
  return rows;
}

const nullIfEmpty = (v: string | undefined) => (v ? v : null);

/** The shop's price and sale price columns from a row's Price and Compare At Price cells. */
function priceColumns(price: string, compareAt: string | undefined) {
  const prices = shopPrices(toCents(price)!, compareAt ? toCents(compareAt) : null);
  return { price: toNumeric(prices.price), salePrice: prices.salePrice === null ? null : toNumeric(prices.salePrice) };
}

/** The products row's columns from the changed cells. */
function productColumnsOf(p: ProductPlan, state: ShopState, now: Date) {
  const t = p.target;
  const set: Partial<typeof products.$inferInsert> = {};
  const has = (c: Column) => p.changed.includes(c);
  if (has("Handle")) set.slug = t.Handle;
  if (has("Title")) set.name = t.Title;
  if (has("Body (HTML)")) set.description = t["Body (HTML)"] ?? "";
  if (has("Vendor")) set.brand = nullIfEmpty(t.Vendor);
  if (has("Product Category")) {
    set.categoryId = t["Product Category"] ? state.categoryIds.get(t["Product Category"]) : null;
  }
  if (has("Featured")) set.featured = t.Featured === "true";
  if (has("New")) set.isNew = t.New === "true";
  if (has("PUDO Eligible")) set.pudoEligible = t["PUDO Eligible"] === "true";
  if (has("SEO Title")) set.metaTitle = nullIfEmpty(t["SEO Title"]);
  if (has("SEO Description")) set.metaDescription = nullIfEmpty(t["SEO Description"]);
  if (has("Variant Grams")) set.weight = t["Variant Grams"] ? String(Number(t["Variant Grams"]) / 1000) : null;
  const skuColumn = p.group.variants ? "Product SKU" : "Variant SKU";
  if (has(skuColumn)) set.sku = t[skuColumn];
  const prefix = p.group.variants ? "Product" : "Variant";
  if (has(`${prefix} Price`) || has(`${prefix} Compare At Price`)) {
    Object.assign(set, priceColumns(t[`${prefix} Price`]!, t[`${prefix} Compare At Price`]));
  }
  if (has("Status")) {
    if (t.Status === "archived") set.archivedAt = p.existing?.archivedAt ?? now;
    else {
      set.status = t.Status as "draft" | "active";
      set.archivedAt = null;
      // Only a draft waits for a publishing time.
      if (t.Status === "active") set.publishAt = null;
    }
  }
  return set;
}

function variantColumnsOf(v: VariantPlan) {
  const t = v.target;
  const set: Partial<typeof productVariants.$inferInsert> = {};
  const has = (c: Column) => v.changed.includes(c);
  if (has("Variant Name")) set.name = t["Variant Name"];
  if (has("Variant SKU")) set.sku = t["Variant SKU"];
  if (has("Variant Price") || has("Variant Compare At Price")) {
    Object.assign(set, priceColumns(t["Variant Price"]!, t["Variant Compare At Price"]));
  }
  if (has("Variant Dimensions")) set.dimensions = nullIfEmpty(t["Variant Dimensions"]);
  if (has("Variant Pre-order")) set.preorder = t["Variant Pre-order"] === "true";
  if (has("Variant Pre-order Discount")) set.preorderDiscount = nullIfEmpty(t["Variant Pre-order Discount"]);
  if (has("Variant Arrival Date")) set.arrivalDate = nullIfEmpty(t["Variant Arrival Date"]);
  if (OPTION_COLUMNS.some((o) => has(o.value))) {
    const values = OPTION_COLUMNS.map((o) => t[o.value] ?? "").filter(Boolean);
    set.optionValues = values.length ? values : null;
  }
  return set;
}

/** Rows one batched statement writes: 5,000 changed products are ten statements, not 5,000 round trips. */
const BATCH = 500;

function chunked<T>(list: readonly T[]): T[][] {
  return Array.from({ length: Math.ceil(list.length / BATCH) }, (_, i) => list.slice(i * BATCH, (i + 1) * BATCH));
}

/** A property's column name under the schema's snake_case casing (salePrice -> sale_price). */
const columnName = (key: string) => key.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`);

/** A value as a typed SQL parameter of its column (the VALUES list has no column types of its own). */
function typedValue(column: PgColumn, value: unknown): SQL {
  const driven = value === null || value === undefined ? null : column.mapToDriverValue(value);
  return sql`cast(${driven} as ${sql.raw(column.getSQLType())})`;
}

/**
 * Updates many rows, each with its own values: one `update ... from (values ...)` per set of columns
 * and batch. Returns each row's stock after the update (the stock movements' figure).
 */
async function updateRows(
  tx: Db,
  table: typeof products | typeof productVariants,
  rows: { id: number; set: Record<string, unknown> }[],
): Promise<Map<number, number>> {
  const columns = getTableColumns(table) as unknown as Record<string, PgColumn>;
  const stockAfter = new Map<number, number>();
  for (const [signature, group] of Map.groupBy(rows, (r) => Object.keys(r.set).sort().join(","))) {
    const keys = signature.split(",");
    const assignments = sql.join(
      keys.map((k) => sql`${sql.identifier(columnName(k))} = v.${sql.identifier(k)}`),
      sql`, `,
    );
    const names = sql.join([sql.identifier("id"), ...keys.map((k) => sql.identifier(k))], sql`, `);
    for (const part of chunked(group)) {
      const tuples = part.map((r) =>
        sql`(${
          sql.join([sql`cast(${r.id} as integer)`, ...keys.map((k) => typedValue(columns[k], r.set[k]))], sql`, `)
        })`
      );
      const result = await tx.execute(sql`update ${table} set ${assignments}
        from (values ${sql.join(tuples, sql`, `)}) as v(${names})
        where ${table.id} = v.id returning ${table.id} as id, ${table.stock} as stock`);
      for (const row of rowsOf<{ id: number; stock: number }>(result)) {
        stockAfter.set(Number(row.id), Number(row.stock));
      }
    }
  }
  return stockAfter;
}

/**
 * Writes the plan inside the caller's transaction: new products and variants in multi-row inserts,
 * changed ones in batched updates, then the products' stock from their variants, carts emptied of
 * products leaving the shop, one audit entry a product and the stock movements, each in one statement.
 */
async function apply(tx: Db, userId: number, plans: ProductPlan[], state: ShopState) {
  const now = new Date();
  const movements: StockChange[] = [];
  const touched = plans.filter((p) => p.changed.length || p.options || p.variants.some((v) => v.changed.length));
  const sets = new Map(touched.map((p) => {
    const set = productColumnsOf(p, state, now);
    if (p.options) set.options = p.options.after;
    if (!p.group.variants && p.changed.includes("Variant Inventory Qty")) {
      set.stock = Number(p.target["Variant Inventory Qty"]);
    }
    return [p, set];
  }));

  const ids = new Map<ProductPlan, number>();
  for (const part of chunked(touched.filter((p) => !p.existing))) {
    const rows = await tx.insert(products).values(part.map((p) => ({
      name: p.target.Title!,
      slug: p.group.handle,
      sku: p.group.sku,
      price: sets.get(p)!.price!,
      ...sets.get(p)!,
    }))).returning({ id: products.id, sku: products.sku, stock: products.stock });
    const bySku = new Map(rows.map((r) => [r.sku.toLowerCase(), r]));
    for (const p of part) {
      const row = bySku.get(p.group.sku.toLowerCase())!;
      ids.set(p, row.id);
      if (!p.group.variants) {
        movements.push({ productId: row.id, variantId: null, delta: row.stock, stockAfter: row.stock });
      }
    }
  }
  const updates = touched.filter((p) => p.existing && Object.keys(sets.get(p)!).length);
  const productStock = await updateRows(
    tx,
    products,
    updates.map((p) => ({ id: p.existing!.id, set: { ...sets.get(p)!, updatedAt: now } })),
  );
  for (const p of touched.filter((p) => p.existing)) {
    ids.set(p, p.existing!.id);
    const after = productStock.get(p.existing!.id);
    if (sets.get(p)!.stock !== undefined && after !== undefined) {
      movements.push({
        productId: p.existing!.id,
        variantId: null,
        delta: after - p.existing!.stock,
        stockAfter: after,
      });
    }
  }
  // Off the storefront (draft or archived): out of shoppers' carts too, as the staff screens do.
  const leaving = updates.filter((p) => {
    const set = sets.get(p)!;
    return (set.status === "draft" && p.existing!.status !== "draft") || (set.archivedAt && !p.existing!.archivedAt);
  }).map((p) => p.existing!.id);
  for (const part of chunked(leaving)) await tx.delete(cartItems).where(inArray(cartItems.productId, part));

  const newVariants = touched.flatMap((p) =>
    p.variants.filter((v) => !v.existing && v.changed.length).map((v) => ({ p, v }))
  );
  for (const part of chunked(newVariants)) {
    const rows = await tx.insert(productVariants).values(part.map(({ p, v }) => {
      const set = variantColumnsOf(v);
      return {
        productId: ids.get(p)!,
        name: v.target["Variant Name"]!,
        sku: v.target["Variant SKU"]!,
        price: set.price!,
        ...set,
        stock: v.target["Variant Inventory Qty"] ? Number(v.target["Variant Inventory Qty"]) : 0,
      };
    })).returning({ id: productVariants.id, productId: productVariants.productId, stock: productVariants.stock });
    for (const r of rows) {
      movements.push({ productId: r.productId, variantId: r.id, delta: r.stock, stockAfter: r.stock });
    }
  }
  const changedVariants = touched.flatMap((p) => p.variants.filter((v) => v.existing && v.changed.length));
  const variantStock = await updateRows(
    tx,
    productVariants,
    changedVariants.map((v) => {
      const stock = v.changed.includes("Variant Inventory Qty") ? Number(v.target["Variant Inventory Qty"]) : undefined;
      return {
        id: v.existing!.id,
        set: { ...variantColumnsOf(v), ...(stock !== undefined ? { stock } : {}), updatedAt: now },
      };
    }),
  );
  for (const v of changedVariants) {
    if (!v.changed.includes("Variant Inventory Qty")) continue;
    const after = variantStock.get(v.existing!.id)!;
    movements.push({
      productId: v.existing!.productId,
      variantId: v.existing!.id,
      delta: after - v.existing!.stock,
      stockAfter: after,
    });
  }
  for (const p of touched) {
    if (p.group.variants && p.variants.some((v) => v.changed.length)) await syncProductStock(tx, ids.get(p)!);
  }
  await recordAudits(tx, touched.map((p) => auditEntry(userId, p, ids.get(p)!)));
  await recordStockMovements(tx, movements.filter((m) => m.delta !== 0), { reason: "import", actorUserId: userId });
}

/** A product's audit entry: its changed columns before and after, and the variants created and updated. */
function auditEntry(userId: number, p: ProductPlan, id: number) {
  const before = p.existing ? cellsOf(productRows(p.existing, [], "")[0]) : undefined;
  const changes: Record<string, { before: string | null; after: string | null }> = Object.fromEntries(
    p.changed.filter((c) => p.group.variants || !SHOWN_AS_VARIANT.includes(c)).map((c) => [
      c,
      { before: before?.[c] ?? null, after: p.target[c] ?? null },
    ]),
  );
  if (p.options) {
    changes.options = { before: optionsText(p.options.before) || null, after: optionsText(p.options.after) };
  }
  const created = p.variants.filter((v) => !v.existing && v.changed.length).map((v) => v.target["Variant SKU"]!);
  const updated = p.variants.filter((v) => v.existing && v.changed.length).map((v) => v.existing!.sku);
  return {
    userId,
    entityType: "product" as const,
    entityId: id,
    action: p.existing ? "update" : "create",
    details: {
      source: "CSV import",
      sku: p.group.sku,
      changes,
      ...(created.length ? { variantsCreated: created } : {}),
      ...(updated.length ? { variantsUpdated: updated } : {}),
    },
  };
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
  { dryRun }: { dryRun: boolean },
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
  const groups = readRows(records, index, errors);
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
