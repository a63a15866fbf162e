/**
 * Setup checklists on the demo catalogue (seed/): every species' checklist offers real, in-stock
 * products for its required needs, sized to the animal, and a cart is judged need by need.
 */
import assert from "node:assert/strict";
import { eq, inArray } from "drizzle-orm";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { seedDemo } from "../../seed/mod.ts";
import { seedSpecies } from "../../seed/species.ts";
import { products, productVariants } from "../../db/schema/mod.ts";
import type { Db } from "../../db/client.ts";
import {
  fits,
  getSpecies,
  listSpecies,
  needsFor,
  setupChecklist,
  speciesMatching,
  suitableSpecies,
  type Unit,
} from "./mod.ts";

const { test, closeDatabase } = useTestDatabase();

/** A unit as the cart would hold it, with the attributes a test sets. */
function unit(over: Partial<Unit> & Pick<Unit, "need">): Unit {
  return {
    productId: 1,
    variantId: null,
    name: "Item",
    productSlug: "item",
    image: null,
    enclosureLengthCm: null,
    enclosureWidthCm: null,
    enclosureHeightCm: null,
    uvbPct: null,
    tubeLengthCm: null,
    habitats: [],
    speciesSlugs: [],
    staffPick: false,
    replacementMonths: null,
    priceCents: 1000,
    inStock: true,
    ...over,
  };
}

async function variantId(db: Db, sku: string): Promise<number> {
  const [v] = await db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.sku, sku));
  return v.id;
}

test("[animals] the demo ships at least 12 profiles, each with its facts", async (db) => {
  await seedDemo(db, { withAccounts: false });
  const all = await listSpecies(db);
  assert.ok(all.length >= 12, `${all.length} species`);
  assert.equal(all.length, seedSpecies.length);
  for (const s of all) {
    assert.ok(s.coolMinC < s.warmMaxC, `${s.slug}: a gradient`);
    assert.ok(s.baskingMinC === null || s.baskingMinC >= s.warmMaxC - 2, `${s.slug}: basking above warm`);
    assert.ok(s.careSummary.length > 60 && s.scientificName.includes(" "), s.slug);
  }
  const beardie = await getSpecies(db, "bearded-dragon");
  assert.deepEqual([beardie.baskingMinC, beardie.baskingMaxC, beardie.uvbMinPct, beardie.uvbMaxPct], [40, 45, 12, 14]);
  assert.deepEqual([beardie.enclosureLengthCm, beardie.enclosureWidthCm, beardie.enclosureHeightCm], [120, 60, 60]);
  await assert.rejects(getSpecies(db, "dragon-of-komodo"), /Species not found/);
});

test("[animals] every species' checklist offers in-stock products for each required need, fitting the animal", async (db) => {
  await seedDemo(db, { withAccounts: false });
  for (const s of await listSpecies(db)) {
    const list = await setupChecklist(db, s);
    const ids = list.needs.flatMap((n) => n.products.map((p) => p.productId));
    const rows = await db.select({ id: products.id, stock: products.stock }).from(products)
      .where(inArray(products.id, ids));
    assert.equal(new Set(rows.map((r) => r.id)).size, new Set(ids).size);
    for (const need of list.needs.filter((n) => n.required)) {
      assert.ok(need.products.length > 0, `${s.slug}: nothing offered for ${need.need}`);
    }
    assert.ok(list.essentials.length >= 6, `${s.slug}: ${list.essentials.length} essentials`);
    // Each essential that is a variant is in stock (a product sold as variants is never offered bare).
    for (const e of list.essentials) {
      if (e.variantId === null) continue;
      const [v] = await db.select({ stock: productVariants.stock, productId: productVariants.productId })
        .from(productVariants).where(eq(productVariants.id, e.variantId));
      assert.ok(v.stock > 0 && v.productId === e.productId, `${s.slug}: ${e.name}`);
    }
  }
});

test("[animals] size-dependent needs: a beardie is offered a 120x60x60 enclosure and a 12-14% tube that fits it", async (db) => {
  await seedDemo(db, { withAccounts: false });
  const beardie = await getSpecies(db, "bearded-dragon");
  const list = await setupChecklist(db, beardie);
  const enclosure = list.needs.find((n) => n.need === "enclosure")!;
  assert.match(enclosure.products[0].name, /120x60x60/);
  assert.ok(
    enclosure.products.every((p) => !/60x45|90x45|45x45|120x45/.test(p.name)),
    enclosure.products.map((p) => p.name).join(),
  );
  assert.equal(list.enclosureLengthCm, 120);
  const uvb = list.needs.find((n) => n.need === "uvb")!;
  assert.ok(uvb.products.length > 0);
  for (const p of uvb.products) {
    assert.match(p.name, /(12|14)%|D3\+ T5 HO UVB Tube 12%/, p.name);
    assert.match(p.name, /(85|115)cm/, p.name);
  }
  // A leopard gecko (zone 1) is offered a 6% tube, never a 12% one.
  const leo = await setupChecklist(db, await getSpecies(db, "leopard-gecko"));
  const leoUvb = leo.needs.find((n) => n.need === "uvb")!;
  assert.ok(leoUvb.products.length > 0);
  for (const p of leoUvb.products) assert.doesNotMatch(p.name, /12%|14%/, p.name);
  // Snakes eat whole prey: supplements are not an essential; an axolotl needs no UVB or basking lamp.
  const corn = needsFor(await getSpecies(db, "corn-snake"));
  assert.equal(corn.find((n) => n.need === "supplements")!.required, false);
  const axolotl = await setupChecklist(db, await getSpecies(db, "axolotl"));
  assert.equal(axolotl.needs.find((n) => n.need === "uvb")!.required, false);
  assert.equal(axolotl.needs.find((n) => n.need === "basking")!.required, false);
  assert.match(axolotl.needs.find((n) => n.need === "enclosure")!.products[0].name, /Aquarium/);
});

test("[animals] rules: a 60 cm enclosure and a 6% tube do not suit an adult beardie, and say why", async (db) => {
  await seedDemo(db, { withAccounts: false });
  const beardie = await getSpecies(db, "bearded-dragon");
  const small = unit({ need: "enclosure", enclosureLengthCm: 60, enclosureWidthCm: 45, enclosureHeightCm: 45 });
  const fit = fits(beardie, small, { enclosureLengthCm: 120 });
  assert.equal(fit.ok, false);
  assert.match(
    fit.notes.join(),
    /60x45x45 cm enclosure is smaller than the 120x60x60 cm an adult bearded dragon needs/,
  );
  const big = unit({ need: "enclosure", enclosureLengthCm: 120, enclosureWidthCm: 60, enclosureHeightCm: 60 });
  assert.equal(fits(beardie, big, { enclosureLengthCm: 120 }).ok, true);
  const weak = unit({ need: "uvb", uvbPct: 6, tubeLengthCm: 85 });
  assert.match(fits(beardie, weak, { enclosureLengthCm: 120 }).notes.join(), /6% UVB tube is too weak/);
  const strong = unit({ need: "uvb", uvbPct: 12, tubeLengthCm: 55 });
  const leo = await getSpecies(db, "leopard-gecko");
  assert.match(fits(leo, strong, { enclosureLengthCm: 90 }).notes.join(), /too strong/);
  assert.match(fits(beardie, strong, { enclosureLengthCm: 120 }).notes.join(), /lights less than half/);
  assert.match(
    fits(beardie, unit({ need: "uvb", uvbPct: 12, tubeLengthCm: 115 }), { enclosureLengthCm: 90 }).notes.join(),
    /does not fit a 90 cm/,
  );
  const desertSand = unit({ need: "substrate", habitats: ["desert"], name: "Sand" });
  assert.match(
    fits(await getSpecies(db, "crested-gecko"), desertSand, { enclosureLengthCm: 45 }).notes.join(),
    /tropical/,
  );
  const crestedFood = unit({ need: "feeding", speciesSlugs: ["crested-gecko"], name: "Crested food" });
  assert.equal(fits(beardie, crestedFood, { enclosureLengthCm: 120 }).ok, false);
});

test("[animals] your setup so far: the cart's items are covered, unsuitable (with the reason) or missing", async (db) => {
  await seedDemo(db, { withAccounts: false });
  const beardie = await getSpecies(db, "bearded-dragon");
  const [pvc] = await db.select({ id: products.id }).from(products).where(
    eq(products.slug, "karoo-reptile-co-pvc-enclosure"),
  );
  const [kit] = await db.select({ id: products.id }).from(products).where(eq(products.slug, "arcadia-prot5-uvb-kit"));
  const [d3] = await db.select({ id: products.id }).from(products)
    .where(eq(products.slug, "zoo-med-repti-calcium-powder-with-d3"));
  const owned: Unit[] = [
    unit({
      need: "enclosure",
      productId: pvc.id,
      variantId: await variantId(db, "RB-ENC-0006-604545"),
      name: "PVC 60x45x45",
      enclosureLengthCm: 60,
      enclosureWidthCm: 45,
      enclosureHeightCm: 45,
      habitats: ["desert"],
    }),
    unit({ need: "uvb", productId: kit.id, name: "Kit 6%", uvbPct: 6, tubeLengthCm: 55 }),
    unit({ need: "supplements", productId: d3.id, name: "Calcium D3" }),
  ];
  const list = await setupChecklist(db, beardie, owned);
  const by = (need: string) => list.needs.find((n) => n.need === need)!;
  assert.equal(by("enclosure").coverage!.status, "unsuitable");
  assert.match(by("enclosure").coverage!.notes.join(), /smaller than the 120x60x60 cm/);
  assert.equal(by("uvb").coverage!.status, "unsuitable");
  assert.match(by("uvb").coverage!.notes.join(), /too weak/);
  assert.equal(by("supplements").coverage!.status, "covered");
  assert.equal(by("thermostat").coverage!.status, "missing");
  // The essentials leave out what is covered and still offer the right enclosure.
  assert.ok(!list.essentials.some((e) => e.productId === d3.id));
  assert.match(list.essentials[0].name, /120x60x60/);
  assert.equal(list.gaps, list.needs.filter((n) => n.required).length - 1);
});

test("[animals] suitable for: a 6% kit suits shade species, a calcium powder suits insect and plant eaters", async (db) => {
  await seedDemo(db, { withAccounts: false });
  const [kit] = await db.select({ id: products.id }).from(products).where(eq(products.slug, "arcadia-prot5-uvb-kit"));
  const kitFor = (await suitableSpecies(db, kit.id)).map((s) => s.slug);
  assert.ok(kitFor.includes("bearded-dragon") && kitFor.includes("leopard-gecko"), kitFor.join());
  assert.ok(!kitFor.includes("axolotl"), kitFor.join());
  const [food] = await db.select({ id: products.id }).from(products)
    .where(eq(products.slug, "zoo-med-crested-gecko-food-227g"));
  assert.deepEqual((await suitableSpecies(db, food.id)).map((s) => s.slug), ["crested-gecko"]);
  const [d3] = await db.select({ id: products.id }).from(products)
    .where(eq(products.slug, "zoo-med-repti-calcium-powder-with-d3"));
  const d3For = (await suitableSpecies(db, d3.id)).map((s) => s.slug);
  assert.ok(d3For.includes("bearded-dragon") && !d3For.includes("ball-python"), d3For.join());
});

test("[animals] search words name species: beardie, leo, ball python", async (db) => {
  await seedDemo(db, { withAccounts: false });
  const all = await listSpecies(db);
  const slugs = (q: string) => speciesMatching(all, q).map((s) => s.slug);
  assert.deepEqual(slugs("beardie"), ["bearded-dragon"]);
  assert.deepEqual(slugs("Leo"), ["leopard-gecko"]);
  assert.deepEqual(slugs("ball python"), ["ball-python"]);
  assert.deepEqual(slugs("uvb for my beardie"), ["bearded-dragon"]);
  assert.deepEqual(slugs("terrarium"), []);
  assert.deepEqual(slugs("e"), []);
});

closeDatabase();
