/**
 * Pre-compressed static files and conditional requests (decision 0038): the build's .br/.gz copies
 * served by Accept-Encoding (never compressed twice), immutable caching for hashed names, and
 * ETag/304 for responses any cache may keep (visitor pages, catalogue API reads, files), never for a
 * private or no-store one.
 */
import assert from "node:assert/strict";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { useTestDatabase } from "../helpers/db.ts";
import { testAssets, testConfig } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { registerCustomer } from "../helpers/accounts.ts";
import { createProduct } from "../helpers/factories.ts";
import { createApp } from "../../app.ts";
import type { Database } from "../../db/client.ts";
import { memoryStorage } from "../../lib/storage.ts";
import { precompress } from "../../scripts/build.ts";
import { PRIVATE_CACHE_CONTROL, VISITOR_CACHE_CONTROL } from "../../routes/page_cache.ts";

const { test, closeDatabase } = useTestDatabase();

function shopApp(database: Database) {
  return createApp({ database, config: testConfig(), assets: testAssets(), storage: memoryStorage(), pageCache: true });
}

/** A hashed build file written for the test (static/build/ is the build's folder, ignored by git). */
async function withBuiltFile(fn: (path: string, source: string) => Promise<void>) {
  const dir = new URL("../../static/build/", import.meta.url);
  await Deno.mkdir(dir, { recursive: true });
  const name = `probe-${crypto.randomUUID().replace(/-/g, "").slice(0, 10).toUpperCase()}.js`;
  const source = `export const text = ${JSON.stringify("Reptile lamps and heat mats. ".repeat(200))};\n`;
  await Deno.writeTextFile(new URL(name, dir), source);
  try {
    await precompress(dir);
    await fn(`/static/build/${name}`, source);
  } finally {
    for (const suffix of ["", ".br", ".gz"]) await Deno.remove(new URL(name + suffix, dir)).catch(() => {});
  }
}

test(
  "[static] a built script is sent as its brotli or gzip copy by Accept-Encoding, once compressed, immutable",
  async (_db, database) => {
    const app = shopApp(database);
    await withBuiltFile(async (path, source) => {
      const br = await app.request(path, { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
      assert.equal(br.status, 200);
      assert.equal(br.headers.get("Content-Encoding"), "br");
      assert.match(br.headers.get("Vary") ?? "", /Accept-Encoding/);
      assert.equal(br.headers.get("Cache-Control"), "public, max-age=31536000, immutable");
      assert.match(br.headers.get("Content-Type") ?? "", /^text\/javascript/);
      const brBody = new Uint8Array(await br.arrayBuffer());
      assert.ok(brBody.length < source.length / 5, "the compressed copy, not the source");
      assert.equal(new TextDecoder().decode(brotliDecompressSync(brBody)), source, "decompressed once: the file");

      const gz = await app.request(path, { headers: { "Accept-Encoding": "gzip, deflate" } });
      assert.equal(gz.headers.get("Content-Encoding"), "gzip");
      assert.equal(new TextDecoder().decode(gunzipSync(new Uint8Array(await gz.arrayBuffer()))), source);

      const refusedBr = await app.request(path, { headers: { "Accept-Encoding": "br;q=0, gzip" } });
      assert.equal(refusedBr.headers.get("Content-Encoding"), "gzip", "q=0 refuses brotli");

      const plain = await app.request(path);
      assert.equal(plain.headers.get("Content-Encoding"), null);
      assert.match(plain.headers.get("Vary") ?? "", /Accept-Encoding/);
      assert.equal(await plain.text(), source);

      // Each copy has its own validator, and a repeat request gets 304 with no body.
      const tag = br.headers.get("ETag");
      assert.ok(tag && tag !== gz.headers.get("ETag") && tag !== plain.headers.get("ETag"));
      const again = await app.request(path, { headers: { "Accept-Encoding": "br", "If-None-Match": tag } });
      assert.equal(again.status, 304);
      assert.equal(await again.text(), "");
    });
  },
);

test(
  "[etag] visitor pages answer If-None-Match with 304, from the renderer and from the page cache",
  async (db, database) => {
    const product = await createProduct(db, { name: "Ceramic Heat Emitter 100 W" });
    const app = shopApp(database);
    const path = `/product/${product.slug}`;
    for (const encoding of [null, "gzip"]) {
      const headers: Record<string, string> = encoding ? { "Accept-Encoding": encoding } : {};
      const first = await app.request(path, { headers });
      assert.equal(first.status, 200);
      assert.equal(first.headers.get("Cache-Control"), VISITOR_CACHE_CONTROL);
      const tag = first.headers.get("ETag");
      assert.ok(tag, `an ETag (${encoding ?? "identity"})`);
      await first.arrayBuffer();
      const cached = await app.request(path, { headers });
      assert.equal(cached.headers.get("X-Page-Cache"), "hit");
      assert.equal(cached.headers.get("ETag"), tag, "the cached copy keeps the same tag");
      await cached.arrayBuffer();
      const revalidated = await app.request(path, { headers: { ...headers, "If-None-Match": tag } });
      assert.equal(revalidated.status, 304);
      assert.equal(revalidated.headers.get("Cache-Control"), VISITOR_CACHE_CONTROL);
      assert.equal(await revalidated.text(), "");
    }
    // Another page, or a changed one, does not match.
    const other = await app.request("/", { headers: { "If-None-Match": '"0000"' } });
    assert.equal(other.status, 200);
  },
);

test(
  "[gzip] whole pages and JSON are gzipped in one call, a feed through the stream; HEAD, small bodies and q=0 are not",
  async (db, database) => {
    const product = await createProduct(db, { name: "Cork Bark Flat", description: "Bark. ".repeat(400) });
    const app = shopApp(database);
    const shopper = testClient(app);
    await registerCustomer(shopper, { username: "zipper", email: "zipper@example.co.za" });
    const page = `/product/${product.slug}`;
    const plain = await shopper.request(page);
    assert.equal(plain.headers.get("Content-Encoding"), null);
    const html = await plain.text();
    const zipped = await shopper.request(page, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    assert.equal(zipped.status, 200);
    assert.equal(zipped.headers.get("Content-Encoding"), "gzip");
    assert.match(zipped.headers.get("Vary") ?? "", /Accept-Encoding/);
    assert.equal(zipped.headers.get("Content-Length"), null);
    const body = new Uint8Array(await zipped.arrayBuffer());
    assert.ok(body.length < html.length / 3, "compressed");
    assert.equal(new TextDecoder().decode(gunzipSync(body)), html, "the same page, once compressed");

    // JSON: an answer over the threshold is gzipped, one under it is sent as it is.
    const list = await app.request("/api/products?limit=24", { headers: { "Accept-Encoding": "gzip" } });
    assert.equal(list.headers.get("Content-Encoding"), "gzip");
    assert.ok(JSON.parse(new TextDecoder().decode(gunzipSync(new Uint8Array(await list.arrayBuffer())))).items);
    const small = await app.request("/healthz", { headers: { "Accept-Encoding": "gzip" } });
    assert.equal(small.headers.get("Content-Encoding"), null);
    await small.arrayBuffer();

    // gzip refused with q=0, and a HEAD: nothing compressed.
    const refused = await shopper.request(page, { headers: { "Accept-Encoding": "gzip;q=0, identity" } });
    assert.equal(refused.headers.get("Content-Encoding"), null);
    assert.equal(await refused.text(), html);
    const head = await shopper.request(page, { method: "HEAD", headers: { "Accept-Encoding": "gzip" } });
    assert.equal(head.headers.get("Content-Encoding"), null);

    // A streamed feed goes through compress()'s stream and arrives whole.
    const feed = await app.request("/feeds/google.xml", { headers: { "Accept-Encoding": "gzip" } });
    assert.equal(feed.headers.get("Content-Encoding"), "gzip");
    assert.match(new TextDecoder().decode(gunzipSync(new Uint8Array(await feed.arrayBuffer()))), /<\/rss>\s*$/);
  },
);

test("[etag] a signed-in shopper's page and cart get no ETag and never a 304", async (db, database) => {
  const product = await createProduct(db, { name: "Cork Bark Flat" });
  const app = shopApp(database);
  const shopper = testClient(app);
  await registerCustomer(shopper, { username: "tagless", email: "tagless@example.co.za" });
  for (const path of [`/product/${product.slug}`, "/cart", "/account"]) {
    const res = await shopper.request(path, { headers: { "If-None-Match": "*" } });
    assert.equal(res.status, 200, path);
    assert.equal(res.headers.get("Cache-Control"), PRIVATE_CACHE_CONTROL, path);
    assert.equal(res.headers.get("ETag"), null, `${path}: no ETag on a private page`);
    await res.arrayBuffer();
  }
});

test(
  "[etag] a visitor's catalogue API read is shareable with an ETag; with a session it is private",
  async (db, database) => {
    await createProduct(db, { name: "Digital Thermometer" });
    const app = shopApp(database);
    const first = await app.request("/api/products");
    assert.equal(first.status, 200);
    assert.equal(first.headers.get("Cache-Control"), VISITOR_CACHE_CONTROL);
    assert.match(first.headers.get("Vary") ?? "", /Cookie/);
    const tag = first.headers.get("ETag");
    assert.ok(tag);
    const body = await first.text();
    const again = await app.request("/api/products", { headers: { "If-None-Match": tag } });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), "");

    const shopper = testClient(app);
    await registerCustomer(shopper, { username: "apitag", email: "apitag@example.co.za" });
    const own = await shopper.request("/api/products", { headers: { "If-None-Match": tag } });
    assert.equal(own.status, 200);
    assert.equal(own.headers.get("ETag"), null);
    assert.equal(own.headers.get("Cache-Control"), PRIVATE_CACHE_CONTROL);
    assert.equal(await own.text(), body);
  },
);

closeDatabase();
