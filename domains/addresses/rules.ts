/**
 * The address form's rules as plain data and code (document 2 section 5, 'Address form'): constants,
 * messages and `addressFieldIssues`, the browser's check. No zod here on purpose: the address book
 * island bundles this file (decision 0038). domains/addresses/schemas.ts builds the server's zod
 * schemas from the same constants and messages; the server stays the authority, and
 * rules_test.ts holds the two to the same first message per field.
 */

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

/** The fields a customer fills in, in the order the form shows them (the default checkbox aside). */
export const ADDRESS_FIELDS = [
  "addressType",
  "label",
  "firstName",
  "lastName",
  "phone",
  "addressLine1",
  "addressLine2",
  "city",
  "state",
  "postalCode",
  "country",
  "instructions",
] as const;

/** Field limits, shared with the form's maxLength attributes. */
/** Who and where an address delivers to, as every stored address has it. */
export interface PostalFields {
  firstName: string;
  lastName: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  phone: string | null;
  instructions: string | null;
}

/** The {@link PostalFields} of an address, in the order the API and the data export write them. */
export function postalFields(a: PostalFields): PostalFields {
  const { firstName, lastName, addressLine1, addressLine2, city, state, postalCode, country, phone, instructions } = a;
  return { firstName, lastName, addressLine1, addressLine2, city, state, postalCode, country, phone, instructions };
}

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

export const requiredMessage = (label: string) => `${label} is required`;
export const tooShortMessage = (label: string, min: number, unit = "characters") =>
  `${label} must be at least ${min} ${unit}`;
export const tooLongMessage = (label: string, max: number, unit = "characters") =>
  `${label} must be at most ${max} ${unit}`;

export const PHONE_MESSAGE = "Please enter a valid phone number";
export const PHONE_PATTERN = /^\+?[0-9 ()-]+$/;
export const CITY_PATTERN = /^[\p{L}' ’-]+$/u;
export const CITY_MESSAGE = "City can only contain letters, spaces, hyphens and apostrophes";
export const POSTAL_PATTERN = /^[0-9]+$/;
export const POSTAL_MESSAGE = "Postal code should contain only numbers";
export const COUNTRY_TOO_SHORT = "Country must be at least 2 characters";
export const COUNTRY_MESSAGE = "We currently deliver within South Africa only";

const COUNTRY_ALIASES = new Set(["south africa", "za", "rsa", "republic of south africa"]);

/** 'ZA', 'RSA', 'south africa'... read as the shop's country; anything else stays as typed. */
export function normaliseCountry(value: string): string {
  return COUNTRY_ALIASES.has(value.toLowerCase().replace(/\s+/g, " ")) ? SHOP_COUNTRY : value;
}

/** True for an empty phone or 10 to 20 digits, spaces, hyphens and parentheses (optional leading plus). */
export function validPhone(value: string | null | undefined): boolean {
  return !value || (value.length >= LIMITS.phone.min && value.length <= LIMITS.phone.max && PHONE_PATTERN.test(value));
}

/** The address form's fields as the island holds them (text inputs, the type select, the checkbox). */
export interface AddressFieldValues {
  label: string;
  addressType: AddressType;
  firstName: string;
  lastName: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  phone: string;
  instructions: string;
  isDefault: boolean;
}

function required(label: string, value: string, min: number, max: number): string | undefined {
  if (!value) return requiredMessage(label);
  if (value.length < min) return tooShortMessage(label, min);
  if (value.length > max) return tooLongMessage(label, max);
}

/**
 * The first broken rule of each field ({ city: 'City is required', ... }), the same messages the
 * server's addressForm schema gives; an empty object when the form is acceptable.
 */
export function addressFieldIssues(values: AddressFieldValues): Record<string, string> {
  const t = (v: string) => v.trim();
  const out: Record<string, string | undefined> = {
    label: t(values.label).length > LIMITS.label.max ? tooLongMessage("Label", LIMITS.label.max) : undefined,
    firstName: required("First name", t(values.firstName), LIMITS.name.min, LIMITS.name.max),
    lastName: required("Last name", t(values.lastName), LIMITS.name.min, LIMITS.name.max),
    addressLine1: required("Street address", t(values.addressLine1), LIMITS.addressLine1.min, LIMITS.addressLine1.max),
    addressLine2: t(values.addressLine2).length > LIMITS.addressLine2.max
      ? tooLongMessage("Address line 2", LIMITS.addressLine2.max)
      : undefined,
    city: required("City", t(values.city), LIMITS.city.min, LIMITS.city.max) ??
      (CITY_PATTERN.test(t(values.city)) ? undefined : CITY_MESSAGE),
    state: required("Province", t(values.state), LIMITS.state.min, LIMITS.state.max),
    postalCode: !t(values.postalCode)
      ? requiredMessage("Postal code")
      : !POSTAL_PATTERN.test(t(values.postalCode))
      ? POSTAL_MESSAGE
      : t(values.postalCode).length < LIMITS.postalCode.min
      ? tooShortMessage("Postal code", LIMITS.postalCode.min, "digits")
      : t(values.postalCode).length > LIMITS.postalCode.max
      ? tooLongMessage("Postal code", LIMITS.postalCode.max, "digits")
      : undefined,
    country: t(values.country).length < 2
      ? COUNTRY_TOO_SHORT
      : normaliseCountry(t(values.country)) === SHOP_COUNTRY
      ? undefined
      : COUNTRY_MESSAGE,
    phone: validPhone(t(values.phone)) ? undefined : PHONE_MESSAGE,
    instructions: t(values.instructions).length > LIMITS.instructions.max
      ? tooLongMessage("Delivery instructions", LIMITS.instructions.max)
      : undefined,
  };
  return Object.fromEntries(Object.entries(out).filter((e): e is [string, string] => e[1] !== undefined));
}
