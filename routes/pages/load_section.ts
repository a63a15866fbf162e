/**
 * Loading helpers for pages that show their own loading errors (home, /categories): each section
 * loads on its own, and the header's chrome falls back (loadChromeOrFallback in render.tsx) when
 * the same query fails, instead of the page falling through to the generic 500.
 */
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { logError } from "../../lib/error_log.ts";

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
