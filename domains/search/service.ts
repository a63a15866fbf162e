/** Product search for the results page, the API and the header's suggestions. */
import type { Db } from "../../db/client.ts";
import { pick } from "../../lib/pick.ts";
import {
  type Product,
  type ProductFilter,
  type ProductPage,
  productsInOrder,
  type RankedPage,
  rankProducts,
} from "../catalog/mod.ts";

/** The catalogue filter of a search for `q`: best match first unless another sort is asked. */
export function searchFilter(q: string, filter: Omit<ProductFilter, "q"> = {}): ProductFilter {
  return { ...filter, q, sort: filter.sort ?? "relevance" };
}

/**
 * Ranks a search: its page's product ids in order and the number of matches. Which products match
 * and in what order depend only on what staff write, so a caller may keep the answer until the next
 * staff write (the routes do, decision 0050); the default ranks in the database each time.
 */
export type Ranking = (filter: ProductFilter) => Promise<RankedPage>;

/**
 * A search's page: ranked (text matching and ordering, the costly part), then its products read by
 * id, so their stock and prices are always current.
 */
export async function searchPage(db: Db, filter: ProductFilter, ranking?: Ranking): Promise<ProductPage> {
  const ranked = await (ranking ? ranking(filter) : rankProducts(db, filter));
  return {
    items: await productsInOrder(db, ranked.ids),
    total: ranked.total,
    capped: ranked.capped,
    page: filter.page ?? 1,
    limit: filter.limit ?? 24,
  };
}

/** Products matching `q` (typos and prefixes included), best match first unless another sort is asked. */
export function searchProducts(
  db: Db,
  q: string,
  filter: Omit<ProductFilter, "q"> = {},
  ranking?: Ranking,
): Promise<ProductPage> {
  return searchPage(db, searchFilter(q, filter), ranking);
}

/** The product's own fields the search box shows (its first image aside). */
const SUGGESTION_FIELDS = ["id", "name", "slug", "brand", "priceCents", "salePriceCents"] as const;

/** What the search box shows of a product. */
export type Suggestion = Pick<Product, (typeof SUGGESTION_FIELDS)[number]> & { image: string | null };

/** How many suggestions the search box shows. */
export const SUGGESTIONS = 6;

/** Up to `limit` best matches for the search box as the shopper types. */
export async function suggestProducts(
  db: Db,
  q: string,
  limit = SUGGESTIONS,
  ranking?: Ranking,
): Promise<Suggestion[]> {
  const { items } = await searchProducts(db, q, { limit }, ranking);
  return items.map(toSuggestion);
}

function toSuggestion(p: Product): Suggestion {
  return {
    ...pick(p, SUGGESTION_FIELDS),
    image: p.images[0] ?? null,
  };
}
