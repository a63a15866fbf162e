import assert from "node:assert/strict";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createCategory, createProduct } from "../../tests/helpers/factories.ts";
import type { Db } from "../../db/client.ts";
import { listProducts, type PriceBand, productFacets } from "./mod.ts";

const { test, closeDatabase } = useTestDatabase();

const band = (min: number, max: number): PriceBand => ({ minCents: min * 100, maxCents: max * 100 });
const BANDS = [band(0, 500), band(500, 1000), band(1000, 2000), band(2000, 3500), band(3500, 100000)];

async function fixture(db: Db) {
  const cat = await createCategory(db, { slug: "heating-lighting", name: "Heating & Lighting", position: 1 });
  const other = await createCategory(db, { slug: "decor", name: "Decor", position: 2 });
  await createProduct(db, { name: "Arcadia T5 Kit", brand: "Arcadia", price: "1299.00", categoryId: cat.id });
  await createProduct(db, {
    name: "Arcadia Tube",
    brand: "Arcadia",
    price: "649.00",
    salePrice: "449.00",
    categoryId: cat.id,
  });
  await createProduct(db, { name: "Exo Terra Heat Mat", brand: "Exo Terra", price: "349.00", categoryId: cat.id });
  await createProduct(db, { name: "Exo Terra Big Dome", brand: "Exo Terra", price: "3999.00", categoryId: cat.id });
  await createProduct(db, { name: "Habistat Stat", brand: "Habistat", price: "500.00", categoryId: cat.id });
  await createProduct(db, { name: "Cork Bark", brand: "Lucky Reptile", price: "199.00", categoryId: other.id });
  return { cat, other };
}

const names = (page: { items: { name: string }[] }) => page.items.map((p) => p.name);

test("[catalog] a price band matches on the effective price, bands are OR-ed, ends inclusive", async (db) => {
  const { cat } = await fixture(db);
  const under500 = await listProducts(db, { categoryIds: [cat.id], priceBands: [band(0, 500)], sort: "name_asc" });
  assert.deepEqual(names(under500), ["Arcadia Tube", "Exo Terra Heat Mat", "Habistat Stat"]);
  const twoBands = await listProducts(db, {
    categoryIds: [cat.id],
    priceBands: [band(1000, 2000), band(3500, 100000)],
    sort: "price_asc",
  });
  assert.deepEqual(names(twoBands), ["Arcadia T5 Kit", "Exo Terra Big Dome"]);
});

test("[catalog] brands filter as OR and combine with price bands as AND", async (db) => {
  const { cat } = await fixture(db);
  const brands = await listProducts(db, { categoryIds: [cat.id], brands: ["Arcadia", "Habistat"], sort: "name_asc" });
  assert.deepEqual(names(brands), ["Arcadia T5 Kit", "Arcadia Tube", "Habistat Stat"]);
  const both = await listProducts(db, {
    categoryIds: [cat.id],
    brands: ["Arcadia", "Exo Terra"],
    priceBands: [band(0, 500)],
    sort: "price_desc",
  });
  assert.deepEqual(names(both), ["Arcadia Tube", "Exo Terra Heat Mat"]);
});

test("[catalog] every sort order, and featured first by default", async (db) => {
  const { cat } = await fixture(db);
  await createProduct(db, { name: "Zeta Featured Lamp", price: "100.00", featured: true, categoryId: cat.id });
  const ids = [cat.id];
  assert.equal(names(await listProducts(db, { categoryIds: ids })).at(0), "Zeta Featured Lamp");
  assert.deepEqual(names(await listProducts(db, { categoryIds: ids, sort: "price_asc" })).slice(0, 3), [
    "Zeta Featured Lamp",
    "Exo Terra Heat Mat",
    "Arcadia Tube",
  ]);
  assert.deepEqual(names(await listProducts(db, { categoryIds: ids, sort: "price_desc" })).slice(0, 2), [
    "Exo Terra Big Dome",
    "Arcadia T5 Kit",
  ]);
  assert.equal(names(await listProducts(db, { categoryIds: ids, sort: "name_asc" }))[0], "Arcadia T5 Kit");
  assert.equal(names(await listProducts(db, { categoryIds: ids, sort: "name_desc" }))[0], "Zeta Featured Lamp");
});

test("[catalog] paging returns the right slice and the full total; past the end is empty with the total", async (db) => {
  const { cat } = await fixture(db);
  const p1 = await listProducts(db, { categoryIds: [cat.id], sort: "name_asc", limit: 2, page: 1 });
  const p3 = await listProducts(db, { categoryIds: [cat.id], sort: "name_asc", limit: 2, page: 3 });
  assert.deepEqual(names(p1), ["Arcadia T5 Kit", "Arcadia Tube"]);
  assert.deepEqual(names(p3), ["Habistat Stat"]);
  assert.equal(p3.total, 5);
  // A page after the first (its ids read apart, then its rows) keeps each sort's order.
  for (const sort of ["featured", "price_asc", "price_desc", "name_asc", "name_desc", "newest"] as const) {
    const all = names(await listProducts(db, { categoryIds: [cat.id], sort, limit: 10 }));
    const p2 = await listProducts(db, { categoryIds: [cat.id], sort, limit: 2, page: 2 });
    assert.deepEqual(names(p2), all.slice(2, 4), `page 2 by ${sort}`);
    assert.equal(p2.total, 5);
  }
  const beyond = await listProducts(db, { categoryIds: [cat.id], limit: 2, page: 9 });
  assert.deepEqual(beyond.items, []);
  assert.equal(beyond.total, 5);
});

test("[catalog] facets count each facet without its own selection", async (db) => {
  const { cat } = await fixture(db);
  const facets = await productFacets(
    db,
    { categoryIds: [cat.id], brands: ["Arcadia"], priceBands: [band(0, 500)] },
    BANDS,
  );
  // Brand counts ignore the brand selection but respect the price band.
  assert.deepEqual(facets.brands, [
    { name: "Arcadia", count: 1 },
    { name: "Exo Terra", count: 1 },
    { name: "Habistat", count: 1 },
  ]);
  // Band counts ignore the band selection but respect the brand.
  assert.deepEqual(facets.priceBands.map((b) => b.count), [1, 0, 1, 0, 0]);
  const all = await productFacets(db, {}, BANDS);
  assert.deepEqual(all.categories.map((c) => [c.slug, c.count]), [["heating-lighting", 5], ["decor", 1]]);
});

test("[catalog] a ticked price band keeps every brand of the category listed, counting 0 where none match", async (db) => {
  const { cat } = await fixture(db);
  const facets = await productFacets(db, { categoryIds: [cat.id], priceBands: [band(1000, 2000)] }, BANDS);
  // Only the Arcadia kit costs R1,000 to R2,000; the category's other brands stay selectable.
  assert.deepEqual(facets.brands, [
    { name: "Arcadia", count: 1 },
    { name: "Exo Terra", count: 0 },
    { name: "Habistat", count: 0 },
  ]);
  // Two bands: a brand counts products inside either.
  const two = await productFacets(
    db,
    { categoryIds: [cat.id], priceBands: [band(1000, 2000), band(3500, 100000)] },
    BANDS,
  );
  assert.deepEqual(two.brands.map((b) => [b.name, b.count]), [["Arcadia", 1], ["Exo Terra", 1], ["Habistat", 0]]);
  // Search scope still narrows the list: brands without a matching product are not offered.
  const searched = await productFacets(db, { q: "exo terra", priceBands: [band(1000, 2000)] }, BANDS);
  assert.deepEqual(searched.brands, [{ name: "Exo Terra", count: 0 }]);
});

test("[catalog] a selected brand or category with no match under the other filters stays listed with 0", async (db) => {
  const { cat } = await fixture(db);
  // Lucky Reptile sells nothing in this category and Habistat nothing over R3,500.
  const facets = await productFacets(
    db,
    { categoryIds: [cat.id], brands: ["Lucky Reptile", "Habistat"], priceBands: [band(3500, 100000)] },
    BANDS,
  );
  assert.deepEqual(facets.brands, [
    { name: "Arcadia", count: 0 },
    { name: "Exo Terra", count: 1 },
    { name: "Habistat", count: 0 },
    { name: "Lucky Reptile", count: 0 },
  ]);
  // A parent category without products of its own: listed with its sub-categories' count.
  const parent = await createCategory(db, { slug: "health", name: "Health & Hygiene", position: 3 });
  const child = await createCategory(db, { slug: "cleaning", name: "Cleaning", parentId: parent.id, position: 4 });
  await createProduct(db, { name: "F10 Disinfectant", brand: "F10", price: "189.00", categoryId: child.id });
  const withParent = await productFacets(db, { categoryIds: [parent.id, child.id] }, BANDS, { category: parent });
  assert.deepEqual(withParent.categories.find((c) => c.slug === "health"), {
    id: parent.id,
    slug: "health",
    name: "Health & Hygiene",
    count: 1,
  });
});

closeDatabase();
