/**
 * Address shapes with the spec's rules (document 2 section 5, 'Address form'). The server applies them
 * to every request. The constants and messages live in ./rules.ts, which the address book island bundles
 * for its zod-free check as fields change (decision 0038); this file stays on the server.
 */
import { z } from "zod";
import {
  ADDRESS_TYPES,
  CITY_MESSAGE,
  CITY_PATTERN,
  COUNTRY_MESSAGE,
  COUNTRY_TOO_SHORT,
  LIMITS,
  normaliseCountry,
  PHONE_MESSAGE,
  POSTAL_MESSAGE,
  POSTAL_PATTERN,
  requiredMessage,
  SHOP_COUNTRY,
  tooLongMessage,
  tooShortMessage,
  validPhone,
} from "./rules.ts";

export {
  ADDRESS_TYPE_TEXT,
  ADDRESS_TYPES,
  type AddressType,
  DEFAULT_TYPE_TEXT,
  LIMITS,
  SA_PROVINCES,
  SHOP_COUNTRY,
} from "./rules.ts";

/** A required text: missing or blank is '{label} is required', then the length bounds. */
function requiredText(label: string, min: number, max: number) {
  return z.string({ error: requiredMessage(label) }).trim()
    .min(1, { error: requiredMessage(label), abort: true })
    .min(min, tooShortMessage(label, min))
    .max(max, tooLongMessage(label, max));
}

/**
 * An optional text. In a body, absent stays `undefined` (an update then keeps the stored value); null or
 * blank become `null` (clears it).
 */
function optionalText(label: string, max: number) {
  return z.string({ error: `${label} must be text` }).trim()
    .max(max, tooLongMessage(label, max))
    .nullable().optional()
    .transform((v) => (v === undefined ? undefined : v || null));
}

export const firstName = requiredText("First name", LIMITS.name.min, LIMITS.name.max);
export const lastName = requiredText("Last name", LIMITS.name.min, LIMITS.name.max);

/** Optional; 10 to 20 characters of digits, spaces, hyphens and parentheses, with an optional leading plus. */
export const phone = z.string({ error: PHONE_MESSAGE }).trim().nullable().optional()
  .refine(validPhone, PHONE_MESSAGE)
  .transform((v) => (v === undefined ? undefined : v || null));

export const addressLine1 = requiredText("Street address", LIMITS.addressLine1.min, LIMITS.addressLine1.max);
export const addressLine2 = optionalText("Address line 2", LIMITS.addressLine2.max);

export const city = requiredText("City", LIMITS.city.min, LIMITS.city.max)
  .regex(CITY_PATTERN, CITY_MESSAGE);

export const postalCode = z.string({ error: "Postal code is required" }).trim()
  .min(1, { error: requiredMessage("Postal code"), abort: true })
  .regex(POSTAL_PATTERN, { error: POSTAL_MESSAGE, abort: true })
  .min(LIMITS.postalCode.min, tooShortMessage("Postal code", LIMITS.postalCode.min, "digits"))
  .max(LIMITS.postalCode.max, tooLongMessage("Postal code", LIMITS.postalCode.max, "digits"));

/** The spec's `state`; in South Africa, the province. */
export const state = requiredText("Province", LIMITS.state.min, LIMITS.state.max);

/** At least 2 characters (spec), and South Africa only: the shop does not deliver elsewhere. */
export const country = z.string({ error: "Country is required" }).trim()
  .min(2, COUNTRY_TOO_SHORT)
  .transform(normaliseCountry)
  .refine((v) => v === SHOP_COUNTRY, COUNTRY_MESSAGE);

export const addressType = z.enum(ADDRESS_TYPES, { error: "Choose Shipping & Billing, Shipping Only or Billing Only" });

export const label = optionalText("Label", LIMITS.label.max);
export const instructions = optionalText("Delivery instructions", LIMITS.instructions.max);
export const isDefault = z.boolean({ error: "isDefault must be true or false" }).optional();

/** Blank or null means "not given" (then the profile's name, or on update the stored one, is used). */
function nameOrAbsent(schema: typeof firstName) {
  return z.preprocess(
    (v) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v),
    schema.optional(),
  );
}

/** The address form as the customer fills it: every rule, names required. */
export const addressForm = z.object({
  label,
  addressType: addressType.default("both"),
  firstName,
  lastName,
  addressLine1,
  addressLine2,
  city,
  state,
  postalCode,
  country: country.default(SHOP_COUNTRY),
  phone,
  instructions,
  isDefault,
}).strict();

/**
 * POST /addresses: the form's fields; firstName and lastName may be absent or empty (the spec's client
 * sends the profile's names, empty when the profile has none) and then come from the profile.
 */
export const createAddressBody = addressForm.extend({
  firstName: nameOrAbsent(firstName),
  lastName: nameOrAbsent(lastName),
}).strict();

/**
 * PUT /addresses/{id}: the same fields, each optional. Absent keeps the stored value; null or empty clears
 * an optional field; empty names keep the stored names.
 */
export const updateAddressBody = z.object({
  label,
  addressType: addressType.optional(),
  firstName: nameOrAbsent(firstName),
  lastName: nameOrAbsent(lastName),
  addressLine1: addressLine1.optional(),
  addressLine2,
  city: city.optional(),
  state: state.optional(),
  postalCode: postalCode.optional(),
  country: country.optional(),
  phone,
  instructions,
  isDefault,
}).strict();

/** POST /addresses/{id}/default. */
export const setDefaultBody = z.object({ addressType }).strict();

export type AddressFormInput = z.input<typeof addressForm>;
export type CreateAddressInput = z.input<typeof createAddressBody>;
export type UpdateAddressInput = z.input<typeof updateAddressBody>;
export type SetDefaultInput = z.input<typeof setDefaultBody>;

/** The first message per field of a failed parse ({ city: 'City is required', ... }). */
export function firstIssues(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}
