/** The meta description cut (issue 17 item 5): whole up to 160 characters, cut on a word boundary after. */
import assert from "node:assert/strict";
import { truncate } from "./head.tsx";

/** 150 characters of whole words and a space, then a long word whose end decides the length. */
const START = "Terrarium ".repeat(15);
const of = (n: number) => START + "thermostats".slice(0, n - START.length);

Deno.test("[head] a description of 159 or 160 characters is kept whole", () => {
  for (const n of [159, 160]) {
    const text = of(n);
    assert.equal(text.length, n);
    assert.equal(truncate(text, 160), text, `${n} characters`);
  }
});

Deno.test("[head] 161 characters are cut on a word boundary to at most 160, with an ellipsis", () => {
  const text = of(161);
  assert.equal(text.length, 161);
  const cut = truncate(text, 160);
  assert.ok(cut.length <= 160, `${cut.length} characters`);
  // The last word ("thermostats") would be split by a cut at 159 characters: it goes whole.
  assert.equal(cut, `${START.trimEnd()}…`);
});

Deno.test("[head] whitespace is collapsed before counting", () => {
  assert.equal(truncate(`${START}\n\n   end`, 160), `${START}end`);
});
