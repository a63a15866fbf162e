/**
 * /api/pay: paying an order through its signed pay link (a WhatsApp order, docs/whatsapp.md; an
 * order staff took, docs/staff-orders.md), with no sign-in: the token is the permission.
 *
 *   POST /intent    the card payment of the order the token names, for its current total
 *   POST /payfast   PayFast's form for that order
 *
 * A forged or expired token, or one naming a checkout order, is a 404 (nothing about the order leaks).
 */
import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { payableOrder } from "../../domains/checkout/mod.ts";
import { payLinkKey, payLinkOrder, payLinkPath } from "../../domains/orders/mod.ts";
import { noSuchEndpoint } from "../guards.ts";
import { actionApi, defineAction } from "../action.ts";
import { configuredGateway, payfastUrls } from "../finalize_options.ts";
import { orderPayment } from "./payments.ts";
import { startPayFastPayment } from "../../flows/payfast_payment.ts";
import { PRIVATE_CACHE_CONTROL } from "../page_cache.ts";

/** The order a pay link's token names: 404 for a forged or expired one. */
export async function orderOfPayToken(c: Context<AppEnv>, token: string) {
  return await payLinkOrder(c.var.db, await payLinkKey(c.var.db, c.var.config.payLinkSecret), token);
}

/** The pay link's order for an answer that is the payer's own: never cached. */
async function payersOrder(c: Context<AppEnv>, token: string) {
  c.header("Cache-Control", PRIVATE_CACHE_CONTROL);
  return await orderOfPayToken(c, token);
}

const tokenBody = z.object({ token: z.string().trim().min(1).max(200) }).strict();

export const payLinkIntentAction = defineAction({
  method: "post",
  path: "/pay/intent",
  input: tokenBody,
  output: z.object({
    clientSecret: z.string(),
    paymentIntentId: z.string(),
    provider: z.string(),
    publishableKey: z.string().nullable(),
  }),
  auth: "public",
  summary: "Start (or resume) the card payment of the order a signed pay link names, for its current total",
  handler: async (c, { token }) => {
    const { orderId, userId } = await payersOrder(c, token);
    return await orderPayment(c, c.var.db, configuredGateway(c), orderId, userId);
  },
});

export const payLinkPayFastAction = defineAction({
  method: "post",
  path: "/pay/payfast",
  input: tokenBody,
  output: z.object({ action: z.string(), fields: z.record(z.string(), z.string()) }),
  auth: "public",
  summary: "PayFast's payment form (action and signed fields) for the order a signed pay link names",
  handler: async (c, { token }) => {
    const { orderId, userId } = await payersOrder(c, token);
    const payfast = c.var.payfast;
    if (!payfast) throw noSuchEndpoint(c);
    await payableOrder(c.var.db, orderId, userId);
    const site = c.var.config.siteUrl;
    return await startPayFastPayment(c.var.db, payfast, { orderId, userId }, {
      ...payfastUrls(c),
      returnUrl: () => `${site}${payLinkPath(token)}?provider=payfast`,
      cancelUrl: () => `${site}${payLinkPath(token)}`,
    });
  },
});

export function payLinkApi() {
  return actionApi("/pay", [payLinkIntentAction, payLinkPayFastAction]);
}
