/** Archived products are off the storefront in every catalogue read, and only staff reads ask for them. */
import assert from "node:assert/strict";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createCategory, createProduct } from "../../tests/helpers/factories.ts";
import { NotFoundError } from "../../lib/errors.ts";
import {
  getProduct,
  getProductWithVariants,
  listCategories,
  listProducts,
  productSitemapEntries,
  productSitemapFiles,
} from "./mod.ts";

const { test, closeDatabase } = useTestDatabase();

test("[catalog] an archived product is left out of lists, counts, the sitemap and product reads", async (db) => {
  const cat = await createCategory(db, { slug: "hides" });
  const live = await createProduct(db, { slug: "live-hide", categoryId: cat.id, featured: true });
  const gone = await createProduct(db, {
    slug: "old-hide",
    categoryId: cat.id,
    featured: true,
    archivedAt: new Date(),
  });

  const ids = async (filter: Parameters<typeof listProducts>[1]) =>
    (await listProducts(db, filter)).items.map((p) => p.id);
  assert.deepEqual(await ids({}), [live.id]);
  assert.deepEqual(await ids({ featured: true }), [live.id]);
  assert.deepEqual(await ids({ categoryIds: [cat.id] }), [live.id]);
  assert.deepEqual(await ids({ ids: [gone.id] }), []);
  assert.deepEqual(await ids({ archived: "only" }), [gone.id]);
  assert.deepEqual((await ids({ archived: "all" })).sort(), [live.id, gone.id].sort());
  assert.equal((await listCategories(db))[0].productCount, 1);
  const [file] = await productSitemapFiles(db, 100);
  assert.deepEqual((await productSitemapEntries(db, file)).map((p) => p.slug), ["live-hide"]);

  await assert.rejects(getProduct(db, { slug: "old-hide" }), NotFoundError);
  await assert.rejects(getProductWithVariants(db, { id: gone.id }), NotFoundError);
  const staff = await getProduct(db, { id: gone.id }, { includeArchived: true });
  assert.ok(staff.archivedAt instanceof Date);
});

test("[catalog] the admin filters: name or SKU text, stock levels", async (db) => {
  await createProduct(db, { name: "Basking Lamp", sku: "LAMP-1", stock: 2 });
  await createProduct(db, { name: "Heat Mat", sku: "MAT_50%", stock: 0 });
  await createProduct(db, { name: "Water Bowl", sku: "BOWL-1", stock: 30 });
  const names = async (filter: Parameters<typeof listProducts>[1]) =>
    (await listProducts(db, { sort: "name_asc", ...filter })).items.map((p) => p.name);
  assert.deepEqual(await names({ nameOrSku: "lamp" }), ["Basking Lamp"]);
  assert.deepEqual(await names({ nameOrSku: "bowl-1" }), ["Water Bowl"]);
  assert.deepEqual(await names({ nameOrSku: "_50%" }), ["Heat Mat"]);
  assert.deepEqual(await names({ nameOrSku: "%" }), ["Heat Mat"], "% and _ match themselves");
  assert.deepEqual(await names({ stock: "out" }), ["Heat Mat"]);
  assert.deepEqual(await names({ stock: "low" }), ["Basking Lamp"]);
  assert.deepEqual(await names({ stock: "in" }), ["Basking Lamp", "Water Bowl"]);
});

closeDatabase();
