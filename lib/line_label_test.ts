import assert from "node:assert/strict";
import { lineLabel } from "./line_label.ts";

Deno.test("lineLabel: the variant in brackets after the product, or the product alone", () => {
  assert.equal(lineLabel({ name: "Heat mat 20W", variantName: "Large" }), "Heat mat 20W (Large)");
  assert.equal(lineLabel({ name: "Heat mat 20W", variantName: null }), "Heat mat 20W");
  assert.equal(lineLabel({ name: "Heat mat 20W", variantName: "" }), "Heat mat 20W");
});
