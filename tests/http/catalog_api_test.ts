import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { getJson, testApp } from "../helpers/app.ts";
import { createCategory, createProduct, createVariant } from "../helpers/factories.ts";

const { test, closeDatabase } = useTestDatabase();

test("[catalog api] categories list with product counts, one by id", async (db, database) => {
  const app = testApp(database);
  const cat = await createCategory(db, { slug: "heating-lighting", name: "Heating & Lighting" });
  await createProduct(db, { categoryId: cat.id });
  const list = await getJson(app, "/api/categories");
  assert.deepEqual(list.map((c: { slug: string; productCount: number }) => [c.slug, c.productCount]), [[
    "heating-lighting",
    1,
  ]]);
  const one = await getJson(app, `/api/categories/${cat.id}`);
  assert.equal(one.name, "Heating & Lighting");
});

test("[catalog api] bad and unknown ids are 400 and 404 JSON, never 500", async (_db, database) => {
  const app = testApp(database);
  const bad = await getJson(app, "/api/categories/abc", 400);
  assert.equal(bad.error, "id must be a positive whole number");
  assert.equal((await getJson(app, "/api/categories/99999", 404)).error, "Category Not Found");
  assert.equal((await getJson(app, "/api/products/99999", 404)).error, "Product Not Found");
  await getJson(app, "/api/products/1.5", 400);
  await getJson(app, "/api/products/-3", 400);
  await getJson(app, "/api/products/99999999999999", 400);
  await getJson(app, "/api/products/slug/NOT_A_SLUG", 404);
  await getJson(app, "/api/products/999/with-variants", 404);
  await getJson(app, "/api/products/category/0", 400);
  assert.match((await getJson(app, "/api/nothing-here", 404)).error, /No API endpoint/);
});

test("[catalog api] product list is paged with money as rand numbers", async (db, database) => {
  const app = testApp(database);
  const cat = await createCategory(db, { slug: "feeding-supplies" });
  for (let i = 0; i < 3; i++) {
    await createProduct(db, {
      name: `Tongs ${i}`,
      price: "149.90",
      salePrice: i === 0 ? "99.00" : null,
      categoryId: cat.id,
    });
  }
  const body = await getJson(app, "/api/products?limit=2&page=2&sort=name_asc");
  assert.equal(body.total, 3);
  assert.equal(body.page, 2);
  assert.equal(body.limit, 2);
  assert.equal(body.items.length, 1);
  const first = (await getJson(app, "/api/products?category=feeding-supplies&limit=1")).items[0];
  assert.equal(typeof first.price, "number");
  assert.equal(first.currency, "ZAR");
  const sale = (await getJson(app, "/api/products?onSale=true")).items;
  assert.deepEqual(sale.map((p: { price: number; salePrice: number }) => [p.price, p.salePrice]), [[149.9, 99]]);
});

test("[catalog api] bad list parameters are 400 with a message", async (_db, database) => {
  const app = testApp(database);
  assert.equal((await getJson(app, "/api/products?limit=0", 400)).error, "limit must be 1 or more");
  assert.equal((await getJson(app, "/api/products?limit=101", 400)).error, "limit must be 100 or less");
  assert.equal((await getJson(app, "/api/products?page=two", 400)).error, "page must be a whole number");
  assert.equal((await getJson(app, "/api/products?featured=maybe", 400)).error, "must be true or false");
  assert.equal((await getJson(app, "/api/products?category=nope", 404)).error, "Category Not Found");
});

test("[catalog api] featured, new, by category, by slug, with variants", async (db, database) => {
  const app = testApp(database);
  const cat = await createCategory(db);
  const lamp = await createProduct(db, {
    name: "Basking Lamp",
    slug: "basking-lamp",
    featured: true,
    categoryId: cat.id,
  });
  await createProduct(db, { name: "Heat Mat", isNew: true });
  await createVariant(db, lamp.id, { name: "75W", price: "189.00" });
  await createVariant(db, lamp.id, { name: "50W", price: "169.00", salePrice: "149.00" });
  assert.deepEqual((await getJson(app, "/api/products/featured")).map((p: { name: string }) => p.name), [
    "Basking Lamp",
  ]);
  assert.deepEqual((await getJson(app, "/api/products/new")).map((p: { name: string }) => p.name), ["Heat Mat"]);
  assert.deepEqual(
    (await getJson(app, `/api/products/category/${cat.id}`)).map((p: { name: string }) => p.name),
    ["Basking Lamp"],
  );
  assert.equal((await getJson(app, "/api/products/slug/basking-lamp")).id, lamp.id);
  const full = await getJson(app, `/api/products/${lamp.id}/with-variants`);
  assert.deepEqual(
    full.variants.map((v: { name: string; price: number; salePrice: number | null }) => [v.name, v.price, v.salePrice]),
    [["50W", 169, 149], ["75W", 189, null]],
  );
});

closeDatabase();
