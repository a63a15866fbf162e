/**
 * Writing an import's plan inside the caller's transaction, in batches: new products and variants in
 * multi-row inserts, changed ones in `update ... from (values ...)`, then the products' stock from
 * their variants, carts emptied of products leaving the shop, one audit entry a product and the
 * stock movements (reason `import`).
 */
import { getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { type Db, rowsOf } from "../db/client.ts";
import { cartItems, products, productVariants } from "../db/schema/mod.ts";
import { toCents, toNumeric } from "../lib/money.ts";
import { recordAudits } from "../domains/admin_audit/mod.ts";
import { syncProductStock } from "../domains/orders/mod.ts";
import { recordStockMovements, type StockChange } from "../domains/stock_history/mod.ts";
import {
  type Column,
  IMAGE_ALT_COLUMN,
  IMAGE_COLUMN,
  OPTION_COLUMNS,
  shopPrices,
} from "../domains/product_csv/columns.ts";
import { productRows } from "../domains/product_csv/export.ts";
import { optionsText, SHOWN_AS_VARIANT } from "../domains/product_csv/rows.ts";
import { cellsOf, type ProductPlan, type ShopState, type VariantPlan } from "../domains/product_csv/plan.ts";

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
  if (has("Low Stock Alert")) set.lowStockAt = t["Low Stock Alert"] ? Number(t["Low Stock Alert"]) : null;
  if (has(IMAGE_COLUMN)) set.images = t[IMAGE_COLUMN]!.split("\n");
  if (has(IMAGE_ALT_COLUMN)) {
    const alts = t[IMAGE_ALT_COLUMN]!.split("\n");
    set.imageAlts = Object.fromEntries(set.images!.map((url, i) => [url, alts[i]]).filter(([, alt]) => alt));
  }
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
export async function apply(tx: Db, userId: number, plans: ProductPlan[], state: ShopState) {
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
