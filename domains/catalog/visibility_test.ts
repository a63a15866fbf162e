/** Archived products are off the storefront in every catalogue read, and only staff reads ask for them. */
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
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

test("[catalog] a name or SKU search sorts and pages alike with a few matches and with many", async (db) => {
  // 520 matches of "tong" (read along the sort's index) and 11 of "tong 51" (read by id, then sorted).
  await db.execute(sql`insert into products (name, slug, sku, price, stock, archived_at)
    select 'Feeder tong ' || lpad(i::text, 3, '0'), 'feeder-tong-' || i, 'TONG-' || i, 99, i % 3,
      case when i = 515 then now() end
    from generate_series(1, 521) i`);
  const page = (filter: Parameters<typeof listProducts>[1]) =>
    listProducts(db, { sort: "name_desc", limit: 25, ...filter });
  const tongs = (...ns: number[]) => ns.map((n) => `Feeder tong ${String(n).padStart(3, "0")}`);

  const many = await page({ nameOrSku: "TONG" });
  assert.equal(many.total, 520, "the archived one is left out");
  assert.deepEqual(many.items.map((p) => p.name), tongs(...[521, 520, 519, 518, 517, 516], ...range(514, 496)));
  const last = await page({ nameOrSku: "tong", page: 21 });
  assert.deepEqual(last.items.map((p) => p.name), tongs(...range(20, 1)));

  const few = await page({ nameOrSku: "tong 51" });
  assert.equal(few.total, 9);
  assert.deepEqual(few.items.map((p) => p.name), tongs(519, 518, 517, 516, 514, 513, 512, 511, 510));
  const fewSecond = await page({ nameOrSku: "tong 51", limit: 4, page: 2 });
  assert.deepEqual(fewSecond.items.map((p) => p.name), tongs(514, 513, 512, 511));
  const fewOut = await page({ nameOrSku: "tong-51", stock: "out" });
  assert.deepEqual(fewOut.items.map((p) => p.name), tongs(519, 516, 513, 510, 51), "other filters still apply");
  assert.deepEqual(await page({ nameOrSku: "no such tong" }), { items: [], total: 0, page: 1, limit: 25 });
});

/** Whole numbers from `from` down to `to`. */
function range(from: number, to: number): number[] {
  return Array.from({ length: from - to + 1 }, (_, i) => from - i);
}

closeDatabase();
