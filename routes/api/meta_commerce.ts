/**
 * GET /api/meta-commerce/products: the spec's integration path, answering the product feed's items
 * as JSON (the same items as /feeds/meta.csv and /feeds/google.xml). Public and cacheable.
 */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { feedJson } from "../../domains/feeds/mod.ts";
import { cachedFeedItems, FEED_CACHE_CONTROL } from "../feeds.ts";

export function metaCommerceApi() {
  const app = new Hono<AppEnv>();
  app.get("/products", async (c) => {
    c.header("Cache-Control", FEED_CACHE_CONTROL);
    return c.json(feedJson(await cachedFeedItems(c)));
  });
  return app;
}
