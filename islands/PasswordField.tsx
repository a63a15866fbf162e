/**
 * A new-password field with the strength meter (the spec's scoring and levels) and, as the shopper
 * types, the password rules still unmet, in the words of the rules the server's schema is built from.
 */
import { useState } from "react";
import { passwordScore, strengthLevel } from "../domains/auth/password_strength.ts";
import { unmetPasswordRules } from "../domains/auth/password_rules.ts";
import { fieldInputClass, fieldLabelClass } from "../components/ui/Field.tsx";

const COLORS: Record<string, string> = {
  weak: "bg-red-500",
  medium: "bg-amber-500",
  strong: "bg-green-600",
  "very strong": "bg-green-800",
};

export default function PasswordField(
  { id, name, label, error, autoComplete = "new-password" }: {
    id: string;
    name: string;
    label: string;
    error?: string | null;
    autoComplete?: string;
  },
) {
  const [value, setValue] = useState("");
  const score = passwordScore(value);
  const level = strengthLevel(score);
  const unmet = unmetPasswordRules(value);
  return (
    <div>
      <label htmlFor={id} className={fieldLabelClass}>{label}</label>
      <input
        id={id}
        name={name}
        type="password"
        required
        maxLength={100}
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-strength ${id}-rules`}
        className={fieldInputClass}
      />
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
      <div id={`${id}-strength`} className="mt-2" aria-live="polite">
        <div className="h-1.5 overflow-hidden rounded-full bg-stone-200">
          <div
            className={`h-full transition-all ${COLORS[level]}`}
            style={{ width: `${value ? Math.max(score, 4) : 0}%` }}
          />
        </div>
        <p className="mt-1 text-xs text-stone-600" data-strength={value ? level : ""}>
          {value
            ? `Password strength: ${level}`
            : "Use at least 8 characters with upper and lower case, a number and a symbol."}
        </p>
      </div>
      <ul id={`${id}-rules`} className="mt-1 space-y-0.5 text-xs text-stone-600">
        {value ? unmet.map((m) => <li key={m}>{m}</li>) : null}
      </ul>
    </div>
  );
}
