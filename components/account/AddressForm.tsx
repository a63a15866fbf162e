/**
 * The address form's fields, shared by the server-rendered form pages (which work without JavaScript)
 * and the address book island's dialog. Uncontrolled (defaultValue) unless `onChange` is given.
 * Province offers the nine South African provinces as suggestions; any 2 to 50 characters are accepted.
 */
import type { ReactNode } from "react";
import {
  ADDRESS_FIELDS,
  ADDRESS_TYPE_TEXT,
  ADDRESS_TYPES,
  type AddressFieldValues,
  type AddressType,
  LIMITS,
  SA_PROVINCES,
  SHOP_COUNTRY,
} from "../../domains/addresses/rules.ts";
import type { AddressFormInput } from "../../domains/addresses/schemas.ts";
import { Field, fieldInputClass, fieldLabelClass } from "../ui/Field.tsx";
import type { AddressCardData } from "./AddressCard.tsx";

export type AddressFieldErrors = Record<string, string | undefined>;

/** The form as text (what inputs hold), plus the default checkbox. */
/** The form's fields as text (plus the type and the checkbox): the shape the rules check. */
export type AddressFormValues = AddressFieldValues;

export type AddressFieldName = keyof AddressFormValues;

/** The order of the fields on screen (for focusing the first invalid one). */
export const ADDRESS_FIELD_ORDER: AddressFieldName[] = [...ADDRESS_FIELDS, "isDefault"];

/** A new address: names from the customer's profile, South Africa, shipping and billing. */
export function emptyAddressValues(
  profile: { firstName?: string | null; lastName?: string | null },
): AddressFormValues {
  return {
    label: "",
    addressType: "both",
    firstName: profile.firstName ?? "",
    lastName: profile.lastName ?? "",
    addressLine1: "",
    addressLine2: "",
    city: "",
    state: "",
    postalCode: "",
    country: SHOP_COUNTRY,
    phone: "",
    instructions: "",
    isDefault: false,
  };
}

export function addressToValues(a: AddressCardData): AddressFormValues {
  return {
    label: a.label ?? "",
    addressType: a.addressType,
    firstName: a.firstName,
    lastName: a.lastName,
    addressLine1: a.addressLine1,
    addressLine2: a.addressLine2 ?? "",
    city: a.city,
    state: a.state,
    postalCode: a.postalCode,
    country: a.country,
    phone: a.phone ?? "",
    instructions: a.instructions ?? "",
    isDefault: a.isDefault,
  };
}

/** What the zod form schema reads. */
export function valuesToInput(v: AddressFormValues): AddressFormInput {
  return { ...v };
}

/** Reads a submitted form (x-www-form-urlencoded) into form values. */
export function valuesFromForm(form: Record<string, unknown>): AddressFormValues {
  const text = (k: string) => (typeof form[k] === "string" ? form[k] as string : "");
  const type = text("addressType");
  return {
    label: text("label"),
    addressType: (ADDRESS_TYPES as readonly string[]).includes(type) ? type as AddressType : "both",
    firstName: text("firstName"),
    lastName: text("lastName"),
    addressLine1: text("addressLine1"),
    addressLine2: text("addressLine2"),
    city: text("city"),
    state: text("state"),
    postalCode: text("postalCode"),
    country: text("country") || SHOP_COUNTRY,
    phone: text("phone"),
    instructions: text("instructions"),
    isDefault: form.isDefault === "on" || form.isDefault === "true",
  };
}

/** Shipping & Billing (the default) first. */
const TYPE_ORDER: AddressType[] = ["both", "shipping", "billing"];

function ErrorText({ id, error }: { id: string; error?: string }) {
  return error ? <p id={id} className="mt-1 text-sm text-red-700" data-field-error>{error}</p> : null;
}

function Wide({ children }: { children: ReactNode }) {
  return <div className="sm:col-span-2">{children}</div>;
}

export function AddressFields(
  { values, errors, idPrefix = "address", onChange, onBlur, deliveryOnly = false }: {
    values: AddressFormValues;
    errors: AddressFieldErrors;
    idPrefix?: string;
    /**
     * Only what a delivery needs (a WhatsApp order's pay page): no type, label or default choice,
     * which the caller decides.
     */
    deliveryOnly?: boolean;
    onChange?: (name: AddressFieldName, value: string | boolean) => void;
    onBlur?: (name: AddressFieldName) => void;
  },
) {
  const id = (name: string) => `${idPrefix}-${name}`;
  /** value + handlers when controlled, defaultValue otherwise. */
  const bind = (name: Exclude<AddressFieldName, "isDefault" | "addressType">) =>
    onChange
      ? {
        value: values[name],
        onChange: (e: { currentTarget: { value: string } }) => onChange(name, e.currentTarget.value),
        onBlur: () => onBlur?.(name),
      }
      : { defaultValue: values[name] };
  const text = (
    name: Exclude<AddressFieldName, "isDefault" | "addressType" | "country" | "instructions">,
    label: string,
    extra: Record<string, unknown> = {},
  ) => (
    <Field
      id={id(name)}
      label={label}
      name={name}
      error={errors[name]}
      {...bind(name)}
      {...extra}
    />
  );
  const provincesId = `${idPrefix}-provinces`;

  return (
    <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
      {deliveryOnly ? null : (
        <Wide>
          <fieldset aria-describedby={errors.addressType ? id("addressType-error") : undefined}>
            <legend className="mb-2 block text-sm font-medium text-stone-800">Use this address for</legend>
            <div className="grid gap-2 sm:grid-cols-3">
              {TYPE_ORDER.map((t) => (
                <label
                  key={t}
                  className="flex cursor-pointer items-center gap-2.5 rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-sm font-medium text-stone-800 transition hover:border-stone-500 has-[:checked]:border-green-700 has-[:checked]:bg-green-50 has-[:checked]:text-green-900 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-green-700/30"
                >
                  <input
                    type="radio"
                    name="addressType"
                    value={t}
                    className="h-4 w-4 accent-green-700"
                    {...(onChange
                      ? { checked: values.addressType === t, onChange: () => onChange("addressType", t) }
                      : { defaultChecked: values.addressType === t })}
                  />
                  {ADDRESS_TYPE_TEXT[t]}
                </label>
              ))}
            </div>
            <ErrorText id={id("addressType-error")} error={errors.addressType} />
          </fieldset>
        </Wide>
      )}
      {deliveryOnly ? null : text("label", "Label (optional)", {
        maxLength: LIMITS.label.max,
        placeholder: "e.g. Home, Work, Mom's place",
        autoComplete: "off",
      })}
      {text("phone", "Phone (optional)", {
        type: "tel",
        inputMode: "tel",
        autoComplete: "tel",
        maxLength: LIMITS.phone.max,
        placeholder: "e.g. 082 555 0123",
      })}
      {text("firstName", "First name", {
        autoComplete: "given-name",
        required: true,
        maxLength: LIMITS.name.max,
      })}
      {text("lastName", "Last name", { autoComplete: "family-name", required: true, maxLength: LIMITS.name.max })}
      <Wide>
        {text("addressLine1", "Street address", {
          autoComplete: "address-line1",
          required: true,
          maxLength: LIMITS.addressLine1.max,
          placeholder: "Street number and name",
        })}
      </Wide>
      <Wide>
        {text("addressLine2", "Apartment, complex, suburb (optional)", {
          autoComplete: "address-line2",
          maxLength: LIMITS.addressLine2.max,
        })}
      </Wide>
      {text("city", "City / Town", { autoComplete: "address-level2", required: true, maxLength: LIMITS.city.max })}
      <div>
        {text("state", "Province", {
          autoComplete: "address-level1",
          required: true,
          maxLength: LIMITS.state.max,
          list: provincesId,
          hint: "Start typing to pick a province.",
        })}
        <datalist id={provincesId}>
          {SA_PROVINCES.map((p) => <option key={p} value={p} />)}
        </datalist>
      </div>
      {text("postalCode", "Postal code", {
        autoComplete: "postal-code",
        inputMode: "numeric",
        required: true,
        maxLength: LIMITS.postalCode.max,
      })}
      <div>
        <label htmlFor={id("country")} className={fieldLabelClass}>Country</label>
        <select
          id={id("country")}
          name="country"
          autoComplete="country-name"
          className={`${fieldInputClass} h-[2.875rem]`}
          aria-invalid={errors.country ? true : undefined}
          aria-describedby={errors.country ? id("country-error") : id("country-hint")}
          {...bind("country")}
        >
          <option value={SHOP_COUNTRY}>{SHOP_COUNTRY}</option>
        </select>
        {errors.country
          ? <ErrorText id={id("country-error")} error={errors.country} />
          : <p id={id("country-hint")} className="mt-1 text-xs text-stone-500">We deliver within South Africa only.</p>}
      </div>
      <Wide>
        <label htmlFor={id("instructions")} className={fieldLabelClass}>
          Delivery instructions (optional)
        </label>
        <textarea
          id={id("instructions")}
          name="instructions"
          rows={3}
          maxLength={LIMITS.instructions.max}
          placeholder="Gate code, complex name, where to leave the parcel…"
          className={fieldInputClass}
          aria-invalid={errors.instructions ? true : undefined}
          aria-describedby={errors.instructions ? id("instructions-error") : undefined}
          {...bind("instructions")}
        />
        <ErrorText id={id("instructions-error")} error={errors.instructions} />
      </Wide>
      {deliveryOnly ? null : (
        <Wide>
          <label className="flex cursor-pointer items-start gap-3 rounded-lg bg-stone-50 px-3 py-3 text-sm text-stone-800">
            <input
              id={id("isDefault")}
              type="checkbox"
              name="isDefault"
              className="mt-0.5 h-4 w-4 accent-green-700"
              {...(onChange
                ? { checked: values.isDefault, onChange: (e) => onChange("isDefault", e.currentTarget.checked) }
                : { defaultChecked: values.isDefault })}
            />
            <span>
              <span className="block font-medium">Use as my default address</span>
              <span className="block text-xs text-stone-600">
                Checkout fills in your default shipping and billing address for you.
              </span>
            </span>
          </label>
        </Wide>
      )}
    </div>
  );
}
