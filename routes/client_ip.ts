/** The client's IP address for rate limits: the socket's, or the first X-Forwarded-For hop behind a trusted proxy. */
import type { Context } from "hono";
import { getConnInfo } from "hono/deno";
import type { AppEnv } from "../app.ts";

export function clientIp(c: Context<AppEnv>): string {
  if (c.var.config.trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // in-process requests (tests) have no socket
  }
}
