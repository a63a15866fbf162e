/**
 * The client's IP address for rate limits: the socket's, or behind a trusted proxy (TRUST_PROXY=true)
 * the LAST X-Forwarded-For entry. Each proxy appends the address it saw, so the last entry is the one
 * our proxy wrote; everything before it came from the client and may be made up (a fresh fake
 * address per request would otherwise escape every per-IP limit).
 */
import type { Context } from "hono";
import { getConnInfo } from "hono/deno";
import type { AppEnv } from "../app.ts";

/** The address our proxy appended to an X-Forwarded-For value, or null when there is none. */
export function lastForwardedFor(header: string | undefined): string | null {
  const last = header?.split(",").map((part) => part.trim()).filter(Boolean).at(-1);
  return last ? last.slice(0, 100) : null;
}

export function clientIp(c: Context<AppEnv>): string {
  if (c.var.config.trustProxy) {
    const forwarded = lastForwardedFor(c.req.header("x-forwarded-for"));
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // in-process requests (tests) have no socket
  }
}
