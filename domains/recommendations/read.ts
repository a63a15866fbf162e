/**
 * Reading a list for a page or the API: the stored entries (one query), or the live computation when
 * nothing is stored for that owner yet, then the list's fallbacks in order until it is full, so no
 * list is empty while the catalogue has products. Products in stock come first; archived products
 * and the product itself never appear; an up-sell never costs less than its product.
 */
import { type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.ts";
import { categoryTreeIds, getProduct, type Product, productsInOrder } from "../catalog/mod.ts";
import { candidates, CUSTOMER_LISTS, type ListType, PRODUCT_LISTS } from "./candidates.ts";

/** One step of a list: a stored type for an owner, optionally restricted. */
interface Step {
  type: ListType;
  /** The source product (product lists) or customer (customer lists); none for shop-wide lists. */
  owner?: number;
  categoryIds?: number[];
  /** Only products whose price (sale price when set) is at least this product's. */
  notCheaperThan?: number;
}

const inStock =
  sql`(p.stock > 0 or exists (select 1 from product_variants v where v.product_id = p.id and v.stock > 0))`;

function storedRows(step: Step): SQL {
  const owner = (PRODUCT_LISTS as string[]).includes(step.type)
    ? sql`source_product_id = ${step.owner!}`
    : (CUSTOMER_LISTS as string[]).includes(step.type)
    ? sql`user_id = ${step.owner!}`
    : sql`source_product_id is null and user_id is null`;
  return sql`select recommended_product_id as product_id, score from recommendations where type = ${step.type} and ${owner}`;
}

async function stepIds(db: Db, step: Step, rows: SQL, exclude: number[], limit: number): Promise<number[]> {
  const where: SQL[] = [sql`p.archived_at is null`];
  if (exclude.length) where.push(sql`p.id not in (${sql.join(exclude.map((id) => sql`${id}`), sql`, `)})`);
  if (step.categoryIds) {
    where.push(
      step.categoryIds.length
        ? sql`p.category_id in (${sql.join(step.categoryIds.map((id) => sql`${id}`), sql`, `)})`
        : sql`false`,
    );
  }
  if (step.notCheaperThan !== undefined) {
    where.push(sql`coalesce(p.sale_price, p.price) >= (select coalesce(s.sale_price, s.price) from products s
      where s.id = ${step.notCheaperThan})`);
  }
  const result = await db.execute<{ id: number }>(
    sql`select p.id from (${rows}) r join products p on p.id = r.product_id
    where ${sql.join(where, sql` and `)}
    group by p.id order by bool_or(${inStock}) desc, max(r.score) desc, p.id limit ${limit}`,
  );
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}

/** Product ids for a list: its steps in order, each stored or (nothing stored for it) computed live. */
async function listIds(db: Db, steps: Step[], exclude: number[], limit: number): Promise<number[]> {
  const ids: number[] = [];
  for (const step of steps) {
    if (ids.length >= limit) break;
    const skip = [...exclude, ...ids];
    let found = await stepIds(db, step, storedRows(step), skip, limit - ids.length);
    if (!found.length && !(await anyStored(db, step))) {
      found = await stepIds(db, step, candidates(step.type, step.owner), skip, limit - ids.length);
    }
    ids.push(...found);
  }
  return ids;
}

/** Whether the job stored anything for this step's owner (then an empty answer is the real one). */
async function anyStored(db: Db, step: Step): Promise<boolean> {
  return rowsOf(await db.execute(sql`select 1 from (${storedRows(step)}) r limit 1`)).length > 0;
}

export type ProductListKind = "similar" | "frequentlyBought" | "crossSell" | "upSell";

/** A product's list (404 for an unknown or archived product), never holding the product itself. */
export async function productRecommendations(
  db: Db,
  kind: ProductListKind,
  productId: number,
  limit: number,
): Promise<Product[]> {
  const source = await getProduct(db, { id: productId });
  const own = source.categoryId ? await categoryTreeIds(db, source.categoryId) : [];
  const similar: Step = { type: "similar_products", owner: productId };
  const popularHere: Step = { type: "category_popular", categoryIds: own };
  const popular: Step = { type: "category_popular" };
  const steps: Record<ProductListKind, Step[]> = {
    similar: [similar, popularHere, popular],
    frequentlyBought: [
      { type: "frequently_bought", owner: productId },
      { type: "cross_sell", owner: productId },
      similar,
      popularHere,
      popular,
    ],
    crossSell: [
      { type: "cross_sell", owner: productId },
      { type: "frequently_bought", owner: productId },
      popular,
    ],
    upSell: [
      { type: "up_sell", owner: productId, notCheaperThan: productId },
      // Only the same kind: the dearest product of its category has no up-sell.
      { ...popularHere, notCheaperThan: productId },
    ],
  };
  return productsInOrder(db, await listIds(db, steps[kind], [productId], limit));
}

/** Trending products (the last 7 days), shop-wide or in a category and its sub-categories. */
export async function trendingProducts(db: Db, limit: number, categoryId?: number): Promise<Product[]> {
  const categoryIds = categoryId === undefined ? undefined : await categoryTreeIds(db, categoryId);
  return productsInOrder(
    db,
    await listIds(db, [{ type: "trending", categoryIds }, { type: "category_popular", categoryIds }], [], limit),
  );
}

/** A customer's list: personalized, then what they looked at, then trending and popular. */
export async function personalizedProducts(db: Db, userId: number, limit: number): Promise<Product[]> {
  return productsInOrder(
    db,
    await listIds(
      db,
      [
        { type: "personalized", owner: userId },
        { type: "based_on_history", owner: userId },
        { type: "trending" },
        { type: "category_popular" },
      ],
      [],
      limit,
    ),
  );
}
