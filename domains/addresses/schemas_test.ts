import assert from "node:assert/strict";
import { addressForm, createAddressBody, firstIssues, setDefaultBody, updateAddressBody } from "./schemas.ts";

const valid = {
  label: "Home",
  addressType: "both",
  firstName: "Thandi",
  lastName: "Nkosi",
  addressLine1: "12 Jacaranda Street",
  addressLine2: "Unit 4, Sunridge Complex",
  city: "Pretoria",
  state: "Gauteng",
  postalCode: "0181",
  country: "South Africa",
  phone: "+27 (82) 555-0123",
  instructions: "Gate code 1234; leave with security.",
  isDefault: false,
};

/** The first message for `field` when `change` is applied to a valid form. */
function messageFor(change: Record<string, unknown>, field: string): string | undefined {
  const result = addressForm.safeParse({ ...valid, ...change });
  return result.success ? undefined : firstIssues(result.error)[field];
}

Deno.test("[addresses] a complete South African address is valid and trimmed", () => {
  const result = addressForm.parse({ ...valid, city: "  Port Elizabeth ", label: "" });
  assert.equal(result.city, "Port Elizabeth");
  assert.equal(result.label, null, "a blank optional field becomes null");
  const minimal = addressForm.parse({
    firstName: "Jo",
    lastName: "Li",
    addressLine1: "1 A St",
    city: "George",
    state: "WC",
    postalCode: "6529",
  });
  assert.equal(minimal.addressType, "both", "type defaults to both");
  assert.equal(minimal.country, "South Africa", "country defaults to South Africa");
  assert.equal(minimal.phone, undefined);
});

Deno.test("[addresses] every rule gives its message", () => {
  const cases: [Record<string, unknown>, string, string][] = [
    [{ firstName: undefined }, "firstName", "First name is required"],
    [{ firstName: "   " }, "firstName", "First name is required"],
    [{ firstName: "T" }, "firstName", "First name must be at least 2 characters"],
    [{ firstName: "T".repeat(51) }, "firstName", "First name must be at most 50 characters"],
    [{ lastName: "" }, "lastName", "Last name is required"],
    [{ lastName: "N" }, "lastName", "Last name must be at least 2 characters"],
    [{ lastName: "N".repeat(51) }, "lastName", "Last name must be at most 50 characters"],
    [{ phone: "082 555" }, "phone", "Please enter a valid phone number"],
    [{ phone: "0".repeat(21) }, "phone", "Please enter a valid phone number"],
    [{ phone: "082-555-0123 ext" }, "phone", "Please enter a valid phone number"],
    [{ phone: "27+82 555 0123" }, "phone", "Please enter a valid phone number"],
    [{ addressLine1: "" }, "addressLine1", "Street address is required"],
    [{ addressLine1: "12" }, "addressLine1", "Street address must be at least 3 characters"],
    [{ addressLine1: "x".repeat(101) }, "addressLine1", "Street address must be at most 100 characters"],
    [{ addressLine2: "x".repeat(101) }, "addressLine2", "Address line 2 must be at most 100 characters"],
    [{ city: "" }, "city", "City is required"],
    [{ city: "P" }, "city", "City must be at least 2 characters"],
    [{ city: "P".repeat(51) }, "city", "City must be at most 50 characters"],
    [{ city: "Pretoria 2" }, "city", "City can only contain letters, spaces, hyphens and apostrophes"],
    [{ postalCode: "" }, "postalCode", "Postal code is required"],
    [{ postalCode: "01A1" }, "postalCode", "Postal code should contain only numbers"],
    [{ postalCode: "SW1A 1AA" }, "postalCode", "Postal code should contain only numbers"],
    [{ postalCode: "018" }, "postalCode", "Postal code must be at least 4 digits"],
    [{ postalCode: "01234567890" }, "postalCode", "Postal code must be at most 10 digits"],
    [{ state: "" }, "state", "Province is required"],
    [{ state: "G" }, "state", "Province must be at least 2 characters"],
    [{ state: "G".repeat(51) }, "state", "Province must be at most 50 characters"],
    [{ country: "Z" }, "country", "Country must be at least 2 characters"],
    [{ country: "Namibia" }, "country", "We currently deliver within South Africa only"],
    [{ addressType: "office" }, "addressType", "Choose Shipping & Billing, Shipping Only or Billing Only"],
    [{ label: "x".repeat(31) }, "label", "Label must be at most 30 characters"],
    [{ instructions: "x".repeat(501) }, "instructions", "Delivery instructions must be at most 500 characters"],
    [{ isDefault: "maybe" }, "isDefault", "isDefault must be true or false"],
  ];
  for (const [change, field, message] of cases) {
    assert.equal(messageFor(change, field), message, `${field} ${JSON.stringify(change)}`);
  }
});

Deno.test("[addresses] accepted edge values", () => {
  for (
    const change of [
      { phone: "0825550123" },
      { phone: "+27825550123" },
      { phone: "(012) 345-6789" },
      { phone: "" },
      { phone: null },
      { city: "Bela-Bela" },
      { city: "Gqeberha" },
      { city: "Kaapstad’s Oord" },
      { city: "D'Urbanville" },
      { city: "Ciudad Bolívar" },
      { postalCode: "0001" },
      { postalCode: "1234567890" },
      { state: "Some other region" },
      { country: "za" },
      { country: "RSA" },
      { label: "x".repeat(30) },
      { instructions: "x".repeat(500) },
      { addressLine2: null },
    ]
  ) {
    const result = addressForm.safeParse({ ...valid, ...change });
    assert.ok(result.success, `${JSON.stringify(change)}: ${JSON.stringify(result.error?.issues)}`);
    if ("country" in change) assert.equal(result.data.country, "South Africa", "aliases read as South Africa");
  }
});

Deno.test("[addresses] bodies are strict; names may be absent or empty on create", () => {
  assert.equal(createAddressBody.safeParse({ ...valid, userId: 2 }).success, false, "no foreign fields");
  assert.equal(updateAddressBody.safeParse({ id: 3 }).success, false);
  assert.equal(setDefaultBody.safeParse({ addressType: "both", extra: 1 }).success, false);
  const { firstName: _f, lastName: _l, ...rest } = valid;
  const absent = createAddressBody.parse(rest);
  assert.equal(absent.firstName, undefined);
  const empty = createAddressBody.parse({ ...rest, firstName: "", lastName: " " });
  assert.equal(empty.firstName, undefined);
  assert.equal(empty.lastName, undefined);
  const short = createAddressBody.safeParse({ ...rest, firstName: "T" });
  assert.equal(short.error?.issues[0].message, "First name must be at least 2 characters", "a given name is checked");
  const update = updateAddressBody.parse({ city: "Durban" });
  assert.deepEqual(Object.entries(update).filter(([, v]) => v !== undefined), [["city", "Durban"]], "partial");
  assert.equal(updateAddressBody.parse({ addressLine2: "" }).addressLine2, null, "empty clears an optional field");
  assert.equal(setDefaultBody.safeParse({ addressType: "home" }).success, false);
});
