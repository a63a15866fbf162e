/**
 * The product form of /admin/products/new and /admin/products/{id}: every column staff edit, grouped
 * as the work goes (basics, price and stock, flags, search engines, Facebook and Google, shipping).
 * A plain form post: the server answers with a redirect, or this form again with the values sent and
 * each refused field's message.
 */
import type { ReactNode } from "react";
import { Field, fieldInputClass, fieldLabelClass, FormAlert, type FormState } from "../../ui/Field.tsx";
import { primaryButton, secondaryButton } from "../../ui/buttons.ts";

export interface CategoryOption {
  id: number;
  name: string;
  level: number;
}

const FB_AVAILABILITY = ["in stock", "out of stock", "preorder", "available for order", "discontinued"];
const FB_CONDITION = ["new", "refurbished", "used"];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-stone-200 bg-white p-5">
      <legend className="px-1 text-base font-bold">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function Select(
  { label, name, value, options, error, empty }: {
    label: string;
    name: string;
    value: string;
    options: { value: string; label: string }[];
    error?: string;
    empty: string;
  },
) {
  return (
    <div>
      <label htmlFor={`field-${name}`} className={fieldLabelClass}>{label}</label>
      <select
        id={`field-${name}`}
        name={name}
        defaultValue={value}
        className={fieldInputClass}
        aria-invalid={error ? true : undefined}
      >
        <option value="">{empty}</option>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
    </div>
  );
}

function Check({ label, name, checked, hint }: { label: string; name: string; checked: boolean; hint?: string }) {
  return (
    <label className="flex items-start gap-3 rounded-lg border border-stone-200 p-3">
      <input type="checkbox" name={name} defaultChecked={checked} className="mt-1 h-4 w-4 accent-green-800" />
      <span>
        <span className="block text-sm font-medium">{label}</span>
        {hint ? <span className="block text-xs text-stone-500">{hint}</span> : null}
      </span>
    </label>
  );
}

export function ProductForm(
  { action, state, categories, hasVariants, submitLabel }: {
    action: string;
    state: FormState;
    categories: CategoryOption[];
    /** Stock then follows the variants and is not on the form. */
    hasVariants: boolean;
    submitLabel: string;
  },
) {
  const v = state.values ?? {};
  const e = state.errors ?? {};
  const text = (name: string) => v[name] ?? "";
  return (
    <form method="post" action={action} className="space-y-5" noValidate>
      <FormAlert message={state.message} />
      <Section title="Basics">
        <Field label="Name" name="name" defaultValue={text("name")} error={e.name} required maxLength={200} />
        <Field
          label="SKU"
          name="sku"
          defaultValue={text("sku")}
          error={e.sku}
          required
          maxLength={64}
          hint="1 to 64 characters, unique"
        />
        <Field
          label="Slug"
          name="slug"
          defaultValue={text("slug")}
          error={e.slug}
          maxLength={200}
          hint="The product's address /product/{slug}; made from the name when left empty"
        />
        <Field label="Brand" name="brand" defaultValue={text("brand")} error={e.brand} maxLength={100} />
        <Select
          label="Category"
          name="categoryId"
          value={text("categoryId")}
          error={e.categoryId}
          empty="No category"
          options={categories.map((c) => ({
            value: String(c.id),
            label: `${"\u2014 ".repeat(Math.max(0, c.level - 1))}${c.name}`,
          }))}
        />
        <div className="sm:col-span-2">
          <label htmlFor="field-description" className={fieldLabelClass}>Description</label>
          <textarea
            id="field-description"
            name="description"
            rows={6}
            defaultValue={text("description")}
            className={fieldInputClass}
            aria-invalid={e.description ? true : undefined}
          />
          {e.description ? <p className="mt-1 text-sm text-red-700">{e.description}</p> : null}
        </div>
      </Section>
      <Section title="Price and stock">
        <Field
          label="Price (R)"
          name="price"
          inputMode="decimal"
          defaultValue={text("price")}
          error={e.price}
          required
        />
        <Field
          label="Sale Price (R, optional)"
          name="salePrice"
          inputMode="decimal"
          defaultValue={text("salePrice")}
          error={e.salePrice}
          hint="Below the price; empty for none"
        />
        {hasVariants
          ? (
            <p className="text-sm text-stone-600 sm:col-span-2">
              Stock: {text("stock") || "0"}{" "}
              units, the sum of the variants' stock. Change it per variant in the variant editor.
            </p>
          )
          : <Field label="Stock" name="stock" inputMode="numeric" defaultValue={text("stock")} error={e.stock} />}
      </Section>
      <Section title="Shown as">
        <Check label="Featured" name="featured" checked={v.featured === "on"} hint="On the home page's featured list" />
        <Check label="New" name="isNew" checked={v.isNew === "on"} hint="On the new arrivals list" />
        <Check
          label="PUDO locker eligible"
          name="pudoEligible"
          checked={v.pudoEligible === "on"}
          hint="Fits a PUDO locker"
        />
      </Section>
      <Section title="Search engines">
        <Field
          label="Meta title"
          name="metaTitle"
          defaultValue={text("metaTitle")}
          error={e.metaTitle}
          maxLength={200}
        />
        <Field
          label="Meta description"
          name="metaDescription"
          defaultValue={text("metaDescription")}
          error={e.metaDescription}
          maxLength={500}
        />
      </Section>
      <Section title="Facebook and Google">
        <Field
          label="Facebook commerce id"
          name="fbCommerceId"
          defaultValue={text("fbCommerceId")}
          error={e.fbCommerceId}
        />
        <Field
          label="Facebook retailer id"
          name="fbRetailerId"
          defaultValue={text("fbRetailerId")}
          error={e.fbRetailerId}
        />
        <Select
          label="Facebook availability"
          name="fbAvailability"
          value={text("fbAvailability")}
          error={e.fbAvailability}
          empty="From stock"
          options={FB_AVAILABILITY.map((a) => ({ value: a, label: a }))}
        />
        <Select
          label="Facebook condition"
          name="fbCondition"
          value={text("fbCondition")}
          error={e.fbCondition}
          empty="new (default)"
          options={FB_CONDITION.map((a) => ({ value: a, label: a }))}
        />
        <Field label="GTIN" name="fbGtin" inputMode="numeric" defaultValue={text("fbGtin")} error={e.fbGtin} />
        <Field label="MPN" name="fbMpn" defaultValue={text("fbMpn")} error={e.fbMpn} />
        <Field label="Facebook link" name="fbLink" type="url" defaultValue={text("fbLink")} error={e.fbLink} />
        <Field
          label="Google product category id"
          name="googleProductCategoryId"
          inputMode="numeric"
          defaultValue={text("googleProductCategoryId")}
          error={e.googleProductCategoryId}
        />
        <Field
          label="Google product category"
          name="googleProductCategory"
          defaultValue={text("googleProductCategory")}
          error={e.googleProductCategory}
          hint="For example Animals & Pet Supplies > Pet Supplies > Reptile & Amphibian Supplies"
        />
      </Section>
      <Section title="Shipping">
        <Field label="Weight (kg)" name="weight" inputMode="decimal" defaultValue={text("weight")} error={e.weight} />
        <Field label="Length (cm)" name="length" inputMode="decimal" defaultValue={text("length")} error={e.length} />
        <Field label="Width (cm)" name="width" inputMode="decimal" defaultValue={text("width")} error={e.width} />
        <Field label="Height (cm)" name="height" inputMode="decimal" defaultValue={text("height")} error={e.height} />
      </Section>
      <div className="flex flex-wrap justify-end gap-2">
        <a href="/admin/products" className={secondaryButton}>Cancel</a>
        <button type="submit" className={primaryButton}>{submitLabel}</button>
      </div>
    </form>
  );
}
