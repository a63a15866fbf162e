/**
 * Address shapes with the spec's rules (document 2 section 5, 'Address form'). The server applies them
 * to every request; the address book island imports the same schemas to validate fields as they change,
 * so the browser shows the very messages the server would send. Pure zod: safe to bundle for the browser.
 */
import { z } from "zod";

export const ADDRESS_TYPES = ["shipping", "billing", "both"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** The card and select text for each type (spec: 'Shipping & Billing' / 'Shipping Only' / 'Billing Only'). */
export const ADDRESS_TYPE_TEXT: Record<AddressType, string> = {
  both: "Shipping & Billing",
  shipping: "Shipping Only",
  billing: "Billing Only",
};

/** The '{type}' in 'Default {type} address has been updated.' */
export const DEFAULT_TYPE_TEXT: Record<AddressType, string> = {
  both: "shipping and billing",
  shipping: "shipping",
  billing: "billing",
};

/** The shop delivers within South Africa only (docs/decisions/0008-address-defaults.md). */
export const SHOP_COUNTRY = "South Africa";

/** Suggested in the form (a datalist); any 2 to 50 characters are accepted. */
export const SA_PROVINCES = [
  "Eastern Cape",
  "Free State",
  "Gauteng",
  "KwaZulu-Natal",
  "Limpopo",
  "Mpumalanga",
  "North West",
  "Northern Cape",
  "Western Cape",
] as const;

/** Field limits, shared with the form's maxLength attributes. */
export const LIMITS = {
  name: { min: 2, max: 50 },
  phone: { min: 10, max: 20 },
  addressLine1: { min: 3, max: 100 },
  addressLine2: { max: 100 },
  city: { min: 2, max: 50 },
  postalCode: { min: 4, max: 10 },
  state: { min: 2, max: 50 },
  label: { max: 30 },
  instructions: { max: 500 },
} as const;

/** A required text: missing or blank is '{label} is required', then the length bounds. */
function requiredText(label: string, min: number, max: number) {
  return z.string({ error: `${label} is required` }).trim()
    .min(1, { error: `${label} is required`, abort: true })
    .min(min, `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`);
}

/**
 * An optional text. In a body, absent stays `undefined` (an update then keeps the stored value); null or
 * blank become `null` (clears it).
 */
function optionalText(label: string, max: number) {
  return z.string({ error: `${label} must be text` }).trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable().optional()
    .transform((v) => (v === undefined ? undefined : v || null));
}

export const firstName = requiredText("First name", LIMITS.name.min, LIMITS.name.max);
export const lastName = requiredText("Last name", LIMITS.name.min, LIMITS.name.max);

const PHONE_MESSAGE = "Please enter a valid phone number";
/** Optional; 10 to 20 characters of digits, spaces, hyphens and parentheses, with an optional leading plus. */
export const phone = z.string({ error: PHONE_MESSAGE }).trim().nullable().optional()
  .refine(
    (v) => !v || (v.length >= LIMITS.phone.min && v.length <= LIMITS.phone.max && /^\+?[0-9 ()-]+$/.test(v)),
    PHONE_MESSAGE,
  )
  .transform((v) => (v === undefined ? undefined : v || null));

export const addressLine1 = requiredText("Street address", LIMITS.addressLine1.min, LIMITS.addressLine1.max);
export const addressLine2 = optionalText("Address line 2", LIMITS.addressLine2.max);

export const city = requiredText("City", LIMITS.city.min, LIMITS.city.max)
  .regex(/^[\p{L}' ’-]+$/u, "City can only contain letters, spaces, hyphens and apostrophes");

export const postalCode = z.string({ error: "Postal code is required" }).trim()
  .min(1, { error: "Postal code is required", abort: true })
  .regex(/^[0-9]+$/, { error: "Postal code should contain only numbers", abort: true })
  .min(LIMITS.postalCode.min, `Postal code must be at least ${LIMITS.postalCode.min} digits`)
  .max(LIMITS.postalCode.max, `Postal code must be at most ${LIMITS.postalCode.max} digits`);

/** The spec's `state`; in South Africa, the province. */
export const state = requiredText("Province", LIMITS.state.min, LIMITS.state.max);

const COUNTRY_ALIASES = new Set(["south africa", "za", "rsa", "republic of south africa"]);
/** At least 2 characters (spec), and South Africa only: the shop does not deliver elsewhere. */
export const country = z.string({ error: "Country is required" }).trim()
  .min(2, "Country must be at least 2 characters")
  .transform((v) => (COUNTRY_ALIASES.has(v.toLowerCase().replace(/\s+/g, " ")) ? SHOP_COUNTRY : v))
  .refine((v) => v === SHOP_COUNTRY, "We currently deliver within South Africa only");

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
