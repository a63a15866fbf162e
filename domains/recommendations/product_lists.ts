/**
 * A product's four lists (similar, bought together, cross-sell, up-sell), computed for a batch of
 * products by one statement whose every read is bounded per product (decision 0059): candidates
 * come from the category's price indexes and the brand index through `LATERAL ... LIMIT`, and only
 * those few get the costlier trigram similarity of names. So a batch costs the same at 1,000 and at
 * 100,000 products, the job is batches of these, and a page can compute the lists of a product
 * nothing was stored for yet.
 */
import { type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.ts";
import { onStorefrontAs } from "../catalog/visibility.ts";
import { CROSS_SELL_RULES, KEEP_PER_LIST } from "./rules.ts";

/** Candidates per product: the nearest prices in its category, above and below it. */
export const NEIGHBOURS_ABOVE = 10;
export const NEIGHBOURS_BELOW = 6;
/** Paid orders of a product read for "bought together": its latest. */
export const ORDERS_PER_PRODUCT = 500;
/** Targets kept per cross-sell rule (in stock, featured, then oldest first). */
export const TARGETS_PER_RULE = 24;

/** One product's stored (or just computed) lists, best first, with scores. */
export interface ProductLists {
  productId: number;
  similar: number[];
  similarScores: number[];
  boughtTogether: number[];
  boughtTogetherScores: number[];
  crossSell: number[];
  crossSellScores: number[];
  upSell: number[];
  upSellScores: number[];
}

/** Each cross-sell rule's targets, found once per run (a regular expression over the catalogue). */
export interface RuleTargets {
  rules: number[];
  ids: number[];
}

export const NO_TARGETS: RuleTargets = { rules: [], ids: [] };

/**
 * What a product's lists are computed from: a write that changes it makes the lists stale. Migration
 * 0034's trigger watches the same columns (it moves updated_at, which the minute check reads): keep
 * the two lists alike (decision 0090).
 */
export const fingerprint = (t: string) =>
  sql.raw(`md5(concat_ws('|', ${t}.name, ${t}.brand, ${t}.category_id, ${t}.price, ${t}.sale_price,
    (${t}.archived_at is null and ${t}.status = 'active')))`);

/** "name category-slug parent-slug" of a product, what the cross-sell rules match. */
const kind = (t: string) => sql.raw(`lower(${t}.name || ' ' || coalesce(c.slug, '') || ' ' || coalesce(pc.slug, ''))`);

const rulesValues = () =>
  sql.join(
    CROSS_SELL_RULES.map((r, i) => sql`(${i}::int, ${r.when}::text, ${r.then}::text, ${r.weight}::real)`),
    sql`, `,
  );

/**
 * Each rule's first targets (in stock, featured, then oldest): one pass over the live catalogue
 * matching every rule's `then` (products x rules regex tests, once per run, not once per product).
 */
export async function crossSellTargets(db: Db): Promise<RuleTargets> {
  const rows = rowsOf<{ rule: number; id: number }>(
    await db.execute(sql`with rules(rule, src, dst, weight) as (values ${rulesValues()})
      select rule, id from (
        select r.rule, p.id, row_number() over (partition by r.rule order by p.stock > 0 desc, p.featured desc, p.id) as rn
        from products p left join categories c on c.id = p.category_id left join categories pc on pc.id = c.parent_id
        join rules r on ${kind("p")} ~* r.dst
        where ${onStorefrontAs("p")}
      ) t where rn <= ${TARGETS_PER_RULE} order by rule, rn`),
  );
  return { rules: rows.map((r) => Number(r.rule)), ids: rows.map((r) => Number(r.id)) };
}

const eff = (t: string) => sql.raw(`coalesce(${t}.sale_price, ${t}.price)`);

/** Top entries of a list's (sid, pid, score) rows, aggregated per source product. */
function top(name: string, rows: SQL): SQL {
  return sql`${sql.raw(name)} as (
    select sid, array_agg(pid order by score desc, pid) as ids, array_agg(score order by score desc, pid) as scores
    from (select sid, pid, score, row_number() over (partition by sid order by score desc, pid) as rn from (${rows}) r) r
    where rn <= ${KEEP_PER_LIST} group by sid
  )`;
}

/**
 * The lists of `ids` (drafts and archived ones get empty lists), one row each with the products' fingerprints.
 * Every read is bounded per product; `targets` holds the cross-sell rules' targets (empty: no
 * cross-sell, as a page computing one product's lists has no run's targets).
 */
export function productListsQuery(ids: number[], targets: RuleTargets): SQL {
  return sql`with src as (
      select s.id, s.category_id, s.brand, s.name, ${eff("s")} as eff, ${onStorefrontAs("s")} as live, ${
    fingerprint("s")
  } as fingerprint,
        ${kind("s")} as kind
      from products s left join categories c on c.id = s.category_id left join categories pc on pc.id = c.parent_id
      where s.id = any(${`{${ids.join(",")}}`}::int[])
    ),
    -- The only candidates: the nearest prices of the category above and below (its listing price
    -- indexes, read in order and stopped). A brand's other products are not read: a rare brand's
    -- would be found only by reading the catalogue.
    near as (
      select s.id as sid, n.id as pid, n.up from src s cross join lateral (
        (select p.id, true as up from products p
          where p.category_id = s.category_id and ${onStorefrontAs("p")} and ${eff("p")} >= s.eff and p.id <> s.id
          order by ${eff("p")}, p.name, p.id limit ${NEIGHBOURS_ABOVE})
        union all
        (select p.id, false from products p
          where p.category_id = s.category_id and ${onStorefrontAs("p")} and ${eff("p")} < s.eff
          order by ${eff("p")} desc, p.name, p.id limit ${NEIGHBOURS_BELOW})

      ) n where s.live
    ),
    scored as (
      select s.id as sid, p.id as pid, n.up and ${eff("p")} > s.eff as dearer, s.eff, ${eff("p")} as peff,
        coalesce(p.brand, '') <> '' and p.brand = s.brand as same_brand, similarity(p.name, s.name) as sim
      from near n join src s on s.id = n.sid join products p on p.id = n.pid
    ),
    ${
    top(
      "sim_list",
      sql`select sid, pid, (3 + case when same_brand then 1 else 0 end
        + case when peff between eff * 0.5 and eff * 2 then 1 else 0 end + 3 * sim)::real as score from scored`,
    )
  },
    ${
    top(
      "up_list",
      sql`select sid, pid, (eff / nullif(peff, 0) + 2 * sim + case when same_brand then 0.5 else 0 end)::real as score
        from scored where dearer`,
    )
  },
    -- Bought in the same paid order (not cancelled): the number of the product's latest orders holding both.
    ${
    top(
      "bought_list",
      sql`select s.id as sid, b.product_id as pid, count(distinct o.order_id)::real as score
        from src s cross join lateral (
          select oi.order_id from order_items oi join orders o on o.id = oi.order_id
          where oi.product_id = s.id and o.paid_at is not null and o.status <> 'cancelled'
          group by oi.order_id, o.paid_at order by o.paid_at desc, oi.order_id desc limit ${ORDERS_PER_PRODUCT}
        ) o
        join order_items b on b.order_id = o.order_id and b.product_id <> s.id
        join products p on p.id = b.product_id and ${onStorefrontAs("p")}
        where s.live group by s.id, b.product_id`,
    )
  },
    -- Complements: the rules the product matches, joined to those rules' targets.
    ${
    top(
      "cross_list",
      sql`select s.id as sid, t.id as pid,
          max(s.weight + case when coalesce(p.brand, '') <> '' and p.brand = s.brand then 0.5 else 0 end)::real as score
        from (select s.id, s.brand, r.rule, r.weight from src s
          join (values ${rulesValues()}) r(rule, src, dst, weight) on s.kind ~* r.src where s.live offset 0) s
        join unnest(${`{${targets.rules.join(",")}}`}::int[], ${`{${
        targets.ids.join(",")
      }}`}::int[]) t(rule, id) on t.rule = s.rule and t.id <> s.id
        join products p on p.id = t.id and ${onStorefrontAs("p")}
        group by s.id, t.id`,
    )
  }
    select s.id as product_id,
      coalesce(si.ids, '{}') as similar_products, coalesce(si.scores, '{}') as similar_scores,
      coalesce(bo.ids, '{}') as bought_together, coalesce(bo.scores, '{}') as bought_together_scores,
      coalesce(cr.ids, '{}') as cross_sell, coalesce(cr.scores, '{}') as cross_sell_scores,
      coalesce(up.ids, '{}') as up_sell, coalesce(up.scores, '{}') as up_sell_scores,
      s.fingerprint
    from src s left join sim_list si on si.sid = s.id left join bought_list bo on bo.sid = s.id
      left join cross_list cr on cr.sid = s.id left join up_list up on up.sid = s.id`;
}

/** Computes and stores the lists of `ids` (one statement; each row replaced atomically). */
export async function storeProductLists(db: Db, ids: number[], targets: RuleTargets): Promise<number> {
  if (!ids.length) return 0;
  const result = await db.execute(sql`insert into product_recommendations (product_id, similar_products, similar_scores,
      bought_together, bought_together_scores, cross_sell, cross_sell_scores, up_sell, up_sell_scores, fingerprint)
    select * from (${productListsQuery(ids, targets)}) q
    on conflict (product_id) do update set similar_products = excluded.similar_products, similar_scores = excluded.similar_scores,
      bought_together = excluded.bought_together, bought_together_scores = excluded.bought_together_scores,
      cross_sell = excluded.cross_sell, cross_sell_scores = excluded.cross_sell_scores, up_sell = excluded.up_sell,
      up_sell_scores = excluded.up_sell_scores, fingerprint = excluded.fingerprint, built_at = now()
    returning product_id`);
  return rowsOf(result).length;
}

interface ListsRow {
  product_id: number;
  similar_products: number[];
  similar_scores: number[];
  bought_together: number[];
  bought_together_scores: number[];
  cross_sell: number[];
  cross_sell_scores: number[];
  up_sell: number[];
  up_sell_scores: number[];
}

const nums = (a: unknown): number[] => (Array.isArray(a) ? a : []).map(Number);

function toLists(row: ListsRow): ProductLists {
  return {
    productId: Number(row.product_id),
    similar: nums(row.similar_products),
    similarScores: nums(row.similar_scores),
    boughtTogether: nums(row.bought_together),
    boughtTogetherScores: nums(row.bought_together_scores),
    crossSell: nums(row.cross_sell),
    crossSellScores: nums(row.cross_sell_scores),
    upSell: nums(row.up_sell),
    upSellScores: nums(row.up_sell_scores),
  };
}

/**
 * A product's lists: its stored row (one primary-key read), or, when the job has not reached it yet
 * (a product imported a moment ago), the same bounded computation for it alone, without cross-sell
 * (whose rule targets only a run finds); stored by the next run.
 */
export async function productLists(db: Db, productId: number): Promise<ProductLists> {
  const [stored] = rowsOf<ListsRow>(
    await db.execute(sql`select product_id, similar_products, similar_scores, bought_together, bought_together_scores,
      cross_sell, cross_sell_scores, up_sell, up_sell_scores from product_recommendations where product_id = ${productId}`),
  );
  if (stored) return toLists(stored);
  const [live] = rowsOf<ListsRow>(await db.execute(productListsQuery([productId], NO_TARGETS)));
  return live ? toLists(live) : toLists({ product_id: productId } as ListsRow);
}
