/**
 * The admin forms' fields: a labelled select, text area and checkbox beside the text box of
 * {@link Field}, each with its hint and error wired up as Field wires them, and a list of text boxes
 * drawn from a description with their values and errors looked up by name. Plain markup: the coupon
 * island draws these too.
 */
import type { ComponentProps, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { Field, type FieldErrors, fieldInputClass, fieldLabelClass } from "../../ui/Field.tsx";

/** A field's own id, unless the form gives it another (filters share a page with other forms). */
function fieldId(name: string, id?: string): string {
  return id ?? `field-${name}`;
}

/** The control's invalid flag and what describes it: the error when there is one, else the hint. */
function described(id: string, error?: string, hint?: string) {
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  };
}

function FieldMessage({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  if (error) return <p id={`${id}-error`} className="mt-1 text-sm text-red-700">{error}</p>;
  if (hint) return <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">{hint}</p>;
  return null;
}

interface Labelled {
  label: string;
  name: string;
  error?: string;
  hint?: string;
}

/** One choice of a {@link SelectField}. */
export interface Option {
  value: string;
  label: string;
}

/** A labelled select; `empty` is a first choice with the empty value ("All", "None"...). */
export function SelectField(
  { label, name, error, hint, options, empty, ...select }:
    & Labelled
    & SelectHTMLAttributes<HTMLSelectElement>
    & { options: readonly Option[]; empty?: string },
) {
  const id = fieldId(name, select.id);
  return (
    <div>
      <label htmlFor={id} className={fieldLabelClass}>{label}</label>
      <select id={id} name={name} className={fieldInputClass} {...described(id, error, hint)} {...select}>
        {empty === undefined ? null : <option value="">{empty}</option>}
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

/** A labelled text area. */
export function TextareaField(
  { label, name, error, hint, ...textarea }: Labelled & TextareaHTMLAttributes<HTMLTextAreaElement>,
) {
  const id = fieldId(name, textarea.id);
  return (
    <div>
      <label htmlFor={id} className={fieldLabelClass}>{label}</label>
      <textarea id={id} name={name} className={fieldInputClass} {...described(id, error, hint)} {...textarea} />
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

/** A checkbox in a bordered box, its label and hint beside it; posts `value` ("on" unless given) when ticked. */
export function CheckboxField(
  { label, name, checked, hint, value }: {
    label: string;
    name: string;
    checked: boolean;
    hint?: string;
    value?: string;
  },
) {
  return (
    <label className="flex items-start gap-3 rounded-lg border border-stone-200 p-3">
      <input
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={checked}
        className="mt-1 h-4 w-4 accent-green-800"
      />
      <span>
        <span className="block text-sm font-medium">{label}</span>
        {hint ? <span className="block text-xs text-stone-500">{hint}</span> : null}
      </span>
    </label>
  );
}

/** What every field of a {@link FormFields} list may add: classes of a box around it (a grid span). */
interface Placed {
  span?: string;
}

/**
 * A text box of a {@link FormFields} list: {@link Field}'s props without the value and error, which
 * come from the form by name; `fallback` is the value when the form has none.
 */
export type TextFieldSpec = Placed & Omit<ComponentProps<typeof Field>, "defaultValue" | "error"> & {
  fallback?: string;
};

/** A select of a {@link FormFields} list (told apart by its options). */
export type SelectFieldSpec = Placed & Omit<ComponentProps<typeof SelectField>, "defaultValue" | "error"> & {
  fallback?: string;
};

/** A text area of a {@link FormFields} list (marked `textarea`). */
export type TextareaFieldSpec = Placed & Omit<ComponentProps<typeof TextareaField>, "defaultValue" | "error"> & {
  textarea: true;
  fallback?: string;
};

export type FieldSpec = TextFieldSpec | SelectFieldSpec | TextareaFieldSpec;

function withoutMark({ textarea: _, ...props }: Omit<TextareaFieldSpec, "span" | "fallback">) {
  return props;
}

/**
 * Fields in order from their description, each showing the form's value and error for its name, so a
 * form lists what it asks for instead of repeating the same wiring for every field.
 */
export function FormFields(
  { fields, values, errors = {} }: {
    fields: readonly FieldSpec[];
    /** The form's values by field name (those that are not text show as the field's fallback). */
    values: object;
    /** None on filter forms, which never refuse a value. */
    errors?: FieldErrors;
  },
) {
  return (
    <>
      {fields.map(({ span, fallback = "", ...spec }) => {
        const value = (values as Record<string, unknown>)[spec.name];
        const state = { defaultValue: typeof value === "string" ? value : fallback, error: errors[spec.name] };
        const field = "options" in spec
          ? <SelectField key={spec.name} {...spec} {...state} />
          : "textarea" in spec
          ? <TextareaField key={spec.name} {...withoutMark(spec)} {...state} />
          : <Field key={spec.name} {...spec} {...state} />;
        return span ? <div key={spec.name} className={span}>{field}</div> : field;
      })}
    </>
  );
}
