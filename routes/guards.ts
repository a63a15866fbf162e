/**
 * Guards for protected pages and endpoints. A visitor is sent to /login?redirect={path} ('Login
 * Required'); a signed-in user without the role is sent home ('Access Denied'). Under /api the same
 * checks answer 401 and 403 JSON.
 */
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app.ts";
import type { Role, SessionUser } from "../domains/auth/mod.ts";
import { ForbiddenError, UnauthorizedError } from "../lib/errors.ts";
import { setFlash } from "./flash.ts";

const isApi = (c: Context) => c.req.path.startsWith("/api/");

/** super_admin has every right admin has (docs: ARCHITECTURE product decisions). */
export function hasRole(user: SessionUser, role: Role): boolean {
  if (role === "customer") return true;
  if (role === "admin") return user.role === "admin" || user.role === "super_admin";
  return user.role === "super_admin";
}

function loginRedirect(c: Context<AppEnv>) {
  if (isApi(c)) throw new UnauthorizedError("Please login to access this page.");
  setFlash(c, { title: "Login Required", description: "Please login to access this page.", variant: "destructive" });
  const target = c.req.path + (new URL(c.req.url).search || "");
  return c.redirect(`/login?redirect=${encodeURIComponent(target)}`, 303);
}

export function requireUser() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!c.var.user) return loginRedirect(c);
    await next();
  });
}

export function requireRole(role: Role) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.var.user;
    if (!user) return loginRedirect(c);
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
}

/** The signed-in user inside a guarded handler. */
export function currentUser(c: Context<AppEnv>): SessionUser {
  const user = c.var.user;
  if (!user) throw new UnauthorizedError("Please login to access this page.");
  return user;
}

/** A post-login target that stays on this site ("/account", never "//evil.example"). */
export function safeRedirect(target: string | undefined | null, fallback = "/"): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target.length > 500 ? fallback : target;
}
