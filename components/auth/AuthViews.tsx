/** The sign-in and registration pages. Plain forms: they work without JavaScript. */
import { Island } from "../../lib/islands.tsx";
import PasswordField from "../../islands/PasswordField.tsx";
import { fullWidthButton } from "../ui/buttons.ts";
import {
  ConfirmPasswordField,
  CurrentPasswordField,
  EmailField,
  Field,
  type FieldErrors,
  FormAlert,
  NameFields,
} from "../ui/Field.tsx";
import { cardLink, FormCard } from "../ui/FormCard.tsx";

export function LoginView(
  { action, registerHref = "/register", values, errors, message, wishlistNotice, demo }: {
    action: string;
    /** The registration link, keeping where the visitor was going (checkout, say). */
    registerHref?: string;
    values: { username?: string; rememberMe?: boolean };
    errors: FieldErrors;
    message?: string | null;
    wishlistNotice: boolean;
    demo: { role: string; username: string; password: string }[] | null;
  },
) {
  return (
    <FormCard
      title="Sign in"
      intro={
        <>
          New here? <a href={registerHref} className={cardLink}>Create an account</a>
        </>
      }
    >
      <form method="post" action={action} className="space-y-4" noValidate>
        {wishlistNotice ? <FormAlert tone="info" message="Please log in to add items to your wishlist." /> : null}
        <FormAlert message={message} />
        <Field
          label="Username or e-mail"
          name="username"
          autoComplete="username"
          required
          maxLength={254}
          defaultValue={values.username}
          error={errors.username}
        />
        <CurrentPasswordField error={errors.password} />
        <div className="flex items-center justify-between gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              name="rememberMe"
              defaultChecked={values.rememberMe}
              className="h-4 w-4 accent-green-700"
            />
            Remember me for 30 days
          </label>
          <a href="/forgot-password" className="font-medium text-green-800 underline">Forgot password?</a>
        </div>
        <button type="submit" className={fullWidthButton}>Sign in</button>
      </form>
      {demo
        ? (
          <aside
            className="mt-6 rounded-lg border border-dashed border-stone-300 bg-stone-50 p-4 text-xs text-stone-700"
            aria-label="Demo accounts"
          >
            <p className="font-semibold">Demo accounts</p>
            <ul className="mt-1 space-y-0.5">
              {demo.map((d) => (
                <li key={d.username}>
                  {d.role}: <code>{d.username}</code> / <code>{d.password}</code>
                </li>
              ))}
            </ul>
          </aside>
        )
        : null}
    </FormCard>
  );
}

export function RegisterView(
  { action, loginHref = "/login", values, errors, message }: {
    action: string;
    /** The sign-in link, keeping where the visitor was going. */
    loginHref?: string;
    values: Record<string, string | undefined>;
    errors: FieldErrors;
    message?: string | null;
  },
) {
  return (
    <FormCard
      title="Create your account"
      intro={
        <>
          Already have an account? <a href={loginHref} className={cardLink}>Sign in</a>
        </>
      }
    >
      <form method="post" action={action} className="space-y-4" noValidate>
        <FormAlert message={message} />
        <Field
          label="Username"
          name="username"
          autoComplete="username"
          required
          minLength={3}
          maxLength={20}
          pattern="[A-Za-z0-9_\-]+"
          defaultValue={values.username}
          error={errors.username}
          hint="3 to 20 letters, numbers, underscores or hyphens."
        />
        <EmailField defaultValue={values.email} error={errors.email} />
        <NameFields values={values} errors={errors} optional />
        <Island
          name="PasswordField"
          component={PasswordField}
          props={{ id: "field-password", name: "password", label: "Password", error: errors.password ?? null }}
        />
        <ConfirmPasswordField error={errors.confirmPassword} />
        <div>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="acceptTerms"
              defaultChecked={values.acceptTerms === "on"}
              className="mt-0.5 h-4 w-4 accent-green-700"
              aria-invalid={errors.acceptTerms ? true : undefined}
            />
            <span>
              I accept the <a href="/terms" className="font-medium text-green-800 underline">terms and conditions</a>
              {" "}
              and the <a href="/privacy" className="font-medium text-green-800 underline">privacy policy</a>.
            </span>
          </label>
          {errors.acceptTerms ? <p className="mt-1 text-sm text-red-700">{errors.acceptTerms}</p> : null}
        </div>
        {values.referralCode
          ? (
            <p className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900" data-referral-code>
              <input type="hidden" name="referralCode" value={values.referralCode} />
              You were invited with referral code{" "}
              <strong>{values.referralCode}</strong>: you get a discount on your first order.
            </p>
          )
          : null}
        <button type="submit" className={fullWidthButton}>Create account</button>
      </form>
    </FormCard>
  );
}
