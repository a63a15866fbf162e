/**
 * The recommendations job (decision 0059). A full run computes every product's lists in batches
 * (each batch one bounded statement, committed on its own, so no lock is held longer than a batch),
 * then the shop-wide lists (the best of each category) and the customers' lists. An incremental run
 * recomputes only what a write touched: products written since the last run whose fingerprint
 * changed (staff edits, imports, archiving) or that are new, the products whose stored lists hold
 * one of those and the products now in their lists, the products of newly paid or cancelled
 * orders, and the customers who viewed or bought since the last run. One instance runs at a time:
 * a lease in recommendation_runs, taken by a conditional UPDATE and renewed per batch, so a crashed
 * run frees it when it lapses.
 */
import { type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.ts";
import { ConflictError } from "../../lib/errors.ts";
import {
  candidates,
  CUSTOMER_LISTS,
  type CustomerListType,
  type ListType,
  PRODUCT_LISTS,
  SHOP_LISTS,
} from "./candidates.ts";
import { crossSellTargets, fingerprint, type RuleTargets, storeProductLists } from "./product_lists.ts";
import { KEEP_PER_CATEGORY, KEEP_PER_LIST } from "./rules.ts";

export type RebuildCounts = Record<ListType, number>;

/** Products per statement, and statements at once (the job's share of the database). */
export const BATCH = 500;
const PARALLEL = 2;
/** How long a run's lease lasts without renewal (renewed after each batch). */
const LEASE_SECONDS = 300;
/** Above this many changed products an incremental run is a full one. */
const INCREMENTAL_MAX = 10_000;
/** A full run at least this often (trending windows move, customers' lists decay). */
const FULL_EVERY_MS = 24 * 3600_000;

export interface RunReport {
  kind: "full" | "incremental";
  /** Products whose lists were recomputed. */
  products: number;
  customers: number;
  counts: RebuildCounts;
}

class Lease {
  readonly owner = crypto.randomUUID();
  constructor(readonly db: Db) {}

  /** Takes the lease; false when another run holds it. */
  async take(): Promise<boolean> {
    await this.db.execute(sql`insert into recommendation_runs (id) values (1) on conflict do nothing`);
    return rowsOf(
      await this.db.execute(sql`update recommendation_runs set lease_owner = ${this.owner},
        lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
        where id = 1 and (lease_until is null or lease_until < now()) returning id`),
    ).length > 0;
  }

  /** Extends the lease; throws when it lapsed and another run took it (this one must stop). */
  async renew(): Promise<void> {
    const kept = rowsOf(
      await this.db.execute(sql`update recommendation_runs
        set lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
        where id = 1 and lease_owner = ${this.owner} returning id`),
    );
    if (!kept.length) throw new Error("recommendations: the run's lease was taken by another run");
  }

  async release(finished: { startedAt: Date; full: boolean } | null): Promise<void> {
    await this.db.execute(sql`update recommendation_runs set lease_owner = null, lease_until = null
      ${finished ? sql`, last_run_at = ${finished.startedAt.toISOString()}::timestamptz` : sql``}
      ${finished?.full ? sql`, last_full_at = ${finished.startedAt.toISOString()}::timestamptz` : sql``}
      where id = 1 and lease_owner = ${this.owner}`);
  }
}

async function ids(db: Db, query: ReturnType<typeof sql>): Promise<number[]> {
  return rowsOf<{ id: number }>(await db.execute(query)).map((r) => Number(r.id));
}

/** Stores the lists of `productIds` in batches, `PARALLEL` statements at a time. */
async function recomputeProducts(db: Db, lease: Lease, productIds: number[], targets: RuleTargets) {
  const batches: number[][] = [];
  for (let i = 0; i < productIds.length; i += BATCH) batches.push(productIds.slice(i, i + BATCH));
  let next = 0;
  async function worker() {
    while (next < batches.length) {
      const batch = batches[next++];
      await storeProductLists(db, batch, targets);
      await lease.renew();
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

/** The shop-wide lists, the best `KEEP_PER_CATEGORY` of each category (one statement each). */
async function rebuildShopLists(db: Db) {
  for (const type of SHOP_LISTS) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from recommendations where type = ${type}`);
      await tx.execute(sql`insert into recommendations (category_id, recommended_product_id, type, score)
        select category_id, product_id, ${type}::recommendation_type, score from (
          select c.*, row_number() over (partition by category_id order by score desc, product_id) as rn
          from (${candidates(type)}) c
        ) ranked where rn <= ${KEEP_PER_CATEGORY}`);
    });
  }
}

/** Customers' lists, for every customer (`only` undefined) or some, replaced in one transaction per type. */
async function rebuildCustomerLists(db: Db, only?: number[]) {
  if (only && !only.length) return;
  const owners = only ? sql`and user_id = any(${`{${only.join(",")}}`}::int[])` : sql``;
  for (const type of CUSTOMER_LISTS as CustomerListType[]) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from recommendations where type = ${type} ${owners}`);
      await tx.execute(sql`insert into recommendations (user_id, recommended_product_id, type, score)
        select owner_id, product_id, ${type}::recommendation_type, score from (
          select c.*, row_number() over (partition by owner_id order by score desc, product_id) as rn
          from (${candidates(type, only)}) c
        ) ranked where rn <= ${KEEP_PER_LIST}`);
    });
  }
}

/** Entries per list type now stored. */
async function storedCounts(db: Db): Promise<RebuildCounts> {
  const [p] = rowsOf<Record<string, number>>(
    await db.execute(sql`select coalesce(sum(cardinality(similar_products)), 0)::int as similar_products,
      coalesce(sum(cardinality(bought_together)), 0)::int as frequently_bought,
      coalesce(sum(cardinality(cross_sell)), 0)::int as cross_sell,
      coalesce(sum(cardinality(up_sell)), 0)::int as up_sell from product_recommendations`),
  );
  const rows = rowsOf<{ type: ListType; n: number }>(
    await db.execute(sql`select type, count(*)::int as n from recommendations group by type`),
  );
  const counts = {} as RebuildCounts;
  for (const type of PRODUCT_LISTS) counts[type] = Number(p[type] ?? 0);
  for (const type of [...SHOP_LISTS, ...CUSTOMER_LISTS]) {
    counts[type] = Number(rows.find((r) => r.type === type)?.n ?? 0);
  }
  return counts;
}

async function fullRun(db: Db, lease: Lease): Promise<RunReport> {
  const targets = await crossSellTargets(db);
  // Every product, archived ones included (their row holds empty lists and the fingerprint).
  const all = await ids(db, sql`select id from products order by category_id, id`);
  await recomputeProducts(db, lease, all, targets);
  // Product lists of the per-entry layout before decision 0059.
  await db.execute(sql`delete from recommendations where source_product_id is not null`);
  await rebuildShopLists(db);
  await lease.renew();
  await rebuildCustomerLists(db);
  return { kind: "full", products: all.length, customers: -1, counts: await storedCounts(db) };
}

/**
 * How far before the last run's start the minute check looks: a write's updated_at is its
 * transaction's start (or the app's clock), so a write that began before the run and committed
 * after it still falls in the window. Rechecking a few minutes' writes twice costs little.
 */
const CHANGED_OVERLAP = "15 minutes";

/**
 * Products whose lists are stale: new, or a write changed what they were computed from. Only the
 * products written since the last run (less the overlap) are compared, through the updated_at
 * index, so the check does not grow with the catalogue (decision 0090); migration 0034's trigger
 * moves updated_at whenever a fingerprint column changes. Anything older the daily full run redoes.
 */
function changedProducts(db: Db, since: SQL): Promise<number[]> {
  return ids(
    db,
    sql`select p.id from products p left join product_recommendations r on r.product_id = p.id
      where p.updated_at >= ${since} - ${CHANGED_OVERLAP}::interval
        and r.fingerprint is distinct from ${fingerprint("p")} order by p.id`,
  );
}

async function incrementalRun(db: Db, lease: Lease, sinceDate: Date): Promise<RunReport | null> {
  const since = sql`${sinceDate.toISOString()}::timestamptz`;
  const changed = await changedProducts(db, since);
  if (changed.length > INCREMENTAL_MAX) return null;
  // Orders paid, or cancelled after being paid, since the last run: their products' bought-together.
  const ordered = await ids(
    db,
    sql`select distinct oi.product_id as id from orders o join order_items oi on oi.order_id = o.id
      where o.paid_at is not null and (o.paid_at >= ${since} or o.updated_at >= ${since}) and oi.product_id is not null`,
  );
  const customers = await ids(
    db,
    sql`select user_id as id from browsing_history where last_viewed_at >= ${since} and user_id is not null
      union select user_id from orders where paid_at is not null and (paid_at >= ${since} or updated_at >= ${since})
        and user_id is not null`,
  );
  const first = [...new Set([...changed, ...ordered])];
  if (!first.length && !customers.length) {
    return { kind: "incremental", products: 0, customers: 0, counts: await storedCounts(db) };
  }
  const targets = first.length ? await crossSellTargets(db) : { rules: [], ids: [] };
  await recomputeProducts(db, lease, first, targets);
  // What depends on a changed product: lists holding it, and the products its new lists hold (the
  // lists are nearly symmetric: a product alike to it, or a step down from it, may now list it).
  let second: number[] = [];
  if (changed.length) {
    const list = sql`${`{${changed.join(",")}}`}::int[]`;
    second = await ids(
      db,
      sql`select product_id as id from product_recommendations
        where similar_products && ${list} or bought_together && ${list} or cross_sell && ${list} or up_sell && ${list}
      union select unnest(similar_products || up_sell) from product_recommendations where product_id = any(${list})`,
    );
    const done = new Set(first);
    second = second.filter((id) => !done.has(id));
    await recomputeProducts(db, lease, second, targets);
  }
  await rebuildShopLists(db);
  await lease.renew();
  await rebuildCustomerLists(db, customers);
  return {
    kind: "incremental",
    products: first.length + second.length,
    customers: customers.length,
    counts: await storedCounts(db),
  };
}

async function withLease(db: Db, fn: (lease: Lease, startedAt: Date) => Promise<RunReport>): Promise<RunReport> {
  const lease = new Lease(db);
  if (!(await lease.take())) throw new ConflictError("Recommendations are being rebuilt; try again in a minute");
  const [{ now }] = rowsOf<{ now: string | Date }>(await db.execute(sql`select now() as now`));
  const startedAt = new Date(now);
  let finished: { startedAt: Date; full: boolean } | null = null;
  try {
    const report = await fn(lease, startedAt);
    finished = { startedAt, full: report.kind === "full" };
    return report;
  } finally {
    await lease.release(finished);
  }
}

/** Recomputes every list now; answers how many entries each type holds (409 while another run holds the lease). */
export async function rebuildRecommendations(db: Db): Promise<RebuildCounts> {
  return (await withLease(db, (lease) => fullRun(db, lease))).counts;
}

/**
 * The scheduled run: incremental after a full one, full when none finished in the last day (or
 * ever) or too much changed. Null when another instance holds the lease (its run does the work).
 */
export async function updateRecommendations(db: Db): Promise<RunReport | null> {
  try {
    return await withLease(db, async (lease) => {
      const [state] = rowsOf<{ last_run_at: string | Date | null; last_full_at: string | Date | null }>(
        await db.execute(sql`select last_run_at, last_full_at from recommendation_runs where id = 1`),
      );
      const lastFull = state?.last_full_at ? new Date(state.last_full_at).getTime() : 0;
      if (state?.last_run_at && Date.now() - lastFull < FULL_EVERY_MS) {
        const report = await incrementalRun(db, lease, new Date(state.last_run_at));
        if (report) return report;
      }
      return await fullRun(db, lease);
    });
  } catch (err) {
    if (err instanceof ConflictError) return null;
    throw err;
  }
}

export interface ListSummary {
  type: ListType;
  entries: number;
  /** When the job last stored this type (null: never). */
  builtAt: Date | null;
}

/** Entries per stored type and when each was built, for the staff page. */
export async function recommendationSummary(db: Db): Promise<ListSummary[]> {
  const counts = await storedCounts(db);
  const rows = rowsOf<{ type: ListType; built_at: string | Date | null }>(
    await db.execute(sql`select type::text as type, max(created_at) as built_at from recommendations group by type
      union all select t, (select max(built_at) from product_recommendations)
      from unnest(array['similar_products', 'frequently_bought', 'cross_sell', 'up_sell']) t`),
  );
  return [...PRODUCT_LISTS, ...SHOP_LISTS, ...CUSTOMER_LISTS].map((type) => {
    const row = rows.find((r) => r.type === type);
    return {
      type,
      entries: counts[type],
      builtAt: counts[type] && row?.built_at ? new Date(row.built_at) : null,
    };
  });
}
