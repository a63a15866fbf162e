/**
 * Catalogue reads that are the same for every shopper (a listing page's products and facets, a
 * category, search results), kept for PAGE_CACHE_MS in `AppCaches.catalogueReads` so the pages of
 * signed-in shoppers, which the visitor page cache never answers, do not repeat them (issue 14).
 * The same freshness as visitor pages: a staff write drops them at once on every instance (the
 * storefront version), stock sold at checkout shows within PAGE_CACHE_MS. Off where the page cache
 * is off (tests that write rows straight into the database see them at once).
 */
import type { Context } from "hono";
import type { AppEnv } from "./context.ts";
import { type ProductFilter, type ProductPage, rankProducts } from "../domains/catalog/mod.ts";
import { type Ranking, searchPage } from "../domains/search/mod.ts";

/** `load()`'s answer for `key`, from memory when another request asked for it within PAGE_CACHE_MS. */
export function sharedRead<T>(c: Context<AppEnv>, key: string, load: () => Promise<T>): Promise<T> {
  return c.var.caches.catalogueReads.get(key, load) as Promise<T>;
}

/**
 * A search's page, its ranking kept until the next staff write. Which products match a search and
 * in what order depend only on what staff write (names, brands, descriptions, categories, prices),
 * so each page's product ids and the number of matches are kept, page cache or not
 * (`AppCaches.searchRanks`, decision 0050): text matching and ranking run once per search, not once
 * a request. The products (their stock) are read by id every time.
 */
export function rankedSearch(c: Context<AppEnv>, filter: ProductFilter): Promise<ProductPage> {
  return searchPage(c.var.db, filter, keptRanking(c));
}

/** The search ranking of this app's database, kept in `AppCaches.searchRanks` until the next staff write. */
export function keptRanking(c: Context<AppEnv>): Ranking {
  return (filter) => c.var.caches.searchRanks.get(JSON.stringify(filter), () => rankProducts(c.var.db, filter));
}
