/**
 * The products a search shows (decision 0054). Relevance is computed per product (full-text rank
 * plus trigram similarity), so ranking every match of a broad word ("vivarium" matches 38,576 of
 * 100,000 generated products, 280-350 ms) costs in proportion to the matches. So a search ranks at
 * most {@link RANKED_MATCHES} of them, read from the indexes tier by tier (name or brand matches
 * first, then the rest of the text matches, then typo matches), and says when more match. With
 * fewer matches than that, every match is ranked: the same result as ranking them all. Any other
 * sort of a search (price, name, newest) sorts the same candidates.
 */
import { type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.ts";
import { products } from "../../db/schema/mod.ts";
import { relevanceOrder, searchTiers } from "./text_search.ts";

/** At most this many matches of a search are ranked; a shopper sees "1000+" and pages through them. */
export const RANKED_MATCHES = 1000;

/** A page of a list as product ids in order, and how many products match: what a search keeps (decision 0050). */
export interface RankedPage {
  ids: number[];
  /** The number of matches, or with `capped` the number ranked (more match). */
  total: number;
  capped: boolean;
}

/** A page of a search: its words, the products the filter's other conditions allow, the page and its order. */
export interface SearchPageQuery {
  q: string;
  where?: SQL;
  page: number;
  limit: number;
  /** The sort; best match first when left out. */
  order?: SQL[];
  /** How many matches are ranked at most (tests lower it). */
  cap?: number;
}

/**
 * The page of a search among its candidates (up to `cap` + 1, to know whether more match), in the
 * given order, and their number. One statement; a search sorted by price or name sorts the same
 * candidates, so every sort of a search shows the same products and count.
 */
export async function searchPageIds(db: Db, query: SearchPageQuery): Promise<RankedPage> {
  const { q, where, page, limit, cap = RANKED_MATCHES } = query;
  const tiers = searchTiers(q);
  const order = query.order ?? relevanceOrder(q);
  if (!tiers || !order) return { ids: [], total: 0, capped: false };
  const id = products.id;
  const result = await db.execute(sql`
    with candidates as ${candidates(tiers, where, cap)}
    select found.n as found, ranked.id from (select count(*)::int as n from candidates) found
    left join lateral (
      select ${id} as id, row_number() over (order by ${sql.join(order, sql`, `)}) as position from ${products}
      where ${id} in (select id from candidates limit ${cap})
      order by position limit ${limit} offset ${(page - 1) * limit}
    ) ranked on true
    order by ranked.position`);
  const rows = rowsOf<{ found: number; id: number | null }>(result);
  const found = Number(rows[0]?.found ?? 0);
  return {
    ids: rows.flatMap((r) => (r.id === null ? [] : [Number(r.id)])),
    total: Math.min(found, cap),
    capped: found > cap,
  };
}

/**
 * The matches of `q` a search ranks among the products `where` allows: at most `cap` ids, and
 * whether more match. A search's facets count these (decision 0054).
 */
export async function searchCandidates(
  db: Db,
  q: string,
  where: SQL | undefined,
  cap = RANKED_MATCHES,
): Promise<{ ids: number[]; capped: boolean }> {
  const tiers = searchTiers(q);
  if (!tiers) return { ids: [], capped: false };
  const rows = rowsOf<{ id: number }>(await db.execute(sql`select id from ${candidates(tiers, where, cap)} c`));
  return { ids: rows.slice(0, cap).map((r) => Number(r.id)), capped: rows.length > cap };
}

/**
 * Up to `cap` + 1 ids (to know whether more match) matching a search's tiers among the products
 * `where` allows, as a parenthesised sub-query. Each tier reads its own index and stops after
 * `cap` + 1 rows; a later tier runs only while the candidates are short of that (the union is read
 * lazily through the LIMIT). `typo` leaves out text matches, which the earlier tiers already hold
 * whenever `typo` is read.
 */
function candidates(tiers: NonNullable<ReturnType<typeof searchTiers>>, where: SQL | undefined, cap: number): SQL {
  const allowed = where ? sql`${where} and ` : sql``;
  const id = products.id;
  return sql`(
    with title as (
      select ${id} as id from ${products} where ${allowed}${tiers.title} limit ${cap + 1}
    ), text as (
      select ${id} as id from ${products}
      where ${allowed}${tiers.text} and ${id} not in (select id from title) limit ${cap + 1}
    ), typo as (
      select ${id} as id from ${products} where ${allowed}${tiers.typo} and not ${tiers.text} limit ${cap + 1}
    )
    select id from title union all select id from text union all select id from typo limit ${cap + 1}
  )`;
}
