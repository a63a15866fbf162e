/** Reads the catalogue: categories with product counts, single products with variants. */
import { and, asc, count, eq, getTableColumns, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared.ts";
import { categories, products, productVariants } from "../../db/schema/mod.ts";
import { toCents } from "../../lib/money.ts";
import { NotFoundError } from "../../lib/errors.ts";
import type { Category, CategoryRef, Product, ProductWithVariants, Variant } from "./types.ts";
import { onStorefront } from "./visibility.ts";

type ProductRow = Omit<typeof products.$inferSelect, "searchVector">;
type VariantRow = typeof productVariants.$inferSelect;

/** All categories in display order, each with the number of (not archived) products in it and its children. */
export async function listCategories(db: Db): Promise<Category[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
    db.select({ categoryId: products.categoryId, n: count() }).from(products)
      .where(and(isNotNull(products.categoryId), onStorefront())).groupBy(products.categoryId),
  ]);
  const direct = new Map(counts.map((c) => [c.categoryId!, c.n]));
  return rows.map((c) => toCategory(c, treeIdsIn(rows, c.id).reduce((sum, id) => sum + (direct.get(id) ?? 0), 0)));
}

/** {@link categoryTreeIds} from categories already loaded (the cached list every page's menus hold). */
export function treeIdsIn(all: { id: number; parentId: number | null }[], categoryId: number): number[] {
  return [categoryId, ...all.filter((x) => x.parentId === categoryId).map((x) => x.id)];
}

/** The fields every view of a category shares (the storefront's, the API's and staff's), in their JSON order. */
export function categoryFields(c: Omit<Category, "position" | "productCount">) {
  const { id, name, slug, description, image, parentId, level } = c;
  return { id, name, slug, description, image, parentId, level };
}

/** The fields the storefront's product and its JSON share, in their JSON order. */
export function productFields(
  p: Pick<Product, "id" | "name" | "slug" | "sku" | "brand" | "description" | "metaTitle" | "metaDescription">,
) {
  const { id, name, slug, sku, brand, description, metaTitle, metaDescription } = p;
  return { id, name, slug, sku, brand, description, metaTitle, metaDescription };
}

function toCategory(c: typeof categories.$inferSelect, productCount: number): Category {
  return { ...categoryFields(c), position: c.position, productCount };
}

/**
 * One category by id or slug, with its product count (its own and its children's, as
 * listCategories counts); NotFoundError when missing. Counts only this category's products, not
 * the whole shop's.
 */
export async function getCategory(db: Db, key: { id: number } | { slug: string }): Promise<Category> {
  const [c] = await db.select().from(categories)
    .where("id" in key ? eq(categories.id, key.id) : eq(categories.slug, key.slug)).limit(1);
  if (!c) throw new NotFoundError("Category Not Found");
  const tree = await categoryTreeIds(db, c.id);
  const [{ n }] = await db.select({ n: count() }).from(products)
    .where(and(inArray(products.categoryId, tree), onStorefront()));
  return toCategory(c, n);
}

/** The category's own id plus those of its sub-categories. */
export async function categoryTreeIds(db: Db, categoryId: number): Promise<number[]> {
  const children = await db.select({ id: categories.id }).from(categories)
    .where(eq(categories.parentId, categoryId));
  return [categoryId, ...children.map((c) => c.id)];
}

/** Whether a read may return a draft or archived product: only the admin screens ask for it. */
export interface ProductReadOptions {
  includeArchived?: boolean;
}

/** One product by id or slug; NotFoundError("Product Not Found") when missing, a draft or archived (unless a staff read). */
export async function getProduct(
  db: Db,
  key: { id: number } | { slug: string },
  options: ProductReadOptions = {},
) {
  const byKey = "id" in key ? eq(products.id, key.id) : eq(products.slug, key.slug);
  // The product page's read (by slug, on the storefront) is prepared: it runs on every uncached view.
  const [row] = "slug" in key && !options.includeArchived
    ? await productBySlug(db).execute({ slug: key.slug })
    : await selectProducts(db).where(options.includeArchived ? byKey : and(byKey, onStorefront())).limit(1);
  if (!row) throw new NotFoundError("Product Not Found");
  return toProduct(row);
}

/** The product with its variants (cheapest first). */
export async function getProductWithVariants(
  db: Db,
  key: { id: number } | { slug: string },
  options: ProductReadOptions = {},
): Promise<ProductWithVariants> {
  if ("slug" in key && !options.includeArchived) {
    // The product page's read: the product and its variants in one statement.
    const [row] = await productWithVariantsBySlug(db).execute({ slug: key.slug });
    if (!row) throw new NotFoundError("Product Not Found");
    return { ...toProduct(row), variants: variantsFromJson(row.variants).map(toVariant) };
  }
  const product = await getProduct(db, key, options);
  const variants = await variantsOf(db).execute({ productId: product.id });
  return { ...product, variants: variants.map(toVariant) };
}

/**
 * A product's variants as one JSON array, cheapest first, with the columns toVariant reads under
 * their Drizzle names; money and numerics as text, as the driver returns them from the table.
 */
const variantsJson = sql<unknown>`coalesce((select json_agg(json_build_object(
    'id', v.id, 'productId', v.product_id, 'name', v.name, 'sku', v.sku, 'price', v.price::text,
    'salePrice', v.sale_price::text, 'stock', v.stock, 'dimensions', v.dimensions, 'preorder', v.preorder,
    'preorderDiscount', v.preorder_discount::text, 'regularDiscount', v.regular_discount::text,
    'arrivalDate', v.arrival_date::text, 'optionValues', v.option_values) order by v.price, v.id)
  from ${productVariants} v where v.product_id = ${products.id}), '[]'::json)`;

/** The JSON column as rows (postgres.js and PGlite parse json; a driver that does not gives text). */
function variantsFromJson(value: unknown): VariantRow[] {
  return (typeof value === "string" ? JSON.parse(value) : value) as VariantRow[];
}

const productWithVariantsBySlug = preparedQuery((db) =>
  db.select({ ...productColumns, variants: variantsJson }).from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(and(eq(products.slug, sql.placeholder("slug")), onStorefront())).limit(1)
    .prepare("product_with_variants_by_slug")
);

const variantsOf = preparedQuery((db) =>
  db.select().from(productVariants)
    .where(eq(productVariants.productId, sql.placeholder("productId")))
    .orderBy(asc(productVariants.price), asc(productVariants.id)).prepare("variants_of")
);

const { searchVector: _searchVector, ...productTableColumns } = getTableColumns(products);

/** The columns a product read needs (the search document stays in the database). */
export const productColumns = {
  product: productTableColumns,
  category: { id: categories.id, name: categories.name, slug: categories.slug },
  // A scalar subquery rather than EXISTS: PostgreSQL may turn EXISTS into one hash of every
  // variant (a full read of the table) to answer 24 rows; this probes the index once per row shown.
  hasVariants: sql<
    boolean
  >`coalesce((select true from ${productVariants} where ${productVariants.productId} = ${products.id} limit 1), false)`
    .mapWith(Boolean),
};

function selectProducts(db: Db) {
  return db.select(productColumns).from(products).leftJoin(categories, eq(products.categoryId, categories.id))
    .$dynamic();
}

const productBySlug = preparedQuery((db) =>
  selectProducts(db).where(and(eq(products.slug, sql.placeholder("slug")), onStorefront())).limit(1)
    .prepare("product_by_slug")
);

/** Storefront products by id, in no particular order: the prepared read behind `productsInOrder`. */
export const productsByIds = preparedQuery((db) =>
  selectProducts(db).where(and(sql`${products.id} = any(${sql.placeholder("ids")})`, onStorefront()))
    .prepare("products_by_ids")
);

export function toProduct(
  row: { product: ProductRow; category: CategoryRef | null; hasVariants: boolean },
): Product {
  const p = row.product;
  return {
    ...productFields(p),
    priceCents: toCents(p.price)!,
    salePriceCents: toCents(p.salePrice),
    stock: p.stock,
    lowStockAt: p.lowStockAt,
    lowestVariantStock: p.lowestVariantStock,
    images: p.images,
    imageAlts: p.imageAlts ?? {},
    options: p.options ?? [],
    categoryId: p.categoryId,
    category: row.category,
    hasVariants: row.hasVariants,
    featured: p.featured,
    isNew: p.isNew,
    weightKg: numberOrNull(p.weight),
    lengthCm: numberOrNull(p.length),
    widthCm: numberOrNull(p.width),
    heightCm: numberOrNull(p.height),
    pudoEligible: p.pudoEligible,
    gtin: p.fbGtin,
    mpn: p.fbMpn,
    archivedAt: p.archivedAt,
    status: p.status,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

export function toVariant(v: VariantRow): Variant {
  return {
    id: v.id,
    productId: v.productId,
    name: v.name,
    sku: v.sku,
    priceCents: toCents(v.price)!,
    salePriceCents: toCents(v.salePrice),
    stock: v.stock,
    dimensions: v.dimensions,
    preorder: v.preorder,
    preorderDiscount: numberOrNull(v.preorderDiscount),
    regularDiscount: numberOrNull(v.regularDiscount),
    arrivalDate: v.arrivalDate,
    optionValues: v.optionValues ?? null,
  };
}

function numberOrNull(v: string | null): number | null {
  return v === null ? null : Number(v);
}
