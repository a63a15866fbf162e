/**
 * The new-password form of /reset-password. The server renders it ready to use (it has checked the
 * token), so it works without JavaScript. Once hydrated it checks the link again (the spec's
 * 'verifying' state: the link may have been used in another tab meanwhile) and shows 'Invalid Reset
 * Link' if it no longer works; it also checks the password rules and the confirmation before
 * submitting, in the words of the schema the server applies.
 */
import { type FormEvent, useEffect, useState } from "react";
import PasswordField from "./PasswordField.tsx";
import { unmetPasswordRules } from "../domains/auth/password_rules.ts";
import { InvalidResetLink } from "../components/auth/PasswordResetParts.tsx";
import { fullWidthButton } from "../components/ui/buttons.ts";
import { ConfirmPasswordField, FormAlert } from "../components/ui/Field.tsx";
import { cardLink, FormCard } from "../components/ui/FormCard.tsx";

type Errors = { password?: string | null; confirmPassword?: string | null };

export default function ResetPasswordForm(
  { action, token, verifyUrl, errors: serverErrors, message }: {
    action: string;
    token: string;
    /** GET endpoint answering 200 for a usable token (null: no check in the browser). */
    verifyUrl: string | null;
    errors: Errors;
    message: string | null;
  },
) {
  const [state, setState] = useState<"ready" | "verifying" | "invalid">("ready");
  const [errors, setErrors] = useState<Errors>(serverErrors);

  useEffect(() => {
    if (!verifyUrl) return;
    const controller = new AbortController();
    setState("verifying");
    fetch(verifyUrl, { signal: controller.signal, credentials: "same-origin", headers: { Accept: "application/json" } })
      .then((res) => setState(res.status === 400 ? "invalid" : "ready"))
      // A network failure proves nothing about the link: keep the form; the server decides on submit.
      .catch(() => !controller.signal.aborted && setState("ready"));
    return () => controller.abort();
  }, [verifyUrl]);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    const data = new FormData(e.currentTarget);
    const pw = String(data.get("password") ?? "");
    const confirm = String(data.get("confirmPassword") ?? "");
    const [broken] = unmetPasswordRules(pw);
    const next: Errors = {
      password: broken ?? null,
      confirmPassword: !broken && pw !== confirm ? "Passwords do not match" : null,
    };
    setErrors(next);
    if (next.password || next.confirmPassword) e.preventDefault();
  }

  /** Editing a field clears its message; the next submit checks again. */
  function onEdit(e: FormEvent<HTMLFormElement>) {
    const name = (e.target as HTMLInputElement).name;
    if ((name === "password" || name === "confirmPassword") && errors[name]) setErrors({ ...errors, [name]: null });
  }

  if (state === "invalid") return <InvalidResetLink />;
  const verifying = state === "verifying";
  return (
    <FormCard
      title="Reset your password"
      intro={
        <p className="flex min-h-5 items-center gap-2" role="status" aria-live="polite">
          {verifying
            ? (
              <>
                <span
                  className="h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-green-200 border-t-green-800"
                  aria-hidden="true"
                />
                Verifying your reset link...
              </>
            )
            : "Choose a new password for your account."}
        </p>
      }
    >
      <form method="post" action={action} className="space-y-4" noValidate onSubmit={onSubmit} onChange={onEdit}>
        <FormAlert message={message} />
        <input type="hidden" name="token" value={token} />
        <PasswordField id="field-password" name="password" label="New password" error={errors.password ?? null} />
        <ConfirmPasswordField label="Confirm new password" error={errors.confirmPassword ?? undefined} />
        <button type="submit" className={fullWidthButton} disabled={verifying}>Reset password</button>
      </form>
      <p className="mt-6 text-center text-sm text-stone-600">
        Remembered it? <a href="/login" className={cardLink}>Back to sign in</a>
      </p>
    </FormCard>
  );
}
