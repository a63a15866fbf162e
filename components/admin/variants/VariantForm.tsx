/**
 * The variant editor's add / edit form (spec 001: Name, SKU, Price, Sale Price (optional), Stock,
 * Dimensions, the 'Available for Pre-order' switch and, when on, the pre-order discount and arrival
 * date; Cancel, Delete when editing, Save). State lives in the island (islands/VariantEditor.tsx).
 */
import type { FormEvent } from "react";
import {
  danger,
  type Draft,
  type EditorVariant,
  input,
  label,
  primary,
  secondary,
  type TextKey,
} from "./variant_draft.ts";

/** One labelled box of the variant form, bound to a field of the draft. */
function DraftField(
  { label: text, field, draft, onChange, ...rest }: {
    label: string;
    field: TextKey;
    draft: Draft;
    onChange: (field: TextKey) => (e: { currentTarget: { value: string } }) => void;
    inputMode?: "decimal" | "numeric";
    placeholder?: string;
    maxLength?: number;
    type?: "date";
  },
) {
  const id = `variant-${field}`;
  return (
    <div>
      <label className={label} htmlFor={id}>{text}</label>
      <input id={id} className={input} value={draft[field]} onChange={onChange(field)} {...rest} />
    </div>
  );
}

type FieldSpec = Omit<Parameters<typeof DraftField>[0], "draft" | "onChange">;

/** The variant's text fields, in form order. */
const VARIANT_FIELDS: FieldSpec[] = [
  { label: "Name", field: "name", maxLength: 100 },
  { label: "SKU", field: "sku", maxLength: 64 },
  { label: "Price", field: "price", inputMode: "decimal" },
  { label: "Sale Price (optional)", field: "salePrice", inputMode: "decimal" },
  { label: "Stock", field: "stock", inputMode: "numeric" },
  { label: "Dimensions", field: "dimensions", placeholder: "60x45x45cm", maxLength: 60 },
];

/** The fields shown once the variant is available for pre-order. */
const PREORDER_FIELDS: FieldSpec[] = [
  { label: "Pre-order Discount (%)", field: "preorderDiscount", inputMode: "decimal" },
  { label: "Expected Arrival Date", field: "arrivalDate", type: "date" },
];

export function VariantForm(
  { draft, setDraft, editing, formError, busy, onSave, onCancel, onDelete }: {
    draft: Draft;
    setDraft: (d: Draft) => void;
    /** The variant being edited; null when adding one. */
    editing: EditorVariant | null;
    formError: string | null;
    busy: boolean;
    onSave: (e: FormEvent) => void;
    onCancel: () => void;
    onDelete: (v: EditorVariant) => void;
  },
) {
  const set = (field: TextKey) => (e: { currentTarget: { value: string } }) => {
    setDraft({ ...draft, [field]: e.currentTarget.value });
  };
  const fields = (specs: FieldSpec[]) =>
    specs.map((f) => <DraftField key={f.field} {...f} draft={draft} onChange={set} />);
  return (
    <form
      className="mt-5 grid gap-4 rounded-lg border border-stone-200 bg-stone-50 p-4 sm:grid-cols-2"
      onSubmit={onSave}
      noValidate
    >
      <h3 className="font-semibold sm:col-span-2">{editing ? "Edit Variant" : "Add Variant"}</h3>
      {formError ? <p role="alert" className="text-sm text-red-700 sm:col-span-2">{formError}</p> : null}
      {fields(VARIANT_FIELDS)}
      <div className="flex items-center gap-3 sm:col-span-2">
        <button
          type="button"
          role="switch"
          id="variant-preorder"
          aria-checked={draft.preorder}
          aria-labelledby="variant-preorder-label"
          onClick={() => setDraft({ ...draft, preorder: !draft.preorder })}
          className={`relative inline-flex h-6 w-11 shrink-0 rounded-full transition ${
            draft.preorder ? "bg-green-700" : "bg-stone-300"
          } focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800`}
        >
          <span
            aria-hidden="true"
            className={`absolute top-0.5 h-5 w-5 rounded-full bg-white shadow transition ${
              draft.preorder ? "left-5" : "left-0.5"
            }`}
          />
        </button>
        <span id="variant-preorder-label" className="text-sm font-medium">Available for Pre-order</span>
      </div>
      {draft.preorder ? fields(PREORDER_FIELDS) : null}
      <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
        <button type="button" className={secondary} onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        {editing
          ? (
            <button type="button" className={danger} onClick={() => onDelete(editing)} disabled={busy}>
              Delete
            </button>
          )
          : null}
        <button type="submit" className={primary} disabled={busy}>{busy ? "Saving..." : "Save"}</button>
      </div>
    </form>
  );
}
