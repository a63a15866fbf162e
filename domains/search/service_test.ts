import assert from "node:assert/strict";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createCategory, createProduct } from "../../tests/helpers/factories.ts";
import type { Db } from "../../db/client.ts";
import { categories, products } from "../../db/schema/mod.ts";
import { eq } from "drizzle-orm";
import { searchProducts, suggestProducts } from "./mod.ts";

const { test, closeDatabase } = useTestDatabase();

async function catalogue(db: Db) {
  const tanks = await createCategory(db, { slug: "enclosures-housing", name: "Enclosures & Housing" });
  const lighting = await createCategory(db, { slug: "heating-lighting", name: "Heating & Lighting" });
  const food = await createCategory(db, { slug: "feeding-supplies", name: "Feeding Supplies" });
  const tongs = "Keep fingers away from a hungry ball python. Also handy in a terrarium.";
  const rows: [name: string, brand: string, categoryId: number, description: string][] = [
    ["Exo Terra Glass Terrarium 60x45x45", "Exo Terra", tanks.id, "Front-opening glass terrarium with a mesh top."],
    ["Arcadia D3+ T5 HO UVB Tube 12%", "Arcadia", lighting.id, "High output UVB tube for desert species."],
    ["Zoo Med ReptiSun 10.0 T8 UVB Tube", "Zoo Med", lighting.id, "A T8 tube for forest species."],
    ["Stainless Feeder Tongs 30cm", "Komodo", food.id, tongs],
  ];
  for (const [name, brand, categoryId, description] of rows) {
    await createProduct(db, { name, brand, categoryId, description });
  }
  await createProduct(db, { name: "Coco Fibre Brick", brand: "Exo Terra", description: "Loose substrate." });
}

const names = (page: { items: { name: string }[] }) => page.items.map((p) => p.name);

test("[search] a typo still finds the product: 'terarium'", async (db) => {
  await catalogue(db);
  const r = await searchProducts(db, "terarium");
  assert.equal(names(r)[0], "Exo Terra Glass Terrarium 60x45x45");
});

test("[search] 'uvb' finds both UVB tubes and nothing unrelated", async (db) => {
  await catalogue(db);
  const r = await searchProducts(db, "uvb");
  assert.deepEqual(names(r).sort(), ["Arcadia D3+ T5 HO UVB Tube 12%", "Zoo Med ReptiSun 10.0 T8 UVB Tube"]);
});

test("[search] partial words match as prefixes: 'exo ter' finds Exo Terra", async (db) => {
  await catalogue(db);
  const r = await searchProducts(db, "exo ter");
  assert.ok(names(r).includes("Exo Terra Glass Terrarium 60x45x45"));
  assert.ok(names(r).includes("Coco Fibre Brick"), "brand matches count");
  assert.ok(!names(r).includes("Arcadia D3+ T5 HO UVB Tube 12%"));
});

test("[search] the name outranks a mention in the description", async (db) => {
  await catalogue(db);
  const r = await searchProducts(db, "terrarium");
  assert.equal(names(r)[0], "Exo Terra Glass Terrarium 60x45x45");
  assert.ok(names(r).includes("Stainless Feeder Tongs 30cm"), "description matches are found too");
});

test("[search] the category name is searchable, a keeper's synonym too", async (db) => {
  await catalogue(db);
  assert.ok(names(await searchProducts(db, "feeding")).includes("Stainless Feeder Tongs 30cm"));
  assert.equal(names(await searchProducts(db, "vivarium"))[0], "Exo Terra Glass Terrarium 60x45x45");
});

test("[search] the stored document follows the product's category: renamed, moved, or left without one", async (db) => {
  await catalogue(db);
  const [food] = await db.select().from(categories).where(eq(categories.slug, "feeding-supplies"));
  assert.deepEqual(names(await searchProducts(db, "supplies")), ["Stainless Feeder Tongs 30cm"]);
  await db.update(categories).set({ name: "Feeding Gear" }).where(eq(categories.id, food.id));
  assert.deepEqual(names(await searchProducts(db, "supplies")), []);
  assert.deepEqual(names(await searchProducts(db, "gear")), ["Stainless Feeder Tongs 30cm"]);
  await db.update(products).set({ categoryId: food.id }).where(eq(products.name, "Coco Fibre Brick"));
  assert.deepEqual(names(await searchProducts(db, "gear")).sort(), ["Coco Fibre Brick", "Stainless Feeder Tongs 30cm"]);
  await db.delete(categories).where(eq(categories.slug, "enclosures-housing"));
  assert.deepEqual(names(await searchProducts(db, "housing")), []);
});

test("[search] nonsense and punctuation find nothing and never fail", async (db) => {
  await catalogue(db);
  assert.equal((await searchProducts(db, "xyzzyq")).total, 0);
  assert.equal((await searchProducts(db, "&|!:*()")).total, 0);
  await searchProducts(db, "'); drop table products; --");
  assert.equal((await searchProducts(db, "uvb")).total, 2, "the products table is still there");
});

test("[search] suggestions are the best few matches with prices in cents", async (db) => {
  await catalogue(db);
  const s = await suggestProducts(db, "tube", 1);
  assert.equal(s.length, 1);
  assert.match(s[0].name, /UVB Tube/);
  assert.equal(typeof s[0].priceCents, "number");
});

test("[search] words that name Object.prototype members are plain words, not lookups", async (db) => {
  await catalogue(db);
  for (const word of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"]) {
    assert.deepEqual((await searchProducts(db, word)).items, [], word);
    assert.deepEqual(await suggestProducts(db, word), [], word);
  }
});

closeDatabase();
