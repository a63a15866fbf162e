/**
 * The candidate queries of the shop-wide and customer lists: set-based SQL answering rows (owner_id,
 * product_id, score) where owner_id is the customer (customer lists) or null (shop-wide lists, with
 * category_id). The job runs each for every owner at once or for some (`only`); a page whose
 * customer list was never stored runs it for one customer (their own rows). A product's own lists
 * are computed per product, bounded, in product_lists.ts. Archived products are never candidates.
 */
import { type SQL, sql } from "drizzle-orm";
import { onStorefrontAs } from "../catalog/visibility.ts";
import { CONSUMABLE_CATEGORIES } from "./rules.ts";

export type ProductListType = "similar_products" | "frequently_bought" | "cross_sell" | "up_sell";
export type CustomerListType = "personalized" | "based_on_history";
export type ShopListType = "trending" | "category_popular";
export type ListType = ProductListType | CustomerListType | ShopListType;

/** Restricts to some owners (a customer, or a batch of them). */
const onlyOwner = (column: string, only?: number | number[]) =>
  only === undefined ? sql`` : sql`and ${sql.raw(column)} = any(${`{${[only].flat().join(",")}}`}::int[])`;

/** Paid order lines (paid, not cancelled), one row per order and product. */
const paidLines = sql`select oi.order_id, oi.product_id, sum(oi.quantity)::int as quantity, max(o.paid_at) as paid_at,
  max(o.user_id) as user_id
  from order_items oi join orders o on o.id = oi.order_id
  where o.paid_at is not null and o.status <> 'cancelled' and oi.product_id is not null
  group by oi.order_id, oi.product_id`;

/** Views and paid units of the last 7 days (a paid unit counts as 5 views). */
function trending(): SQL {
  return sql`with views as (
      select product_id, sum(view_count)::real as n from browsing_history
      where last_viewed_at >= now() - interval '7 days' group by product_id
    ), sold as (
      select l.product_id, sum(l.quantity)::real as n from (${paidLines}) l
      where l.paid_at >= now() - interval '7 days' group by l.product_id
    )
    -- Driven by the week's activity (products looked up by key), not by the catalogue: a page of a
    -- shop whose job has not run yet computes it live.
    select null::int as owner_id, p.id as product_id, p.category_id,
      (coalesce(v.n, 0) + 5 * coalesce(s.n, 0))::real as score
    from views v full join sold s on s.product_id = v.product_id
    join products p on p.id = coalesce(v.product_id, s.product_id)
    where ${onStorefrontAs("p")}`;
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
    where ${onStorefrontAs("p")}`;
}

const consumable = sql`exists (select 1 from categories c left join categories pc on pc.id = c.parent_id
  where c.id = p.category_id and (c.slug in (${sql.join(CONSUMABLE_CATEGORIES.map((s) => sql`${s}`), sql`, `)})
  or pc.slug in (${sql.join(CONSUMABLE_CATEGORIES.map((s) => sql`${s}`), sql`, `)})))`;

/** Products a customer bought in paid orders (user_id, product_id, units). */
const bought = sql`select user_id, product_id, sum(quantity)::real as units from (${paidLines}) l
  where user_id is not null group by user_id, product_id`;

/** What a customer looked at: views and minutes on the page, the latest first; minus non-consumables they bought. */
function basedOnHistory(only?: number | number[]): SQL {
  return sql`with b as (${bought})
    select h.user_id as owner_id, h.product_id,
      ((h.view_count + least(h.time_spent, 3600) / 60.0)
        / (1 + extract(epoch from now() - h.last_viewed_at) / 604800.0))::real as score
    from browsing_history h join products p on p.id = h.product_id and ${onStorefrontAs("p")}
    where h.user_id is not null ${onlyOwner("h.user_id", only)}
      and not (exists (select 1 from b where b.user_id = h.user_id and b.product_id = h.product_id) and not ${consumable})`;
}

/**
 * A customer's interests (views, and paid purchases weighted x3) spread over the stored product lists
 * of those products (similar, bought together, complements); consumables they bought come back too.
 * Non-consumables they already bought are left out.
 */
function personalized(only?: number | number[]): SQL {
  return sql`with b as (${bought}),
    interest as (
      select user_id, product_id, (view_count + least(time_spent, 3600) / 60.0)::real as w
        from browsing_history where user_id is not null ${onlyOwner("user_id", only)}
      union all
      select user_id, product_id, 3 * units from b where true ${onlyOwner("user_id", only)}
    ),
    scored as (
      select i.user_id, r.recommended_product_id as product_id,
        sum(i.w * r.score * r.weight) as score
      from interest i join product_recommendations pr on pr.product_id = i.product_id
      cross join lateral (
        select unnest(pr.similar_products) as recommended_product_id, unnest(pr.similar_scores) as score, 1 as weight
        union all select unnest(pr.bought_together), unnest(pr.bought_together_scores), 2
        union all select unnest(pr.cross_sell), unnest(pr.cross_sell_scores), 1.5
      ) r
      group by i.user_id, r.recommended_product_id
      union all
      select b.user_id, b.product_id, 3 * b.units from b join products p on p.id = b.product_id where ${consumable}
    )
    select s.user_id as owner_id, s.product_id, sum(s.score)::real as score
    from scored s join products p on p.id = s.product_id and ${onStorefrontAs("p")}
    where not (exists (select 1 from b where b.user_id = s.user_id and b.product_id = s.product_id) and not ${consumable})
    group by s.user_id, s.product_id`;
}

/** The candidate rows of a shop-wide or customer list type, for every owner or only some. */
export function candidates(type: CustomerListType | ShopListType, only?: number | number[]): SQL {
  switch (type) {
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
