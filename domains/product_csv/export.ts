/**
 * GET /api/admin/products/export.csv: the products matching the admin list's filters, one row per
 * variant (one row for a product without variants), streamed: products are read by id in pages of
 * 200 with their variants and categories while the body is sent, so memory stays flat at any size.
 * Every text cell goes through lib/csv.ts (formula guard, decision 0056).
 */
import { and, asc, eq, getTableColumns, gt, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, products, productVariants } from "../../db/schema/mod.ts";
import { filterCondition, type ProductFilter } from "../catalog/mod.ts";
import { csvRow } from "../../lib/csv.ts";
import { bool, type Column, COLUMNS, grams, OPTION_COLUMNS, rand, shopifyPrices, statusCell } from "./columns.ts";

const { searchVector: _sv, ...productColumns } = getTableColumns(products);
type ProductRow = Omit<typeof products.$inferSelect, "searchVector"> & { categorySlug: string | null };
type VariantRow = typeof productVariants.$inferSelect;

/** The product fields every row of a product repeats. */
function productCells(p: ProductRow, siteUrl: string): Partial<Record<Column, string>> {
  const first = p.images[0];
  const options = Object.fromEntries(OPTION_COLUMNS.map((o, i) => [o.name, p.options[i]?.name ?? ""]));
  return {
    ...options,
    "Handle": p.slug,
    "Title": p.name,
    "Body (HTML)": p.description,
    "Vendor": p.brand ?? "",
    "Product Category": p.categorySlug ?? "",
    "Status": statusCell(p),
    "Featured": bool(p.featured),
    "New": bool(p.isNew),
    "PUDO Eligible": bool(p.pudoEligible),
    "Product SKU": p.sku,
    "Product Price": rand(p.price),
    "Product Compare At Price": "",
    "Variant Grams": grams(p.weight),
    "Image Src": first ? (first.startsWith("/") ? `${siteUrl}${first}` : first) : "",
    "Image Alt Text": first ? p.imageAlts[first] ?? "" : "",
    "SEO Title": p.metaTitle ?? "",
    "SEO Description": p.metaDescription ?? "",
    "Low Stock Alert": p.lowStockAt === null ? "" : String(p.lowStockAt),
  };
}

/** A product's rows: its variants', or its own when it has none. */
export function productRows(p: ProductRow, variants: VariantRow[], siteUrl: string): string[][] {
  const shared = productCells(p, siteUrl);
  // The product's own price the Shopify way round too (Product Price is what it sells for).
  const own = shopifyPrices(p.price, p.salePrice);
  shared["Product Price"] = own.price;
  shared["Product Compare At Price"] = own.compareAt;
  const rows: Partial<Record<Column, string>>[] = variants.length
    ? variants.map((v) => {
      const prices = shopifyPrices(v.price, v.salePrice);
      return {
        ...shared,
        ...Object.fromEntries(OPTION_COLUMNS.map((o, i) => [o.value, v.optionValues?.[i] ?? ""])),
        "Variant Name": v.name,
        "Variant SKU": v.sku,
        "Variant Price": prices.price,
        "Variant Compare At Price": prices.compareAt,
        "Variant Inventory Qty": String(v.stock),
        "Variant Dimensions": v.dimensions ?? "",
        "Variant Pre-order": bool(v.preorder),
        "Variant Pre-order Discount": v.preorderDiscount === null ? "" : String(Number(v.preorderDiscount)),
        "Variant Arrival Date": v.arrivalDate ?? "",
      };
    })
    : [{
      ...shared,
      "Variant SKU": p.sku,
      "Variant Price": own.price,
      "Variant Compare At Price": own.compareAt,
      "Variant Inventory Qty": String(p.stock),
    }];
  return rows.map((r) => COLUMNS.map((c) => r[c] ?? ""));
}

/** The export's lines (header first), each ending CRLF, read page by page. */
export async function* productCsvChunks(
  db: Db,
  filter: ProductFilter,
  { siteUrl, pageSize = 200 }: { siteUrl: string; pageSize?: number },
): AsyncGenerator<string> {
  yield csvRow(COLUMNS) + "\r\n";
  const where = filterCondition({ ...filter, sort: undefined, page: undefined, limit: undefined });
  let after = 0;
  while (true) {
    const page: ProductRow[] = await db.select({ ...productColumns, categorySlug: categories.slug })
      .from(products).leftJoin(categories, eq(products.categoryId, categories.id))
      .where(and(where, gt(products.id, after))).orderBy(asc(products.id)).limit(pageSize);
    if (!page.length) return;
    const ids = page.map((p) => p.id);
    const variants = await db.select().from(productVariants).where(inArray(productVariants.productId, ids))
      .orderBy(asc(productVariants.productId), asc(productVariants.id));
    const byProduct = Map.groupBy(variants, (v) => v.productId);
    let chunk = "";
    for (const p of page) {
      for (const row of productRows(p, byProduct.get(p.id) ?? [], siteUrl)) chunk += csvRow(row) + "\r\n";
    }
    yield chunk;
    after = page[page.length - 1].id;
    if (page.length < pageSize) return;
  }
}
