/**
 * The candidate queries, one per list type: set-based SQL answering rows (owner_id, product_id, score)
 * where owner_id is the source product (product lists), the customer (customer lists) or null
 * (shop-wide lists, with category_id). The rebuild job runs each for every owner at once; a page
 * whose list was never stored runs the same query for one owner (`only`). Archived products are
 * never candidates; a product never recommends itself.
 */
import { type SQL, sql } from "drizzle-orm";
import { CONSUMABLE_CATEGORIES, CROSS_SELL_RULES } from "./rules.ts";

export type ProductListType = "similar_products" | "frequently_bought" | "cross_sell" | "up_sell";
export type CustomerListType = "personalized" | "based_on_history";
export type ShopListType = "trending" | "category_popular";
export type ListType = ProductListType | CustomerListType | ShopListType;

const eff = (t: string) => sql.raw(`coalesce(${t}.sale_price, ${t}.price)`);
const onlyOwner = (column: string, only?: number) => only === undefined ? sql`` : sql`and ${sql.raw(column)} = ${only}`;

/** Paid order lines (paid, not cancelled), one row per order and product. */
const paidLines = sql`select oi.order_id, oi.product_id, sum(oi.quantity)::int as quantity, max(o.paid_at) as paid_at,
  max(o.user_id) as user_id
  from order_items oi join orders o on o.id = oi.order_id
  where o.paid_at is not null and o.status <> 'cancelled' and oi.product_id is not null
  group by oi.order_id, oi.product_id`;

/**
 * Same category or same brand. Cheap measures (category, brand, price band, nearest price) pick each
 * product's 40 best candidates first; only those get the costlier text similarity of names and
 * descriptions (a few hundred thousand pairs would otherwise each compute trigrams).
 */
function similar(only?: number): SQL {
  return sql`with pairs as (
      select s.id as sid, p.id as pid from products s
        join products p on p.category_id = s.category_id and p.id <> s.id
        where s.archived_at is null ${onlyOwner("s.id", only)}
      union
      select s.id, p.id from products s
        join products p on p.brand = s.brand and p.id <> s.id
        where s.archived_at is null and coalesce(s.brand, '') <> '' ${onlyOwner("s.id", only)}
    ),
    cheap as (
      select s.id as sid, p.id as pid,
        case when p.category_id is not distinct from s.category_id then 3 else 0 end
        + case when coalesce(p.brand, '') <> '' and p.brand = s.brand then 1 else 0 end
        + case when ${eff("p")} between ${eff("s")} * 0.5 and ${eff("s")} * 2 then 1 else 0 end as base,
        row_number() over (partition by s.id order by
          case when p.category_id is not distinct from s.category_id then 3 else 0 end
          + case when coalesce(p.brand, '') <> '' and p.brand = s.brand then 1 else 0 end desc,
          abs(ln(greatest(${eff("p")}, 0.01) / greatest(${eff("s")}, 0.01))), p.id) as rn
      from pairs join products s on s.id = pairs.sid join products p on p.id = pairs.pid
      where p.archived_at is null
    )
    select s.id as owner_id, p.id as product_id,
      (c.base + 3 * similarity(p.name, s.name)
       + similarity(left(coalesce(p.description, ''), 160), left(coalesce(s.description, ''), 160)))::real as score
    from cheap c join products s on s.id = c.sid join products p on p.id = c.pid
    where c.rn <= 40`;
}

/** Bought in the same paid order: the number of orders holding both. */
function frequentlyBought(only?: number): SQL {
  return sql`with lines as (${paidLines})
    select a.product_id as owner_id, b.product_id, count(*)::real as score
    from lines a join lines b on b.order_id = a.order_id and b.product_id <> a.product_id
    join products s on s.id = a.product_id and s.archived_at is null
    join products p on p.id = b.product_id and p.archived_at is null
    where true ${onlyOwner("a.product_id", only)}
    group by a.product_id, b.product_id`;
}

/** "name category-slug parent-slug" of a product, what the cross-sell rules match. */
const kind = sql`lower(p.name || ' ' || coalesce(c.slug, '') || ' ' || coalesce(pc.slug, ''))`;

/** Complements by the rule table: each product is matched against each rule once, then joined. */
function crossSell(only?: number): SQL {
  const rules = sql.join(
    CROSS_SELL_RULES.map((r, i) => sql`(${i}::int, ${r.when}::text, ${r.then}::text, ${r.weight}::real)`),
    sql`, `,
  );
  return sql`with rules(rule, src, dst, weight) as (values ${rules}),
    kinds as (
      select p.id, p.brand, p.archived_at, p.featured, p.stock > 0 as in_stock, ${kind} as kind from products p
        left join categories c on c.id = p.category_id left join categories pc on pc.id = c.parent_id
    ),
    sources as (select k.id, k.brand, r.rule, r.weight from kinds k join rules r on k.kind ~* r.src
      where k.archived_at is null ${onlyOwner("k.id", only)}),
    -- Each rule's 40 first targets (in stock, featured, then oldest): a source joins those, not every match.
    targets as (select id, brand, rule from (
      select k.id, k.brand, r.rule, row_number() over (partition by r.rule order by k.in_stock desc, k.featured desc, k.id) as rn
      from kinds k join rules r on k.kind ~* r.dst where k.archived_at is null
    ) t where rn <= 40)
    select s.id as owner_id, t.id as product_id,
      max(s.weight + case when coalesce(t.brand, '') <> '' and t.brand = s.brand then 0.5 else 0 end)::real as score
    from sources s join targets t on t.rule = s.rule and t.id <> s.id
    group by s.id, t.id`;
}

/** Same category, dearer (never cheaper): the nearest step up and the most alike name first. */
function upSell(only?: number): SQL {
  return sql`select s.id as owner_id, p.id as product_id,
      (${eff("s")} / nullif(${eff("p")}, 0) + 2 * similarity(p.name, s.name)
       + case when coalesce(p.brand, '') <> '' and p.brand = s.brand then 0.5 else 0 end)::real as score
    from products s join products p on p.category_id = s.category_id and p.id <> s.id
    where s.archived_at is null and p.archived_at is null and ${eff("p")} > ${eff("s")}
      ${onlyOwner("s.id", only)}`;
}

/** Views and paid units of the last 7 days (a paid unit counts as 5 views). */
function trending(): SQL {
  return sql`with views as (
      select product_id, sum(view_count)::real as n from browsing_history
      where last_viewed_at >= now() - interval '7 days' group by product_id
    ), sold as (
      select l.product_id, sum(l.quantity)::real as n from (${paidLines}) l
      where l.paid_at >= now() - interval '7 days' group by l.product_id
    )
    select null::int as owner_id, p.id as product_id, p.category_id,
      (coalesce(v.n, 0) + 5 * coalesce(s.n, 0))::real as score
    from products p left join views v on v.product_id = p.id left join sold s on s.product_id = p.id
    where p.archived_at is null and (v.n is not null or s.n is not null)`;
}

/**
 * Every live product, most popular first: paid units ever (x3), views ever, then featured and new,
 * so a brand-new shop still has an order. The fallback for every other list.
 */
function categoryPopular(): SQL {
  return sql`with views as (select product_id, sum(view_count)::real as n from browsing_history group by product_id),
    sold as (select l.product_id, sum(l.quantity)::real as n from (${paidLines}) l group by l.product_id)
    select null::int as owner_id, p.id as product_id, p.category_id,
      (3 * coalesce(s.n, 0) + coalesce(v.n, 0) + case when p.featured then 0.5 else 0 end
       + case when p.is_new then 0.25 else 0 end)::real as score
    from products p left join views v on v.product_id = p.id left join sold s on s.product_id = p.id
    where p.archived_at is null`;
}

const consumable = sql`exists (select 1 from categories c left join categories pc on pc.id = c.parent_id
  where c.id = p.category_id and (c.slug in (${sql.join(CONSUMABLE_CATEGORIES.map((s) => sql`${s}`), sql`, `)})
  or pc.slug in (${sql.join(CONSUMABLE_CATEGORIES.map((s) => sql`${s}`), sql`, `)})))`;

/** Products a customer bought in paid orders (user_id, product_id, units). */
const bought = sql`select user_id, product_id, sum(quantity)::real as units from (${paidLines}) l
  where user_id is not null group by user_id, product_id`;

/** What a customer looked at: views and minutes on the page, the latest first; minus non-consumables they bought. */
function basedOnHistory(only?: number): SQL {
  return sql`with b as (${bought})
    select h.user_id as owner_id, h.product_id,
      ((h.view_count + least(h.time_spent, 3600) / 60.0)
        / (1 + extract(epoch from now() - h.last_viewed_at) / 604800.0))::real as score
    from browsing_history h join products p on p.id = h.product_id and p.archived_at is null
    where h.user_id is not null ${onlyOwner("h.user_id", only)}
      and not (exists (select 1 from b where b.user_id = h.user_id and b.product_id = h.product_id) and not ${consumable})`;
}

/**
 * A customer's interests (views, and paid purchases weighted x3) spread over the stored product lists
 * of those products (similar, bought together, complements); consumables they bought come back too.
 * Non-consumables they already bought are left out.
 */
function personalized(only?: number): SQL {
  return sql`with b as (${bought}),
    interest as (
      select user_id, product_id, (view_count + least(time_spent, 3600) / 60.0)::real as w
        from browsing_history where user_id is not null ${onlyOwner("user_id", only)}
      union all
      select user_id, product_id, 3 * units from b where true ${onlyOwner("user_id", only)}
    ),
    scored as (
      select i.user_id, r.recommended_product_id as product_id,
        sum(i.w * r.score * case r.type when 'frequently_bought' then 2 when 'cross_sell' then 1.5 else 1 end) as score
      from interest i join recommendations r on r.source_product_id = i.product_id
        and r.type in ('similar_products', 'frequently_bought', 'cross_sell')
      group by i.user_id, r.recommended_product_id
      union all
      select b.user_id, b.product_id, 3 * b.units from b join products p on p.id = b.product_id where ${consumable}
    )
    select s.user_id as owner_id, s.product_id, sum(s.score)::real as score
    from scored s join products p on p.id = s.product_id and p.archived_at is null
    where not (exists (select 1 from b where b.user_id = s.user_id and b.product_id = s.product_id) and not ${consumable})
    group by s.user_id, s.product_id`;
}

/** The candidate rows of a list type, for every owner or only one. */
export function candidates(type: ListType, only?: number): SQL {
  switch (type) {
    case "similar_products":
      return similar(only);
    case "frequently_bought":
      return frequentlyBought(only);
    case "cross_sell":
      return crossSell(only);
    case "up_sell":
      return upSell(only);
    case "based_on_history":
      return basedOnHistory(only);
    case "personalized":
      return personalized(only);
    case "trending":
      return trending();
    case "category_popular":
      return categoryPopular();
  }
}

export const PRODUCT_LISTS: ProductListType[] = ["similar_products", "frequently_bought", "cross_sell", "up_sell"];
export const CUSTOMER_LISTS: CustomerListType[] = ["based_on_history", "personalized"];
export const SHOP_LISTS: ShopListType[] = ["trending", "category_popular"];
