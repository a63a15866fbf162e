/**
 * /admin/settings: the shop's details (site and invoices), the delivery amounts and where the
 * low-stock e-mail goes, as one plain form.
 */
import { type FieldErrors, FormAlert } from "../../ui/Field.tsx";
import { primaryButton } from "../../ui/buttons.ts";
import { PageHeader } from "../shared/PageHeader.tsx";
import { FormFields, type TextFieldSpec } from "../shared/FormFields.tsx";
import { LOW_STOCK } from "../../../domains/catalog/mod.ts";

export type SettingsFormValues = Record<
  | "shopName"
  | "companyName"
  | "registrationNumber"
  | "vatNumber"
  | "email"
  | "phone"
  | "address"
  | "freeDeliveryThreshold"
  | "deliveryFee"
  | "stockAlertEmail",
  string
>;

/** Lengths as shopSettingsBody (domains/settings) allows them. */
const SHOP_FIELDS: TextFieldSpec[] = [
  { label: "Shop name", name: "shopName", maxLength: 80, required: true },
  { label: "Company name", name: "companyName", maxLength: 120, required: true },
  {
    label: "Registration number",
    name: "registrationNumber",
    maxLength: 40,
    hint: "CIPC number, e.g. 2022/481516/07.",
  },
  {
    label: "VAT number",
    name: "vatNumber",
    inputMode: "numeric",
    maxLength: 10,
    hint: "10 digits starting with 4 (SARS). Blank if not VAT registered.",
  },
  { label: "E-mail", name: "email", type: "email", maxLength: 254, required: true },
  { label: "Phone", name: "phone", type: "tel", maxLength: 30 },
  { label: "Address", name: "address", maxLength: 200, required: true, span: "sm:col-span-2" },
];

/** Rand amounts with cents. */
const money = { type: "number", inputMode: "decimal", min: "0", step: "0.01", required: true } as const;

const DELIVERY_FIELDS: TextFieldSpec[] = [
  {
    label: "Free-delivery threshold (R)",
    name: "freeDeliveryThreshold",
    ...money,
    hint: "Orders whose goods (after discounts) reach this amount get standard delivery free. Shown in the top " +
      "bar, the cart and the information pages.",
  },
  {
    label: "Standard delivery fee (R)",
    name: "deliveryFee",
    ...money,
    hint: "Charged at checkout for standard delivery below the free-delivery threshold (PUDO lockers are free).",
  },
];

const NOTIFICATION_FIELDS: TextFieldSpec[] = [
  {
    label: "Low-stock e-mails to",
    name: "stockAlertEmail",
    type: "email",
    maxLength: 254,
    hint:
      `Each morning from 07:00, when products newly run low (${LOW_STOCK} or fewer left, or a product's own alert level), this address ` +
      "gets the list. Leave it empty to send none.",
  },
];

/** The form's sections, in order: legend and fields. */
const SECTIONS: [string, TextFieldSpec[]][] = [
  ["Shop details", SHOP_FIELDS],
  ["Delivery", DELIVERY_FIELDS],
  ["Notifications", NOTIFICATION_FIELDS],
];

export function SettingsView(
  { values, errors, message }: { values: SettingsFormValues; errors: FieldErrors; message?: string | null },
) {
  return (
    <div className="max-w-3xl">
      <PageHeader
        title="Settings"
        intro="What the shop shows customers on every page, on the terms and contact pages and on invoices, and where the shop's own notices go."
      />
      <form method="post" action="/admin/settings" className="mt-6 space-y-6" noValidate>
        <FormAlert message={message} />
        {SECTIONS.map(([legend, fields]) => (
          <fieldset key={legend} className="rounded-xl border border-stone-200 bg-white p-5">
            <legend className="px-1 font-bold">{legend}</legend>
            <div className="mt-2 grid gap-4 sm:grid-cols-2">
              <FormFields fields={fields} values={values} errors={errors} />
            </div>
          </fieldset>
        ))}
        <div className="flex justify-end">
          <button type="submit" className={primaryButton}>Save settings</button>
        </div>
      </form>
    </div>
  );
}
