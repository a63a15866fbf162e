/**
 * What depends only on staff writes is kept until the next one (decision 0050), page cache or not: a
 * listing's product count and facet counts per filter (shared by every page and sort of it) and a
 * search's ranked product ids. A staff change shows at once on the instance that made it and on
 * another one (a second app over the same database, looking at cache_versions on every request);
 * stock sold at checkout, which neither depends on, still shows at once.
 */
import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { testAssets, testConfig } from "../helpers/app.ts";
import { type TestClient, testClient } from "../helpers/client.ts";
import { signedInAs } from "../helpers/staff.ts";
import { createCategory, createProduct } from "../helpers/factories.ts";
import { products } from "../../db/schema/mod.ts";
import { eq } from "drizzle-orm";
import { createApp } from "../../app.ts";
import type { Database } from "../../db/client.ts";
import { memoryStorage } from "../../lib/storage.ts";

const { test, closeDatabase } = useTestDatabase();

/** An instance with the page cache off (the listing counts are kept all the same). */
function instance(database: Database, cacheCheckMs?: number) {
  return createApp({
    database,
    config: testConfig(),
    assets: testAssets(),
    storage: memoryStorage(),
    pageCache: false,
    cacheCheckMs,
  });
}

/** The grid's product count and each brand's facet count on a listing page. */
async function counts(client: TestClient, path: string) {
  const html = await (await client.get(path)).text();
  const total = html.match(/data-product-count="true">(\d+) products?</)?.[1];
  const brands = Object.fromEntries(
    [...html.matchAll(
      /name="brand" value="([^"]+)"\/><span[^>]*>[^<]*<\/span><span[^>]*data-facet-count="true">(\d+)</g,
    )].map((m) => [m[1], +m[2]]),
  );
  const meta = html.match(/name="category:product_count" content="(\d+)"/)?.[1];
  return { total: Number(total), brands, meta: Number(meta), html };
}

test(
  "[listing counts] kept across pages and sorts without the page cache; a staff change shows at once on this instance and another; stock sold still shows",
  async (db, database) => {
    const category = await createCategory(db, { name: "Basking Lamps", slug: "basking-lamps" });
    const lamps = [];
    for (const i of [1, 2, 3]) {
      lamps.push(await createProduct(db, { name: `Arcadia Lamp ${i}`, brand: "Arcadia", categoryId: category.id }));
    }
    await createProduct(db, { name: "Zoo Med Lamp", brand: "Zoo Med", categoryId: category.id, stock: 5 });
    const app = instance(database);
    const here = testClient(app);
    const there = testClient(instance(database, 0));
    const path = "/category/basking-lamps";
    for (const client of [here, there]) {
      const before = await counts(client, path);
      assert.deepEqual([before.total, before.meta, before.brands], [4, 4, { Arcadia: 3, "Zoo Med": 1 }]);
      // Another sort of the same category: the same counts.
      assert.equal((await counts(client, `${path}?sort=price_desc`)).total, 4);
    }

    // Staff archive one Arcadia lamp and move another to Zoo Med.
    const admin = await signedInAs(db, database, "admin", app);
    assert.equal((await admin.request(`/api/products/${lamps[0].id}`, { method: "DELETE" })).status, 200);
    const put = await admin.postJson(`/api/products/${lamps[1].id}`, { brand: "Zoo Med" }, "PUT");
    assert.equal(put.status, 200, await put.clone().text());
    for (const [name, client] of [["this instance", here], ["another instance", there]] as const) {
      for (const p of [path, `${path}?sort=price_desc`]) {
        const after = await counts(client, p);
        assert.deepEqual(
          [after.total, after.meta, after.brands],
          [3, 3, { Arcadia: 1, "Zoo Med": 2 }],
          `${name}, ${p}: the counts after the staff change`,
        );
      }
    }

    // The last Zoo Med unit sold (stock is not a staff-only fact): the grid shows it at once, the counts hold.
    await db.update(products).set({ stock: 0 }).where(eq(products.name, "Zoo Med Lamp"));
    const sold = await counts(here, path);
    assert.equal(sold.total, 3);
    assert.match(sold.html, /Zoo Med Lamp[\s\S]*?Out of stock/);
  },
);

test(
  "[search ranks] a search's ranking is kept without the page cache; the products' stock is read fresh; a staff rename shows at once on this instance and another",
  async (db, database) => {
    await createProduct(db, { name: "Arcadia T5 UVB Kit", brand: "Arcadia", stock: 5 });
    const bulb = await createProduct(db, { name: "Zoo Med UVB Bulb", brand: "Zoo Med", stock: 5 });
    const app = instance(database);
    const here = testClient(app);
    const there = testClient(instance(database, 0));
    const names = async (client: TestClient, path: string) => {
      const body = await (await client.get(path)).json();
      return (Array.isArray(body) ? body : body.items).map((p: { name: string }) => p.name).sort();
    };
    const both = ["Arcadia T5 UVB Kit", "Zoo Med UVB Bulb"];
    for (const client of [here, there]) {
      assert.deepEqual(await names(client, "/api/search?q=uvb"), both);
      assert.deepEqual(await names(client, "/api/search/suggest?q=uvb"), both);
      assert.equal((await counts(client, "/search?q=uvb")).total, 2);
    }

    // Stock sold (not a staff write): the kept ranking's products show it at once.
    await db.update(products).set({ stock: 0 }).where(eq(products.id, bulb.id));
    const sold = await (await here.get("/api/search?q=uvb")).json();
    assert.equal(sold.items.find((p: { id: number }) => p.id === bulb.id).availability, "out of stock");

    // Staff rename the bulb: it no longer matches, on both instances, in every search answer.
    const admin = await signedInAs(db, database, "admin", app);
    const put = await admin.postJson(`/api/products/${bulb.id}`, { name: "Zoo Med Basking Bulb" }, "PUT");
    assert.equal(put.status, 200, await put.clone().text());
    for (const [name, client] of [["this instance", here], ["another instance", there]] as const) {
      assert.deepEqual(await names(client, "/api/search?q=uvb"), [both[0]], `${name}: the search API`);
      assert.deepEqual(await names(client, "/api/search/suggest?q=uvb"), [both[0]], `${name}: the suggestions`);
      assert.equal((await counts(client, "/search?q=uvb")).total, 1, `${name}: the search page`);
    }
  },
);

closeDatabase();
