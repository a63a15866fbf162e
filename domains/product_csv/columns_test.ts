import assert from "node:assert/strict";
import fc from "fast-check";
import { toNumeric } from "../../lib/money.ts";
import { grams, shopifyPrices, shopPrices, statusCell } from "./columns.ts";

Deno.test("[product csv] prices the Shopify way round: Price is what shoppers pay, Compare At the regular price", () => {
  assert.deepEqual(shopifyPrices("249.00", null), { price: "249.00", compareAt: "" });
  assert.deepEqual(shopifyPrices("249.00", "199.5"), { price: "199.50", compareAt: "249.00" });
  assert.deepEqual(shopPrices(19950, 24900), { price: 24900, salePrice: 19950 });
  assert.deepEqual(shopPrices(24900, null), { price: 24900, salePrice: null });
});

Deno.test("[product csv] a price and sale price read back as written, whatever the amounts", () => {
  fc.assert(fc.property(
    fc.integer({ min: 1, max: 999_999_999 }),
    fc.option(fc.integer({ min: 0, max: 999_999_998 })),
    (price, sale) => {
      const salePrice = sale === null || sale >= price ? null : sale;
      const cells = shopifyPrices(toNumeric(price), salePrice === null ? null : toNumeric(salePrice));
      const cents = (text: string) => Math.round(Number(text) * 100);
      const back = shopPrices(cents(cells.price), cells.compareAt ? cents(cells.compareAt) : null);
      assert.deepEqual(back, { price, salePrice });
    },
  ));
});

Deno.test("[product csv] weight in grams, status with archived first", () => {
  assert.equal(grams("0.350"), "350");
  assert.equal(grams("14.500"), "14500");
  assert.equal(grams(null), "");
  assert.equal(statusCell({ status: "draft", archivedAt: new Date() }), "archived");
  assert.equal(statusCell({ status: "draft", archivedAt: null }), "draft");
  assert.equal(statusCell({ status: "active", archivedAt: null }), "active");
});
