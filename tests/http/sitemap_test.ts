/**
 * The sitemap at scale: above the protocol's limit of URLs in one file, /sitemap.xml is an index of
 * files that each stay within it (here the limit is 3 URLs so that a few products split).
 */
import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { TEST_ORIGIN, testAssets, testConfig } from "../helpers/app.ts";
import { createCategory, createProduct } from "../helpers/factories.ts";
import { createApp } from "../../app.ts";
import { memoryStorage } from "../../lib/storage.ts";
import { signedInAs } from "../helpers/staff.ts";
import { products } from "../../db/schema/mod.ts";
import { eq } from "drizzle-orm";

const { test, closeDatabase } = useTestDatabase();

function splitApp(database: Parameters<Parameters<typeof test>[1]>[1], perFile: number) {
  return createApp({
    database,
    config: testConfig(),
    assets: testAssets(),
    storage: memoryStorage(),
    sitemapUrlsPerFile: perFile,
  });
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>/g)];

test(
  "[sitemap] above the URLs one file may hold, /sitemap.xml is an index of files within the limit",
  async (db, database) => {
    const cat = await createCategory(db, { slug: "hides" });
    const slugs: string[] = [];
    for (let i = 1; i <= 7; i++) {
      const p = await createProduct(db, {
        slug: `hide-${i}`,
        categoryId: cat.id,
        updatedAt: new Date(`2025-0${i}-15T10:00:00Z`),
      });
      slugs.push(p.slug);
    }
    await createProduct(db, { slug: "gone-hide", categoryId: cat.id, archivedAt: new Date() });
    const app = splitApp(database, 3);

    const index = await app.request("/sitemap.xml");
    assert.equal(index.status, 200);
    assert.match(index.headers.get("content-type") ?? "", /^application\/xml/);
    const xml = await index.text();
    assert.match(xml, /<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    const files = locs(xml).map((m) => [m[1].slice(TEST_ORIGIN.length), m[2]]);
    assert.deepEqual(files.map(([path]) => path), [
      "/sitemaps/pages.xml",
      "/sitemaps/products-1.xml",
      "/sitemaps/products-2.xml",
      "/sitemaps/products-3.xml",
    ]);
    // Each product file's lastmod is its newest product's.
    assert.deepEqual(files.slice(1).map(([, lastmod]) => lastmod), ["2025-03-15", "2025-06-15", "2025-07-15"]);

    const listed: string[] = [];
    for (const [path] of files.slice(1)) {
      const res = await app.request(path);
      assert.equal(res.status, 200, path);
      const urls = locs(await res.text());
      assert.ok(urls.length <= 3, `${path} holds ${urls.length} URLs`);
      listed.push(...urls.map((m) => m[1].replace(`${TEST_ORIGIN}/product/`, "")));
    }
    assert.deepEqual(listed, slugs, "every product once, archived ones left out");

    const pages = await (await app.request("/sitemaps/pages.xml")).text();
    assert.ok(locs(pages).some((m) => m[1] === `${TEST_ORIGIN}/category/hides`));
    assert.ok(!/\/product\//.test(pages), "no product in the pages file");

    for (const path of ["/sitemaps/products-4.xml", "/sitemaps/products-0.xml", "/sitemaps/products-x.xml"]) {
      assert.equal((await app.request(path)).status, 404, path);
    }
  },
);

test("[sitemap] the files are kept until staff change the catalogue", async (db, database) => {
  const cat = await createCategory(db, { slug: "hides" });
  const hides = [];
  for (let i = 1; i <= 4; i++) hides.push(await createProduct(db, { slug: `hide-${i}`, categoryId: cat.id }));
  const app = splitApp(database, 3);
  const first = await (await app.request("/sitemaps/products-2.xml")).text();
  assert.match(first, /hide-4/);
  // A write that bypasses the shop's staff routes (a script) is not seen: the files are kept.
  await db.update(products).set({ slug: "hide-4-renamed" }).where(eq(products.slug, "hide-4"));
  assert.equal(await (await app.request("/sitemaps/products-2.xml")).text(), first);
  // Staff archive a product: every file is read again.
  const admin = await signedInAs(db, database, "admin", app);
  assert.equal((await admin.request(`/api/products/${hides[0].id}`, { method: "DELETE" })).status, 200);
  const index = await (await app.request("/sitemap.xml")).text();
  assert.ok(!index.includes("products-2.xml"), "three products left: one file");
  const after = await (await app.request("/sitemaps/products-1.xml")).text();
  assert.doesNotMatch(after, /hide-1</);
  assert.match(after, /hide-4-renamed/);
});

test("[sitemap] a shop that fits in one file keeps one <urlset>", async (db, database) => {
  const cat = await createCategory(db, { slug: "hides" });
  await createProduct(db, { slug: "hide-1", categoryId: cat.id });
  const xml = await (await splitApp(database, 50_000).request("/sitemap.xml")).text();
  assert.match(xml, /<urlset /);
  assert.ok(locs(xml).some((m) => m[1] === `${TEST_ORIGIN}/product/hide-1`));
  assert.equal((await splitApp(database, 50_000).request("/sitemaps/products-1.xml")).status, 200);
});

closeDatabase();
