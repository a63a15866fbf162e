/**
 * /api/watrade: WhatsApp orders (docs/whatsapp.md).
 *
 *   GET  /orders        Meta's verification handshake: hub.mode=subscribe and hub.verify_token equal
 *                       to WHATSAPP_VERIFY_TOKEN echo hub.challenge as text; anything else is 403.
 *   POST /orders        the WhatsApp Business Account `messages` webhook. The X-Hub-Signature-256
 *                       of the raw body (HMAC-SHA256, WHATSAPP_APP_SECRET) is checked before the body
 *                       is read as JSON: 401 without a valid one. The order messages are stored once
 *                       each (a redelivery is acknowledged and ignored) and answered 200 at once; the
 *                       WhatsApp job places the orders and replies.
 * The pay link its replies carry is paid through /api/pay (routes/api/pay_links.ts).
 *
 * No session and no CSRF check for the webhook (exempted in routes/csrf.ts): Meta's servers send it.
 * Without WHATSAPP_APP_SECRET every route here answers 404.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import type { WhatsAppConfig } from "../../config.ts";
import {
  recordWebhook,
  verifyWebhookSignature,
  WebhookPayloadError,
  whatsappSchemas,
} from "../../domains/whatsapp/mod.ts";
import { UnauthorizedError, ValidationError } from "../../lib/errors.ts";
import { log } from "../../lib/logger.ts";
import { defineAction } from "../action.ts";
import { describeHandler, describeValidator } from "../route_meta.ts";
import { noSuchEndpoint } from "../guards.ts";

/** Meta's notifications are small; anything above this is refused unread (413). */
export const WEBHOOK_MAX_BYTES = 256 * 1024;
export const SIGNATURE_REFUSED = "The webhook signature is missing or wrong.";
export const HANDSHAKE_REFUSED = "Verification refused.";

function whatsappOf(c: Context<AppEnv>): WhatsAppConfig {
  const wa = c.var.config.whatsapp;
  if (!wa) throw noSuchEndpoint(c);
  return wa;
}

/** The webhook as OpenAPI shows it (served by the handler below, which checks the signature first). */
const webhookDoc = defineAction({
  method: "post",
  path: "/watrade/orders",
  input: whatsappSchemas.webhookSchema,
  output: z.object({ received: z.literal(true), stored: z.number(), duplicates: z.number() }),
  auth: "public",
  summary: "Meta's WhatsApp Business Account `messages` webhook (X-Hub-Signature-256 required: 401 without; " +
    "413 above 256 KB): order messages become shop orders, once per message id",
  handler: () => Promise.reject(new Error("served by watradeApi")),
});

const handshakeDoc = defineAction({
  method: "get",
  path: "/watrade/orders",
  input: undefined,
  output: z.string(),
  auth: "public",
  summary:
    "Meta's webhook verification: echoes hub.challenge (text/plain) when hub.verify_token matches; 403 otherwise",
  handler: () => Promise.reject(new Error("served by watradeApi")),
});

export function watradeApi() {
  const app = new Hono<AppEnv>();

  const handshakeQuery = describeValidator(
    async (_c: Context<AppEnv>, next: () => Promise<void>) => await next(),
    "query",
    whatsappSchemas.handshakeQuery,
  );
  app.get(
    "/orders",
    handshakeQuery,
    describeHandler((c: Context<AppEnv>) => {
      const wa = whatsappOf(c);
      const q = whatsappSchemas.handshakeQuery.safeParse(c.req.query());
      const ok = q.success && q.data["hub.mode"] === "subscribe" && !!wa.verifyToken &&
        q.data["hub.verify_token"] === wa.verifyToken && !!q.data["hub.challenge"];
      if (!ok) return c.json({ error: HANDSHAKE_REFUSED }, 403);
      c.header("Cache-Control", "no-store");
      return c.text(q.data["hub.challenge"]!);
    }, handshakeDoc),
  );

  app.post(
    "/orders",
    bodyLimit({
      maxSize: WEBHOOK_MAX_BYTES,
      onError: (c) => c.json({ error: "The webhook body is too large." }, 413),
    }),
    describeHandler(async (c: Context<AppEnv>) => {
      const wa = whatsappOf(c);
      const raw = new Uint8Array(await c.req.arrayBuffer());
      if (!verifyWebhookSignature(raw, c.req.header("x-hub-signature-256"), wa.appSecret)) {
        log.warn("whatsapp webhook refused: bad signature", { requestId: c.get("requestId") });
        throw new UnauthorizedError(SIGNATURE_REFUSED);
      }
      let body: unknown;
      try {
        body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(raw));
      } catch {
        throw new ValidationError("The webhook body is not JSON.");
      }
      try {
        const intake = await recordWebhook(c.var.db, body);
        if (intake.stored || intake.duplicates) {
          log.info("whatsapp webhook", { requestId: c.get("requestId"), ...intake });
        }
        return c.json({ received: true, stored: intake.stored, duplicates: intake.duplicates });
      } catch (err) {
        if (err instanceof WebhookPayloadError) throw new ValidationError(err.message);
        throw err;
      }
    }, webhookDoc),
  );

  return app;
}
