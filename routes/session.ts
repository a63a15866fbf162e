/**
 * The session cookie at the edge: reads it on every page and API request, renews it when the
 * session slid, and starts or ends sessions for sign-in and sign-out. The cookie is HttpOnly,
 * SameSite=Lax, and Secure when the shop is served over https.
 */
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context.ts";
import {
  createSession,
  invalidateSession,
  type Session,
  type SessionUser,
  validateSessionToken,
} from "../domains/auth/mod.ts";

export const SESSION_COOKIE = "sid";

/**
 * Whether the shop's cookies carry Secure: when SITE_URL is https. Not "in production": a production
 * build tried on http://localhost must still keep its session (a browser drops Secure cookies sent
 * over plain http from anywhere but localhost, and some drop them there too).
 */
export function cookieSecure(c: Context<AppEnv>): boolean {
  return c.var.config.siteUrl.startsWith("https://");
}

/** Remembered and guest sessions persist; a plain sign-in lasts until the browser closes. */
function writeCookie(c: Context<AppEnv>, token: string, session: Session) {
  const persistent = session.remember || session.userId === null;
  setCookie(c, SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: cookieSecure(c),
    ...(persistent ? { expires: session.expiresAt } : {}),
  });
}

function clearCookie(c: Context<AppEnv>) {
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: cookieSecure(c) });
}

/** Sets c.var.session and c.var.user from the cookie (both null without a valid one). */
export function sessionMiddleware() {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set("session", null);
    c.set("user", null);
    const token = getCookie(c, SESSION_COOKIE);
    if (token) {
      const found = await sessionOf(c, token);
      if (!found) clearCookie(c);
      else {
        c.set("session", found.session);
        c.set("user", found.user);
        if (found.renewed) writeCookie(c, token, found.session);
      }
    }
    await next();
  });
}

/**
 * The cookie's session, kept until the next write on PGlite (lib/read_memo.ts): signing out, a
 * password change or staff disabling an account are writes, so they take effect at once. A kept
 * answer is seconds old at most; a session that expired since is validated again (and so ended).
 */
async function sessionOf(c: Context<AppEnv>, token: string) {
  const kept = await c.var.caches.untilWrite.get(`session:${token}`, () => validateSessionToken(c.var.db, token));
  if (!kept || kept.session.expiresAt.getTime() > Date.now()) return kept;
  return validateSessionToken(c.var.db, token);
}

/**
 * Signs `user` in with a brand-new session (never the one the browser arrived with: no fixation).
 * Returns the replaced session's id, if any, so its guest data (the cart) can be moved over.
 */
export async function startUserSession(c: Context<AppEnv>, user: SessionUser, remember: boolean) {
  const previous = c.var.session;
  const { token, session } = await createSession(c.var.db, { userId: user.id, remember });
  writeCookie(c, token, session);
  c.set("session", session);
  c.set("user", user);
  return { previousSessionId: previous?.id ?? null, session };
}

/** Deletes the server session and the cookie. */
export async function endSession(c: Context<AppEnv>) {
  if (c.var.session) await invalidateSession(c.var.db, c.var.session.id);
  clearCookie(c);
  c.set("session", null);
  c.set("user", null);
}

/** The current session, starting a guest session when there is none (a guest's cart lives on it). */
export async function ensureSession(c: Context<AppEnv>): Promise<Session> {
  if (c.var.session) return c.var.session;
  const { token, session } = await createSession(c.var.db, { userId: null });
  writeCookie(c, token, session);
  c.set("session", session);
  return session;
}
