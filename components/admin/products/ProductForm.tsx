/**
 * The product form of /admin/products/new and /admin/products/{id}: every column staff edit, grouped
 * as the work goes (basics, price and stock, flags, search engines, Facebook and Google, shipping).
 * A plain form post: the server answers with a redirect, or this form again with the values sent and
 * each refused field's message.
 */
import type { ReactNode } from "react";
import { FormAlert, type FormState } from "../../ui/Field.tsx";
import { primaryButton, secondaryButton } from "../../ui/buttons.ts";
import { categoryPicker } from "../categories/CategoryViews.tsx";
import { CheckboxField, type FieldSpec, FormFields, type Option, type TextFieldSpec } from "../shared/FormFields.tsx";

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

/** Draft or active: a draft is saved and seen by staff only (decision 0069). */
const STATUS: FieldSpec = {
  label: "Status",
  name: "status",
  options: [
    { value: "active", label: "Active: on the shop" },
    { value: "draft", label: "Draft: staff only, hidden from the shop" },
  ],
  hint: "A draft has no product page and is left out of lists, search, feeds and the sitemap until made active",
};

/** When a draft goes on the shop by itself (the publishing job, within a minute of the time). */
const PUBLISH_AT: TextFieldSpec = {
  label: "Publish at (SAST, drafts only)",
  name: "publishAt",
  type: "datetime-local",
  hint: "A draft becomes active at this time; leave empty to publish by hand",
};

/** The product form's text boxes, section by section. */
const BASICS: TextFieldSpec[] = [
  { label: "Name", name: "name", required: true, maxLength: 200 },
  { label: "SKU", name: "sku", required: true, maxLength: 64, hint: "1 to 64 characters, unique" },
  {
    label: "Slug",
    name: "slug",
    maxLength: 200,
    hint: "The product's address /product/{slug}; made from the name when left empty",
  },
  { label: "Brand", name: "brand", maxLength: 100 },
];

const DESCRIPTION: FieldSpec = {
  label: "Description",
  name: "description",
  textarea: true,
  rows: 6,
  span: "sm:col-span-2",
};

const PRICES: TextFieldSpec[] = [
  { label: "Price (R)", name: "price", inputMode: "decimal", required: true },
  {
    label: "Sale Price (R, optional)",
    name: "salePrice",
    inputMode: "decimal",
    hint: "Below the price; empty for none",
  },
];

const STOCK: TextFieldSpec[] = [{ label: "Stock", name: "stock", inputMode: "numeric" }];

/** Where the product shows besides its category (ticked: "on"). */
const FLAGS = [
  { label: "Featured", name: "featured", hint: "On the home page's featured list" },
  { label: "New", name: "isNew", hint: "On the new arrivals list" },
  { label: "PUDO locker eligible", name: "pudoEligible", hint: "Fits a PUDO locker" },
];

const SEARCH_ENGINES: TextFieldSpec[] = [
  { label: "Meta title", name: "metaTitle", maxLength: 200 },
  { label: "Meta description", name: "metaDescription", maxLength: 500 },
];

/** Choices whose value is their label (the feed's own words). */
function asOptions(values: readonly string[]): Option[] {
  return values.map((value) => ({ value, label: value }));
}

const FEEDS: FieldSpec[] = [
  { label: "Facebook commerce id", name: "fbCommerceId" },
  { label: "Facebook retailer id", name: "fbRetailerId" },
  { label: "Facebook availability", name: "fbAvailability", empty: "From stock", options: asOptions(FB_AVAILABILITY) },
  { label: "Facebook condition", name: "fbCondition", empty: "new (default)", options: asOptions(FB_CONDITION) },
  { label: "GTIN", name: "fbGtin", inputMode: "numeric" },
  { label: "MPN", name: "fbMpn" },
  { label: "Facebook link", name: "fbLink", type: "url" },
  { label: "Google product category id", name: "googleProductCategoryId", inputMode: "numeric" },
  {
    label: "Google product category",
    name: "googleProductCategory",
    hint: "For example Animals & Pet Supplies > Pet Supplies > Reptile & Amphibian Supplies",
  },
];

/** The reminders job's interval (decision 0065): a product's own comes before its category's. */
const REPLACEMENT: TextFieldSpec[] = [{
  label: "Replace every (months)",
  name: "replacementMonths",
  inputMode: "numeric",
  hint: "For consumables (UVB tubes 12, T8 tubes 6): buyers are reminded this long after buying; empty: the category's",
}];

const SHIPPING: TextFieldSpec[] = [
  { label: "Weight (kg)", name: "weight", inputMode: "decimal" },
  { label: "Length (cm)", name: "length", inputMode: "decimal" },
  { label: "Width (cm)", name: "width", inputMode: "decimal" },
  { label: "Height (cm)", name: "height", inputMode: "decimal" },
];

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
        <FormFields
          fields={[
            STATUS,
            PUBLISH_AT,
            ...BASICS,
            categoryPicker({ label: "Category", name: "categoryId", empty: "No category" }, categories),
            DESCRIPTION,
          ]}
          values={v}
          errors={e}
        />
      </Section>
      <Section title="Price and stock">
        <FormFields fields={PRICES} values={v} errors={e} />
        {hasVariants
          ? (
            <p className="text-sm text-stone-600 sm:col-span-2">
              Stock: {text("stock") || "0"}{" "}
              units, the sum of the variants' stock. Change it per variant in the variant editor.
            </p>
          )
          : <FormFields fields={STOCK} values={v} errors={e} />}
      </Section>
      <Section title="Shown as">
        {FLAGS.map((f) => <CheckboxField key={f.name} {...f} checked={v[f.name] === "on"} />)}
      </Section>
      <Section title="Search engines">
        <FormFields fields={SEARCH_ENGINES} values={v} errors={e} />
      </Section>
      <Section title="Facebook and Google">
        <FormFields fields={FEEDS} values={v} errors={e} />
      </Section>
      <Section title="Shipping">
        <FormFields fields={SHIPPING} values={v} errors={e} />
      </Section>
      <Section title="Replacement reminders">
        <FormFields fields={REPLACEMENT} values={v} errors={e} />
      </Section>
      <div className="flex flex-wrap justify-end gap-2">
        <a href="/admin/products" className={secondaryButton}>Cancel</a>
        <button type="submit" className={primaryButton}>{submitLabel}</button>
      </div>
    </form>
  );
}
