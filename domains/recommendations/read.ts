/**
 * Reading a list for a page or the API: the list's steps in order until it is full, so no list is
 * empty while the catalogue has products. Every step is a bounded read (decision 0059): a product's
 * own lists are one stored row (or, for a product the job has not reached yet, the bounded
 * computation of product_lists.ts); shop-wide lists are the stored best of each category; the last
 * step reads the first products of each category from its listing index. Products in stock come
 * first; drafts, archived products and the product itself never appear; an up-sell never costs less than
 * its product.
 */
import { type Placeholder, type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared.ts";
import {
  categoryTreeIds,
  getProduct,
  onStorefrontAs,
  type Product,
  productsInOrder,
  rankedProducts,
  rankedProductsQuery,
} from "../catalog/mod.ts";
import { candidates, type CustomerListType, type ShopListType } from "./candidates.ts";
import { type ProductLists, productLists } from "./product_lists.ts";

/** Ids best first with their scores (a step's rows before the live checks). */
interface Ranked {
  ids: number[];
  scores: number[];
}

/** One step of a list: where its rows come from, optionally restricted. */
interface Step {
  rows: (db: Db, wanted: number) => Promise<Ranked | SQL>;
  categoryIds?: number[];
  /** Only products whose price (sale price when set) is at least this product's. */
  notCheaperThan?: number;
}

const inStock =
  sql`(p.stock > 0 or exists (select 1 from product_variants v where v.product_id = p.id and v.stock > 0))`;

const intArray = (ids: number[]) => sql`${`{${ids.join(",")}}`}::int[]`;
const realArray = (xs: number[]) => sql`${`{${xs.join(",")}}`}::real[]`;

/** A step's statement: its rows, kept to the storefront, the step's filters and `exclude`, best first. */
function stepQuery(step: Step, rows: SQL, exclude: number[], limit: number | Placeholder): SQL {
  const where: SQL[] = [onStorefrontAs("p")];
  if (exclude.length) where.push(sql`p.id <> all(${intArray(exclude)})`);
  if (step.categoryIds) where.push(sql`p.category_id = any(${intArray(step.categoryIds)})`);
  if (step.notCheaperThan !== undefined) {
    where.push(sql`coalesce(p.sale_price, p.price) >= (select coalesce(s.sale_price, s.price) from products s
      where s.id = ${step.notCheaperThan})`);
  }
  return sql`select p.id, row_number() over (order by bool_or(${inStock}) desc, max(r.score) desc, p.id) as n
    from (${rows}) r join products p on p.id = r.product_id
    where ${sql.join(where, sql` and `)}
    group by p.id order by n limit ${limit}`;
}

async function stepIds(db: Db, step: Step, rows: SQL, exclude: number[], limit: number): Promise<number[]> {
  const result = await db.execute<{ id: number }>(stepQuery(step, rows, exclude, limit));
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}

/** A step's rows as SQL, or null when the step has none (a stored list that is empty). */
async function stepRows(db: Db, step: Step, wanted: number): Promise<SQL | null> {
  const got = await step.rows(db, wanted);
  if (!("ids" in got)) return got;
  if (!got.ids.length) return null;
  return sql`select * from unnest(${intArray(got.ids)}, ${realArray(got.scores)}) r(product_id, score)`;
}

/** Product ids for a list: its steps in order, after the `ids` already chosen. */
async function listIds(db: Db, steps: Step[], exclude: number[], limit: number, ids: number[] = []): Promise<number[]> {
  for (const step of steps) {
    if (ids.length >= limit) break;
    const skip = [...exclude, ...ids];
    const rows = await stepRows(db, step, limit + skip.length);
    if (rows) ids.push(...await stepIds(db, step, rows, skip, limit - ids.length));
  }
  return ids;
}

/**
 * Two lists' ids as listIds would choose each, with the first step that has rows of each list read
 * in one statement: on a product page both lists are nearly always full from it, so that is one
 * round trip instead of two. A list still short goes on through its own later steps.
 */
async function listIdsSideBySide(
  db: Db,
  [a, b]: [Step[], Step[]],
  exclude: number[],
  limit: number,
): Promise<[number[], number[]]> {
  const firstWithRows = async (steps: Step[]) => {
    for (const [at, step] of steps.entries()) {
      const rows = await stepRows(db, step, limit + exclude.length);
      if (rows) return { at, query: stepQuery(step, rows, exclude, limit) };
    }
    return null;
  };
  const [fa, fb] = await Promise.all([firstWithRows(a), firstWithRows(b)]);
  const parts = [fa, fb].flatMap((f, list) =>
    f ? [sql`select ${list}::int as list, x.id, x.n from (${f.query}) x`] : []
  );
  const chosen: [number[], number[]] = [[], []];
  if (parts.length) {
    const both = sql`select list, id from (${sql.join(parts, sql` union all `)}) u order by list, n`;
    const rows = rowsOf<{ list: number; id: number }>(await db.execute(both));
    for (const r of rows) chosen[Number(r.list)].push(Number(r.id));
  }
  return await Promise.all([
    fa ? listIds(db, a.slice(fa.at + 1), exclude, limit, chosen[0]) : chosen[0],
    fb ? listIds(db, b.slice(fb.at + 1), exclude, limit, chosen[1]) : chosen[1],
  ]);
}

/** A stored shop-wide list: the best of each category kept (of `categoryIds`, or all). */
function shopList(type: ShopListType, categoryIds?: number[]): Step {
  return {
    categoryIds,
    rows: async (db) => {
      const stored = sql`select recommended_product_id as product_id, score from recommendations
        where type = ${type} and source_product_id is null and user_id is null`;
      // Trending before the job's first run: the week's views and sales, read from the activity.
      if (type === "trending" && !rowsOf(await db.execute(sql`${stored} limit 1`)).length) {
        return sql`select product_id, score from (${candidates("trending")}) c`;
      }
      return sql`${stored} ${categoryIds ? sql`and category_id = any(${intArray(categoryIds)})` : sql``}`;
    },
  };
}

/**
 * The catalogue itself, for a shop whose job never ran: each category's first products in its
 * listing order (featured, new, name), read from its index and cut at what the list still needs.
 */
function catalogue(categoryIds?: number[]): Step {
  return {
    categoryIds,
    rows: (_db, wanted) =>
      Promise.resolve(sql`select p.id as product_id, -r.n::real as score
        from ${categoryIds ? sql`unnest(${intArray(categoryIds)})` : sql`(select id from categories)`} c(id)
        cross join lateral (
          select p.id, row_number() over () as n from (
            select p.id from products p where p.category_id = c.id and ${onStorefrontAs("p")}
            order by p.featured desc nulls first, p.is_new desc nulls first, p.name, p.id limit ${wanted}
          ) p
        ) r join products p on p.id = r.id`),
  };
}

function customerList(type: CustomerListType, userId: number): Step {
  return {
    rows: async (db) => {
      const stored = sql`select recommended_product_id as product_id, score from recommendations
        where type = ${type} and user_id = ${userId}`;
      const any = rowsOf(await db.execute(sql`select 1 from (${stored}) r limit 1`)).length > 0;
      // Never built for this customer yet: their own rows, computed now.
      return any ? stored : sql`select product_id, score from (${candidates(type, userId)}) c`;
    },
  };
}

export type ProductListKind = "similar" | "frequentlyBought" | "crossSell" | "upSell";

/**
 * Each product list's steps for `source`, sharing one read of its stored lists. `categoryTree`: the
 * ids of its category and sub-categories when the caller holds them already (a page's cached
 * categories), else read here.
 */
async function productListSteps(
  db: Db,
  source: Product,
  categoryTree?: number[],
): Promise<Record<ProductListKind, Step[]>> {
  const productId = source.id;
  const own = categoryTree ?? (source.categoryId ? await categoryTreeIds(db, source.categoryId) : []);
  let lists: Promise<ProductLists> | null = null;
  const stored = (pick: (l: ProductLists) => Ranked): Step => ({
    rows: async (db) => pick(await (lists ??= productLists(db, productId))),
  });
  const similar = stored((l) => ({ ids: l.similar, scores: l.similarScores }));
  const bought = stored((l) => ({ ids: l.boughtTogether, scores: l.boughtTogetherScores }));
  const crossSell = stored((l) => ({ ids: l.crossSell, scores: l.crossSellScores }));
  const popularHere = shopList("category_popular", own);
  const catalogueHere = catalogue(own);
  const popular = shopList("category_popular");
  return {
    similar: [similar, popularHere, catalogueHere, popular, catalogue()],
    frequentlyBought: [bought, crossSell, similar, popularHere, catalogueHere, popular, catalogue()],
    crossSell: [crossSell, bought, popular, catalogue()],
    upSell: [
      { ...stored((l) => ({ ids: l.upSell, scores: l.upSellScores })), notCheaperThan: productId },
      // Only the same kind: the dearest product of its category has no up-sell.
      { ...popularHere, notCheaperThan: productId },
      { ...catalogueHere, notCheaperThan: productId },
    ],
  };
}

/** A product's list (404 for an unknown, draft or archived product), never holding the product itself. */
export async function productRecommendations(
  db: Db,
  kind: ProductListKind,
  productId: number,
  limit: number,
): Promise<Product[]> {
  const steps = await productListSteps(db, await getProduct(db, { id: productId }));
  return productsInOrder(db, await listIds(db, steps[kind], [productId], limit));
}

/**
 * The product page's two lists (similar, frequently bought together) for a product the page has
 * already read, with its category tree from the page's cached categories: one read of its stored
 * lists, the two lists' first steps chosen in one statement (the later steps only for a list still
 * short), and one read of the products both show (a cold product page's statements, issue 28).
 */
export async function productPageLists(
  db: Db,
  source: Product,
  limit: number,
  categoryTree?: number[],
): Promise<{ similar: Product[]; boughtTogether: Product[] }> {
  const [similar, boughtTogether] = rankedProducts(
    await storedPageLists(db).execute({ productId: source.id, limit }),
    2,
  );
  // Nearly every page: both lists full from the product's stored row, in one statement. Otherwise
  // (no row yet, or a list that goes on to shop-wide steps) the steps one by one.
  if (similar.length >= limit && boughtTogether.length >= limit) return { similar, boughtTogether };
  const steps = await productListSteps(db, source, categoryTree);
  const [similarIds, boughtIds] = await listIdsSideBySide(db, [steps.similar, steps.frequentlyBought], [
    source.id,
  ], limit);
  const products = await productsInOrder(db, [...new Set([...similarIds, ...boughtIds])]);
  const byId = new Map(products.map((p) => [p.id, p]));
  const pick = (ids: number[]) => ids.flatMap((id) => byId.get(id) ?? []);
  return { similar: pick(similarIds), boughtTogether: pick(boughtIds) };
}

/**
 * The first step of each page list when it is the product's stored row, ranked as stepQuery ranks
 * it, with the products: similar from its stored similar products; frequently bought together from
 * the first of its stored bought-together, cross-sell and similar lists that holds any (the order
 * of productListSteps' stored steps, whose empty steps listIdsSideBySide passes over).
 */
const storedPageLists = preparedQuery((db) => {
  const productId = sql.placeholder("productId");
  const limit = sql.placeholder("limit");
  const firstHeld = (lists: [string, string][], i: 0 | 1) =>
    sql.raw(`case ${lists.map((l) => `when cardinality(pr.${l[0]}) > 0 then pr.${l[i]}`).join(" ")} end`);
  const ranked = (list: number, lists: [string, string][]) => {
    const rows = sql`select r.product_id, r.score from product_recommendations pr
      cross join unnest(${firstHeld(lists, 0)}, ${firstHeld(lists, 1)}) r(product_id, score)
      where pr.product_id = ${productId} and r.product_id <> ${productId}`;
    return sql`select ${sql.raw(String(list))}::int as list, x.id, x.n from (${
      stepQuery({ rows: () => Promise.resolve(rows) }, rows, [], limit)
    }) x`;
  };
  const similar: [string, string] = ["similar_products", "similar_scores"];
  return rankedProductsQuery(
    db,
    sql`${ranked(0, [similar])} union all ${
      ranked(1, [["bought_together", "bought_together_scores"], ["cross_sell", "cross_sell_scores"], similar])
    }`,
  ).prepare("stored_page_lists");
});

/** Trending products (the last 7 days), shop-wide or in a category and its sub-categories. */
export async function trendingProducts(db: Db, limit: number, categoryId?: number): Promise<Product[]> {
  const categoryIds = categoryId === undefined ? undefined : await categoryTreeIds(db, categoryId);
  return productsInOrder(
    db,
    await listIds(
      db,
      [shopList("trending", categoryIds), shopList("category_popular", categoryIds), catalogue(categoryIds)],
      [],
      limit,
    ),
  );
}

/** A customer's list: personalized, then what they looked at, then trending and popular. */
export async function personalizedProducts(db: Db, userId: number, limit: number): Promise<Product[]> {
  return productsInOrder(
    db,
    await listIds(
      db,
      [
        customerList("personalized", userId),
        customerList("based_on_history", userId),
        shopList("trending"),
        shopList("category_popular"),
        catalogue(),
      ],
      [],
      limit,
    ),
  );
}
