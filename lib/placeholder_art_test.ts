import assert from "node:assert/strict";
import { seedCategories, seedProducts } from "../seed/catalog_data.ts";
import { slugify } from "./ids.ts";
import { artKind, artKinds } from "./placeholder_art.ts";
import { placeholderPath, placeholderSvg } from "./placeholder.ts";

Deno.test("[placeholder] demo products get the drawing of their kind", () => {
  const expected: Record<string, string> = {
    "Exo Terra Glass Terrarium 60x45x90 Tall": "terrarium",
    "Karoo Reptile Co. PVC Enclosure 120x60x60": "pvc",
    "Arcadia D3+ T5 HO UVB Tube 12%": "uvb",
    "Arcadia Jungle Dawn LED Bar 30W": "uvb",
    "Exo Terra Halogen Basking Spot Lamp": "bulb",
    "Zoo Med ReptiCare Ceramic Heat Emitter": "bulb",
    "Habistat Heat Mat": "heatmat",
    "Habistat Pulse Proportional Thermostat": "thermostat",
    "Exo Terra Digital Combimeter Thermometer & Hygrometer": "gauge",
    "Zoo Med Repti Rock Water Bowl Large": "bowl",
    "Komodo Stainless Steel Feeder Tongs 30cm": "tongs",
    "Exo Terra Plantation Soil 8.8L": "substrate",
    "Josh's Frogs Bioactive Substrate Kit for 90x45 Terrarium": "substrate",
    "Exo Terra Gecko Cave Hide": "hide",
    "Lucky Reptile Cork Bark Tube Medium": "plant",
    "Exo Terra Silk Plant Amapallo Medium": "plant",
    "Zoo Med Repti Calcium Powder with D3": "supplement",
    "Komodo Pressure Sprayer Mister 1.5L": "mister",
    "Exo Terra Terrarium Glass Cleaner 250ml": "mister",
    "Exo Terra Cricket Pen Insect Keeper": "feeder",
    "Zoo Med ReptiBator Digital Egg Incubator": "incubator",
    "Exo Terra Faunarium Transport Box": "carrier",
  };
  for (const [name, kind] of Object.entries(expected)) {
    assert.ok(seedProducts.some((p) => p.name === name), `${name} is a demo product`);
    assert.equal(artKind(slugify(name)), kind, name);
  }
  // Nearly every demo product and every category but one gets a drawing of its own kind.
  const generic = seedProducts.filter((p) => artKind(slugify(p.name)) === "gecko").map((p) => p.name);
  assert.ok(generic.length <= seedProducts.length / 10, `too many gecko drawings: ${generic.join(", ")}`);
  const kinds = new Set(seedProducts.map((p) => artKind(slugify(p.name))));
  assert.ok(kinds.size >= 15, `only ${kinds.size} kinds used`);
  const categoryKinds = seedCategories.map((c) => artKind(slugify(c.name)));
  assert.ok(categoryKinds.filter((k) => k === "gecko").length <= 1, categoryKinds.join());
});

Deno.test("[placeholder] the SVG keeps its URL scheme and draws the kind, escaped", () => {
  assert.equal(placeholderPath("Habistat Heat Mat"), "/images/placeholder/habistat-heat-mat.svg");
  for (const kind of artKinds) assert.ok(kind.length > 0);
  const svg = placeholderSvg("habistat-heat-mat", { width: 1200, height: 630 });
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="1200" height="630"/);
  assert.match(svg, /data-kind="heatmat"/);
  assert.match(svg, /aria-label="Habistat Heat Mat"/);
  assert.doesNotMatch(placeholderSvg("x", {}), /NaN|undefined/);
  // Every drawing parses as XML-ish: balanced quotes, no stray template markers.
  for (const kind of artKinds) {
    const one = placeholderSvg(kind === "gecko" ? "something-else" : `test-${kind}`);
    assert.doesNotMatch(one, /\$\{|NaN|undefined/);
  }
});
