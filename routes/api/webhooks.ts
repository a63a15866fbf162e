/**
 * /api/webhooks: events from the payment provider. POST /stripe reads the raw body (the signature
 * covers its exact bytes), verifies it, and hands the event to the checkout domain, which handles
 * each event once. A forged, stale or unsigned request gets 400 and changes nothing. No session and
 * no CSRF check (exempted in routes/csrf.ts): Stripe's servers send it, not a browser.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../../app.ts";
import { handlePaymentEvent } from "../../domains/checkout/mod.ts";
import { PAYMENT_NOT_CONFIGURED } from "../../domains/payments/mod.ts";
import { ValidationError } from "../../lib/errors.ts";
import { finalizeOptions } from "../finalize_options.ts";

export function webhookApi() {
  const app = new Hono<AppEnv>();

  app.post(
    "/stripe",
    bodyLimit({
      maxSize: 512 * 1024,
      onError: () => {
        throw new ValidationError("The webhook body is too large.");
      },
    }),
    async (c) => {
      const gateway = c.var.payments;
      if (!gateway) return c.json({ error: PAYMENT_NOT_CONFIGURED }, 503);
      const rawBody = await c.req.text();
      const event = await gateway.verifyWebhook(rawBody, c.req.header("stripe-signature") ?? null);
      const outcome = await handlePaymentEvent(c.var.db, event, finalizeOptions(c));
      if (outcome.result === "refused") {
        console.warn(JSON.stringify({
          level: "warn",
          requestId: c.get("requestId"),
          webhook: event.id,
          type: event.type,
          refused: outcome.message,
        }));
      }
      return c.json({ received: true, duplicate: outcome.duplicate });
    },
  );

  return app;
}
