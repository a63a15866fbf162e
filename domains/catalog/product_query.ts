/**
 * Product lists: filter (category, flags, price bands, brands, search text), sort and page in the
 * database, plus the facet counts (categories, brands, price bands) a listing page shows.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, productHusbandry, products } from "../../db/schema/mod.ts";
import { productColumns, productsByIds, toProduct } from "./service.ts";
import { relevanceOrder, searchCondition, searchTiers } from "./text_search.ts";
import { type RankedPage, searchCandidates, searchPageIds } from "./relevance.ts";
import { onStorefront } from "./visibility.ts";
import type { Product } from "./types.ts";
import { containsText } from "../../db/like.ts";
import { fewMatches } from "../../db/few_matches.ts";
import { lowOnStock } from "../../db/low_stock.ts";

export type ProductSort =
  | "featured"
  | "price_asc"
  | "price_desc"
  | "name_asc"
  | "name_desc"
  | "newest"
  | "relevance";

/** A price band in cents, inclusive at both ends ("0-500" is R0 to R500). */
export interface PriceBand {
  minCents: number;
  maxCents: number;
}

export interface ProductFilter {
  /** Only these products. */
  ids?: number[];
  /** Products in any of these categories. */
  categoryIds?: number[];
  featured?: boolean;
  isNew?: boolean;
  onSale?: boolean;
  /** Effective price (sale price when set, else price) inside any of these bands. */
  priceBands?: PriceBand[];
  /** Any of these brands. */
  brands?: string[];
  /** Search text: full-text with prefixes, plus trigram similarity for typos. */
  q?: string;
  /**
   * "exclude" (the default) is the storefront: only what shoppers may see (not archived, not a
   * draft; visibility.ts). The admin list asks for "unarchived" (drafts included), "only" or "all".
   */
  archived?: "exclude" | "unarchived" | "only" | "all";
  /** Admin list: only drafts or only active products (the storefront reads never pass it). */
  status?: "draft" | "active";
  /** Admin list: name or SKU containing this text (case-insensitive). */
  nameOrSku?: string;
  /** Admin list: stock level ("low": in stock, at or below the product's low-stock level). */
  stock?: "in" | "low" | "out";
  /**
   * Admin list: products with no setup rule ("none": no animal's setup checklist offers them) or
   * with at least one (table product_husbandry, docs/animals.md).
   */
  setupRules?: "none" | "some";
  sort?: ProductSort;
  page?: number;
  limit?: number;
}

export interface ProductPage {
  items: Product[];
  /** How many products match; with `capped`, at least this many (a broad search, decision 0054). */
  total: number;
  /** True when more products match a search than the `total` it sorted (decision 0054). */
  capped?: boolean;
  page: number;
  limit: number;
}

export interface Facets {
  categories: { id: number; slug: string; name: string; count: number }[];
  brands: { name: string; count: number }[];
  /** Count per band, in the order the bands were given. */
  priceBands: { band: PriceBand; count: number }[];
  /** Per facet: its counts are of the products a broad search ranks, and more match (decision 0054). */
  capped?: Record<"categories" | "brands" | "priceBands", boolean>;
}

const effectivePrice = sql`coalesce(${products.salePrice}, ${products.price})`;

function orderBy(filter: ProductFilter): SQL[] {
  const sort = filter.sort ?? (filter.q ? "relevance" : "featured");
  switch (sort) {
    case "price_asc":
      return [asc(effectivePrice), asc(products.name), asc(products.id)];
    case "price_desc":
      return [desc(effectivePrice), asc(products.name), asc(products.id)];
    case "name_asc":
      return [asc(products.name), asc(products.id)];
    case "name_desc":
      return [desc(products.name), desc(products.id)];
    case "newest":
      return [desc(products.createdAt), desc(products.id)];
    case "relevance": {
      const relevance = filter.q ? relevanceOrder(filter.q) : null;
      if (relevance) return relevance;
      return [desc(products.featured), desc(products.isNew), asc(products.name), asc(products.id)];
    }
    default:
      return [desc(products.featured), desc(products.isNew), asc(products.name), asc(products.id)];
  }
}

function bandCondition(b: PriceBand): SQL {
  return sql`${effectivePrice} between ${(b.minCents / 100).toFixed(2)} and ${(b.maxCents / 100).toFixed(2)}`;
}

type Facet = "categories" | "brands" | "priceBands";

/** The selected price bands as one condition (any band), or undefined when none is selected. */
function bandsCondition(filter: ProductFilter): SQL | undefined {
  return filter.priceBands?.length ? or(...filter.priceBands.map(bandCondition)) : undefined;
}

/** The WHERE conditions of a filter; `omit` leaves out facets' own selections (for their counts). */
function conditions(filter: ProductFilter, ...omit: Facet[]): SQL[] {
  const where: SQL[] = [];
  const bands = bandsCondition(filter);
  const archived = filter.archived ?? "exclude";
  if (archived === "exclude") where.push(onStorefront());
  if (archived === "unarchived") where.push(isNull(products.archivedAt));
  if (archived === "only") where.push(isNotNull(products.archivedAt));
  if (filter.status) where.push(eq(products.status, filter.status));
  if (filter.nameOrSku) {
    // Answered by the trigram indexes on lower(name) and lower(sku) (decision 0098).
    where.push(or(containsText(products.name, filter.nameOrSku), containsText(products.sku, filter.nameOrSku))!);
  }
  if (filter.stock === "in") where.push(sql`${products.stock} > 0`);
  if (filter.stock === "out") where.push(lte(products.stock, 0));
  if (filter.stock === "low") where.push(sql`${products.stock} >= 1`, lowOnStock());
  if (filter.setupRules) {
    const ruled = sql`exists (select 1 from ${productHusbandry} where ${productHusbandry.productId} = ${products.id})`;
    where.push(filter.setupRules === "some" ? ruled : sql`not ${ruled}`);
  }
  if (filter.ids) where.push(filter.ids.length ? inArray(products.id, filter.ids) : sql`false`);
  if (filter.categoryIds && !omit.includes("categories")) where.push(inArray(products.categoryId, filter.categoryIds));
  if (filter.featured !== undefined) where.push(eq(products.featured, filter.featured));
  if (filter.isNew !== undefined) where.push(eq(products.isNew, filter.isNew));
  if (filter.onSale) where.push(isNotNull(products.salePrice));
  if (bands && !omit.includes("priceBands")) where.push(bands);
  if (filter.brands?.length && !omit.includes("brands")) where.push(inArray(products.brand, filter.brands));
  if (filter.q !== undefined) where.push(searchCondition(filter.q) ?? sql`false`);
  return where;
}

/**
 * A page of products matching the filter, sorted and paged in the database. `knownTotal`: the
 * number of matches when the caller already has it (a listing keeps it beside its facets, decision
 * 0050); then only the page is read. A search is sorted among its candidates first, then read by id.
 */
export async function listProducts(db: Db, filter: ProductFilter = {}, knownTotal?: number): Promise<ProductPage> {
  const { page, limit, where, searched } = pageOf(filter);
  if (searched) {
    const { ids, total, capped } = await rankProducts(db, filter);
    return { items: await productsInOrder(db, ids), total, capped, page, limit };
  }
  if (filter.nameOrSku && knownTotal === undefined) {
    const matches = await fewMatches(db, products, where);
    if (matches.ids) return listProducts(db, { ...filter, nameOrSku: undefined, ids: matches.ids }, matches.ids.length);
    knownTotal = matches.total;
  }
  const [rows, total] = await Promise.all([
    page === 1
      ? db.select(productColumns)
        .from(products).leftJoin(categories, eq(products.categoryId, categories.id))
        .where(where).orderBy(...orderBy(filter))
        .limit(limit)
      : sortedPage(db, filter, where, page, limit),
    knownTotal ?? countProducts(db, where),
  ]);
  return { items: rows.map(toProduct), total, page, limit };
}

/**
 * A page after the first of a list in a sort an index gives: the page's ids first, from the sort
 * index alone, then the rows of those ids. Read in one go, every row skipped by the offset would be
 * fetched and its columns (a sub-query among them) computed: page 50 computed 1,200 rows to show 24.
 */
function sortedPage(db: Db, filter: ProductFilter, where: SQL | undefined, page: number, limit: number) {
  const ids = pageIds(db, filter, where, page, limit).as("page_ids");
  return db.select(productColumns)
    .from(products).innerJoin(ids, eq(products.id, ids.id))
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .orderBy(...orderBy(filter));
}

/** {@link listProducts}'s page as ids only: the ordering and counting work without reading the products. */
export async function rankProducts(db: Db, filter: ProductFilter): Promise<RankedPage> {
  const { page, limit, where, searched } = pageOf(filter);
  if (searched) {
    const others = and(...conditions({ ...filter, q: undefined }));
    return searchPageIds(db, { q: filter.q!, where: others, page, limit, order: orderBy(filter) });
  }
  const [rows, total] = await Promise.all([pageIds(db, filter, where, page, limit), countProducts(db, where)]);
  return { ids: rows.map((r) => r.id), total, capped: false };
}

/** The ids of a page in the filter's order, read without the products. */
function pageIds(db: Db, filter: ProductFilter, where: SQL | undefined, page: number, limit: number) {
  return db.select({ id: products.id }).from(products)
    .where(where).orderBy(...orderBy(filter))
    .limit(limit).offset((page - 1) * limit);
}

/** The storefront products of `ids`, in that order (an id no longer on the storefront is left out). */
export async function productsInOrder(db: Db, ids: number[]): Promise<Product[]> {
  if (!ids.length) return [];
  const rows = await productsByIds(db).execute({ ids });
  const byId = new Map(rows.map((row) => [row.product.id, toProduct(row)]));
  return ids.map((id) => byId.get(id)).filter((p): p is Product => p !== undefined);
}

/**
 * Storefront products of ranked rows `u(list, id, n)` (a subquery the caller builds), in list then
 * rank order, each with its list: a caller that ranks in SQL reads its cards in the same statement.
 */
export function rankedProductsQuery(db: Db, ranked: SQL) {
  return db.select({ list: sql<number>`u.list`.mapWith(Number), ...productColumns }).from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .innerJoin(sql`(${ranked}) u`, sql`u.id = ${products.id}`)
    .where(onStorefront())
    .orderBy(sql`u.list`, sql`u.n`);
}

/** Rows of {@link rankedProductsQuery} as products, per list (lists with no row are empty). */
export function rankedProducts(
  rows: ({ list: number } & Parameters<typeof toProduct>[0])[],
  lists: number,
): Product[][] {
  const out: Product[][] = Array.from({ length: lists }, () => []);
  for (const row of rows) out[row.list]?.push(toProduct(row));
  return out;
}

/** The page, page size, WHERE condition and whether the list is a search. */
function pageOf(filter: ProductFilter) {
  // A list has the page and the count apart: the page walks a sort index and stops after its rows,
  // the count reads an index only (decision 0044). A search sorts and counts a bounded number of
  // its matches in one statement, whatever its sort (decision 0054).
  return {
    page: filter.page ?? 1,
    limit: filter.limit ?? 24,
    where: and(...conditions(filter)),
    searched: isSearch(filter),
  };
}

/** Whether the filter searches for words (text without a searchable word matches nothing, as a list). */
function isSearch(filter: ProductFilter): boolean {
  return !!filter.q && searchTiers(filter.q) !== null;
}

/** The WHERE condition of a filter, its sort and page aside (the admin product export walks it by id). */
export function filterCondition(filter: ProductFilter): SQL | undefined {
  return and(...conditions(filter));
}

/** How many products match the filter (its sort and page aside). */
export function countMatches(db: Db, filter: ProductFilter): Promise<number> {
  return countProducts(db, and(...conditions(filter)));
}

/** Conditions name products' columns only, so the count needs no join. */
async function countProducts(db: Db, where: SQL | undefined): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(products).where(where);
  return n;
}

/**
 * Facet counts for a filter form. Each facet is counted without its own selection, so ticking one
 * brand still shows how many products the other brands would add. A selected brand or category is
 * always listed, with 0 when nothing matches the other filters, so a form submitted again keeps
 * every selection the shared URL carried.
 *
 * The brand list is every brand in the listing's scope (category, search text, list flags) whatever
 * price band is ticked: the spec's brand filter is the category's distinct brands, and a list that
 * shrank with the price would hide brands a shopper may want next. Each brand's count does respect
 * the ticked bands (0 when it has nothing there), so the number always says how many products
 * ticking that brand adds to the grid the shopper is looking at.
 */
export async function productFacets(
  db: Db,
  filter: ProductFilter,
  bands: PriceBand[],
  selected: {
    category?: { id: number; slug: string; name: string };
    /**
     * False when the page neither shows a category facet nor names a category in a chip: the
     * category counts (a count of the whole shop on a category page) are skipped, the list empty.
     */
    countCategories?: boolean;
  } = {},
): Promise<Facets> {
  // Brands: listed from the scope without price and brand selections, counted inside the ticked bands.
  const selectedBands = bandsCondition(filter);
  const brandCount = selectedBands ? sql<number>`count(*) filter (where ${selectedBands})` : sql<number>`count(*)`;
  const scopes = facetScopes(db, filter);
  const [cats, brands, bandCounts] = await Promise.all([
    selected.countCategories === false
      ? Promise.resolve({ rows: [] as Facets["categories"], capped: false })
      : scopes(["categories"]).then(async (s) => ({ rows: await categoryCounts(db, s.filter), capped: s.capped })),
    scopes(["brands", "priceBands"]).then(async (s) => ({
      rows: await db.select({ name: products.brand, count: brandCount.mapWith(Number) }).from(products)
        .leftJoin(categories, eq(products.categoryId, categories.id))
        .where(and(isNotNull(products.brand), ...conditions(s.filter, "brands", "priceBands")))
        .groupBy(products.brand).orderBy(asc(products.brand)),
      capped: s.capped,
    })),
    bands.length
      ? scopes(["priceBands"]).then(async (s) => ({
        rows: await db.select(Object.fromEntries(
          bands.map((b, i) => [`b${i}`, sql<number>`count(*) filter (where ${bandCondition(b)})`.mapWith(Number)]),
        )).from(products).leftJoin(categories, eq(products.categoryId, categories.id))
          .where(and(...conditions(s.filter, "priceBands"))),
        capped: s.capped,
      }))
      : Promise.resolve({ rows: [{}], capped: false }),
  ]);
  return facetsOf(filter, bands, selected.category, cats, brands, bandCounts);
}

/** The facets from their counts: selections the counts left out listed too (at 0). */
function facetsOf(
  filter: ProductFilter,
  bands: PriceBand[],
  chosen: { id: number; slug: string; name: string } | undefined,
  catCounts: { rows: Facets["categories"]; capped: boolean },
  brands: { rows: { name: string | null; count: number }[]; capped: boolean },
  bandCounts: { rows: Record<string, number>[]; capped: boolean },
): Facets {
  const cats = catCounts.rows;
  const bandRow = bandCounts.rows[0] ?? {};
  const brandFacets = brands.rows.map((b) => ({ name: b.name!, count: b.count }));
  for (const name of filter.brands ?? []) {
    if (!brandFacets.some((b) => b.name === name)) brandFacets.push({ name, count: 0 });
  }
  if (chosen && !cats.some((c) => c.id === chosen.id)) {
    // A parent category may hold no products itself: its count is that of its sub-categories.
    const tree = new Set(filter.categoryIds ?? [chosen.id]);
    const count = cats.filter((c) => tree.has(c.id)).reduce((sum, c) => sum + c.count, 0);
    cats.push({ id: chosen.id, slug: chosen.slug, name: chosen.name, count });
  }
  return {
    categories: cats,
    brands: brandFacets.sort((a, b) => a.name.localeCompare(b.name)),
    priceBands: bands.map((band, i) => ({ band, count: bandRow[`b${i}`] ?? 0 })),
    capped: { categories: catCounts.capped, brands: brands.capped, priceBands: bandCounts.capped },
  };
}

/**
 * The filter each facet counts with, by the selections it leaves out. Outside a search, the filter
 * itself. In a search, its text condition becomes the ids of the matches the search ranks (at most
 * RANKED_MATCHES, decision 0054), so a broad search's facets count a bounded set as its ranking
 * does, and say when more match; facets leaving out the same selections share one read.
 */
function facetScopes(db: Db, filter: ProductFilter) {
  const read = new Map<string, Promise<{ filter: ProductFilter; capped: boolean }>>();
  const selection: Record<Facet, unknown[] | undefined> = {
    categories: filter.categoryIds,
    brands: filter.brands,
    priceBands: filter.priceBands,
  };
  return (omit: Facet[]) => {
    if (!isSearch(filter)) return Promise.resolve({ filter, capped: false });
    const left = omit.filter((f) => selection[f]?.length);
    const key = left.join();
    if (!read.has(key)) {
      const where = and(...conditions({ ...filter, q: undefined }, ...left));
      read.set(
        key,
        searchCandidates(db, filter.q!, where).then((found) => ({
          filter: { ...filter, q: undefined, ids: found.ids },
          capped: found.capped,
        })),
      );
    }
    return read.get(key)!;
  };
}

function categoryCounts(db: Db, filter: ProductFilter) {
  return db.select({ id: categories.id, slug: categories.slug, name: categories.name, count: count() })
    .from(products).innerJoin(categories, eq(products.categoryId, categories.id))
    .where(and(...conditions(filter, "categories")))
    .groupBy(categories.id, categories.slug, categories.name, categories.position)
    .orderBy(asc(categories.position), asc(categories.name));
}
