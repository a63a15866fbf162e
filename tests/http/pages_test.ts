import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { getHtml, TEST_ORIGIN, testApp } from "../helpers/app.ts";
import { createCategory, createProduct } from "../helpers/factories.ts";

const { test, closeDatabase } = useTestDatabase();

test("[pages] home links every category and shows featured and new products", async (db, database) => {
  const app = testApp(database);
  const cat = await createCategory(db, { slug: "enclosures-housing", name: "Enclosures & Housing" });
  await createProduct(db, { name: "Glass Terrarium 60x45x45", featured: true, categoryId: cat.id });
  await createProduct(db, { name: "Coco Fibre Brick", isNew: true });
  const html = await getHtml(app, "/");
  assert.match(html, /<title>Reptile &amp; Amphibian Supplies in South Africa \| Reptile Basics<\/title>/);
  assert.match(html, /href="\/category\/enclosures-housing"/);
  assert.match(html, /Glass Terrarium 60x45x45/);
  assert.match(html, /Coco Fibre Brick/);
  assert.match(html, /data-island="FeaturedCarousel"/);
  assert.match(html, /<link rel="canonical" href="http:\/\/localhost:8000\/"/);
  assert.match(html, /<meta name="robots" content="index, follow"/);
  assert.match(html, /script type="module" src="\/static\/build\/boot-TEST.js"/);
});

test("[pages] category page lists its products with a count; unknown is 404", async (db, database) => {
  const app = testApp(database);
  const cat = await createCategory(db, {
    slug: "heating-lighting",
    name: "Heating & Lighting",
    description: "Heat and UVB.",
  });
  await createProduct(db, { name: "Ceramic Heat Emitter 100W", categoryId: cat.id });
  const html = await getHtml(app, "/category/heating-lighting");
  assert.match(html, /Ceramic Heat Emitter 100W/);
  assert.match(html, /1 product</);
  assert.match(html, /<meta name="category:product_count" content="1"/);
  const missing = await getHtml(app, "/category/no-such-thing", 404);
  assert.match(missing, /Category Not Found/);
  assert.match(missing, /Return to Home/);
});

test("[pages] product page shows the price in rand, sale struck through, and structured data", async (db, database) => {
  const app = testApp(database);
  const cat = await createCategory(db, { slug: "heating-lighting", name: "Heating & Lighting" });
  await createProduct(db, {
    name: "Arcadia T5 UVB Kit 12%",
    slug: "arcadia-t5-uvb-kit",
    price: "1299.00",
    salePrice: "1099.00",
    brand: "Arcadia",
    categoryId: cat.id,
    isNew: true,
    fbGtin: "5060245510123",
  });
  const html = await getHtml(app, "/product/arcadia-t5-uvb-kit");
  assert.match(html, /R\s1\s099,00/);
  assert.match(html, /<s[^>]*>.*R\s1\s299,00/);
  assert.match(html, />NEW</);
  assert.match(html, />SALE</);
  assert.match(html, /<meta property="product:price:amount" content="1099.00"/);
  assert.match(html, /<meta property="product:price:currency" content="ZAR"/);
  assert.match(html, /<link rel="amphtml" href="http:\/\/localhost:8000\/product\/arcadia-t5-uvb-kit\/amp"/);
  const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
  const product = ld.find((b) => b["@type"] === "Product");
  assert.equal(product.offers.price, "1099.00");
  assert.equal(product.offers.priceCurrency, "ZAR");
  assert.equal(product.gtin13, "5060245510123");
  const validUntil = new Date(product.offers.priceValidUntil);
  assert.ok(validUntil.getTime() - Date.now() > 360 * 86_400_000);
  assert.ok(ld.some((b) => b["@type"] === "BreadcrumbList"));
  assert.match(await getHtml(app, "/product/not-here", 404), /Product Not Found/);
});

test("[pages] text from the database is escaped", async (db, database) => {
  const app = testApp(database);
  await createProduct(db, {
    name: "<script>alert(1)</script> Hide",
    slug: "evil-hide",
    description: "</script><img src=x onerror=alert(1)>",
  });
  const html = await getHtml(app, "/product/evil-hide");
  assert.doesNotMatch(html, /<script>alert\(1\)/);
  assert.doesNotMatch(html, /<img src=x onerror/);
  assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt; Hide/);
});

test("[pages] an unknown path is the 404 page with the URL, ways out and the contact e-mail", async (_db, database) => {
  const app = testApp(database);
  const html = await getHtml(app, "/nope/<b>", 404);
  assert.match(html, /Page Not Found/);
  assert.match(html, /\/nope\/&lt;b&gt;/);
  assert.match(html, /Return to Home/);
  assert.match(html, /Browse Categories/);
  assert.match(html, /support@reptilebasics.co.za/);
  assert.match(html, /<meta name="robots" content="noindex, nofollow"/);
});

test("[pages] categories page has a card per category with the fallback description", async (db, database) => {
  const app = testApp(database);
  await createCategory(db, { slug: "decor-enrichment", name: "Decor & Enrichment" });
  const html = await getHtml(app, "/categories");
  assert.match(html, /Browse Categories/);
  assert.match(html, /Browse our selection of Decor &amp; Enrichment/);
  assert.match(html, /View Products/);
});

test("[ops] health, readiness, request id and one JSON log line per request", async (_db, database) => {
  const lines: string[] = [];
  const { createApp } = await import("../../app.ts");
  const { testConfig, testAssets } = await import("../helpers/app.ts");
  const app = createApp({
    database,
    config: testConfig({ LOG_REQUESTS: "true" }),
    assets: testAssets(),
    log: (l) => lines.push(l),
  });
  const health = await app.request("/healthz");
  assert.equal(health.status, 200);
  assert.deepEqual(await health.json(), { status: "ok" });
  const ready = await app.request("/readyz", { headers: { "X-Request-Id": "req-12345678" } });
  assert.equal(ready.status, 200);
  assert.equal(ready.headers.get("x-request-id"), "req-12345678");
  const entry = JSON.parse(lines.at(-1)!);
  assert.equal(entry.path, "/readyz");
  assert.equal(entry.status, 200);
  assert.equal(entry.method, "GET");
  assert.equal(typeof entry.durationMs, "number");
  const other = await app.request("/healthz", { headers: { "X-Request-Id": "bad id with spaces" } });
  assert.match(other.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/);
});

test("[security] cross-site form posts are refused; pages carry security headers", async (_db, database) => {
  const app = testApp(database);
  const res = await app.request("/newsletter", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
    body: "email=a%40b.co",
  });
  assert.equal(res.status, 403);
  const page = await app.request("/");
  assert.match(page.headers.get("content-security-policy") ?? "", /script-src 'self'/);
  assert.equal(page.headers.get("x-content-type-options"), "nosniff");
  assert.ok(TEST_ORIGIN);
});

test("[static] placeholder images are generated SVG; bad sizes are 400", async (_db, database) => {
  const app = testApp(database);
  const res = await app.request("/images/placeholder/exo-terra-heat-mat.svg?w=1200&h=630");
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "image/svg+xml");
  const svg = await res.text();
  assert.match(svg, /width="1200" height="630"/);
  assert.match(svg, /Exo Terra Heat Mat/);
  assert.equal((await app.request("/images/placeholder/x.svg?w=99999")).status, 400);
  assert.equal((await app.request("/static/../deno.json")).status, 404);
  assert.equal((await app.request("/static/%E0")).status, 404, "a malformed escape is a missing file");
});

closeDatabase();
