/**
 * Product feeds for merchant centres: GET /feeds/meta.csv (Meta commerce catalogue data feed) and
 * GET /feeds/google.xml (Google Merchant Center RSS 2.0). Public, no session (mounted before the
 * session middleware, so no cookie spoils caching), cacheable for five minutes; the items are
 * also kept in memory for a minute per app, so a crawler hammering the feed costs two queries a
 * minute.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../app.ts";
import { type FeedItem, feedItems, googleXml, metaCsv } from "../domains/feeds/mod.ts";

export const FEED_CACHE_CONTROL = "public, max-age=300";
const MEMORY_MS = 60_000;

const memo = new WeakMap<object, { at: number; items: Promise<FeedItem[]> }>();

/** The feed items, computed at most once a minute per app (keyed by the app's caches object). */
export function cachedFeedItems(c: Context<AppEnv>): Promise<FeedItem[]> {
  const key = c.var.caches as object;
  const hit = memo.get(key);
  if (hit && Date.now() - hit.at < MEMORY_MS) return hit.items;
  const items = feedItems(c.var.db, { siteUrl: c.var.config.siteUrl, name: c.var.config.shop.name });
  memo.set(key, { at: Date.now(), items });
  items.catch(() => memo.delete(key));
  return items;
}

export function feedRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/feeds/meta.csv", async (c) => {
    const body = metaCsv(await cachedFeedItems(c));
    return c.body(body, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'inline; filename="meta.csv"',
      "Cache-Control": FEED_CACHE_CONTROL,
    });
  });
  app.get("/feeds/google.xml", async (c) => {
    const { config } = c.var;
    const body = googleXml(await cachedFeedItems(c), {
      title: config.shop.name,
      link: config.siteUrl,
      description: config.shop.description,
    });
    return c.body(body, 200, { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": FEED_CACHE_CONTROL });
  });
  return app;
}
