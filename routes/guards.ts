/**
 * Guards for protected pages and endpoints. A visitor is sent to /login?redirect={path} ('Login
 * Required' on storefront pages, 'Authentication Required' in the admin area, as document 2 section 6
 * says); a signed-in user without the role is sent home ('Access Denied'). Under /api the same checks
 * answer 401 and 403 JSON.
 */
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context.ts";
import type { Role, SessionUser } from "../domains/auth/mod.ts";
import { ForbiddenError, NotFoundError, UnauthorizedError } from "../lib/errors.ts";
import { setFlash } from "./flash.ts";
import { describeGuard } from "./route_meta.ts";

const isApi = (c: Context) => c.req.path.startsWith("/api/");

/**
 * The 404 of an API route whose provider is off (PayFast, Stitch, WhatsApp, the test card network):
 * the same answer as a path the API does not have (app.ts).
 */
export function noSuchEndpoint(c: Context): NotFoundError {
  return new NotFoundError(`No API endpoint at ${c.req.method} ${c.req.path}`);
}

/** super_admin has every right admin has (docs: ARCHITECTURE product decisions). */
export function hasRole(user: SessionUser, role: Role): boolean {
  if (role === "customer") return true;
  if (role === "admin") return user.role === "admin" || user.role === "super_admin";
  return user.role === "super_admin";
}

/** The toast title a visitor reads on a storefront page that needs an account. */
const LOGIN_REQUIRED = "Login Required";
/** Document 2 section 6: an anonymous visitor on /admin reads 'Authentication Required'. */
const AUTHENTICATION_REQUIRED = "Authentication Required";

function loginRedirect(c: Context<AppEnv>, title = LOGIN_REQUIRED) {
  if (isApi(c)) throw new UnauthorizedError("Please login to access this page.");
  setFlash(c, { title, description: "Please login to access this page.", variant: "destructive" });
  const target = c.req.path + (new URL(c.req.url).search || "");
  return c.redirect(`/login?redirect=${encodeURIComponent(target)}`, 303);
}

export function requireUser() {
  return describeGuard(
    createMiddleware<AppEnv>(async (c, next) => {
      if (!c.var.user) return loginRedirect(c);
      await next();
    }),
    "customer",
  );
}

export function requireRole(role: Role) {
  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    const user = c.var.user;
    // A role-guarded screen is a staff screen (the admin area): the spec's admin wording.
    if (!user) return loginRedirect(c, AUTHENTICATION_REQUIRED);
    if (!hasRole(user, role)) {
      if (isApi(c)) throw new ForbiddenError("You don't have permission to access this page.");
      setFlash(c, {
        title: "Access Denied",
        description: "You don't have permission to access this page.",
        variant: "destructive",
      });
      return c.redirect("/", 303);
    }
    await next();
  });
  return describeGuard(middleware, role === "customer" ? "customer" : role);
}

/** The signed-in user inside a guarded handler. */
export function currentUser(c: Context<AppEnv>): SessionUser {
  const user = c.var.user;
  if (!user) throw new UnauthorizedError("Please login to access this page.");
  return user;
}

/** Longest post-login target kept; anything longer is not a link of ours. */
const REDIRECT_MAX = 500;
/** A stand-in origin: a target is ours only if it still resolves to it. */
const DUMMY_ORIGIN = "http://shop.invalid";

/**
 * True when a Location value is a path on this site as a browser reads it: one leading "/" and no
 * second one ("//host" and "/\host" are another host), no backslash or control character anywhere
 * (browsers drop tabs and newlines inside a URL and read "\" as "/"), and it resolves to our origin.
 */
function isSitePath(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//") || path.length > REDIRECT_MAX) return false;
  // deno-lint-ignore no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(path)) return false;
  try {
    return new URL(path, DUMMY_ORIGIN).origin === DUMMY_ORIGIN;
  } catch {
    return false;
  }
}

/**
 * A post-login target that stays on this site ("/account?tab=orders", never "//evil.example"), in a
 * form that is safe in a Location header. The target is resolved against a dummy origin, so its dot
 * segments collapse and its path, query and hash come back percent-encoded (no character can make
 * Headers.set throw). Both the target and the result are checked: "/.//evil.example/" passes as a
 * target but collapses to "//evil.example/", a link to another host, so it is the RESULT that must
 * still be a path of ours.
 */
export function safeRedirect(target: string | undefined | null, fallback = "/"): string {
  if (!target || !isSitePath(target)) return fallback;
  const url = new URL(target, DUMMY_ORIGIN);
  const path = url.pathname + url.search + url.hash;
  return isSitePath(path) ? path : fallback;
}

/**
 * The page a form was posted from (its Referer), when that page is on this site: where a no-JavaScript
 * form goes back to. Passed through safeRedirect like any other target.
 */
export function refererPath(c: Context<AppEnv>, fallback: string): string {
  const referer = c.req.header("referer");
  if (!referer) return fallback;
  try {
    const url = new URL(referer);
    const ours = url.origin === new URL(c.req.url).origin || url.origin === c.var.config.siteUrl;
    return ours ? safeRedirect(url.pathname + url.search, fallback) : fallback;
  } catch {
    return fallback;
  }
}
