/**
 * Cross-site request forgery protection for every state-changing request, pages and /api alike:
 * the browser's Origin (or, without it, Sec-Fetch-Site) must say the request comes from the shop
 * itself. A request with neither header is from a non-browser client: it may not ride on a session
 * cookie. Webhooks (no cookies, signed bodies) are exempt.
 */
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context.ts";
import { ForbiddenError } from "../lib/errors.ts";
import { SESSION_COOKIE } from "./session.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);
export const CSRF_MESSAGE = "This request came from another site and was refused.";
/** Providers' webhooks: no cookies, signed bodies, sent by Stripe's, PayFast's, Stitch's and Meta's servers (no browser Origin). */
const WEBHOOK_PATHS = new Set([
  "/api/webhooks/stripe",
  "/api/webhooks/payfast",
  "/api/webhooks/stitch",
  "/api/watrade/orders",
]);

export function csrfProtection() {
  return createMiddleware<AppEnv>((c, next) => {
    if (SAFE.has(c.req.method) || WEBHOOK_PATHS.has(c.req.path)) return next();
    const origin = c.req.header("origin");
    const own = new URL(c.req.url).origin;
    if (origin !== undefined) {
      if (origin !== own && origin !== c.var.config.siteUrl) throw new ForbiddenError(CSRF_MESSAGE);
      return next();
    }
    const site = c.req.header("sec-fetch-site");
    if (site !== undefined) {
      if (site !== "same-origin" && site !== "none") throw new ForbiddenError(CSRF_MESSAGE);
      return next();
    }
    if (getCookie(c, SESSION_COOKIE)) throw new ForbiddenError(CSRF_MESSAGE);
    return next();
  });
}
