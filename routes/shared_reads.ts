/**
 * Catalogue reads that are the same for every shopper (a listing page's products and facets, a
 * category, search results), kept for PAGE_CACHE_MS in `AppCaches.catalogueReads` so the pages of
 * signed-in shoppers, which the visitor page cache never answers, do not repeat them (issue 14).
 * The same freshness as visitor pages: a staff write drops them at once on every instance (the
 * storefront version), stock sold at checkout shows within PAGE_CACHE_MS. Off where the page cache
 * is off (tests that write rows straight into the database see them at once).
 */
import type { Context } from "hono";
import type { AppEnv } from "../app.ts";

/** `load()`'s answer for `key`, from memory when another request asked for it within PAGE_CACHE_MS. */
export function sharedRead<T>(c: Context<AppEnv>, key: string, load: () => Promise<T>): Promise<T> {
  return c.var.caches.catalogueReads.get(key, load) as Promise<T>;
}
