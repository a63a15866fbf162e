/**
 * The shared chrome for pages that show their own loading errors (home, /categories). The header's
 * category navigation comes from the same query those pages load, so when it fails the page still
 * renders, in a frame without the category links, instead of falling through to the generic 500.
 */
import type { Context } from "hono";
import type { AppEnv } from "../../app.ts";
import type { ChromeData } from "../../components/layout/types.ts";
import { logError } from "../../lib/error_log.ts";
import { loadChrome } from "../render.tsx";

/** loadChrome, or a frame without categories and cart count when the database fails. */
export async function loadChromeOrFallback(c: Context<AppEnv>): Promise<ChromeData> {
  try {
    return await loadChrome(c);
  } catch (err) {
    logError("loading the page chrome failed", err, { requestId: c.get("requestId"), path: c.req.path });
    const user = c.var.user;
    return {
      shop: c.var.config.shop,
      categories: [],
      user: user ? { username: user.username, firstName: user.firstName, role: user.role } : null,
      cartCount: 0,
      path: c.req.path,
    };
  }
}

/**
 * Runs one section's query; a failure is logged (without query parameters) and comes back as null,
 * so the caller shows that section's error text in place and the rest of the page still renders.
 */
export async function loadSection<T>(c: Context<AppEnv>, section: string, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (err) {
    logError(`loading ${section} failed`, err, { requestId: c.get("requestId"), path: c.req.path });
    return null;
  }
}
