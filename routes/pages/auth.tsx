/**
 * /login, /register (forms that work without JavaScript) and POST /logout. A refusal re-renders the
 * form with its message (429 with Retry-After for a rate limit; the spec's 'Login failed. Please try
 * again.' or 'Registration failed. Please try again.' with 500 when the shop itself failed).
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { demoAccounts, demoAccountsPresent } from "../../seed/mod.ts";
import { AppError, TooManyRequestsError, ValidationError } from "../../lib/errors.ts";
import { ServiceError } from "../../lib/error_log.ts";
import { LoginView, RegisterView } from "../../components/auth/AuthViews.tsx";
import { type FieldErrors, formStateProps } from "../../components/ui/Field.tsx";
import { displayName, savePendingWishlistItem } from "../auth_actions.ts";
import { fieldMessages, formRoute } from "../action.ts";
import { loginAction, logoutAction, registerAction } from "../api/auth.ts";
import { setFlash } from "../flash.ts";
import { safeRedirect } from "../guards.ts";
import { renderPage } from "../render.tsx";
import { pick } from "../../lib/pick.ts";

/** Where to go after signing in: ?redirect= or ?returnPath=, on this site only. */
function target(c: Context<AppEnv>): string {
  return safeRedirect(c.req.query("redirect") ?? c.req.query("returnPath"));
}

/** Keeps the redirect parameters on the form's own URL. */
function actionFor(c: Context<AppEnv>, path: string): string {
  const search = new URL(c.req.url).search;
  return `${path}${search}`;
}

/** The form's fields an action reads (others, such as a submit button's name, are left out). */
const REGISTER_FIELDS = [
  "username",
  "email",
  "firstName",
  "lastName",
  "password",
  "confirmPassword",
  "acceptTerms",
  "referralCode",
] as const;

/** What the register form shows again: what was typed, never the passwords. */
function registerValues(fields: Record<string, string>): Record<string, string | undefined> {
  const { password: _p, confirmPassword: _cp, ...values } = pick(fields, REGISTER_FIELDS);
  return values;
}

/**
 * The demo logins the spec puts on /login, shown on the start log's rule (docs/decisions/0002):
 * SEED_DEMO=true and the demo accounts exist. NODE_ENV plays no part (`deno task start` runs in
 * production mode), but a live shop, whose database has no demo accounts, never lists logins.
 */
async function demoLogins(c: Context<AppEnv>) {
  if (!c.var.config.seedDemo) return null;
  // The box is a convenience: when the database fails, the form (with 'Login failed...') still shows.
  const present = await demoAccountsPresent(c.var.db).catch(() => false);
  if (!present) return null;
  return demoAccounts.map((a) => ({ role: a.role.replace("_", " "), username: a.username, password: a.password }));
}

async function loginPage(
  c: Context<AppEnv>,
  state: {
    values?: { username?: string; rememberMe?: boolean };
    errors?: FieldErrors;
    message?: string;
    status?: 200 | 400 | 401 | 403 | 429 | 500;
  },
) {
  const demo = await demoLogins(c);
  return renderPage(c, {
    status: state.status ?? 200,
    head: { title: "Sign in", canonicalPath: "/login", noindex: true },
    body: (
      <LoginView
        action={actionFor(c, "/login")}
        registerHref={actionFor(c, "/register")}
        {...formStateProps(state)}
        wishlistNotice={c.req.query("wishlist") === "true"}
        demo={demo}
      />
    ),
  });
}

function registerPage(
  c: Context<AppEnv>,
  state: {
    values?: Record<string, string | undefined>;
    errors?: FieldErrors;
    message?: string;
    status?: 200 | 400 | 409 | 429 | 500;
  },
) {
  return renderPage(c, {
    status: state.status ?? 200,
    head: { title: "Create an account", canonicalPath: "/register", noindex: true },
    body: (
      <RegisterView
        action={actionFor(c, "/register")}
        loginHref={actionFor(c, "/login")}
        {...formStateProps(state)}
        values={{ referralCode: c.req.query("ref"), ...state.values }}
      />
    ),
  });
}

/**
 * The form's answer to a refusal it knows (status in `shown`) or an unexpected failure (the spec's
 * fallback, 500); null for anything else. A rate limit also gets its Retry-After header, as the API's.
 */
export function formRefusal<S extends number>(
  c: Context<AppEnv>,
  err: unknown,
  shown: readonly S[],
): { message: string; status: S | 429 | 500 } | null {
  if (err instanceof ServiceError) return { message: err.message, status: 500 };
  if (err instanceof TooManyRequestsError) {
    if (err.retryAfterSeconds) c.header("Retry-After", String(err.retryAfterSeconds));
    return { message: err.message, status: 429 };
  }
  if (err instanceof AppError && (shown as readonly number[]).includes(err.status)) {
    return { message: err.message, status: err.status as S };
  }
  return null;
}

function welcome(c: Context<AppEnv>, name: string) {
  if (c.get("cartSyncFailed")) return;
  setFlash(c, { title: "Welcome back!", description: `You are logged in as ${name}`, variant: "success" });
}

export function authPages() {
  const app = new Hono<AppEnv>();

  app.get("/login", (c) => c.var.user ? c.redirect(target(c), 303) : loginPage(c, {}));

  // The forms are the no-JavaScript twins of the auth actions (routes/api/auth.ts): same schemas,
  // same rate limits, same session switch; a refusal shows the form again with what was typed.
  formRoute(app, loginAction, {
    path: "/login",
    input: (fields) => pick(fields, ["username", "password", "rememberMe"]),
    onSuccess: async (c, user) => {
      welcome(c, displayName(user));
      await savePendingWishlistItem(c, user.id, c.req.query("addToWishlist"));
      return c.redirect(target(c), 303);
    },
    onError: (c, err, fields) => {
      const values = { username: fields.username, rememberMe: fields.rememberMe === "on" };
      if (err instanceof ValidationError) return loginPage(c, { values, errors: fieldMessages(err), status: 400 });
      // 403: a disabled account (its message shown on the form).
      const refused = formRefusal(c, err, [401, 403] as const);
      if (!refused) throw err;
      return loginPage(c, { values, ...refused });
    },
    onUnexpected: (c, fields, message) =>
      message === null ? null : loginPage(c, {
        values: { username: fields.username, rememberMe: fields.rememberMe === "on" },
        message,
        status: 500,
      }),
  });

  app.get("/register", (c) => c.var.user ? c.redirect(target(c), 303) : registerPage(c, {}));

  formRoute(app, registerAction, {
    path: "/register",
    input: (fields) => pick(fields, REGISTER_FIELDS),
    onSuccess: async (c, user) => {
      if (!c.get("cartSyncFailed")) {
        setFlash(c, {
          title: "Welcome!",
          description: `Your account is ready, ${displayName(user)}.`,
          variant: "success",
        });
      }
      // "Create account" on the login page keeps ?addToWishlist: the product is saved here too.
      await savePendingWishlistItem(c, user.id, c.req.query("addToWishlist"));
      return c.redirect(target(c), 303);
    },
    onError: (c, err, fields) => {
      const values = registerValues(fields);
      if (err instanceof ValidationError) return registerPage(c, { values, errors: fieldMessages(err), status: 400 });
      // 400: the referral code of the link is unknown or expired (said on the form).
      const refused = formRefusal(c, err, [400, 409] as const);
      if (!refused) throw err;
      return registerPage(c, { values, ...refused });
    },
    onUnexpected: (c, fields, message) =>
      message === null ? null : registerPage(c, { values: registerValues(fields), message, status: 500 }),
  });

  formRoute(app, logoutAction, {
    path: "/logout",
    onSuccess: (c) => {
      setFlash(c, { title: "Logged out", description: "You have been signed out." });
      return c.redirect("/", 303);
    },
    // Signing out refuses nothing: an AppError here is a failure the error page tells.
    onError: (_c, err) => {
      throw err;
    },
  });
  return app;
}
