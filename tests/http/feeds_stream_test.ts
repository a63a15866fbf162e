/**
 * The feed routes streamed (decision 0060): the body starts before the catalogue is read to its end,
 * a conditional GET is answered 304 without reading an item, and a database failure mid-feed breaks
 * the transfer instead of ending a well-formed but partial file. The routes are mounted alone with
 * one product a page, so a handful of products make several pages.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../../routes/context.ts";
import type { Database, Db } from "../../db/client.ts";
import { products, productVariants } from "../../db/schema/mod.ts";
import { feedRoutes } from "../../routes/feeds.ts";
import { testConfig } from "../helpers/app.ts";
import { useTestDatabase } from "../helpers/db.ts";
import { capturingErrors, failingDatabase } from "../helpers/failing_db.ts";
import { createProduct, createVariant } from "../helpers/factories.ts";

const { test, closeDatabase } = useTestDatabase();
const config = testConfig();

/** The feed routes alone, one product a page, on `db`. */
function feedApp(db: Db) {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("db", db);
    c.set("config", config);
    c.set("requestId", "test-request");
    await next();
  });
  app.route("/", feedRoutes({ pageSize: 1 }));
  return app;
}

/** The database, counting reads of product pages (SELECTs from products that return whole items). */
function countingPages(database: Database) {
  let pages = 0;
  const counted = failingDatabase(database, (fields, table) => {
    if (table === "products" && fields && "product" in fields) pages++;
    return false;
  });
  return { db: counted.db, pages: () => pages };
}

async function someProducts(db: Db, n: number) {
  for (let i = 1; i <= n; i++) {
    const p = await createProduct(db, { name: `Lamp <${i}> & co`, sku: `L-${i}`, price: "100.00" });
    await createVariant(db, p.id, { name: "Large", sku: `L-${i}-L`, price: "120.00" });
  }
}

test("[feeds] the first bytes of a feed are sent before its last page is read", async (db, database) => {
  await someProducts(db, 8);
  for (const path of ["/feeds/google.xml", "/feeds/meta.csv"]) {
    const counting = countingPages(database);
    const res = await feedApp(counting.db).request(path);
    assert.equal(res.status, 200);
    const reader = res.body!.getReader();
    const first = await reader.read();
    assert.equal(first.done, false);
    assert.ok(counting.pages() < 8, `${path}: ${counting.pages()} of 8 pages read before the first bytes`);
    let text = new TextDecoder().decode(first.value);
    for (let r = await reader.read(); !r.done; r = await reader.read()) text += new TextDecoder().decode(r.value);
    assert.ok(counting.pages() >= 8, `${path}: every page read in the end`);
    assert.match(text, path.endsWith(".xml") ? /<g:id>L-8-L<\/g:id>.*<\/item>\n<\/channel>\n<\/rss>\n$/ : /^L-8-L,/m);
  }
});

test(
  "[feeds] a conditional GET is answered 304 without reading an item; a change gives a new ETag",
  async (db, database) => {
    await someProducts(db, 2);
    for (const path of ["/feeds/google.xml", "/feeds/meta.csv"]) {
      const counting = countingPages(database);
      const app = feedApp(counting.db);
      const res = await app.request(path);
      assert.equal(res.status, 200);
      const etag = res.headers.get("ETag")!;
      const lastModified = res.headers.get("Last-Modified")!;
      assert.match(etag, /^"[0-9a-f]{40}"$/);
      assert.ok(!Number.isNaN(Date.parse(lastModified)));
      await res.body!.cancel();
      const readBefore = counting.pages();

      const conditions: Record<string, string>[] = [
        { "If-None-Match": etag },
        { "If-None-Match": `"x", W/${etag}` },
        { "If-Modified-Since": lastModified },
      ];
      for (const headers of conditions) {
        const again = await app.request(path, { headers });
        assert.equal(again.status, 304, JSON.stringify(headers));
        assert.equal(again.headers.get("ETag"), etag);
        assert.equal(await again.text(), "");
      }
      assert.equal(counting.pages(), readBefore, "no page read for a 304");
      assert.equal((await app.request(path, { headers: { "If-None-Match": '"other"' } })).status, 200);
    }

    const app = feedApp(db);
    const before = (await app.request("/feeds/google.xml")).headers.get("ETag")!;
    // Checkout's stock changes touch updated_at: the feed's availability moves, and so does its tag.
    await db.update(productVariants).set({ stock: 0, updatedAt: new Date(Date.now() + 5000) })
      .where(eq(productVariants.sku, "L-1-L"));
    const changed = await app.request("/feeds/google.xml", { headers: { "If-None-Match": before } });
    assert.equal(changed.status, 200);
    assert.notEqual(changed.headers.get("ETag"), before);
    assert.match(await changed.text(), /<g:id>L-1-L<\/g:id>.*<g:availability>out_of_stock</);
    const archived = (await app.request("/feeds/google.xml")).headers.get("ETag");
    await db.update(products).set({ archivedAt: new Date() }).where(eq(products.sku, "L-2"));
    assert.notEqual((await app.request("/feeds/google.xml")).headers.get("ETag"), archived, "an archived product");
  },
);

test(
  "[feeds] a database failure mid-feed breaks the transfer, logged, never a complete-looking file",
  async (db, database) => {
    await someProducts(db, 6);
    for (const path of ["/feeds/google.xml", "/feeds/meta.csv"]) {
      let down = false;
      const broken = failingDatabase(database, (_fields, table) => down && table === "products");
      const logged = await capturingErrors(async () => {
        const res = await feedApp(broken.db).request(path);
        assert.equal(res.status, 200, "the headers are out before the failure");
        const reader = res.body!.getReader();
        let text = new TextDecoder().decode((await reader.read()).value);
        down = true;
        await assert.rejects(async () => {
          for (let r = await reader.read(); !r.done; r = await reader.read()) text += new TextDecoder().decode(r.value);
        }, /simulated outage/);
        assert.doesNotMatch(text, /<\/rss>|L-6/);
      });
      assert.ok(
        logged.some((l) => JSON.stringify(l).includes("feed stream failed") && JSON.stringify(l).includes(path)),
        JSON.stringify(logged),
      );
    }
  },
);

closeDatabase();
