/**
 * A labelled form field with its error message, and the fields several forms ask for in the same way
 * (e-mail, passwords, names), so their limits and autocomplete hints stay alike everywhere.
 */
import type { InputHTMLAttributes } from "react";

/** A message for each field that was refused, by field name. */
export type FieldErrors = Record<string, string | undefined>;

/** What a form shows when the server renders it again: the values sent, messages by field, a form message. */
export interface FormState {
  values?: Record<string, string | undefined>;
  errors?: FieldErrors;
  message?: string;
}

/** A form view's values, errors and message from the state a route renders it with: empty on first show. */
export function formStateProps<V extends object>(state: { values?: V; errors?: FieldErrors; message?: string }) {
  return { values: state.values ?? ({} as V), errors: state.errors ?? {}, message: state.message };
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  name: string;
  error?: string;
  hint?: string;
};

/** The look of a field's label and of its text box, for the few inputs drawn without {@link Field}. */
export const fieldLabelClass = "mb-1 block text-sm font-medium text-stone-800";
export const fieldInputClass =
  "w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 focus:border-green-700 focus:ring-2 focus:ring-green-700/20 focus:outline-none aria-[invalid=true]:border-red-500";

export function Field({ label, name, error, hint, ...input }: FieldProps) {
  const id = input.id ?? `field-${name}`;
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className={fieldLabelClass}>{label}</label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={fieldInputClass}
        {...input}
      />
      {error
        ? <p id={`${id}-error`} className="mt-1 text-sm text-red-700">{error}</p>
        : hint
        ? <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">{hint}</p>
        : null}
    </div>
  );
}

/** A form-level message (errors from the server). */
export function FormAlert(
  { message, tone = "error" }: { message?: string | null; tone?: "error" | "info" | "success" },
) {
  if (!message) return null;
  const cls = tone === "error"
    ? "border-red-200 bg-red-50 text-red-800"
    : tone === "success"
    ? "border-green-200 bg-green-50 text-green-900"
    : "border-amber-200 bg-amber-50 text-amber-900";
  return (
    <p role={tone === "error" ? "alert" : "status"} className={`rounded-lg border px-4 py-3 text-sm ${cls}`}>
      {message}
    </p>
  );
}

/** A {@link Field} with these props unless the caller gives others. */
function preset(defaults: FieldProps) {
  return (props: Partial<FieldProps>) => <Field {...defaults} {...props} />;
}

/** An account's e-mail address (254 characters: the longest address the schema accepts). */
export const EmailField = preset({
  label: "E-mail",
  name: "email",
  type: "email",
  autoComplete: "email",
  required: true,
  maxLength: 254,
});

/** The password the visitor has now (up to 200 characters, as the sign-in and account schemas accept). */
export const CurrentPasswordField = preset({
  label: "Password",
  name: "password",
  type: "password",
  autoComplete: "current-password",
  required: true,
  maxLength: 200,
});

/** The repeat of a new password (the new one itself is the PasswordField island, with its meter). */
export const ConfirmPasswordField = preset({
  label: "Confirm password",
  name: "confirmPassword",
  type: "password",
  autoComplete: "new-password",
  required: true,
  maxLength: 100,
});

const NAME_PARTS = [
  { name: "firstName", label: "First name", autoComplete: "given-name" },
  { name: "lastName", label: "Last name", autoComplete: "family-name" },
] as const;

/** First and last name side by side (50 characters each, as the schemas allow). */
export function NameFields(
  { values, errors, optional = false }: {
    values: { firstName?: string; lastName?: string };
    errors: FieldErrors;
    /** Say "(optional)" in the labels (registration, where a name is not expected). */
    optional?: boolean;
  },
) {
  const suffix = optional ? " (optional)" : "";
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {NAME_PARTS.map((f) => (
        <Field
          key={f.name}
          label={`${f.label}${suffix}`}
          name={f.name}
          autoComplete={f.autoComplete}
          maxLength={50}
          defaultValue={values[f.name]}
          error={errors[f.name]}
        />
      ))}
    </div>
  );
}
