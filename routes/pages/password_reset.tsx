/**
 * /forgot-password and /reset-password: forms that work without JavaScript (post, redirect or
 * re-render with the spec's messages; 429 with Retry-After for a rate limit). The reset pages carry
 * the token, so they are never cached.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import {
  InvalidResetTokenError,
  RESET_REQUESTED_MESSAGE,
  resetSchemas,
  verifyResetToken,
} from "../../domains/auth/mod.ts";
import {
  ForgotPasswordSentView,
  ForgotPasswordView,
  InvalidResetLinkView,
  ResetPasswordView,
  ResetSuccessView,
} from "../../components/auth/PasswordResetViews.tsx";
import { type FieldErrors, formStateProps } from "../../components/ui/Field.tsx";
import { ValidationError } from "../../lib/errors.ts";
import { fieldMessages, formFields, formRoute } from "../action.ts";
import { forgotPasswordAction, resetPasswordAction } from "../api/password_reset.ts";
import { setFlash } from "../flash.ts";
import { renderPage } from "../render.tsx";
import { formRefusal } from "./auth.tsx";

/** The spec's redirect delay after a successful reset. */
const REDIRECT_SECONDS = 3;

type Status = 200 | 400 | 429 | 500;

function forgotPage(
  c: Context<AppEnv>,
  state: { values?: { email?: string }; errors?: FieldErrors; message?: string; status?: Status } = {},
) {
  return renderPage(c, {
    status: state.status ?? 200,
    head: { title: "Forgot password", canonicalPath: "/forgot-password", noindex: true },
    body: (
      <ForgotPasswordView
        action="/forgot-password"
        {...formStateProps(state)}
      />
    ),
  });
}

function noStore(c: Context<AppEnv>) {
  c.header("Cache-Control", "no-store");
}

function invalidLinkPage(c: Context<AppEnv>) {
  noStore(c);
  return renderPage(c, {
    status: 400,
    head: { title: "Invalid Reset Link", canonicalPath: "/reset-password", noindex: true },
    body: <InvalidResetLinkView />,
  });
}

function resetPage(
  c: Context<AppEnv>,
  state: { token: string; errors?: FieldErrors; message?: string; status?: Status; verifyInBrowser: boolean },
) {
  noStore(c);
  return renderPage(c, {
    status: state.status ?? 200,
    head: { title: "Reset password", canonicalPath: "/reset-password", noindex: true },
    body: (
      <ResetPasswordView
        action="/reset-password"
        token={state.token}
        errors={state.errors ?? {}}
        message={state.message}
        verifyInBrowser={state.verifyInBrowser}
      />
    ),
  });
}

export function passwordResetPages() {
  const app = new Hono<AppEnv>();

  app.get("/forgot-password", (c) => {
    if (c.req.query("sent") === "1") {
      return renderPage(c, {
        head: { title: "Check your e-mail", canonicalPath: "/forgot-password", noindex: true },
        body: <ForgotPasswordSentView message={RESET_REQUESTED_MESSAGE} />,
      });
    }
    return forgotPage(c);
  });

  formRoute(app, forgotPasswordAction, {
    path: "/forgot-password",
    input: (fields) => ({ email: fields.email }),
    // Post/redirect/get: a reload does not send a second e-mail. The address is not put in the URL.
    onSuccess: (c) => c.redirect("/forgot-password?sent=1", 303),
    onError: (c, err, fields) => {
      const values = { email: fields.email };
      if (err instanceof ValidationError) return forgotPage(c, { values, errors: fieldMessages(err), status: 400 });
      const refused = formRefusal(c, err, [] as const);
      if (!refused) throw err;
      return forgotPage(c, { values, ...refused });
    },
    onUnexpected: (c, fields, message) =>
      message === null ? null : forgotPage(c, { values: { email: fields.email }, message, status: 500 }),
  });

  app.get("/reset-password", async (c) => {
    const token = c.req.query("token")?.trim().toLowerCase() ?? "";
    if (!token || !(await verifyResetToken(c.var.db, token))) return invalidLinkPage(c);
    return resetPage(c, { token, verifyInBrowser: true });
  });

  // A link no longer valid is said before the passwords are looked at (the page shows nothing else).
  app.use("/reset-password", async (c, next) => {
    if (c.req.method !== "POST") return await next();
    const token = resetSchemas.resetToken.safeParse((await formFields(c)).token ?? "");
    if (!token.success || !(await verifyResetToken(c.var.db, token.data))) return invalidLinkPage(c);
    await next();
  });
  // The no-JavaScript twin of the reset action (routes/api/password_reset.ts).
  const tokenOf = (fields: Record<string, string>) => (fields.token ?? "").trim().toLowerCase();
  formRoute(app, resetPasswordAction, {
    path: "/reset-password",
    input: (fields) => ({
      password: "",
      confirmPassword: "",
      ...Object.fromEntries(
        ["token", "password", "confirmPassword"].flatMap((n) => (n in fields ? [[n, fields[n]]] : [])),
      ),
    }),
    onSuccess: (c) => {
      noStore(c);
      setFlash(c, { title: "Password reset", description: "Sign in with your new password.", variant: "success" });
      return renderPage(c, {
        head: { title: "Password reset", canonicalPath: "/reset-password", noindex: true },
        body: <ResetSuccessView loginHref="/login" seconds={REDIRECT_SECONDS} />,
      });
    },
    onError: (c, err, fields) => {
      // The link was used up between the check above and the reset (a second tab).
      if (err instanceof InvalidResetTokenError) return invalidLinkPage(c);
      if (!(err instanceof ValidationError)) throw err;
      return resetPage(c, { token: tokenOf(fields), errors: fieldMessages(err), status: 400, verifyInBrowser: false });
    },
    onUnexpected: (c, fields, message) =>
      message === null ? null : resetPage(c, { token: tokenOf(fields), message, status: 500, verifyInBrowser: false }),
  });
  return app;
}
