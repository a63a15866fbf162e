/**
 * Caching of storefront pages for visitors (decision 0037).
 *
 * - visitorPageCache: a visitor without a session or flash cookie gets the same home, listing,
 *   search and product pages as every other visitor, so the finished HTML is kept in memory (at most
 *   PAGE_CACHE_ENTRIES pages, PAGE_CACHE_MS each) and marked `public, s-maxage` for a CDN. Anything a
 *   staff member writes drops it at once (staffWritesBumpStorefront, through cache_versions on every
 *   instance); stock sold by checkout shows within PAGE_CACHE_MS. A request with a cookie, a response
 *   with Set-Cookie or any status but 200 is never stored or shared.
 * - privateWhenPersonal: a response that sets a cookie, or answers a request that carried the
 *   session, is `private, no-store` unless its route said otherwise.
 * - publicCatalogueReads and publicEtag: visitors' catalogue API reads are shareable like the pages;
 *   every shareable GET gets an ETag and answers If-None-Match with 304 (decision 0038).
 */
import { createHash } from "node:crypto";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/compress";
import { etag } from "hono/etag";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context.ts";
import { type CacheVersions, STOREFRONT } from "../db/cache_versions.ts";
import { SESSION_COOKIE } from "./session.ts";
import { acceptsGzip, gzipWhole } from "./compression.ts";

/** How long a visitor page is served from memory (and by a CDN) before it is rendered again. */
export const PAGE_CACHE_MS = 10_000;
/** At most this many pages in memory (about 60-90 KB each), oldest first out. */
export const PAGE_CACHE_ENTRIES = 300;
export const VISITOR_CACHE_CONTROL = `public, max-age=0, s-maxage=${PAGE_CACHE_MS / 1000}, stale-while-revalidate=30`;
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * Marks what a route answers `private, no-store` (personal pages and API answers: never cached). The
 * header goes on the finished response itself where its headers can change: `c.header()` on a finished
 * response copies it, and the copy reads the body as a stream, which the server then sends chunk by
 * chunk. A response with immutable headers (`Response.redirect()`) is copied, as `c.header()` does.
 */
export const privateNoStore = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  try {
    c.res.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  } catch {
    c.header("Cache-Control", PRIVATE_CACHE_CONTROL);
  }
});

/** The storefront pages that are the same for every visitor. */
const VISITOR_PAGES =
  /^\/(categories|category\/[^/]+|product\/[^/]+|products|featured|new|offers|search|animals|animals\/[^/]+)?$/;
const FLASH_COOKIE = "flash";

interface Entry {
  /**
   * The page as UTF-8 bytes, not as the rendered string: bytes live outside V8's heap, so the pages
   * kept for ten seconds are never copied and promoted by the garbage collector.
   */
  bytes: Uint8Array<ArrayBuffer>;
  /** The same page gzipped once, for the clients that accept it (most). */
  gzip: Uint8Array<ArrayBuffer>;
  /** The gzipped copy's SHA-1 in hex: the page's tag (publicEtag then answers If-None-Match). */
  hash: string;
  contentType: string;
  storedAt: number;
}

/**
 * Bytes' SHA-1 in hex, hashed in one synchronous call: WebCrypto's digest() costs a cold page
 * more than twice as much (0.22 against 0.09 ms for 60 KB) for its copy and its promise.
 */
function sha1Hex(bytes: Uint8Array<ArrayBuffer>): string {
  return createHash("sha1").update(bytes).digest("hex");
}

function anonymous(c: Context<AppEnv>): boolean {
  return !getCookie(c, SESSION_COOKIE) && !getCookie(c, FLASH_COOKIE);
}

export function visitorPageCache(versions: CacheVersions, now = () => Date.now()) {
  const pages = new Map<string, Entry>();
  // Bumped on every drop: a render that began before a staff write must not store its older page.
  let generation = 0;
  versions.onChange(STOREFRONT, () => {
    pages.clear();
    generation++;
  });
  return createMiddleware<AppEnv>(async (c, next) => {
    if ((c.req.method !== "GET" && c.req.method !== "HEAD") || !VISITOR_PAGES.test(c.req.path) || !anonymous(c)) {
      return await next();
    }
    const url = new URL(c.req.url);
    const key = url.pathname + url.search;
    const hit = pages.get(key);
    if (hit && now() - hit.storedAt < PAGE_CACHE_MS) {
      c.header("Cache-Control", VISITOR_CACHE_CONTROL);
      c.header("Vary", "Cookie, Accept-Encoding");
      c.header("X-Page-Cache", "hit");
      c.header("Content-Type", hit.contentType);
      if (!acceptsGzip(c)) {
        c.header("ETag", `"${hit.hash}"`);
        return c.body(hit.bytes, 200);
      }
      // Weak, as compress() makes a gzipped miss's tag: both name the same page.
      c.header("ETag", `W/"${hit.hash}"`);
      c.header("Content-Encoding", "gzip");
      return c.body(hit.gzip, 200);
    }
    const started = generation;
    await next();
    const res = c.res;
    if (res.status !== 200 || res.headers.has("Set-Cookie") || res.headers.has("Cache-Control")) return;
    const contentType = res.headers.get("Content-Type") ?? "";
    if (!contentType.startsWith("text/html")) return;
    res.headers.set("Cache-Control", VISITOR_CACHE_CONTROL);
    res.headers.set("Vary", "Cookie");
    res.headers.set("X-Page-Cache", "miss");
    // Encoded once for the gzip copy and the tag; a client that takes gzip gets that copy now, as a
    // hit would (compress() would otherwise gzip the same page again: a fifth of a cold page's CPU).
    const bytes = new Uint8Array(await res.arrayBuffer());
    // The one level of every fresh page (decision 0087): most pages of a large catalogue are sent
    // once before they expire, so the time to gzip them counts more than the bytes.
    const zipped = gzipWhole(bytes);
    // The tag hashes the gzipped copy, a fifth of the body's size: gzip at one fixed level is a
    // function of the body, so it names the same page, and a cold page spends 2% less CPU on it.
    const hash = sha1Hex(zipped);
    const headers = new Headers(res.headers);
    if (acceptsGzip(c)) {
      headers.set("ETag", `W/"${hash}"`);
      headers.set("Content-Encoding", "gzip");
      c.res = new Response(zipped, { status: 200, headers });
    } else {
      headers.set("ETag", `"${hash}"`);
      c.res = new Response(bytes, { status: 200, headers });
    }
    if (generation !== started) return;
    pages.delete(key);
    if (pages.size >= PAGE_CACHE_ENTRIES) pages.delete(pages.keys().next().value!);
    pages.set(key, { bytes, gzip: zipped, hash, contentType, storedAt: now() });
  });
}

/** Keeps personal responses out of every shared and browser cache unless a route chose a policy. */
export function privateWhenPersonal() {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (c.res.headers.has("Cache-Control")) return;
    if (c.res.headers.has("Set-Cookie") || c.var.session) c.res.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  });
}

/**
 * After a state-changing request by staff succeeds, bumps the storefront version: prices, stock,
 * categories, images, reviews they moderate and shop settings all show on pages that visitors get
 * from caches. Coarse on purpose: staff writes are rare, and no admin route can forget to invalidate.
 */
export function staffWritesBumpStorefront(versions: CacheVersions) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || method === "OPTIONS") return;
    const user = c.var.user;
    if (!user || user.role === "customer" || c.res.status >= 400) return;
    await versions.bump(STOREFRONT, c.var.db);
  });
}

/** The catalogue's JSON reads, the same for every visitor (the products, categories and search APIs). */
/**
 * `Vary: Accept-Encoding` on every compressible response, set in place before compress() (outside)
 * sees it. compress() adds it itself otherwise, through c.header() on a finished response, which
 * rebuilds the response around its body as a stream: the server then sends the page chunk by chunk
 * instead of as one string (about 5% of a signed-in page's cost under load, issue 14).
 */
export function varyAcceptEncoding() {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const type = c.res.headers.get("Content-Type");
    if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
    const vary = c.res.headers.get("Vary");
    if (vary === "*" || (vary && /(^|,)\s*accept-encoding\s*(,|$)/i.test(vary))) return;
    c.res.headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  });
}

/** The routes by which a shopper writes, votes on or replies to a review (pages and API). */
const REVIEW_WRITES = /^\/(product\/[^/]+\/reviews|api\/reviews\/|api\/products\/[^/]+\/reviews)/;

/**
 * After a shopper's review, vote or reply succeeds, drops this instance's product page data
 * (AppCaches.productPages) so the writer sees it on the page they return to. Other instances show it
 * within PAGE_CACHE_MS, as they do for visitors. Staff writes drop it everywhere (the storefront).
 */
export function reviewWritesDropProductPages() {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || method === "OPTIONS" || c.res.status >= 400) return;
    if (REVIEW_WRITES.test(c.req.path)) c.var.caches.productPages.clear();
  });
}

const CATALOGUE_READS = /^\/api\/(products|categories|search|animals)(\/|$)/;

/**
 * A visitor's catalogue API read (no session, no cookie set) may be kept by a CDN as briefly as the
 * visitor pages, and gets an ETag (publicEtag). A signed-in read (staff see hidden variants) stays
 * private through privateWhenPersonal.
 */
export function publicCatalogueReads() {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if ((c.req.method !== "GET" && c.req.method !== "HEAD") || !CATALOGUE_READS.test(c.req.path)) return;
    const res = c.res;
    if (res.status !== 200 || c.var.session || res.headers.has("Set-Cookie") || res.headers.has("Cache-Control")) {
      return;
    }
    res.headers.set("Cache-Control", VISITOR_CACHE_CONTROL);
    res.headers.append("Vary", "Cookie");
  });
}

/** True when any cache may keep the response: `public`, neither private nor no-store, no cookie set. */
function shareable(res: Response): boolean {
  const cacheControl = res.headers.get("Cache-Control") ?? "";
  return res.status === 200 && /\bpublic\b/i.test(cacheControl) && !/\b(private|no-store)\b/i.test(cacheControl) &&
    !res.headers.has("Set-Cookie");
}

/**
 * ETag and 304 Not Modified (hono/etag) for GET and HEAD responses any cache may keep: visitor pages,
 * catalogue API reads, feeds, files. Never for a private or no-store response (a signed-in page, a
 * cart): its tag would describe one shopper's data. A response that carries its own ETag (a static
 * file) keeps it; hono/etag then only answers If-None-Match.
 */
export function publicEtag() {
  const tagged = etag();
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if ((c.req.method !== "GET" && c.req.method !== "HEAD") || !shareable(c.res)) return;
    // hono/etag tags whatever c.res is once its `next` returns: here the finished response.
    await tagged(c, () => Promise.resolve());
  });
}
