import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { getHtml, testApp } from "../helpers/app.ts";
import { createCategory, createProduct, createSubcategory } from "../helpers/factories.ts";
import { failingDatabase, loggedWhile, productListReads } from "../helpers/failing_db.ts";
import type { Database, Db } from "../../db/client.ts";
import { products } from "../../db/schema/mod.ts";
import { RANKED_MATCHES } from "../../domains/catalog/mod.ts";

const { test, closeDatabase } = useTestDatabase();

/** The test app over {@link catalogue}. */
async function catalogueApp(db: Db, database: Database) {
  await catalogue(db);
  return testApp(database);
}

async function catalogue(db: Db) {
  const cat = await createCategory(db, { slug: "heating-lighting", name: "Heating & Lighting", position: 1 });
  const sub = await createSubcategory(db, cat, { slug: "uv-meters", name: "UV Meters", position: 7 });
  const decor = await createCategory(db, { slug: "decor-enrichment", name: "Decor & Enrichment", position: 2 });
  const rows = [
    ["Arcadia T5 Kit", "Arcadia", "1299.00", null, cat.id, { featured: true }],
    ["Arcadia Tube", "Arcadia", "649.00", "449.00", cat.id, {}],
    ["Exo Terra Heat Mat", "Exo Terra", "349.00", null, cat.id, { isNew: true }],
    ["Exo Terra Big Dome", "Exo Terra", "3999.00", null, cat.id, {}],
    ["Solarmeter 6.5", "Solarmeter", "4599.00", "4299.00", sub.id, {}],
    ["Cork Bark Tube", "Lucky Reptile", "199.00", null, decor.id, {}],
  ] as const;
  for (const [name, brand, price, salePrice, categoryId, extra] of rows) {
    await createProduct(db, { name, brand, price, salePrice, categoryId, ...extra });
  }
}

/** Product names in the order the grid shows them. */
function gridNames(html: string): string[] {
  const main = html.slice(html.indexOf('aria-label="Products"'));
  return [...main.matchAll(/<h3[^>]*><a href="\/product\/[^"]+"[^>]*>(.*?)<\/a><\/h3>/g)]
    .map((m) => m[1].replace(/<[^>]+>/g, ""));
}

test("[listing] category page filters by band and brand from the URL, in the chosen order", async (db, database) => {
  const app = await catalogueApp(db, database);
  const html = await getHtml(
    app,
    "/category/heating-lighting?price=0-500&price=3500-100000&brand=Exo%20Terra&sort=price_desc",
  );
  assert.deepEqual(gridNames(html), ["Exo Terra Big Dome", "Exo Terra Heat Mat"]);
  assert.match(html, /2 products</);
  // The chips remove one selection each; Clear All removes every filter but keeps the sort.
  assert.match(html, /aria-label="Remove filter Under R500"/);
  assert.match(html, /aria-label="Remove filter Exo Terra"/);
  assert.match(html, /href="\/category\/heating-lighting\?sort=price_desc"[^>]*>Clear All/);
  // The checked boxes reflect the URL, in the sidebar and the mobile drawer.
  assert.equal([...html.matchAll(/type="checkbox"[^>]*checked=""[^>]*value="0-500"/g)].length, 2);
  assert.equal([...html.matchAll(/type="checkbox"[^>]*checked=""[^>]*value="Exo Terra"/g)].length, 2);
  assert.equal([...html.matchAll(/type="checkbox"[^>]*checked=""/g)].length, 6);
});

test(
  "[listing] category includes its sub-categories; brand facet lists the category's brands only",
  async (db, database) => {
    const app = await catalogueApp(db, database);
    const html = await getHtml(app, "/category/heating-lighting?sort=name_asc");
    assert.deepEqual(gridNames(html), [
      "Arcadia T5 Kit",
      "Arcadia Tube",
      "Exo Terra Big Dome",
      "Exo Terra Heat Mat",
      "Solarmeter 6.5",
    ]);
    assert.match(html, /value="Solarmeter"/);
    assert.doesNotMatch(html, /value="Lucky Reptile"/);
    assert.match(html, /<link rel="amphtml" href="http:\/\/localhost:8000\/category\/heating-lighting\/amp"/);
  },
);

test(
  "[listing] the filter form works without JavaScript: GET to the page with repeated fields",
  async (db, database) => {
    const app = await catalogueApp(db, database);
    const html = await getHtml(app, "/category/heating-lighting");
    const form = html.match(
      /<form[^>]*aria-label="Filters" action="\/category\/heating-lighting" method="get">[\s\S]*?<\/form>/,
    )![0];
    assert.match(form, /type="checkbox"[^>]*name="price" value="500-1000"/);
    // The spec's band labels, exactly: 'min-max' with no spaces.
    assert.deepEqual([...form.matchAll(/name="price"[^>]*\/><span[^>]*>([^<]+)</g)].map((m) => m[1]), [
      "Under R500",
      "R500-R1000",
      "R1000-R2000",
      "R2000-R3500",
      "Over R3500",
    ]);
    assert.match(form, /type="checkbox"[^>]*name="brand" value="Arcadia"/);
    assert.match(form, /type="submit"[^>]*>Apply Filters</);
    assert.match(form, />Clear Filters</);
    // What a browser sends when two boxes are ticked and the form submitted:
    const body = new URLSearchParams([["price", "0-500"], ["brand", "Arcadia"]]);
    const result = await getHtml(app, `/category/heating-lighting?${body}`);
    assert.deepEqual(gridNames(result), ["Arcadia Tube"]);
  },
);

test(
  "[listing] a selection that matches nothing under the other filters keeps its box ticked",
  async (db, database) => {
    const app = await catalogueApp(db, database);
    // Arcadia has nothing over R3,500: its box must stay (ticked, 0) so Apply Filters keeps it in the URL.
    const html = await getHtml(app, "/category/heating-lighting?price=3500-100000&brand=Arcadia");
    assert.equal([...html.matchAll(/type="checkbox"[^>]*checked=""[^>]*value="Arcadia"/g)].length, 2);
    // On Shop All, a parent category whose products sit in a sub-category stays the chosen radio.
    const all = await getHtml(app, "/products?category=heating-lighting&brand=Solarmeter");
    assert.deepEqual(gridNames(all), ["Solarmeter 6.5"]);
    assert.equal([...all.matchAll(/type="radio"[^>]*checked=""[^>]*value="heating-lighting"/g)].length, 2);
  },
);

/** Each brand box in the sidebar form as [brand, shown count, ticked]. */
function brandBoxes(html: string): [string, number, boolean][] {
  const form = html.match(/<form[^>]*aria-label="Filters"[\s\S]*?<\/form>/)![0];
  return [...form.matchAll(/(<input[^>]*name="brand"[^>]*\/>)[\s\S]*?data-facet-count="true">(\d+)</g)]
    .map((m) => [m[1].match(/value="([^"]+)"/)![1], Number(m[2]), m[1].includes('checked=""')]);
}

test("[listing] ticking a price band keeps the category's other brands in the brand filter", async (db, database) => {
  const app = await catalogueApp(db, database);
  // Only the Arcadia T5 Kit costs R1,000 to R2,000; Exo Terra and Solarmeter stay offered, with 0.
  const html = await getHtml(app, "/category/heating-lighting?price=1000-2000");
  assert.deepEqual(gridNames(html), ["Arcadia T5 Kit"]);
  assert.deepEqual(brandBoxes(html), [["Arcadia", 1, false], ["Exo Terra", 0, false], ["Solarmeter", 0, false]]);
  // A 0 brand is still a working choice: ticking it with the band empties the grid, and dropping the
  // band (its chip) then shows that brand's products.
  const ticked = await getHtml(app, "/category/heating-lighting?price=1000-2000&brand=Solarmeter");
  assert.match(ticked, /No products found in Heating &amp; Lighting\. Please try adjusting your selections\./);
  assert.deepEqual(brandBoxes(ticked), [["Arcadia", 1, false], ["Exo Terra", 0, false], ["Solarmeter", 0, true]]);
  assert.match(
    ticked,
    /href="\/category\/heating-lighting\?brand=Solarmeter"[^>]*aria-label="Remove filter R1000-R2000"/,
  );
  assert.deepEqual(gridNames(await getHtml(app, "/category/heating-lighting?brand=Solarmeter")), ["Solarmeter 6.5"]);
  // A band that is not one of ours (a hand-made URL) gets a chip written the same way.
  assert.match(
    await getHtml(app, "/category/heating-lighting?price=750-1200"),
    /aria-label="Remove filter R750-R1200"/,
  );
});

test("[listing] paging: 24 a page, page 2 continues, links keep the filters", async (db, database) => {
  const cat = await createCategory(db, { slug: "feeding-supplies", name: "Feeding Supplies" });
  for (let i = 0; i < 30; i++) {
    await createProduct(db, {
      name: `Tongs ${String(i).padStart(2, "0")}`,
      brand: "Komodo",
      price: "99.00",
      categoryId: cat.id,
    });
  }
  const app = testApp(database);
  const first = await getHtml(app, "/category/feeding-supplies?brand=Komodo&sort=name_asc");
  assert.equal(gridNames(first).length, 24);
  assert.match(first, /href="\/category\/feeding-supplies\?brand=Komodo&amp;sort=name_asc&amp;page=2"/);
  const second = await getHtml(app, "/category/feeding-supplies?brand=Komodo&sort=name_asc&page=2");
  assert.deepEqual(gridNames(second), ["Tongs 24", "Tongs 25", "Tongs 26", "Tongs 27", "Tongs 28", "Tongs 29"]);
  assert.match(second, /30 products</);
});

test("[listing] empty and bad selections", async (db, database) => {
  const app = await catalogueApp(db, database);
  const empty = await getHtml(app, "/category/decor-enrichment?price=2000-3500");
  assert.match(empty, /No products found in Decor &amp; Enrichment\. Please try adjusting your selections\./);
  // A bad sort, price or page is ignored: the page lists the products as if it were not there.
  const plain = gridNames(await getHtml(app, "/category/heating-lighting"));
  assert.ok(plain.length > 0);
  assert.deepEqual(gridNames(await getHtml(app, "/category/heating-lighting?price=cheap")), plain);
  assert.deepEqual(gridNames(await getHtml(app, "/category/heating-lighting?sort=random")), plain);
  assert.deepEqual(gridNames(await getHtml(app, "/category/heating-lighting?page=0")), plain);
  assert.deepEqual(
    gridNames(await getHtml(app, "/products?sort=relevance")),
    gridNames(await getHtml(app, "/products")),
  );
  assert.match(await getHtml(app, "/category/nothing-here", 404), /Category Not Found/);
});

test("[listing] Shop All, Featured, New and Offers list the right products", async (db, database) => {
  const app = await catalogueApp(db, database);
  assert.equal(gridNames(await getHtml(app, "/products")).length, 6);
  assert.deepEqual(gridNames(await getHtml(app, "/featured")), ["Arcadia T5 Kit"]);
  assert.deepEqual(gridNames(await getHtml(app, "/new")), ["Exo Terra Heat Mat"]);
  assert.deepEqual(gridNames(await getHtml(app, "/offers?sort=price_asc")), ["Arcadia Tube", "Solarmeter 6.5"]);
  const byCategory = await getHtml(app, "/products?category=decor-enrichment");
  assert.deepEqual(gridNames(byCategory), ["Cork Bark Tube"]);
  assert.match(byCategory, /aria-label="Remove filter Decor &amp; Enrichment"/);
  assert.match(await getHtml(app, "/offers?brand=Nobody"), /No products found\./);
});

test("[listing] search page ranks, highlights matched words and offers facets", async (db, database) => {
  const app = await catalogueApp(db, database);
  const html = await getHtml(app, "/search?q=tube");
  assert.match(html, /Search results for &quot;tube&quot;/);
  assert.deepEqual(gridNames(html).sort(), ["Arcadia Tube", "Cork Bark Tube"]);
  assert.match(html, /<mark[^>]*>Tube<\/mark>/);
  assert.match(html, /name="category" value="decor-enrichment"/);
  const filtered = await getHtml(app, "/search?q=tube&category=heating-lighting");
  assert.deepEqual(gridNames(filtered), ["Arcadia Tube"]);
  const typo = await getHtml(app, "/search?q=solarmetr");
  assert.deepEqual(gridNames(typo), ["Solarmeter 6.5"]);
  const empty = await getHtml(app, "/search");
  assert.match(empty, /Search the shop/);
  // Before a query: the suggesting search box, no '0 products', filters or sort (issue 16 item 9).
  assert.match(empty, /data-island="SearchBox"[^>]*>[\s\S]*?id="search-page-q"/);
  assert.doesNotMatch(empty, /data-product-count|popovertarget="filter-drawer"|Sort by/);
  assert.match(empty, /Type what you are looking for above/);
  assert.match(await getHtml(app, "/search?q=tube"), /data-product-count[\s\S]*Sort by/);
  assert.match(await getHtml(app, "/search?q=qqqzzz"), /No products found for &quot;qqqzzz&quot;/);
});

test(
  "[listing] error text when loading fails: the spec's message in place of the grid, logged",
  async (db, database) => {
    await catalogue(db);
    const app = testApp(failingDatabase(database, productListReads));
    const { result: html, logged } = await loggedWhile(() => getHtml(app, "/category/heating-lighting", 500));
    assert.match(html, /role="alert"[^>]*>An error occurred while loading products\. Please try again later\.</);
    assert.match(html, /<h1[^>]*>Heating &amp; Lighting<\/h1>/);
    assert.ok(logged.some((l) => l.message === "loading products failed" && /simulated outage/.test(String(l.error))));
  },
);

test("[api] /api/products takes the listing parameters; bad ones are 400", async (db, database) => {
  const app = await catalogueApp(db, database);
  const res = await app.request(
    "/api/products?category=heating-lighting&price=0-500&price=500-1000&brand=Arcadia&brand=Exo%20Terra&sort=price_asc",
  );
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.deepEqual(body.items.map((p: { name: string }) => p.name), ["Exo Terra Heat Mat", "Arcadia Tube"]);
  assert.equal(body.total, 2);
  const search = await (await app.request("/api/products?q=arcadia&limit=1")).json();
  assert.equal(search.items.length, 1);
  assert.equal(search.total, 2);
  for (const bad of ["price=1000-500", "price=a-b", "sort=cheapest", "limit=500", "brand=" + "x".repeat(101)]) {
    const r = await app.request(`/api/products?${bad}`);
    assert.equal(r.status, 400, bad);
    assert.equal(typeof (await r.json()).error, "string");
  }
});

test("[api] /api/search and /api/search/suggest", async (db, database) => {
  const app = await catalogueApp(db, database);
  const search = await (await app.request("/api/search?q=exo%20ter&limit=5")).json();
  assert.deepEqual(search.items.map((p: { brand: string }) => p.brand), ["Exo Terra", "Exo Terra"]);
  const suggest = await (await app.request("/api/search/suggest?q=heat")).json();
  assert.equal(suggest[0].name, "Exo Terra Heat Mat");
  assert.equal(suggest[0].price, 349);
  assert.equal(suggest[0].slug.length > 0, true);
  const missing = await app.request("/api/search/suggest");
  assert.equal(missing.status, 400);
  assert.equal((await missing.json()).error, "q is required");
});

test(
  "[listing] a broad search shows the 1000 it ranks as '1000+ products'; the API says the total is capped",
  async (db, database) => {
    await catalogue(db);
    // One more gecko product than a search ranks (RANKED_MATCHES), in one insert.
    await db.insert(products).values(
      Array.from({ length: RANKED_MATCHES + 1 }, (_, i) => ({
        name: `Gecko Ledge ${i}`,
        slug: `gecko-ledge-${i}`,
        sku: `GL-${i}`,
        brand: "Ledgeco",
        price: "99.00",
        stock: 5,
      })),
    );
    const app = testApp(database);
    const html = await getHtml(app, "/search?q=gecko");
    assert.match(html, /data-product-count[^>]*>1000\+ products</);
    // The facets count the 1000 ranked, and say more match.
    assert.match(html, />Ledgeco<\/span><span[^>]*data-facet-count[^>]*>1000\+</);
    assert.match(html, /price-0-500[\s\S]*?data-facet-count[^>]*>1000\+</);
    assert.match(html, /page=42/);
    assert.doesNotMatch(html, /page=43/);
    const api = await (await app.request("/api/search?q=gecko&limit=3")).json();
    assert.equal(api.total, RANKED_MATCHES);
    assert.equal(api.totalCapped, true);
    assert.equal(api.items.length, 3);
    const narrow = await (await app.request("/api/search?q=arcadia")).json();
    assert.deepEqual([narrow.total, narrow.totalCapped], [2, false]);
    const solarmeter = await getHtml(app, "/search?q=solarmeter");
    assert.match(solarmeter, /data-product-count[^>]*>1 product</);
    assert.match(solarmeter, />Solarmeter<\/span><span[^>]*data-facet-count[^>]*>1</);
  },
);

closeDatabase();
