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
import { LOW_STOCK } from "../../../domains/catalog/mod.ts";
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

const STOCK: TextFieldSpec = { label: "Stock", name: "stock", inputMode: "numeric" };

/** The product's reorder point (decision 0105); a product sold in variants applies it to each variant (0111). */
const LOW_STOCK_ALERT: TextFieldSpec = {
  label: "Low-stock alert at",
  name: "lowStockAt",
  inputMode: "numeric",
  hint:
    `Low on stock (dashboard, Low stock filter, morning e-mail) at this many units or fewer, per variant when it has ` +
    `variants; empty: ${LOW_STOCK}; 0: only when sold out`,
};

/** Where the product shows besides its category (ticked: "on"). */
const FLAGS = [
  { label: "Featured", name: "featured", hint: "On the home page's featured list" },
  { label: "New", name: "isNew", hint: "On the new arrivals list" },
  { label: "PUDO locker eligible", name: "pudoEligible", hint: "Fits a PUDO locker" },
];

const SEARCH_ENGINES: TextFieldSpec[] = [
  { label: "Meta title", name: "metaTitle", maxLength: 200, hint: "Empty: the product's name" },
  {
    label: "Meta description",
    name: "metaDescription",
    maxLength: 500,
    hint: "Search results show about 160 characters; empty: the start of the description",
  },
];

/** The slug box of the Basics section (in the SEO section when that stands apart). */
const SLUG = BASICS.find((f) => f.name === "slug")!;

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
  { action, state, categories, hasVariants, submitLabel, formId, seoApart = false }: {
    action: string;
    state: FormState;
    categories: CategoryOption[];
    /** Stock then follows the variants and is not on the form. */
    hasVariants: boolean;
    submitLabel: string;
    /** The form's id, for fields elsewhere on the page that belong to it (form="..."). */
    formId?: string;
    /** The slug and search engine boxes are in a {@link ProductSeoSection} of their own. */
    seoApart?: boolean;
  },
) {
  const v = state.values ?? {};
  const e = state.errors ?? {};
  const text = (name: string) => v[name] ?? "";
  /** A section of nothing but these fields. */
  const fieldsSection = (title: string, fields: FieldSpec[]) => (
    <Section title={title}>
      <FormFields fields={fields} values={v} errors={e} />
    </Section>
  );
  return (
    <form id={formId} method="post" action={action} className="space-y-5" noValidate>
      <FormAlert message={state.message} />
      {fieldsSection("Basics", [
        STATUS,
        PUBLISH_AT,
        ...(seoApart ? BASICS.filter((f) => f !== SLUG) : BASICS),
        categoryPicker({ label: "Category", name: "categoryId", empty: "No category" }, categories),
        DESCRIPTION,
      ])}
      <Section title="Price and stock">
        <FormFields fields={PRICES} values={v} errors={e} />
        {hasVariants
          ? (
            <p className="text-sm text-stone-600 sm:col-span-2">
              Stock: {text("stock") || "0"}{" "}
              units, the sum of the variants' stock. Change it per variant in the variant editor.
            </p>
          )
          : <FormFields fields={[STOCK]} values={v} errors={e} />}
        <FormFields fields={[LOW_STOCK_ALERT]} values={v} errors={e} />
      </Section>
      <Section title="Shown as">
        {FLAGS.map((f) => <CheckboxField key={f.name} {...f} checked={v[f.name] === "on"} />)}
      </Section>
      {seoApart ? null : fieldsSection("Search engines", SEARCH_ENGINES)}
      {fieldsSection("Facebook and Google", FEEDS)}
      {fieldsSection("Shipping", SHIPPING)}
      {fieldsSection("Replacement reminders", REPLACEMENT)}
      <div className="flex flex-wrap justify-end gap-2">
        <a href="/admin/products" className={secondaryButton}>Cancel</a>
        <button type="submit" className={primaryButton}>{submitLabel}</button>
      </div>
    </form>
  );
}

/**
 * The edit page's SEO section: the slug, meta title and meta description, with a preview of the
 * search result they make. Its boxes belong to the product form `formId` (the HTML form attribute),
 * so one save sends them with the details, and the page still works without JavaScript.
 */
export function ProductSeoSection(
  { formId, state, name, description, siteUrl }: {
    formId: string;
    state: FormState;
    name: string;
    description: string;
    siteUrl: string;
  },
) {
  const v = state.values ?? {};
  const e = state.errors ?? {};
  const title = v.metaTitle || name;
  const summary = (v.metaDescription || description).slice(0, 160);
  const fields = [SLUG, ...SEARCH_ENGINES].map((f) => ({ ...f, form: formId }));
  return (
    <section id="seo" aria-labelledby="seo-heading" className="rounded-xl border border-stone-200 bg-white p-5">
      <h2 id="seo-heading" className="text-lg font-bold">SEO</h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <FormFields fields={fields} values={v} errors={e} />
      </div>
      <figure className="mt-4 rounded-lg border border-stone-200 bg-stone-50 p-4">
        <figcaption className="text-xs font-semibold text-stone-600 uppercase">Search result preview</figcaption>
        <p className="mt-2 truncate text-sm text-stone-700">{`${siteUrl}/product/${v.slug ?? ""}`}</p>
        <p className="truncate text-lg text-blue-800">{title}</p>
        <p className="line-clamp-2 text-sm text-stone-700">{summary}</p>
      </figure>
      <div className="mt-4 flex justify-end">
        <button type="submit" form={formId} className={primaryButton}>Save changes</button>
      </div>
    </section>
  );
}
