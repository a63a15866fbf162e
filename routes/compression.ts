/**
 * Response compression. Hono's compress() pipes a body through a CompressionStream: right for the
 * feeds, which are sent while they are read, but a page or a JSON answer is whole in memory before
 * it is sent, and for those the stream's overhead costs more than the gzip itself (a signed-in
 * product page of 64 KB: 809 req/s gzipped that way against 2,215 uncompressed; 0.66 ms a page in
 * the stream, 0.39 ms in one zlib call at level 4). Whole HTML and JSON bodies are gzipped in one call
 * at level 2 (11% larger than level 4, made in under half the time); every other compressible body
 * goes to compress(). Decision 0087.
 */
import { gzipSync } from "node:zlib";
import { compress } from "hono/compress";
import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import type { AppEnv } from "./context.ts";

/** Pages and API answers: rendered or serialised whole before they are sent. */
const WHOLE = /^(text\/html|application\/json)\b/i;
/** Below this a gzip saves less than its own header and the client's work (compress()'s threshold). */
const THRESHOLD = 1024;
/**
 * Level 2: 85 µs for a 60 KB product page against level 4's 194 µs, 12.7 KB against 11.4 KB. A cold
 * page of a large catalogue is gzipped once and sent once, so the time is the cost (decision 0087).
 */
const PAGE_GZIP_LEVEL = 2;

/**
 * A whole page or JSON body gzipped in one call (node:zlib, which runs on Deno Deploy too), at the
 * one level every whole body is sent with, fresh or from the page cache.
 */
export function gzipWhole(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = gzipSync(bytes, { level: PAGE_GZIP_LEVEL });
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength);
}

/** The client takes gzip: named in Accept-Encoding, and not with q=0. */
export function acceptsGzip(c: Context<AppEnv>): boolean {
  const header = c.req.header("Accept-Encoding") ?? "";
  return header.split(",").some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (name.trim() !== "gzip") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Statuses whose response has no body (a Response with one cannot be made for them). */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * Whether this answer is a whole page or JSON to gzip here. The request is looked at first, and the
 * response's body is never touched: reading `Response.body` turns a string body into a stream,
 * which the server then sends chunk by chunk (a third slower for a signed-in page).
 */
function wholeAndCompressible(c: Context<AppEnv>): boolean {
  if (c.req.method === "HEAD" || !acceptsGzip(c)) return false;
  const res = c.res;
  if (NO_BODY.has(res.status) || res.status === 206) return false;
  if (res.headers.has("Content-Encoding") || res.headers.has("Transfer-Encoding")) return false;
  if (!WHOLE.test(res.headers.get("Content-Type") ?? "")) return false;
  return !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get("Cache-Control") ?? "");
}

/** Whole pages and JSON gzipped in one call; the rest (feeds, scripts, SVG) by compress()'s stream. */
export function compressResponses() {
  const streamed = compress();
  return createMiddleware<AppEnv>(async (c, next) => {
    await streamed(c, async () => {
      await next();
      if (!wholeAndCompressible(c)) return;
      const bytes = new Uint8Array(await c.res.arrayBuffer());
      if (bytes.byteLength < THRESHOLD) {
        // Sent as it is: its length tells compress() (outside) to leave it alone too.
        c.res = new Response(bytes, c.res);
        c.res.headers.set("Content-Length", String(bytes.byteLength));
        return;
      }
      c.res = new Response(gzipWhole(bytes), c.res);
      c.res.headers.delete("Content-Length");
      // Vary: Accept-Encoding is already set by varyAcceptEncoding() (mounted inside, app.ts).
      c.res.headers.set("Content-Encoding", "gzip");
      const etag = c.res.headers.get("ETag");
      if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
    });
  });
}
