import assert from "node:assert/strict";
import { dbId, idOrNull, MAX_DB_ID, parseId } from "./ids.ts";

Deno.test("[ids] idOrNull reads only a database id's own spelling, 1 to the int4 maximum", () => {
  assert.equal(idOrNull("1"), 1);
  assert.equal(idOrNull(String(MAX_DB_ID)), MAX_DB_ID);
  for (
    const bad of [undefined, null, "", "0", "01", "-1", "+1", " 1", "1 ", "1.0", "1e3", "0x10", String(MAX_DB_ID + 1)]
  ) {
    assert.equal(idOrNull(bad), null, JSON.stringify(bad));
  }
});

Deno.test("[ids] parseId answers 400 naming the parameter for what idOrNull refuses", () => {
  assert.equal(parseId("42"), 42);
  assert.throws(() => parseId("01", "productId"), { message: "productId must be a positive whole number" });
  assert.throws(() => parseId(String(MAX_DB_ID + 1)), { message: "id must be a positive whole number" });
});

Deno.test("[ids] dbId takes a JSON number or an id's own spelling, and nothing a coercion would read", () => {
  const id = dbId("Choose a product.");
  assert.equal(id.parse(7), 7);
  assert.equal(id.parse("7"), 7);
  assert.equal(id.parse(String(MAX_DB_ID)), MAX_DB_ID);
  const refused = [0, -1, 1.5, MAX_DB_ID + 1, "", "0", "01", " 7", "7 ", "1e3", "0x10", "1.0", String(MAX_DB_ID + 1)];
  for (const bad of [...refused, true, null, [7], { id: 7 }]) {
    const result = id.safeParse(bad);
    assert.equal(result.success, false, JSON.stringify(bad));
    assert.deepEqual(result.error?.issues.map((issue) => issue.message), ["Choose a product."], JSON.stringify(bad));
  }
});
