import assert from "node:assert/strict";
import { pick } from "./pick.ts";

Deno.test("pick: only the named fields, in the order named", () => {
  const row = { id: 7, name: "Heat mat", secret: "hash", price: 10 };
  const picked = pick(row, ["price", "id"]);
  assert.deepEqual(picked, { price: 10, id: 7 });
  assert.deepEqual(Object.keys(picked), ["price", "id"]);
  assert.equal("secret" in picked, false);
});

Deno.test("pick: a name the source lacks stays absent", () => {
  const posted: Record<string, string> = { email: "a@b.co" };
  assert.deepEqual(pick(posted, ["email", "phone"]), { email: "a@b.co" });
});
