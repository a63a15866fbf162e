import assert from "node:assert/strict";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createCategory, createProduct, createSubcategory, createVariant } from "../../tests/helpers/factories.ts";
import { NotFoundError } from "../../lib/errors.ts";
import {
  categoryTreeIds,
  getCategory,
  getProduct,
  getProductWithVariants,
  listCategories,
  listProducts,
} from "./mod.ts";

const { test, closeDatabase } = useTestDatabase();

test("[catalog] category counts include sub-categories", async (db) => {
  const parent = await createCategory(db, { slug: "health-hygiene", name: "Health & Hygiene", position: 1 });
  const child = await createSubcategory(db, parent, { slug: "cleaning", name: "Cleaning", position: 2 });
  await createProduct(db, { categoryId: parent.id });
  await createProduct(db, { categoryId: child.id });
  await createProduct(db, { categoryId: child.id });
  const all = await listCategories(db);
  assert.deepEqual(all.map((c) => [c.slug, c.productCount]), [["health-hygiene", 3], ["cleaning", 2]]);
  assert.deepEqual(await categoryTreeIds(db, parent.id), [parent.id, child.id]);
});

test("[catalog] unknown category and product are NotFoundError with the spec's words", async (db) => {
  await assert.rejects(
    getCategory(db, { slug: "nope" }),
    (e: Error) => e instanceof NotFoundError && e.message === "Category Not Found",
  );
  await assert.rejects(
    getProduct(db, { id: 99 }),
    (e: Error) => e instanceof NotFoundError && e.message === "Product Not Found",
  );
});

test("[catalog] money comes back in integer cents", async (db) => {
  const p = await createProduct(db, { price: "1299.99", salePrice: "999.50", weight: "1.250" });
  const got = await getProduct(db, { id: p.id });
  assert.equal(got.priceCents, 129999);
  assert.equal(got.salePriceCents, 99950);
  assert.equal(got.weightKg, 1.25);
});

test("[catalog] sorting by price uses the sale price when there is one", async (db) => {
  await createProduct(db, { name: "A", price: "300.00" });
  await createProduct(db, { name: "B", price: "500.00", salePrice: "150.00" });
  await createProduct(db, { name: "C", price: "200.00" });
  const asc = await listProducts(db, { sort: "price_asc" });
  assert.deepEqual(asc.items.map((p) => p.name), ["B", "C", "A"]);
  const desc = await listProducts(db, { sort: "price_desc" });
  assert.deepEqual(desc.items.map((p) => p.name), ["A", "C", "B"]);
  const byName = await listProducts(db, { sort: "name_desc" });
  assert.deepEqual(byName.items.map((p) => p.name), ["C", "B", "A"]);
});

test("[catalog] flags filter and paging counts the whole result", async (db) => {
  for (let i = 0; i < 5; i++) await createProduct(db, { name: `F${i}`, featured: true });
  await createProduct(db, { name: "plain" });
  await createProduct(db, { name: "sale", salePrice: "50.00" });
  const page2 = await listProducts(db, { featured: true, limit: 2, page: 2, sort: "name_asc" });
  assert.equal(page2.total, 5);
  assert.deepEqual(page2.items.map((p) => p.name), ["F2", "F3"]);
  const onSale = await listProducts(db, { onSale: true });
  assert.deepEqual(onSale.items.map((p) => p.name), ["sale"]);
});

test("[catalog] variants come cheapest first", async (db) => {
  const p = await createProduct(db);
  await createVariant(db, p.id, { name: "100W", price: "450.00" });
  await createVariant(db, p.id, { name: "50W", price: "350.00", preorder: true, arrivalDate: "2027-01-20" });
  const got = await getProductWithVariants(db, { slug: p.slug });
  assert.deepEqual(got.variants.map((v) => [v.name, v.priceCents, v.preorder]), [["50W", 35000, true], [
    "100W",
    45000,
    false,
  ]]);
  assert.equal(got.variants[0].arrivalDate, "2027-01-20");
});

test("[catalog] a product read by slug (one statement) holds the same product and variants as one read by id", async (db) => {
  const p = await createProduct(db, { salePrice: "99.50" });
  await createVariant(db, p.id, {
    name: "Small / 5%",
    price: "120.25",
    salePrice: "110.10",
    stock: 3,
    dimensions: "30x30x45",
    preorder: true,
    preorderDiscount: "7.50",
    regularDiscount: "2.25",
    arrivalDate: "2027-02-03",
    optionValues: ["Small", "5%"],
  });
  await createVariant(db, p.id, { name: "Large", price: "80.00" });
  const bySlug = await getProductWithVariants(db, { slug: p.slug });
  assert.deepEqual(bySlug, await getProductWithVariants(db, { id: p.id }));
  assert.deepEqual(bySlug.variants.map((v) => v.name), ["Large", "Small / 5%"]);
  assert.equal(bySlug.variants[1].preorderDiscount, 7.5);
  assert.deepEqual(bySlug.variants[1].optionValues, ["Small", "5%"]);
  assert.deepEqual((await getProductWithVariants(db, { slug: (await createProduct(db)).slug })).variants, []);
});

test("[catalog] the database refuses negative stock", async (db) => {
  await assert.rejects(createProduct(db, { stock: -1 }));
});
closeDatabase();
