/**
 * What an import does to the shop: the products, variants and categories its rows name (read with
 * the products' row locks), each row's decision (create, update, unchanged) with its changed cells,
 * and the refusals only the shop's data shows (another product's SKU or Handle, an unknown category).
 */
import { eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, products, productVariants } from "../../db/schema/mod.ts";
import { toCents } from "../../lib/money.ts";
import { catalogAdminSchemas, type ProductRecord, type VariantRecord } from "../catalog_admin/mod.ts";
import {
  type Column,
  COLUMNS,
  IMAGE_ALT_COLUMN,
  IMAGE_COLUMN,
  OPTION_COLUMNS,
  PRODUCT_COLUMNS,
  VARIANT_COLUMNS,
} from "./columns.ts";
import { productRows } from "./export.ts";
import type { ImportRow, ImportRowError } from "./schemas.ts";
import {
  type Cells,
  fail,
  type Group,
  mergedOptions,
  type Options,
  optionsText,
  type Row,
  SHOWN_AS_VARIANT,
} from "./rows.ts";

const { MAX_OPTION_VALUES } = catalogAdminSchemas;
const { searchVector: _sv, ...productTableColumns } = getTableColumns(products);

export interface ShopState {
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
export async function readShop(tx: Db, groups: Group[], errors: ImportRowError[]): Promise<ShopState> {
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

export interface VariantPlan {
  row: Row;
  existing: VariantRecord | undefined;
  target: Cells;
  changed: Column[];
}

export interface ProductPlan {
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

export function cellsOf(row: string[]): Cells {
  return Object.fromEntries(COLUMNS.map((c, i) => [c, row[i]])) as Cells;
}

/** Decides what each row does; refusals the shop's data shows (a SKU of another product...) go to `errors`. */
export function plan(groups: Group[], state: ShopState, errors: ImportRowError[]): ProductPlan[] {
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
    // The file's photos go on a product that has none: they never replace photos staff uploaded, so an
    // exported file (its first photo only) imports unchanged (decision 0094).
    if (group.images.length && !existing?.images.length) {
      target[IMAGE_COLUMN] = group.images.join("\n");
      changed.push(IMAGE_COLUMN);
      // One line a photo, in the same order ("" for a photo without one).
      if (Object.keys(group.imageAlts).length) {
        target[IMAGE_ALT_COLUMN] = group.images.map((url) => group.imageAlts[url] ?? "").join("\n");
        changed.push(IMAGE_ALT_COLUMN);
      }
    }
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
export function reportRows(plans: ProductPlan[]): ImportRow[] {
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
