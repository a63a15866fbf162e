/** /admin/settings: the shop's details (site and invoices) and the delivery amounts, as one plain form. */
import { Field, type FieldErrors, FormAlert } from "../../ui/Field.tsx";
import { primaryButton } from "../../ui/buttons.ts";

export type SettingsFormValues = Record<
  | "shopName"
  | "companyName"
  | "registrationNumber"
  | "vatNumber"
  | "email"
  | "phone"
  | "address"
  | "freeDeliveryThreshold"
  | "deliveryFee",
  string
>;

export function SettingsView(
  { values, errors, message }: { values: SettingsFormValues; errors: FieldErrors; message?: string | null },
) {
  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-extrabold tracking-tight">Settings</h1>
      <p className="mt-1 text-stone-600">
        What the shop shows customers on every page, on the terms and contact pages and on invoices.
      </p>
      <form method="post" action="/admin/settings" className="mt-6 space-y-6" noValidate>
        <FormAlert message={message} />
        <fieldset className="rounded-xl border border-stone-200 bg-white p-5">
          <legend className="px-1 font-bold">Shop details</legend>
          <div className="mt-2 grid gap-4 sm:grid-cols-2">
            <Field
              label="Shop name"
              name="shopName"
              defaultValue={values.shopName}
              error={errors.shopName}
              maxLength={80}
              required
            />
            <Field
              label="Company name"
              name="companyName"
              defaultValue={values.companyName}
              error={errors.companyName}
              maxLength={120}
              required
            />
            <Field
              label="Registration number"
              name="registrationNumber"
              defaultValue={values.registrationNumber}
              error={errors.registrationNumber}
              maxLength={40}
              hint="CIPC number, e.g. 2022/481516/07."
            />
            <Field
              label="VAT number"
              name="vatNumber"
              defaultValue={values.vatNumber}
              error={errors.vatNumber}
              inputMode="numeric"
              maxLength={10}
              hint="10 digits starting with 4 (SARS). Blank if not VAT registered."
            />
            <Field
              label="E-mail"
              name="email"
              type="email"
              defaultValue={values.email}
              error={errors.email}
              maxLength={254}
              required
            />
            <Field
              label="Phone"
              name="phone"
              type="tel"
              defaultValue={values.phone}
              error={errors.phone}
              maxLength={30}
            />
            <div className="sm:col-span-2">
              <Field
                label="Address"
                name="address"
                defaultValue={values.address}
                error={errors.address}
                maxLength={200}
                required
              />
            </div>
          </div>
        </fieldset>
        <fieldset className="rounded-xl border border-stone-200 bg-white p-5">
          <legend className="px-1 font-bold">Delivery</legend>
          <div className="mt-2 grid gap-4 sm:grid-cols-2">
            <Field
              label="Free-delivery threshold (R)"
              name="freeDeliveryThreshold"
              type="number"
              inputMode="decimal"
              min="0"
              step="0.01"
              defaultValue={values.freeDeliveryThreshold}
              error={errors.freeDeliveryThreshold}
              hint="Shown in the top bar and on the information pages."
              required
            />
            <Field
              label="Standard delivery fee (R)"
              name="deliveryFee"
              type="number"
              inputMode="decimal"
              min="0"
              step="0.01"
              defaultValue={values.deliveryFee}
              error={errors.deliveryFee}
              hint="Stored for now: checkout does not charge it yet (a later change will)."
              required
            />
          </div>
        </fieldset>
        <div className="flex justify-end">
          <button type="submit" className={primaryButton}>Save settings</button>
        </div>
      </form>
    </div>
  );
}
