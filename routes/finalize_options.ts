/** What checkout's money-changing steps need from the request: the shop, its address, the provider. */
import type { Context } from "hono";
import type { AppEnv } from "../app.ts";
import type { FinalizeOptions } from "../domains/checkout/mod.ts";

/** Finalisation options; with the provider, so a payment that cannot be fulfilled is refunded at once. */
export function finalizeOptions(c: Context<AppEnv>): FinalizeOptions {
  return { shop: c.var.config.shop, siteUrl: c.var.config.siteUrl, payments: c.var.payments };
}
