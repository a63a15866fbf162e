/**
 * Visitor page caching and its invalidation (decision 0037): visitors share cached pages marked for a
 * CDN, a shopper with a session never gets a shared page (nor another shopper's name), and a price or
 * stock change by staff shows at once, on the instance that saved it and on another one (a second app
 * over the same database stands in for a second instance; it looks at cache_versions on every request).
 */
import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { testAssets, testConfig } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { readReferences } from "../helpers/html.ts";
import { signedInAs, staffAccount } from "../helpers/staff.ts";
import { orderOf } from "../helpers/reviews.ts";
import { createCategory, createProduct } from "../helpers/factories.ts";
import { recommendations } from "../../db/schema/mod.ts";
import { createApp } from "../../app.ts";
import type { Database, Db } from "../../db/client.ts";
import { memoryStorage } from "../../lib/storage.ts";
import { formatMoney } from "../../lib/money.ts";
import { PRIVATE_CACHE_CONTROL, VISITOR_CACHE_CONTROL } from "../../routes/page_cache.ts";

const { test, closeDatabase } = useTestDatabase();

/** A product named `name` (R100, 40 in stock) and two instances of the shop over the same database. */
async function onTwoInstances(db: Db, database: Database, name: string) {
  const product = await createProduct(db, { name, price: "100.00", stock: 40 });
  return { product, app: testApp(database), other: secondInstance(database) };
}

/** Customers signed in: keeper_a and keeper_b on `app`, keeper_b2 on `other`. */
async function threeShoppers(db: Db, database: Database, app: ReturnType<typeof testApp>, other: typeof app) {
  const a = await staffAccount(db, database, "customer", "keeper_a", {}, app);
  const b = await staffAccount(db, database, "customer", "keeper_b", {}, app);
  const bThere = await staffAccount(db, database, "customer", "keeper_b2", {}, other);
  return { a, b, bThere };
}

/** An instance of the shop with its page cache on (as in production). */
function testApp(database: Database) {
  return createApp({ database, config: testConfig(), assets: testAssets(), storage: memoryStorage(), pageCache: true });
}

/** Another instance of the shop on the same database, checking cache versions on every request. */
function secondInstance(database: Database) {
  return createApp({
    database,
    config: testConfig(),
    assets: testAssets(),
    storage: memoryStorage(),
    pageCache: true,
    cacheCheckMs: 0,
  });
}

test(
  "[page cache] a visitor's second request is served from the cache, marked public for a CDN; a shopper with a session gets private, no-store",
  async (db, database) => {
    const product = await createProduct(db, { name: "Basking Lamp 75 W" });
    const app = testApp(database);
    const visitor = testClient(app);
    const first = await visitor.get(`/product/${product.slug}`);
    assert.equal(first.status, 200);
    assert.equal(first.headers.get("Cache-Control"), VISITOR_CACHE_CONTROL);
    assert.equal(first.headers.get("X-Page-Cache"), "miss");
    const firstHtml = await first.text();
    const second = await visitor.get(`/product/${product.slug}`);
    assert.equal(second.headers.get("X-Page-Cache"), "hit");
    assert.equal(second.headers.get("Cache-Control"), VISITOR_CACHE_CONTROL);
    assert.match(second.headers.get("Content-Type") ?? "", /^text\/html/);
    assert.ok(second.headers.get("Content-Security-Policy"), "security headers on cached pages too");
    assert.equal(await second.text(), firstHtml);

    // A signed-in shopper: the page with their name, never the shared copy, never stored anywhere.
    const shopper = await signedInAs(db, database, "customer", app);
    const own = await shopper.get(`/product/${product.slug}`);
    assert.equal(own.headers.get("X-Page-Cache"), null);
    assert.equal(own.headers.get("Cache-Control"), PRIVATE_CACHE_CONTROL);
    assert.match(await own.text(), /customer/);
    // ... and the visitor's cached page still has no name in it.
    const again = await visitor.get(`/product/${product.slug}`);
    assert.equal(again.headers.get("X-Page-Cache"), "hit");
    assert.equal(await again.text(), firstHtml);
    assert.doesNotMatch(firstHtml, /Sign out|Log out|My Account/i);
  },
);

test("[page cache] a response that sets a cookie (a guest cart) is private and never stored", async (db, database) => {
  const product = await createProduct(db);
  const app = testApp(database);
  const guest = testClient(app);
  const add = await guest.postJson("/api/cart", { productId: product.id, quantity: 1 });
  assert.ok(add.status < 300, `add to cart: ${add.status}`);
  assert.equal(add.headers.get("Cache-Control"), PRIVATE_CACHE_CONTROL);
  assert.ok(guest.cookies.has("sid"), "the guest got a session");
  const page = await guest.get(`/product/${product.slug}`);
  assert.equal(page.headers.get("X-Page-Cache"), null);
  assert.equal(page.headers.get("Cache-Control"), PRIVATE_CACHE_CONTROL);
});

test(
  "[page cache] a price and a stock change by staff show at once to visitors on this instance and on another",
  async (db, database) => {
    const { product, app, other } = await onTwoInstances(db, database, "Misting Nozzle");
    const here = testClient(app);
    const there = testClient(other);
    const path = `/product/${product.slug}`;
    const category = "/products";
    for (const client of [here, there]) {
      // Fill both instances' caches (and check they are filled).
      for (const p of [path, path, category, category]) await (await client.get(p)).body?.cancel();
      assert.equal((await client.get(path)).headers.get("X-Page-Cache"), "hit");
    }
    const old = formatMoney(10000);
    assert.ok(readReferences(await (await here.get(path)).text()).includes(old));

    const admin = await signedInAs(db, database, "admin", app);
    const put = await admin.postJson(`/api/products/${product.id}`, { price: 123.45, stock: 3 }, "PUT");
    assert.equal(put.status, 200, await put.clone().text());

    const price = formatMoney(12345);
    for (const [name, client] of [["this instance", here], ["another instance", there]] as const) {
      const html = readReferences(await (await client.get(path)).text());
      assert.ok(html.includes(price), `${name}: the new price on the product page`);
      assert.ok(html.includes("Only 3 left in stock"), `${name}: the new stock on the product page`);
      const listing = readReferences(await (await client.get(category)).text());
      assert.ok(listing.includes(price), `${name}: the new price in the listing`);
    }
  },
);

test("[page cache] shop settings saved on one instance show on another at once", async (db, database) => {
  const app = testApp(database);
  const other = secondInstance(database);
  const there = testClient(other);
  await (await there.get("/")).body?.cancel();
  const admin = await signedInAs(db, database, "admin", app);
  const current = await (await admin.get("/api/admin/settings")).json();
  const put = await admin.postJson("/api/admin/settings", { ...current, shopName: "Gecko Corner" }, "PUT");
  assert.equal(put.status, 200, await put.clone().text());
  assert.match(await (await there.get("/")).text(), /Gecko Corner/);
});

test(
  "[page cache] a signed-in shopper's product page shares the product and reviews but reads their own wishlist and review fresh; staff changes show at once",
  async (db, database) => {
    const { product, app, other } = await onTwoInstances(db, database, "Thermostat Dial");
    const path = `/product/${product.slug}`;
    const { a, b, bThere } = await threeShoppers(db, database, app, other);
    for (const client of [a.client, b.client, bThere.client]) await (await client.get(path)).body?.cancel();

    // A saves it: A's page says so at once, B's (from the same shared product data) does not.
    assert.equal((await a.client.postJson("/api/wishlist", { productId: product.id })).status, 201);
    assert.match(await (await a.client.get(path)).text(), /aria-pressed="true"/);
    assert.doesNotMatch(await (await b.client.get(path)).text(), /aria-pressed="true"/);
    // A writes a review (awaiting approval): A's page says so, B's still offers the form.
    const pending = /once our team has approved it/;
    const review = { rating: 4, title: "Easy to set", content: "Holds the mat at 32 degrees without fuss." };
    assert.equal((await a.client.postJson(`/api/products/${product.id}/reviews`, review)).status, 201);
    assert.match(await (await a.client.get(path)).text(), pending);
    assert.doesNotMatch(await (await b.client.get(path)).text(), pending);
    // A's cart badge on the product page (read with A's other rows in one query) is A's own.
    assert.equal((await a.client.postJson("/api/cart", { productId: product.id, quantity: 3 })).status, 201);
    assert.match(await (await a.client.get(path)).text(), /aria-label="Cart, 3 items"/);
    assert.match(await (await b.client.get(path)).text(), /aria-label="Cart, 0 items"/);

    // A staff price and stock change: every signed-in shopper sees it at once, here and on another instance.
    const admin = await signedInAs(db, database, "admin", app);
    const put = await admin.postJson(`/api/products/${product.id}`, { price: 123.45, stock: 3 }, "PUT");
    assert.equal(put.status, 200, await put.clone().text());
    for (const [name, client] of [["this instance", b.client], ["another instance", bThere.client]] as const) {
      const html = readReferences(await (await client.get(path)).text());
      assert.ok(html.includes(formatMoney(12345)), `${name}: the new price`);
      assert.ok(html.includes("Only 3 left in stock"), `${name}: the new stock`);
    }
  },
);

test(
  "[page cache] a shopper's reply to a review shows on the product page they come back to, with the page data cached",
  async (db, database) => {
    const product = await createProduct(db, { name: "Basking Platform" });
    const app = testApp(database);
    const path = `/product/${product.slug}`;
    const buyer = await staffAccount(db, database, "customer", "buyer", {}, app);
    const other = await staffAccount(db, database, "customer", "other", {}, app);
    const admin = await signedInAs(db, database, "admin", app);
    await orderOf(db, buyer.user.id, product.id);
    const review = { rating: 5, title: "Solid platform", content: "My bearded dragon basks on it every day." };
    const created = await (await buyer.client.postJson(`/api/products/${product.id}/reviews`, review)).json();
    assert.equal((await admin.postJson(`/api/admin/reviews/${created.id}/status`, { status: "approved" })).status, 200);
    assert.match(await (await other.client.get(path)).text(), /Solid platform/);
    assert.match(await (await other.client.get(path)).text(), /Solid platform/);

    const reply = await other.client.postJson(`/api/reviews/${created.id}/replies`, {
      content: "Mine too, R1 well spent",
    });
    assert.equal(reply.status, 201);
    assert.match(await (await other.client.get(path)).text(), /Mine too, R1 well spent/);
    const form = await other.client.postForm(`/product/${product.slug}/reviews/${created.id}/replies`, {
      content: "Also holds a water bowl",
    });
    assert.equal(form.status, 303);
    assert.match(await (await other.client.get(path)).text(), /Also holds a water bowl/);
  },
);

test(
  "[page cache] signed-in shoppers share listing and search reads, see their own cart badge, and see a staff change at once on every instance",
  async (db, database) => {
    const { product, app, other } = await onTwoInstances(db, database, "Ceramic Heat Emitter");
    const { a, b, bThere } = await threeShoppers(db, database, app, other);
    const listing = "/products?sort=name_asc";
    const search = "/api/search?q=ceramic";
    for (const client of [a.client, b.client, bThere.client]) {
      for (const p of [listing, listing, search]) await (await client.get(p)).body?.cancel();
    }
    // A's cart badge is A's own, though the listing came from the shared read.
    assert.equal((await a.client.postJson("/api/cart", { productId: product.id, quantity: 2 })).status, 201);
    assert.match(await (await a.client.get(listing)).text(), /aria-label="Cart, 2 items"/);
    assert.match(await (await b.client.get(listing)).text(), /aria-label="Cart, 0 items"/);

    const admin = await signedInAs(db, database, "admin", app);
    const put = await admin.postJson(`/api/products/${product.id}`, { price: 123.45 }, "PUT");
    assert.equal(put.status, 200, await put.clone().text());
    for (const [name, client] of [["this instance", b.client], ["another instance", bThere.client]] as const) {
      assert.ok((await (await client.get(listing)).text()).includes(formatMoney(12345)), `${name}: the listing`);
      const found = await (await client.get(search)).json();
      assert.equal(found.items[0].price, 123.45, `${name}: the search results`);
    }
  },
);

test(
  "[page cache] each customer's home page shows their own recommendations, kept per customer, with the shared sections cached",
  async (db, database) => {
    const forA = await createProduct(db, { name: "Gecko Hide Cave" });
    const forB = await createProduct(db, { name: "Tortoise Table Lamp" });
    const app = testApp(database);
    const a = await staffAccount(db, database, "customer", "keeper_home_a", {}, app);
    const b = await staffAccount(db, database, "customer", "keeper_home_b", {}, app);
    await db.insert(recommendations).values([
      { userId: a.user.id, recommendedProductId: forA.id, type: "personalized", score: 9 },
      { userId: b.user.id, recommendedProductId: forB.id, type: "personalized", score: 9 },
    ]);
    // The first card of "Recommended for you": the customer's stored pick (the rest of the list is
    // filled from trending and popular products, the same for both).
    const firstPick = async (client: typeof a.client) => {
      const html = await (await client.get("/")).text();
      return html.slice(html.indexOf("Recommended for you")).match(/href="\/product\/([^"]+)"/)?.[1];
    };
    for (let i = 0; i < 2; i++) {
      assert.equal(await firstPick(a.client), forA.slug, `A's own list first (request ${i + 1})`);
      assert.equal(await firstPick(b.client), forB.slug, `B's own list first (request ${i + 1})`);
    }
  },
);

/** An island's JSON props on a page (the first marker of that name). */
function islandProps(html: string, name: string): Record<string, unknown> {
  const attr = html.match(new RegExp(`data-island="${name}" data-props="([^"]*)"`))?.[1];
  assert.ok(attr, `${name} is on the page`);
  return JSON.parse(attr.replace(/&quot;/g, '"').replace(/&amp;/g, "&"));
}

/** The islands boot may load on a page (its script's data-islands), by name. */
function pageIslands(html: string): string[] {
  const attr = html.match(/data-islands="([^"]*)"/)?.[1] ?? "{}";
  return Object.keys(JSON.parse(attr.replace(/&quot;/g, '"').replace(/&amp;/g, "&"))).sort();
}

test(
  "[page cache] markup rendered once (product parts, header, footer) follows the sign-in state, the page's category, its islands and a settings save",
  async (db, database) => {
    const lamps = await createCategory(db, { name: "Lamps" });
    const hides = await createCategory(db, { name: "Hides" });
    const product = await createProduct(db, { name: "Slate Hide", categoryId: hides.id });
    const app = testApp(database);
    const visitor = testClient(app);
    const a = await staffAccount(db, database, "customer", "keeper_frozen", {}, app);
    const path = `/product/${product.slug}`;
    const first = await (await a.client.get(path)).text();
    for (let i = 0; i < 2; i++) {
      const mine = await (await a.client.get(path)).text();
      const theirs = await (await visitor.get(path)).text();
      // The buy box is kept per sign-in state: a visitor is never offered a signed-in shopper's one.
      assert.equal(islandProps(mine, "BuyBox").signedIn, true, `signed in (${i})`);
      assert.equal(islandProps(theirs, "BuyBox").signedIn, false, `visitor (${i})`);
      // Islands inside reused markup (gallery, buy box, tabs, the footer's newsletter form) still load.
      assert.deepEqual(pageIslands(mine), pageIslands(first), `the same islands as the first render (${i})`);
      for (const name of ["ProductGallery", "BuyBox", "Tabs", "NewsletterForm"]) {
        assert.ok(pageIslands(mine).includes(name), `${name} (${i})`);
      }
    }
    // The category navigation marks the page's own category, whichever page rendered it first.
    for (const [here, other] of [[lamps, hides], [hides, lamps], [lamps, hides]]) {
      const html = await (await a.client.get(`/category/${here.slug}`)).text();
      assert.match(html, new RegExp(`href="/category/${here.slug}" aria-current="page"`), here.name);
      assert.doesNotMatch(html, new RegExp(`href="/category/${other.slug}" aria-current="page"`), other.name);
    }
    // A settings save shows in a signed-in shopper's footer and top bar at once.
    const admin = await signedInAs(db, database, "admin", app);
    const current = await (await admin.get("/api/admin/settings")).json();
    const put = await admin.postJson(
      "/api/admin/settings",
      { ...current, shopName: "Gecko Corner", freeDeliveryThreshold: 987 },
      "PUT",
    );
    assert.equal(put.status, 200, await put.clone().text());
    const after = readReferences(await (await a.client.get(path)).text());
    const footer = after.slice(after.indexOf("<footer"));
    assert.match(footer, /Gecko Corner/);
    assert.ok(after.includes(`Free delivery on orders from <!-- -->${formatMoney(98700)}`), "the top bar's threshold");
  },
);

async function gunzip(res: Response): Promise<string> {
  return await new Response(res.body!.pipeThrough(new DecompressionStream("gzip"))).text();
}

test(
  "[compression] pages (fresh and cached) and JSON go out gzipped to clients that accept it, plain to others",
  async (db, database) => {
    const product = await createProduct(db, { name: "Heat Mat 28 W" });
    const app = testApp(database);
    const gzip = { headers: { "Accept-Encoding": "gzip, deflate, br" } };
    const visitor = testClient(app);
    const path = `/product/${product.slug}`;
    const fresh = await visitor.request(path, gzip);
    assert.equal(fresh.headers.get("X-Page-Cache"), "miss");
    assert.equal(fresh.headers.get("Content-Encoding"), "gzip");
    assert.match(fresh.headers.get("Vary") ?? "", /Accept-Encoding/);
    const html = await gunzip(fresh);
    assert.match(html, /Heat Mat 28 W/);
    const cached = await visitor.request(path, gzip);
    assert.equal(cached.headers.get("X-Page-Cache"), "hit");
    assert.equal(cached.headers.get("Content-Encoding"), "gzip");
    assert.match(cached.headers.get("Vary") ?? "", /Accept-Encoding/);
    assert.equal(await gunzip(cached), html);
    const plain = await visitor.get(path);
    assert.equal(plain.headers.get("Content-Encoding"), null);
    assert.equal(await plain.text(), html);

    // JSON over 1 KB (a body under it is sent as it is: compression_test.ts).
    for (const name of ["Heat Mat 14 W", "Heat Mat 7 W", "Heat Mat 42 W"]) await createProduct(db, { name });
    const json = await visitor.request("/api/products?limit=50", gzip);
    assert.equal(json.headers.get("Content-Encoding"), "gzip");
    assert.match(JSON.parse(await gunzip(json)).items[0].name, /Heat Mat/);
  },
);

test(
  "[page cache] kept markup is narrowed: characters above U+007F reach the browser as references, JSON-LD as escapes (decision 0095)",
  async (db, database) => {
    const description = "Don’t let the hide dry out – mist it daily. ".repeat(5) + "Geckos 🦎 love it…";
    const product = await createProduct(db, { name: "Humid Hide – Large", description });
    const app = testApp(database);
    const visitor = testClient(app);
    const first = await (await visitor.get(`/product/${product.slug}`)).text();
    const hit = await visitor.get(`/product/${product.slug}`);
    assert.equal(hit.headers.get("X-Page-Cache"), "hit");
    const html = await hit.text();
    assert.equal(html, first, "the miss sends the same narrowed page the hits send");
    for (
      const [who, page] of [["visitor", html], [
        "signed-in shopper",
        await (await (await signedInAs(db, database, "customer", app)).get(`/product/${product.slug}`)).text(),
      ]]
    ) {
      const wide = [...page].filter((ch) => ch.codePointAt(0)! > 0x7f);
      assert.deepEqual(wide, [], `${who}: no character above U+007F`);
      // The browser reads the same text back: the name in the heading, the description, the cut meta description.
      const text = readReferences(page);
      assert.ok(text.includes("Humid Hide – Large"), who);
      assert.ok(text.includes("Geckos 🦎 love it…"), who);
      assert.match(text, /<meta name="description" content="Don’t let the hide dry out – mist it daily\.[^"]*…"/, who);
      // JSON-LD keeps JSON escapes, which parse to the exact text (references are not decoded in scripts).
      const ld = [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
        .map((m) => JSON.parse(m[1])).find((block) => block["@type"] === "Product");
      assert.equal(ld?.name, "Humid Hide – Large", who);
      assert.equal(ld?.description, description, who);
    }
  },
);

closeDatabase();
