import assert from "node:assert/strict";
import { parseGraphPrice, PriceFormatError } from "./price.ts";
import { categoryMatcher, stems } from "./categorise.ts";

Deno.test("[meta import] Graph's price formats read as rand cents", () => {
  const cases: [string | number, number][] = [
    ["R1,299.00", 129_900],
    ["ZAR1,299.00", 129_900],
    ["ZAR 1,299.00", 129_900],
    ["1299.00 ZAR", 129_900],
    ["R 1 299,00", 129_900],
    ["R\u00a01\u00a0299,00", 129_900],
    ["1 299,00 R", 129_900],
    ["R1,299", 129_900],
    ["R49.9", 4_990],
    ["R0.00", 0],
    ["R 1.299,50", 129_950],
    [129_900, 129_900],
  ];
  for (const [input, cents] of cases) assert.equal(parseGraphPrice(input, "ZAR"), cents, String(input));
  assert.equal(parseGraphPrice(undefined), null);
  assert.equal(parseGraphPrice(""), null);
});

Deno.test("[meta import] prices in another currency or unreadable are refused", () => {
  for (const [input, currency] of [["$12.00", undefined], ["12.00 USD", undefined], ["R12.00", "USD"], ["€5", "EUR"]]) {
    assert.throws(() => parseGraphPrice(input, currency), PriceFormatError, String(input));
  }
  for (const input of ["free", "R-5.00", "R12.00.00abc", "R1e9", "R 99999999,00"]) {
    assert.throws(() => parseGraphPrice(input, "ZAR"), PriceFormatError, input);
  }
  assert.throws(() => parseGraphPrice(-100), PriceFormatError);
  assert.throws(() => parseGraphPrice(12.5), PriceFormatError);
});

Deno.test("[meta import] a category is guessed from words, or left empty", () => {
  assert.deepEqual([...stems("Glass Terraria and terrariums, dishes")], ["glass", "terrar", "dish"]);
  const match = categoryMatcher([
    { id: 1, name: "Enclosures & Housing", description: "Glass terraria, PVC enclosures and screen cages." },
    { id: 2, name: "Heating & Lighting", description: "UVB tubes and kits, basking lamps, heat mats." },
    { id: 3, name: "Feeding Supplies", description: "Calcium, tongs, dishes and water bowls." },
  ]);
  assert.equal(match("Exo Terra Glass Terrarium 60x45x45"), 1);
  assert.equal(match("Arcadia T5 UVB Kit 12%"), 2);
  assert.equal(match("Repti Rock Water Dish"), 3);
  assert.equal(match("Mystery box", "Gift"), null, "no word in common");
  assert.equal(match("Water"), null, "one description word is not enough");
});
