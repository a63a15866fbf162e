/** Kept markup narrowed to ASCII (decision 0095): the same text to a browser, no character above U+007F. */
import assert from "node:assert/strict";
import { narrowJson, narrowMarkup } from "./narrow_markup.ts";

const WIDE = /[\u0080-\uffff]/;

/** What an HTML parser reads back from numeric character references. */
function decodeReferences(html: string): string {
  return html.replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)));
}

Deno.test("[narrow markup] text and attributes above U+007F become references that read back as the same text", () => {
  const html = `<p title="Don’t – 🦎">Basking 45 °C… 🦎 Zoë’s “tank”</p><img alt="Gecko 🦎 hide">`;
  const narrowed = narrowMarkup(html);
  assert.ok(!WIDE.test(narrowed), narrowed);
  assert.equal(decodeReferences(narrowed), html);
  // One reference a character, astral ones included (not one per UTF-16 half).
  assert.ok(narrowed.includes("&#129422;"), narrowed);
  assert.ok(narrowed.includes("&#8230;"), narrowed);
  // Latin-1 beyond ASCII too (°, ë): UTF-8 encoding of it is not a plain copy either.
  assert.ok(narrowed.includes("45 &#176;C") && narrowed.includes("Zo&#235;"), narrowed);
});

Deno.test("[narrow markup] script and style content is left alone (references are not decoded there)", () => {
  const html =
    `<p>a…</p><script type="application/ld+json">{"name":"Don’t"}</script><STYLE>p::after{content:"→"}</STYLE><p>b…</p>`;
  const narrowed = narrowMarkup(html);
  assert.ok(narrowed.includes(`<script type="application/ld+json">{"name":"Don’t"}</script>`), narrowed);
  assert.ok(narrowed.includes(`<STYLE>p::after{content:"→"}</STYLE>`), narrowed);
  assert.ok(narrowed.startsWith("<p>a&#8230;</p>") && narrowed.endsWith("<p>b&#8230;</p>"), narrowed);
});

Deno.test("[narrow markup] markup in ASCII is returned as it is", () => {
  const html = `<p class="x">R&nbsp;1 299 &middot; 2 &#215; 40 W</p>`;
  assert.equal(narrowMarkup(html), html);
});

Deno.test("[narrow json] escapes above U+007F parse back to the same value", () => {
  const value = { name: "Don’t – 🦎", lines: "a\u2028b\u2029c", plain: "45 °C" };
  const json = narrowJson(JSON.stringify(value));
  assert.ok(!WIDE.test(json), json);
  assert.deepEqual(JSON.parse(json), value);
  assert.ok(json.includes("\\u2028") && json.includes("\\ud83e\\udd8e") && json.includes("\\u00b0"), json);
});
