/**
 * /api/webhooks: events from the payment provider. POST /stripe reads the raw body (the signature
 * covers its exact bytes), verifies it, and hands the event to the checkout domain, which handles
 * each event once. A forged, stale or unsigned request gets 400 and changes nothing. No session and
 * no CSRF check (exempted in routes/csrf.ts): Stripe's servers send it, not a browser.
 *
 * POST /payfast is PayFast's ITN (form-encoded, also exempt from CSRF): checked by the PayFast
 * gateway (signature, merchant, source) and the checkout domain (order, amount, PayFast's VALID).
 * Once handled it is answered 200 whatever the outcome, so PayFast stops retrying; a refusal is
 * logged and changes nothing. A body that is no ITN at all gets 400.
 *
 * POST /stitch is Stitch's webhook (delivered by Svix, also exempt from CSRF): its signature is
 * checked on the raw body first (400 when forged, stale or unsigned); then Stitch is asked for the
 * named payment request's state, and only that answer pays an order. Handled (or refused, logged):
 * 200; Stitch not reachable: 503, so Svix delivers it again later.
 */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { z } from "zod";
import { PayFastItnRefused, PAYMENT_NOT_CONFIGURED, StitchSignatureError } from "../../domains/payments/mod.ts";
import { describeHandler } from "../route_meta.ts";
import { refuseBodyOver } from "../admin_limits.ts";
import { noSuchEndpoint } from "../guards.ts";
import { logError } from "../../lib/error_log.ts";
import { clientIp } from "../client_ip.ts";
import { finalizeOptions } from "../finalize_options.ts";
import { log } from "../../lib/logger.ts";
import { handlePaymentEvent } from "../../flows/payment_events.ts";
import { handlePayFastItn } from "../../flows/payfast_payment.ts";
import { handleStitchWebhook } from "../../flows/stitch_payment.ts";

export function webhookApi() {
  const app = new Hono<AppEnv>();

  app.post(
    "/stripe",
    refuseBodyOver(512 * 1024, "The webhook body is too large."),
    async (c) => {
      const gateway = c.var.payments;
      if (!gateway) return c.json({ error: PAYMENT_NOT_CONFIGURED }, 503);
      const rawBody = await c.req.text();
      const event = await gateway.verifyWebhook(rawBody, c.req.header("stripe-signature") ?? null);
      const outcome = await handlePaymentEvent(c.var.db, event, finalizeOptions(c));
      if (outcome.result === "refused") {
        log.warn("webhook refused", {
          requestId: c.get("requestId"),
          webhook: event.id,
          type: event.type,
          refused: outcome.message,
        });
      }
      return c.json({ received: true, duplicate: outcome.duplicate });
    },
  );

  app.post(
    "/payfast",
    refuseBodyOver(64 * 1024, "The notification body is too large."),
    async (c) => {
      const payfast = c.var.payfast;
      if (!payfast) throw noSuchEndpoint(c);
      const log = { requestId: c.get("requestId"), webhook: "payfast" };
      let itn;
      try {
        itn = await payfast.verifyItn(await c.req.text(), clientIp(c));
      } catch (err) {
        if (!(err instanceof PayFastItnRefused)) throw err;
        logError("a PayFast ITN was refused", err, { ...log, pfPaymentId: err.pfPaymentId });
        return c.text("OK");
      }
      try {
        await handlePayFastItn(c.var.db, payfast, itn, { ...finalizeOptions(c), log });
      } catch (err) {
        // Not handled (PayFast's validate endpoint or the database did not answer): a non-200 makes
        // PayFast send the ITN again later, and nothing was changed meanwhile.
        logError("a PayFast ITN could not be handled; PayFast will retry", err, {
          ...log,
          pfPaymentId: itn.pfPaymentId,
        });
        return c.text("Try again later", 503);
      }
      return c.text("OK");
    },
  );

  const stitchWebhook = async (c: Context<AppEnv>) => {
    const stitch = c.var.stitch;
    if (!stitch) throw noSuchEndpoint(c);
    const header = (name: string) => c.req.header(`svix-${name}`) ?? c.req.header(`webhook-${name}`) ?? null;
    const fields = { requestId: c.get("requestId"), webhook: "stitch", svixId: header("id")?.slice(0, 100) };
    let webhook;
    try {
      webhook = stitch.verifyStitchWebhook(await c.req.text(), {
        id: header("id"),
        timestamp: header("timestamp"),
        signature: header("signature"),
      });
    } catch (err) {
      if (err instanceof StitchSignatureError) {
        log.warn("a Stitch webhook was refused", { ...fields, refused: err.message });
      }
      throw err;
    }
    try {
      const outcome = await handleStitchWebhook(c.var.db, stitch, webhook, { ...finalizeOptions(c), log: fields });
      return c.json({ received: true, result: outcome.result });
    } catch (err) {
      // No verdict (Stitch or the database did not answer): Svix delivers it again later, and
      // nothing was changed meanwhile.
      logError("a Stitch webhook could not be handled; it will be delivered again", err, fields);
      return c.json({ error: "Try again later" }, 503);
    }
  };
  // Described for /api/openapi.json like an action: who sends it and what it answers.
  describeHandler(stitchWebhook, {
    method: "post",
    path: "/webhooks/stitch",
    input: undefined,
    output: z.object({ received: z.literal(true), result: z.string() }),
    auth: "public",
    summary: "Stitch's payment webhook (Svix-signed: svix-id, svix-timestamp, svix-signature); the order is " +
      "paid only on the payment request's state asked of Stitch",
  });
  app.post(
    "/stitch",
    refuseBodyOver(64 * 1024, "The webhook body is too large."),
    stitchWebhook,
  );

  return app;
}
