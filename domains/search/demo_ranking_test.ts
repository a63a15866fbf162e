/**
 * Search ranking on the demo catalogue (seed/), for what keepers actually type: a misspelling, a
 * lighting term, a two-word product, half a brand name. The small fixtures in service_test.ts pin
 * the mechanics; this pins the order a shopper sees on a realistic catalogue of 80+ products, on
 * PGlite and on PostgreSQL alike (TEST_DATABASE_URL).
 */
import assert from "node:assert/strict";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { seedDemo } from "../../seed/mod.ts";
import type { Product } from "../catalog/mod.ts";
import { searchProducts, suggestProducts } from "./mod.ts";

const { test, closeDatabase } = useTestDatabase();

const show = (items: Pick<Product, "name">[]) => items.map((p) => p.name).join(" | ");

test("[search] demo catalogue: what keepers type finds what they mean, best first", async (db) => {
  await seedDemo(db, { withAccounts: false });
  const top = async (q: string) => (await searchProducts(db, q, { limit: 24 })).items;

  // A misspelling of terrarium: the first three are enclosures themselves, not locks or cleaners.
  const terarium = await top("terarium");
  for (const p of terarium.slice(0, 3)) {
    assert.match(p.name, /terrarium|vivarium/i, `terarium: ${show(terarium)}`);
    assert.doesNotMatch(p.name, /lock|cleaner|background|substrate/i, `terarium: ${show(terarium)}`);
    assert.equal(p.category?.slug, "enclosures-housing", `terarium: ${show(terarium)}`);
  }
  assert.match((await suggestProducts(db, "terarium", 1))[0].name, /terrarium/i, "the header's first suggestion");

  // UVB: the tubes and kits first; a UV index meter is useful but not what was asked for.
  const uvb = await top("uvb");
  for (const p of uvb.slice(0, 3)) assert.match(p.name, /\bUVB\b.*\b(tube|kit)\b/i, `uvb: ${show(uvb)}`);
  assert.doesNotMatch(uvb[0].name, /meter/i, `uvb: ${show(uvb)}`);
  assert.ok(uvb.some((p) => /UVB Kit/.test(p.name)) && uvb.some((p) => /UVB Tube/.test(p.name)));

  // Keepers say bulb, lamp or light for any UVB source, tubes included.
  for (const q of ["uvb bulb", "uvb lamp", "uvb light"]) {
    const found = await top(q);
    assert.ok(found.length >= 3, `${q}: ${show(found)}`);
    assert.match(found[0].name, /\bUVB\b/i, `${q}: ${show(found)}`);
  }

  const heatMat = await top("heat mat");
  assert.match(heatMat[0].name, /heat mat/i, `heat mat: ${show(heatMat)}`);

  // Half a brand name: every result is that brand.
  const exoTer = await top("exo ter");
  assert.ok(exoTer.length >= 10, `exo ter: ${show(exoTer)}`);
  for (const p of exoTer) assert.equal(p.brand, "Exo Terra", `exo ter: ${show(exoTer)}`);

  // A typo in the middle of the word still finds thermostats, first.
  const thermostst = await top("thermostst");
  assert.match(thermostst[0].name, /thermostat/i, `thermostst: ${show(thermostst)}`);
  assert.ok(thermostst.filter((p) => /thermostat/i.test(p.name)).length >= 3, `thermostst: ${show(thermostst)}`);
});

closeDatabase();
