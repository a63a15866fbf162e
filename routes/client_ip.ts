/**
 * The client's IP address, for rate limits and PayFast's source check: the connection's address, or,
 * when the connection is a trusted proxy (TRUSTED_PROXIES), the right-most X-Forwarded-For hop that
 * is not a trusted proxy (lib/proxy_trust.ts). A client that reaches the shop directly cannot choose
 * its address by writing the header, and one behind the proxies cannot by writing entries in front.
 */
import type { Context } from "hono";
import { getConnInfo } from "hono/deno";
import type { AppEnv } from "./context.ts";
import { clientAddress } from "../lib/proxy_trust.ts";

/** The connection's address; "unknown" where there is no socket (a request handed to the app in-process). */
function peerAddress(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

export function clientIp(c: Context<AppEnv>): string {
  return clientAddress(peerAddress(c), c.req.header("x-forwarded-for"), c.var.config.trustedProxies?.trust ?? null);
}
