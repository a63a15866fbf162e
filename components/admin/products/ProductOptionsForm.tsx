/**
 * The option types of a product (its edit page's Variants section): up to three rows of a name and
 * its values, comma-separated (Size: Small, Medium, Large), saved by a plain form, and the "Generate
 * variants" form that adds a variant for each combination still missing (decision 0070).
 */
import { FormAlert, type FormState } from "../../ui/Field.tsx";
import { primaryButton, secondaryButton } from "../../ui/buttons.ts";
import { FormFields, type TextFieldSpec } from "../shared/FormFields.tsx";

const ROWS = [1, 2, 3] as const;

/** The form's values of a product's saved options. */
export function optionsFormValues(options: { name: string; values: string[] }[]): Record<string, string> {
  const values: Record<string, string> = {};
  options.forEach((o, i) => {
    values[`option${i + 1}Name`] = o.name;
    values[`option${i + 1}Values`] = o.values.join(", ");
  });
  return values;
}

export function ProductOptionsForm(
  { productId, state, options }: {
    productId: number;
    state: FormState;
    /** The saved options (what Generate variants multiplies out). */
    options: { name: string; values: string[] }[];
  },
) {
  const combinations = options.length ? options.reduce((n, o) => n * o.values.length, 1) : 0;
  return (
    <div className="rounded-lg border border-stone-200 bg-stone-50 p-4">
      <h3 className="font-semibold">Options</h3>
      <p className="mt-1 text-sm text-stone-600">
        Up to 3 options, such as Size (Small, Medium, Large) and UVB (5%, 10%). Generate variants adds one variant for
        each combination that has none yet, priced as the product with no stock; it never removes a variant.
      </p>
      <form method="post" action={`/admin/products/${productId}/options`} className="mt-3 space-y-3" noValidate>
        <FormAlert message={state.message} />
        {ROWS.map((n) => {
          const fields: TextFieldSpec[] = [
            { label: `Option ${n} name`, name: `option${n}Name`, maxLength: 30, placeholder: n === 1 ? "Size" : "" },
            {
              label: `Option ${n} values`,
              name: `option${n}Values`,
              placeholder: n === 1 ? "Small, Medium, Large" : "",
              hint: n === 1 ? "Separated by commas" : undefined,
            },
          ];
          return (
            <div key={n} className="grid gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
              <FormFields fields={fields} values={state.values ?? {}} errors={state.errors} />
            </div>
          );
        })}
        <div className="flex justify-end">
          <button type="submit" className={secondaryButton}>Save options</button>
        </div>
      </form>
      <form
        method="post"
        action={`/admin/products/${productId}/variants/generate`}
        className="mt-3 flex flex-wrap items-center justify-end gap-3 border-t border-stone-200 pt-3"
      >
        <p className="text-sm text-stone-600">
          {combinations
            ? `${combinations} combination${combinations === 1 ? "" : "s"} of the saved options`
            : "Save options first"}
        </p>
        <button type="submit" className={primaryButton} disabled={!combinations}>Generate variants</button>
      </form>
    </div>
  );
}
