/**
 * Reading a product CSV: the header's columns, each row's cells checked and normalised to the text
 * the export writes, and the rows grouped by Handle into products (with or without variants). Every
 * problem is collected with its row and column; nothing here reads the shop.
 */
import { csvText } from "../../lib/csv.ts";
import { toCents } from "../../lib/money.ts";
import { type Column, COLUMNS, IMAGE_ALT_COLUMN, IMAGE_COLUMN, OPTION_COLUMNS, PRODUCT_COLUMNS } from "./columns.ts";
import { CELL, handleCell, IMAGE_SRC_REFUSED, imageAltCell, imageSrcCell, type ImportRowError } from "./schemas.ts";

/** The cells of a photo-only row: read apart from the product's and variant's cells. */
const IMAGE_ROW_COLUMNS: readonly Column[] = ["Handle", IMAGE_COLUMN, IMAGE_ALT_COLUMN];

/** Cells that an empty value sets to none; any other column's empty cell is "not given" (kept, or the default). */
const NULLABLE = new Set<Column>([
  "Body (HTML)",
  "Vendor",
  "Product Category",
  "Product Compare At Price",
  "Variant Grams",
  "SEO Title",
  "SEO Description",
  "Low Stock Alert",
  "Variant Compare At Price",
  "Variant Dimensions",
  "Variant Pre-order Discount",
  "Variant Arrival Date",
  ...OPTION_COLUMNS.flatMap((o) => [o.name, o.value]),
]);
/** A product without variants shows its SKU and prices once, in the Variant columns (reports and audit). */
export const SHOWN_AS_VARIANT: Column[] = ["Product SKU", "Product Price", "Product Compare At Price"];
/** Variant-only fields: a product without variants has none. */
const VARIANT_ONLY = ["Variant Dimensions", "Variant Pre-order", "Variant Pre-order Discount", "Variant Arrival Date"];

export type Cells = Partial<Record<Column, string>>;

export interface Row {
  row: number;
  /** The given cells as the export writes them (normalised). */
  cells: Cells;
  /** The raw text of the product columns (a later row may repeat them). */
  raw: Cells;
}

export type Options = { name: string; values: string[] }[];

/** Options as one line of text, for reports and the audit trail: "Size: Small, Large; UVB: 5%". */
export function optionsText(options: Options): string {
  return options.map((o) => `${o.name}: ${o.values.join(", ")}`).join("; ");
}

export interface Group {
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
  /** The photo addresses its rows give (Image Src), in file order, each once. */
  images: string[];
  /** Image Alt Text by photo address (the first given for an address). */
  imageAlts: Record<string, string>;
}

/** A parsed value as the export writes it. */
function cellText(column: Column, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (/Price$/.test(column)) return ((value as number) / 100).toFixed(2);
  return String(value);
}

export function fail(errors: ImportRowError[], row: number, column: Column | null, message: string) {
  errors.push({ row, column, message: `Row ${row}: ${message}` });
}

/** The header's known columns by index; file-level problems refuse at row 1. */
export function readHeader(header: string[], errors: ImportRowError[]) {
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

/**
 * Reads and checks every row, and groups the rows by Handle. `maxImages`: the photos a product may
 * have; `siteUrl`: the shop's own address, whose photo links (the export's) are read back as paths.
 */
export function readRows(
  records: string[][],
  index: Map<Column, number>,
  errors: ImportRowError[],
  { maxImages, siteUrl }: { maxImages: number; siteUrl: string },
): Group[] {
  const ownOrigin = new URL(siteUrl).origin;
  const groups = new Map<string, Group>();
  records.slice(1).forEach((record, i) => {
    const rowNo = i + 2;
    if (record.length > records[0].length && record.slice(records[0].length).some((c) => c.trim() !== "")) {
      fail(errors, rowNo, null, "the row has more cells than the header has columns");
    }
    const handle = handleCell.safeParse(csvText(record[index.get("Handle")!] ?? ""));
    if (!handle.success) return fail(errors, rowNo, "Handle", handle.error.issues[0].message);
    const cell = (column: Column) => csvText(record[index.get(column) ?? -1] ?? "").trim();
    const image = readImage(cell(IMAGE_COLUMN), ownOrigin, rowNo, errors);
    const alt = cell(IMAGE_ALT_COLUMN) ? imageAltCell.safeParse(cell(IMAGE_ALT_COLUMN)) : null;
    if (alt && !alt.success) fail(errors, rowNo, IMAGE_ALT_COLUMN, alt.error.issues[0].message);
    const addImage = (to: Group) => {
      if (!image) return;
      to.images.push(image);
      if (alt?.success && alt.data && !(image in to.imageAlts)) to.imageAlts[image] = alt.data;
    };
    const group = groups.get(handle.data);
    // Shopify's further photos: a row of their own with the Handle and Image Src (and its alt text),
    // every other cell empty.
    if ([...index.keys()].every((c) => IMAGE_ROW_COLUMNS.includes(c) || cell(c) === "")) {
      if (!group) return fail(errors, rowNo, "Handle", `${handle.data} has no product row before this photo row`);
      return addImage(group);
    }
    const row: Row = { row: rowNo, cells: {}, raw: {} };
    for (const [column, at] of index) {
      if (IMAGE_ROW_COLUMNS.includes(column)) continue;
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
    const into: Group = group ??
      { handle: handle.data, rows: [], variants: false, product: {}, sku: "", images: [], imageAlts: {} };
    into.rows.push(row);
    addImage(into);
    groups.set(handle.data, into);
  });
  for (const group of groups.values()) {
    shapeGroup(group, index, errors);
    group.images = [...new Set(group.images)];
    if (group.images.length > maxImages) {
      fail(
        errors,
        group.rows[0].row,
        IMAGE_COLUMN,
        `${group.handle} has ${group.images.length} photos: a product has at most ${maxImages}`,
      );
    }
  }
  return [...groups.values()];
}

/**
 * An Image Src cell's address, or null when empty or refused (the refusal goes to `errors`): the
 * shop's own photos as their path, others only over https (the shop's pages are https).
 */
function readImage(text: string, ownOrigin: string, row: number, errors: ImportRowError[]): string | null {
  if (!text) return null;
  const parsed = imageSrcCell.safeParse(text);
  if (!parsed.success) {
    fail(errors, row, IMAGE_COLUMN, parsed.error.issues[0].message);
    return null;
  }
  const url = parsed.data;
  if (url.origin === ownOrigin) return url.pathname + url.search;
  if (url.protocol === "https:") return url.href;
  fail(errors, row, IMAGE_COLUMN, IMAGE_SRC_REFUSED);
  return null;
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
export function mergedOptions(file: Options, shop: Options): Options {
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
export function checkDuplicates(groups: Group[], errors: ImportRowError[]) {
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
