import assert from "node:assert/strict";
import { containsPattern, escapeLike, prefixPattern } from "./like.ts";

Deno.test("like: a shopper's % _ and \\ match themselves", () => {
  assert.equal(escapeLike(String.raw`50%_off\now`), String.raw`50\%\_off\\now`);
  assert.equal(containsPattern("a_b"), String.raw`%a\_b%`);
  assert.equal(prefixPattern("10%"), String.raw`10\%%`);
  assert.equal(containsPattern("plain"), "%plain%");
});
