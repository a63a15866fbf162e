import assert from "node:assert/strict";
import { formatMoney, toCents, toNumeric, toRand } from "./money.ts";

Deno.test("[money] numeric strings become integer cents without float drift", () => {
  assert.equal(toCents("12.50"), 1250);
  assert.equal(toCents("0.29"), 29);
  assert.equal(toCents("1299.99"), 129999);
  assert.equal(toCents(null), null);
  assert.throws(() => toCents("abc"));
});

Deno.test("[money] cents go back to numeric and rand", () => {
  assert.equal(toNumeric(1250), "12.50");
  assert.equal(toNumeric(5), "0.05");
  assert.equal(toNumeric(-1999), "-19.99");
  assert.equal(toRand(129999), 1299.99);
});

Deno.test("[money] formats rand the en-ZA way", () => {
  const text = formatMoney(129900).replace(/\s/g, " ");
  assert.equal(text, "R 1 299,00");
});
