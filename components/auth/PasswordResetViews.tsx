/**
 * The password-reset screens: /forgot-password (form, then the confirmation that never says whether
 * the address has an account) and /reset-password ('Invalid Reset Link', the new-password form,
 * success with the redirect to sign in). Plain forms: they work without JavaScript.
 */
import { Island } from "../../lib/islands.tsx";
import ResetPasswordForm from "../../islands/ResetPasswordForm.tsx";
import ResetRedirect from "../../islands/ResetRedirect.tsx";
import { fullWidthButton, fullWidthLinkButton, fullWidthSecondaryLinkButton } from "../ui/buttons.ts";
import { EmailField, type FieldErrors, FormAlert } from "../ui/Field.tsx";
import { cardLink, FormCard } from "../ui/FormCard.tsx";
import { InvalidResetLink, StatusIcon } from "./PasswordResetParts.tsx";

export function ForgotPasswordView(
  { action, values, errors, message }: {
    action: string;
    values: { email?: string };
    errors: FieldErrors;
    message?: string | null;
  },
) {
  return (
    <FormCard
      title="Forgot your password?"
      intro="Enter the e-mail address of your account and we will send you a link to choose a new password."
    >
      <form method="post" action={action} className="space-y-4" noValidate>
        <FormAlert message={message} />
        <EmailField defaultValue={values.email} error={errors.email} />
        <button type="submit" className={fullWidthButton}>Send reset link</button>
      </form>
      <p className="mt-6 text-center text-sm text-stone-600">
        Remembered it? <a href="/login" className={cardLink}>Back to sign in</a>
      </p>
    </FormCard>
  );
}

/** After a request: the same words whether or not the address has an account. */
export function ForgotPasswordSentView({ message }: { message: string }) {
  return (
    <FormCard title="Check your e-mail" icon={<StatusIcon tone="mail" />}>
      <FormAlert tone="success" message={message} />
      <p className="mt-4 text-sm text-stone-600">
        Nothing arrived after a few minutes? Check your spam folder, or{" "}
        <a href="/forgot-password" className={cardLink}>request another link</a>.
      </p>
      <div className="mt-6">
        <a href="/login" className={fullWidthLinkButton}>Back to sign in</a>
      </div>
    </FormCard>
  );
}

export function InvalidResetLinkView() {
  return <InvalidResetLink />;
}

export function ResetPasswordView(
  { action, token, errors, message, verifyInBrowser }: {
    action: string;
    token: string;
    errors: FieldErrors;
    message?: string | null;
    /** Let the island check the link again once loaded (the spec's 'verifying' state). */
    verifyInBrowser: boolean;
  },
) {
  return (
    <Island
      name="ResetPasswordForm"
      component={ResetPasswordForm}
      props={{
        action,
        token,
        verifyUrl: verifyInBrowser ? `/api/auth/reset-password/verify?token=${encodeURIComponent(token)}` : null,
        errors: { password: errors.password ?? null, confirmPassword: errors.confirmPassword ?? null },
        message: message ?? null,
      }}
    />
  );
}

export function ResetSuccessView({ loginHref, seconds }: { loginHref: string; seconds: number }) {
  return (
    <FormCard
      title="Password reset"
      icon={<StatusIcon tone="success" />}
      intro="Your password has been changed and you have been signed out everywhere. You can now sign in with your new password."
    >
      <div className="rounded-lg border border-green-200 bg-green-50 px-4 py-3">
        <Island name="ResetRedirect" component={ResetRedirect} props={{ to: loginHref, seconds }} />
      </div>
      {/* Without JavaScript the browser follows this instead of the island (ignored when scripts run). */}
      <noscript>
        <meta httpEquiv="refresh" content={`${seconds};url=${loginHref}`} />
      </noscript>
      <div className="mt-6 space-y-3">
        <a href={loginHref} className={fullWidthLinkButton}>Sign in now</a>
        <a href="/" className={fullWidthSecondaryLinkButton}>Continue shopping</a>
      </div>
    </FormCard>
  );
}
