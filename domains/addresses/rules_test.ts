/**
 * The browser's address check (rules.ts, no zod) and the server's schema (schemas.ts) give the same
 * first message for every field, on hand-picked cases and on generated forms (fast-check).
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { addressFieldIssues, type AddressFieldValues } from "./rules.ts";
import { addressForm, firstIssues } from "./schemas.ts";

const valid: AddressFieldValues = {
  label: "Home",
  addressType: "both",
  firstName: "Thandi",
  lastName: "Nkosi",
  addressLine1: "12 Gecko Lane",
  addressLine2: "",
  city: "Cape Town",
  state: "Western Cape",
  postalCode: "8001",
  country: "South Africa",
  phone: "082 555 1234",
  instructions: "",
  isDefault: false,
};

function serverIssues(values: AddressFieldValues): Record<string, string> {
  const parsed = addressForm.safeParse(values);
  return parsed.success ? {} : firstIssues(parsed.error);
}

Deno.test("[addresses] the browser's check and the server's schema agree on hand-picked forms", () => {
  const cases: Partial<AddressFieldValues>[] = [
    {},
    { firstName: "", lastName: " ", city: "" },
    { firstName: "T", addressLine1: "ab", state: "W" },
    { city: "Cape Town 2", postalCode: "80a1" },
    { postalCode: "12", phone: "12345" },
    { postalCode: "12345678901", phone: "+27 (82) 555-1234" },
    { country: "ZA" },
    { country: "rsa" },
    { country: "Namibia" },
    { country: "Z" },
    { label: "x".repeat(31), addressLine2: "y".repeat(101), instructions: "z".repeat(501) },
    { city: "Port Elizabeth's-Gqeberha" },
  ];
  for (const change of cases) {
    const values = { ...valid, ...change };
    assert.deepEqual(addressFieldIssues(values), serverIssues(values), JSON.stringify(change));
  }
});

Deno.test("[addresses] the browser's check and the server's schema agree on generated forms", () => {
  const text = (max: number) =>
    fc.oneof(
      fc.string({ maxLength: max }),
      fc.stringMatching(/^[ a-zA-Z0-9'’()+-]{0,12}$/),
      fc.constantFrom("", " ", "ZA", "South Africa", "8001", "082 555 1234"),
    );
  fc.assert(
    fc.property(
      fc.record({
        label: text(40),
        firstName: text(60),
        lastName: text(60),
        addressLine1: text(110),
        addressLine2: text(110),
        city: text(60),
        state: text(60),
        postalCode: text(14),
        country: text(30),
        phone: text(24),
        instructions: text(20),
      }),
      (fields) => {
        const values = { ...valid, ...fields };
        assert.deepEqual(addressFieldIssues(values), serverIssues(values));
      },
    ),
    { numRuns: 500 },
  );
});
