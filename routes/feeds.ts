/**
 * Product feeds for merchant centres: GET /feeds/meta.csv (Meta commerce catalogue data feed) and
 * GET /feeds/google.xml (Google Merchant Center RSS 2.0). Public, no session (mounted before the
 * session middleware, so no cookie spoils caching), cacheable for five minutes.
 *
 * Both are streamed (decision 0060): the catalogue is read in keyset pages while the body is sent,
 * so memory stays flat at any catalogue size. Their ETag and Last-Modified come from a few cheap
 * aggregates (feedStamp), so a conditional GET is answered 304 before any item is read. A read that
 * fails once the body has started errors the stream: the client sees a broken transfer, never a
 * well-formed but partial feed.
 */
import { createHash } from "node:crypto";
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "./context.ts";
import {
  type FeedItem,
  feedItemPages,
  feedItems,
  type FeedStamp,
  feedStamp,
  googleXmlChunks,
  metaCsvChunks,
} from "../domains/feeds/mod.ts";
import { logError } from "../lib/error_log.ts";

export const FEED_CACHE_CONTROL = "public, max-age=300";
const MEMORY_MS = 60_000;

/** Bump when a feed's format changes, so caches holding the old file see a new ETag. */
const FEED_FORMAT = 2;

const memo = new WeakMap<object, { at: number; items: Promise<FeedItem[]> }>();

/**
 * The feed items as one list, computed at most once a minute per app (keyed by the app's caches
 * object): only the JSON API (/api/meta-commerce/products) reads them this way; the feed files stream.
 */
export function cachedFeedItems(c: Context<AppEnv>): Promise<FeedItem[]> {
  const key = c.var.caches as object;
  const hit = memo.get(key);
  if (hit && Date.now() - hit.at < MEMORY_MS) return hit.items;
  const items = feedItems(c.var.db, { siteUrl: c.var.config.siteUrl, name: c.var.config.shop.name });
  memo.set(key, { at: Date.now(), items });
  items.catch(() => memo.delete(key));
  return items;
}

/** The feed's strong validator: its name, the shop details it prints, its format and the catalogue's stamp. */
function feedEtag(c: Context<AppEnv>, feed: string, stamp: FeedStamp): string {
  const { siteUrl, shop } = c.var.config;
  const parts = [feed, FEED_FORMAT, siteUrl, shop.name, shop.description, JSON.stringify(stamp)];
  return `"${createHash("sha1").update(JSON.stringify(parts)).digest("hex")}"`;
}

/**
 * RFC 9110 section 13.1: If-None-Match (weak comparison; compress() weakens our tag when it gzips)
 * decides when present, else If-Modified-Since at the header's one-second precision.
 */
function notModified(c: Context<AppEnv>, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = c.req.header("If-None-Match");
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch.trim() === "*" ||
      ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
  }
  const since = Date.parse(c.req.header("If-Modified-Since") ?? "");
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

/**
 * Sends a feed: 304 when the client's copy is current, else the chunks as they are made. A failed
 * read is logged and rethrown, which errors the body: Deno then cuts the connection without the
 * chunked terminator (and compress() without the gzip trailer), so no client takes the partial
 * file for the whole one.
 */
async function sendFeed(
  c: Context<AppEnv>,
  feed: string,
  contentType: string,
  chunks: (pages: AsyncIterable<FeedItem[]>) => AsyncIterable<string>,
  pageSize: number | undefined,
) {
  const { db, config } = c.var;
  const stamp = await feedStamp(db);
  const etag = feedEtag(c, feed, stamp);
  const headers = {
    "Content-Type": contentType,
    "Cache-Control": FEED_CACHE_CONTROL,
    ETag: etag,
    "Last-Modified": stamp.lastModified.toUTCString(),
  };
  if (notModified(c, etag, stamp.lastModified)) return c.body(null, 304, headers);
  if (c.req.method === "HEAD") return c.body(null, 200, headers);
  const pages = feedItemPages(db, { siteUrl: config.siteUrl, name: config.shop.name }, { pageSize });
  const requestId = c.get("requestId");
  async function* logged() {
    try {
      yield* chunks(pages);
    } catch (err) {
      logError("feed stream failed", err, { requestId, path: c.req.path });
      throw err;
    }
  }
  return c.body(ReadableStream.from(logged()).pipeThrough(new TextEncoderStream()), 200, headers);
}

/** `pageSize`: products read per query (tests read small catalogues in several pages). */
export function feedRoutes({ pageSize }: { pageSize?: number } = {}) {
  const app = new Hono<AppEnv>();
  app.get("/feeds/meta.csv", (c) => {
    c.header("Content-Disposition", 'inline; filename="meta.csv"');
    return sendFeed(c, "meta.csv", "text/csv; charset=utf-8", metaCsvChunks, pageSize);
  });
  app.get("/feeds/google.xml", (c) => {
    const { config } = c.var;
    const channel = { title: config.shop.name, link: config.siteUrl, description: config.shop.description };
    return sendFeed(
      c,
      "google.xml",
      "application/xml; charset=utf-8",
      (pages) => googleXmlChunks(pages, channel),
      pageSize,
    );
  });
  return app;
}
