/**
 * /admin/products/{id}/setup: what a product does in an animal's setup (docs/animals.md). Its rules
 * as a table, each with Edit and Delete, and one form that adds a rule or changes the one chosen.
 * Plain forms: the page works without JavaScript.
 */
import { HABITATS, NEED_LABELS, NEEDS, type ProductRule, ruleLabel } from "../../../domains/animals/mod.ts";
import { FormAlert, type FormState, formStateProps } from "../../ui/Field.tsx";
import { dangerButton, primaryButton, secondaryButton } from "../../ui/buttons.ts";
import { type Column, DataTable, EmptyCard } from "../shared/AdminTable.tsx";
import { CheckboxField, type FieldSpec, FormFields } from "../shared/FormFields.tsx";
import { PageHeader } from "../shared/PageHeader.tsx";

export interface SetupRulesViewProps {
  product: { id: number; name: string; variants: { id: number; name: string }[] };
  rules: ProductRule[];
  species: { slug: string; commonName: string }[];
  /** The species its rules make it suit: what its product page lists as "Suitable for". */
  suits: { slug: string; commonName: string }[];
  /** The rule the form changes; null: the form adds one. */
  editing: ProductRule | null;
  state: FormState;
}

const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

/** The values a rule's form starts with (text, as a form posts them). */
export function ruleFormValues(r: ProductRule): Record<string, string> {
  const text = (v: number | null) => (v === null ? "" : String(v));
  const values: Record<string, string> = {
    variantId: text(r.variantId),
    need: r.need,
    enclosureLengthCm: text(r.enclosureLengthCm),
    enclosureWidthCm: text(r.enclosureWidthCm),
    enclosureHeightCm: text(r.enclosureHeightCm),
    uvbPct: text(r.uvbPct),
    tubeLengthCm: text(r.tubeLengthCm),
    replacementMonths: text(r.replacementMonths),
    staffPick: r.staffPick ? "on" : "",
  };
  for (const h of r.habitats) values[`habitat_${h}`] = "on";
  for (const s of r.speciesSlugs) values[`species_${s}`] = "on";
  return values;
}

/** What the rule says beyond its need: a size, a tube, where it fits. */
function details(r: ProductRule, names: Map<string, string>): string {
  const parts: string[] = [];
  if (r.enclosureLengthCm !== null) {
    parts.push(`${r.enclosureLengthCm}x${r.enclosureWidthCm}x${r.enclosureHeightCm} cm`);
  }
  if (r.uvbPct !== null) parts.push(`${r.uvbPct}% UVB`);
  if (r.tubeLengthCm !== null) parts.push(`${r.tubeLengthCm} cm tube`);
  parts.push(r.habitats.length ? r.habitats.map(cap).join(", ") : "Every habitat");
  if (r.speciesSlugs.length) parts.push(`only ${r.speciesSlugs.map((s) => names.get(s) ?? s).join(", ")}`);
  return parts.join(" · ");
}

function RulesTable(
  { product, rules, names }: { product: { id: number }; rules: ProductRule[]; names: Map<string, string> },
) {
  const base = `/admin/products/${product.id}`;
  const columns: Column<ProductRule>[] = [
    { header: "Need", cell: (r) => <span className="font-semibold">{NEED_LABELS[r.need]}</span> },
    { header: "Applies to", cell: (r) => r.variantName ?? "Every variant" },
    { header: "Details", cell: (r) => details(r, names) },
    { header: "Staff pick", cell: (r) => (r.staffPick ? "Yes" : "No") },
    { header: "Replace after", cell: (r) => (r.replacementMonths === null ? "-" : `${r.replacementMonths} months`) },
    {
      header: "Actions",
      align: "right",
      className: "whitespace-nowrap",
      cell: (r) => (
        <div className="flex justify-end gap-2">
          <a href={`${base}/setup?rule=${r.id}#rule-form`} className={secondaryButton}>Edit</a>
          <form method="post" action={`${base}/setup-rules/${r.id}/delete`}>
            <button type="submit" className={dangerButton} aria-label={`Delete the ${NEED_LABELS[r.need]} rule`}>
              Delete
            </button>
          </form>
        </div>
      ),
    },
  ];
  return <DataTable columns={columns} rows={rules} rowProps={(r) => ({ "data-rule": String(r.id) })} />;
}

const SIZE_HINT = "Enclosures only";

/** The rule form's text boxes and selects, in the order staff fill them. */
function ruleFields(variants: { id: number; name: string }[]): FieldSpec[] {
  return [
    {
      label: "Need it covers",
      name: "need",
      options: NEEDS.map((n) => ({ value: n, label: NEED_LABELS[n] })),
    },
    {
      label: "Applies to",
      name: "variantId",
      empty: "Every variant",
      options: variants.map((v) => ({ value: String(v.id), label: v.name })),
      hint: variants.length
        ? "One variant when its size or strength differs: then each variant gets its own rule for this need"
        : undefined,
    },
    // Shown only while their need is chosen (styles/app.css: .rule-form), so a form asks what its need reads.
    {
      label: "Enclosure length (cm)",
      name: "enclosureLengthCm",
      type: "number",
      hint: SIZE_HINT,
      span: "for-enclosure",
    },
    { label: "Enclosure width (cm)", name: "enclosureWidthCm", type: "number", hint: SIZE_HINT, span: "for-enclosure" },
    {
      label: "Enclosure height (cm)",
      name: "enclosureHeightCm",
      type: "number",
      hint: SIZE_HINT,
      span: "for-enclosure",
    },
    {
      label: "UVB strength (%)",
      name: "uvbPct",
      type: "number",
      hint: "UVB lamps only: 6 for a T5 6%",
      span: "for-uvb",
    },
    { label: "Tube length (cm)", name: "tubeLengthCm", type: "number", hint: "UVB tubes only", span: "for-uvb" },
    {
      label: "Replace after (months)",
      name: "replacementMonths",
      type: "number",
      hint: "For reminders; the product's own interval comes first",
    },
  ];
}

function RuleForm({ product, species, editing, state }: Omit<SetupRulesViewProps, "rules">) {
  const { values, errors, message } = formStateProps(state);
  const action = editing
    ? `/admin/products/${product.id}/setup-rules/${editing.id}`
    : `/admin/products/${product.id}/setup-rules`;
  const ticked = (name: string) => values[name] === "on";
  return (
    <section
      id="rule-form"
      aria-labelledby="rule-form-heading"
      className="mt-6 rounded-xl border border-stone-200 bg-white p-5"
    >
      <h2 id="rule-form-heading" className="text-lg font-bold">
        {editing ? `Change the rule: ${ruleLabel(editing)}` : "Add a rule"}
      </h2>
      <form method="post" action={action} className="rule-form mt-3 space-y-4">
        <FormAlert message={message} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormFields fields={ruleFields(product.variants)} values={values} errors={errors} />
        </div>
        <fieldset aria-describedby={errors.habitats ? "habitats-error" : undefined}>
          <legend className="text-sm font-medium text-stone-800">Habitats it suits (none ticked: every habitat)</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {HABITATS.map((h) => (
              <CheckboxField key={h} label={cap(h)} name={`habitat_${h}`} checked={ticked(`habitat_${h}`)} />
            ))}
          </div>
          {errors.habitats ? <p id="habitats-error" className="mt-1 text-sm text-red-700">{errors.habitats}</p> : null}
        </fieldset>
        <fieldset aria-describedby={errors.speciesSlugs ? "species-error" : undefined}>
          <legend className="text-sm font-medium text-stone-800">
            Only for these species (none ticked: any species the other rules allow)
          </legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {species.map((s) => (
              <CheckboxField
                key={s.slug}
                label={s.commonName}
                name={`species_${s.slug}`}
                checked={ticked(`species_${s.slug}`)}
              />
            ))}
          </div>
          {errors.speciesSlugs
            ? <p id="species-error" className="mt-1 text-sm text-red-700">{errors.speciesSlugs}</p>
            : null}
        </fieldset>
        <CheckboxField
          label="Staff pick"
          name="staffPick"
          checked={ticked("staffPick")}
          hint="Offered first among the products that suit"
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={primaryButton}>{editing ? "Save rule" : "Add rule"}</button>
          {editing
            ? <a href={`/admin/products/${product.id}/setup#rule-form`} className={secondaryButton}>Cancel</a>
            : null}
        </div>
      </form>
    </section>
  );
}

export function SetupRulesView(props: SetupRulesViewProps) {
  const { product, rules, species } = props;
  const names = new Map(species.map((s) => [s.slug, s.commonName]));
  return (
    <div className="max-w-5xl">
      <a href={`/admin/products/${product.id}`} className="text-sm text-green-900 hover:underline">
        ← {product.name}
      </a>
      <div className="mt-2">
        <PageHeader
          title={`Setup rules: ${product.name}`}
          intro="What this product does in an animal's setup. The setup checklist and 'Add the essentials' offer it for these needs, to the species it suits."
        />
      </div>
      <p className="mt-4 rounded-lg border border-stone-200 bg-white px-4 py-3 text-sm" data-suits>
        <span className="font-semibold">Suitable for:</span> {props.suits.length
          ? props.suits.map((s, i) => (
            <span key={s.slug}>
              {i ? ", " : ""}
              <a href={`/animals/${s.slug}`} className="text-green-900 underline">{s.commonName}</a>
            </span>
          ))
          : "no species yet (its product page shows none)."}
      </p>
      {rules.length ? <RulesTable product={product} rules={rules} names={names} /> : (
        <EmptyCard>
          No setup rules yet: no setup checklist offers this product. Add the need it covers below.
        </EmptyCard>
      )}
      <RuleForm {...props} />
    </div>
  );
}
