/** What checkout's money-changing steps need from the request: the shop, its address, the provider. */
import type { Context } from "hono";
import type { AppEnv } from "./context.ts";
import { type FinalizeOptions } from "../domains/checkout/mod.ts";
import { type PaymentGateway, PaymentNotConfiguredError } from "../domains/payments/mod.ts";
import { gatewayForOrder, type PayFastUrls } from "../flows/payfast_payment.ts";
import { type StitchUrls } from "../flows/stitch_payment.ts";

/**
 * Finalisation options; with the providers, so a payment the order cannot keep (late, or a second
 * one) is refunded at once through the provider that took it.
 */
export function finalizeOptions(c: Context<AppEnv>): FinalizeOptions {
  return {
    shop: c.var.config.shop,
    siteUrl: c.var.config.siteUrl,
    payments: c.var.payments,
    payfast: c.var.payfast,
    stitch: c.var.stitch,
  };
}

/** The shop's active card gateway, or 503 with the spec's configuration error. */
export function configuredGateway(c: Context<AppEnv>): PaymentGateway {
  const gateway = c.var.payments;
  if (!gateway) throw new PaymentNotConfiguredError();
  return gateway;
}

/** The confirmation PayFast returns the customer to; it waits for the ITN and never asks the card gateway. */
export const payfastReturnPath = (orderId: number) => `/checkout?order=${orderId}&confirmed=1&provider=payfast`;

/** The addresses PayFast's form carries: absolute, on the shop's SITE_URL. */
export function payfastUrls(c: Context<AppEnv>): PayFastUrls {
  const site = c.var.config.siteUrl;
  return {
    returnUrl: (id) => `${site}${payfastReturnPath(id)}`,
    cancelUrl: (id) => `${site}/checkout?order=${id}`,
    notifyUrl: `${site}/api/webhooks/payfast`,
  };
}

/**
 * Where Stitch sends the customer back (Stitch appends id, status and externalReference): the
 * confirmation, which asks Stitch for the request's state and waits while it is pending.
 */
export const stitchReturnPath = (orderId: number) => `/checkout?order=${orderId}&confirmed=1&provider=stitch`;

/** The return address a Stitch payment request carries: absolute, on the shop's SITE_URL. */
export function stitchUrls(c: Context<AppEnv>): StitchUrls {
  return { returnUrl: (id) => `${c.var.config.siteUrl}${stitchReturnPath(id)}` };
}

/** Refunds of this payment method are recorded for staff to make by hand (Stitch with STITCH_REFUNDS=manual). */
export function refundsByHand(c: Context<AppEnv>, paymentMethod: string | null): boolean {
  return paymentMethod === "stitch" && c.var.stitch?.config.refunds === "manual";
}

/** The provider that took this order's payment (PayFast or the card gateway), for refunds and cancels. */
export async function orderGateway(c: Context<AppEnv>, orderId: number): Promise<PaymentGateway | null> {
  return await gatewayForOrder(c.var.db, orderId, {
    main: c.var.payments,
    payfast: c.var.payfast,
    stitch: c.var.stitch,
  });
}
