/** The password islands' plain check gives the server schema's messages, in its order. */
import assert from "node:assert/strict";
import fc from "fast-check";
import { unmetPasswordRules } from "./password_rules.ts";
import { password } from "./schemas.ts";

Deno.test("[auth] unmetPasswordRules lists the schema's messages for any password", () => {
  fc.assert(
    fc.property(
      fc.oneof(fc.string({ maxLength: 120 }), fc.constantFrom("", "Gecko-Keeper1", "abc", "ABCDEFGH1!")),
      (pw) => {
        const parsed = password.safeParse(pw);
        const expected = parsed.success ? [] : parsed.error.issues.map((i) => i.message);
        assert.deepEqual(unmetPasswordRules(pw), expected);
      },
    ),
    { numRuns: 500 },
  );
});
