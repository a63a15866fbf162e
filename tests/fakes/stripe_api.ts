/**
 * A fake Stripe API for tests: an HTTP server on 127.0.0.1 and a free port speaking Stripe's wire
 * format, so the real `stripe` SDK runs against it (config STRIPE_API_BASE = fake.url). It takes
 * form-encoded bodies with nested keys (`metadata[orderId]=7`), honours `Idempotency-Key` (the same
 * key replays the first answer; the same key with other parameters is an idempotency_error), and
 * answers Stripe-shaped JSON objects and errors:
 *
 *   POST /v1/payment_intents              create (amount, currency, metadata, description, ...)
 *   GET  /v1/payment_intents/:id          retrieve
 *   POST /v1/payment_intents/:id/confirm  payment_method pm_card_visa succeeds; pm_card_chargeDeclined
 *                                         is declined (402 card_error, last_payment_error set)
 *   POST /v1/payment_intents/:id/cancel   cancel (400 payment_intent_unexpected_state when final)
 *   POST /v1/refunds                      refund a succeeded intent (payment_intent, amount, metadata);
 *                                         400 charge_already_refunded once the whole amount went back
 *   GET  /v1/refunds?payment_intent=...   list an intent's refunds
 *
 * Helpers let a test simulate what Stripe would do (`setStatus`; `payBeforeCancel` makes the
 * customer's payment land just before the shop's cancel, so Stripe refuses the cancel), build a
 * payment_intent.* event (`event`) and sign it as Stripe does (`signedWebhook`, with the real SDK's
 * test header).
 */
import Stripe from "stripe";
import type { PaymentIntentFacts } from "../../domains/payments/types.ts";

/** Stripe's PaymentIntent statuses, the list the shop reads them with (the SDK's own type admits any string). */
export type IntentStatus = PaymentIntentFacts["status"];

/** A PaymentIntent as Stripe's API returns it (the fields the shop and the SDK read, and a few more). */
export interface FakePaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_capturable: number;
  amount_received: number;
  automatic_payment_methods: { enabled: boolean } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: "automatic";
  client_secret: string;
  confirmation_method: "automatic";
  created: number;
  currency: string;
  description: string | null;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  livemode: false;
  metadata: Record<string, string>;
  next_action: null;
  payment_method: string | null;
  payment_method_types: string[];
  status: IntentStatus;
}

/** A Refund as Stripe's API returns it. */
export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  created: number;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: "succeeded";
}

/** One request the fake received, body parsed into nested objects. */
export interface RecordedRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
}

export interface FakeStripeApi {
  /** http://127.0.0.1:{port}, for STRIPE_API_BASE. */
  url: string;
  intents: Map<string, FakePaymentIntent>;
  refunds: Map<string, FakeRefund>;
  /** Intents whose next cancel finds them paid (the payment won the race). */
  payBeforeCancel: Set<string>;
  requests: RecordedRequest[];
  /** The newest intent created, if any. */
  lastIntent(): FakePaymentIntent | undefined;
  /** Sets an intent's status as Stripe would (declines fill last_payment_error). */
  setStatus(id: string, status: IntentStatus, lastError?: string): FakePaymentIntent;
  /** A Stripe event object about an intent (as it is now): payment_intent.succeeded and the like. */
  event(type: string, intentId: string, id?: string): Record<string, unknown>;
  /**
   * The event as Stripe would POST it: the JSON body and a Stripe-Signature header made by the real
   * SDK. `timestamp` (seconds) lets a test send a stale signature.
   */
  signedWebhook(
    event: Record<string, unknown>,
    secret: string,
    options?: { timestamp?: number },
  ): Promise<{ body: string; headers: Record<string, string> }>;
  stop(): Promise<void>;
}

const SECRET_KEY = /^Bearer (sk|rk)_(test|live)_\S+$/;

function randomId(bytes = 12): string {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(buf, (b) => b.toString(36).padStart(2, "0")).join("").slice(0, bytes * 2);
}

/** `a[b][c]=1&list[]=x&list[]=y` -> { a: { b: { c: "1" } }, list: ["x", "y"] }, as Stripe reads it. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.match(/^[^[\]]+|\[[^[\]]*\]/g)?.map((p) => p.replace(/^\[|\]$/g, "")) ?? [key];
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsList = !last && (parts[i + 1] === "" || /^\d+$/.test(parts[i + 1]));
      if (Array.isArray(node)) {
        const index = part === "" ? node.length : Number(part);
        if (last) node[index] = value;
        else node = (node[index] ??= nextIsList ? [] : {}) as Record<string, unknown> | unknown[];
      } else {
        if (last) node[part] = value;
        else node = (node[part] ??= nextIsList ? [] : {}) as Record<string, unknown> | unknown[];
      }
    });
  }
  return root;
}

function stripeError(
  status: number,
  error: { type: string; message: string; code?: string; param?: string; [k: string]: unknown },
): Response {
  return Response.json({ error: { ...error, doc_url: `https://stripe.com/docs/error-codes/${error.code ?? ""}` } }, {
    status,
    headers: { "Request-Id": `req_${randomId()}` },
  });
}

const missing = (param: string) =>
  stripeError(400, {
    type: "invalid_request_error",
    code: "parameter_missing",
    param,
    message: `Missing required param: ${param}.`,
  });

const noSuchIntent = (id: string) =>
  stripeError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    param: "intent",
    message: `No such payment_intent: '${id}'`,
  });

const unexpectedState = (pi: FakePaymentIntent, action: string) =>
  stripeError(400, {
    type: "invalid_request_error",
    code: "payment_intent_unexpected_state",
    message: `You cannot ${action} this PaymentIntent because it has a status of ${pi.status}.`,
    payment_intent: pi,
  });

const DECLINE = {
  type: "card_error",
  code: "card_declined",
  decline_code: "generic_decline",
  message: "Your card was declined.",
};

export function startFakeStripeApi(): FakeStripeApi {
  const intents = new Map<string, FakePaymentIntent>();
  const refunds = new Map<string, FakeRefund>();
  const payBeforeCancel = new Set<string>();
  const requests: RecordedRequest[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  const signer = new Stripe("sk_test_fake_signer");

  function createIntent(body: Record<string, unknown>): Response {
    if (body.amount === undefined) return missing("amount");
    if (body.currency === undefined) return missing("currency");
    const amount = Number(body.amount);
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > 99_999_999) {
      return stripeError(400, {
        type: "invalid_request_error",
        code: "parameter_invalid_integer",
        param: "amount",
        message: "Invalid integer: " + String(body.amount),
      });
    }
    const id = `pi_${randomId()}`;
    const metadata = (typeof body.metadata === "object" && body.metadata ? body.metadata : {}) as Record<
      string,
      string
    >;
    const apm = body.automatic_payment_methods as { enabled?: string } | undefined;
    const pi: FakePaymentIntent = {
      id,
      object: "payment_intent",
      amount,
      amount_capturable: 0,
      amount_received: 0,
      automatic_payment_methods: apm ? { enabled: apm.enabled === "true" } : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: "automatic",
      client_secret: `${id}_secret_${randomId()}`,
      confirmation_method: "automatic",
      created: Math.floor(Date.now() / 1000),
      currency: String(body.currency).toLowerCase(),
      description: typeof body.description === "string" ? body.description : null,
      last_payment_error: null,
      livemode: false,
      metadata: { ...metadata },
      next_action: null,
      payment_method: null,
      payment_method_types: ["card"],
      status: "requires_payment_method",
    };
    intents.set(id, pi);
    return Response.json(pi);
  }

  function confirm(pi: FakePaymentIntent, body: Record<string, unknown>): Response {
    if (pi.status === "succeeded" || pi.status === "canceled" || pi.status === "processing") {
      return unexpectedState(pi, "confirm");
    }
    const method = typeof body.payment_method === "string" ? body.payment_method : pi.payment_method;
    if (!method) return missing("payment_method");
    if (method === "pm_card_visa") {
      Object.assign(pi, {
        status: "succeeded",
        payment_method: method,
        amount_received: pi.amount,
        last_payment_error: null,
      });
      return Response.json(pi);
    }
    if (method === "pm_card_chargeDeclined") {
      Object.assign(pi, { status: "requires_payment_method", payment_method: null, last_payment_error: DECLINE });
      return stripeError(402, { ...DECLINE, payment_intent: pi });
    }
    return stripeError(400, {
      type: "invalid_request_error",
      code: "resource_missing",
      param: "payment_method",
      message: `No such PaymentMethod: '${method}'`,
    });
  }

  function cancel(pi: FakePaymentIntent, body: Record<string, unknown>): Response {
    if (payBeforeCancel.delete(pi.id)) {
      Object.assign(pi, { status: "succeeded", amount_received: pi.amount, last_payment_error: null });
    }
    if (pi.status === "succeeded" || pi.status === "canceled") return unexpectedState(pi, "cancel");
    Object.assign(pi, {
      status: "canceled",
      canceled_at: Math.floor(Date.now() / 1000),
      cancellation_reason: typeof body.cancellation_reason === "string" ? body.cancellation_reason : null,
    });
    return Response.json(pi);
  }

  function refundsOf(intentId: string): FakeRefund[] {
    return [...refunds.values()].filter((r) => r.payment_intent === intentId);
  }

  function refund(body: Record<string, unknown>): Response {
    if (typeof body.payment_intent !== "string") return missing("payment_intent");
    const pi = intents.get(body.payment_intent);
    if (!pi) return noSuchIntent(body.payment_intent);
    if (pi.status !== "succeeded") {
      return stripeError(400, {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`,
      });
    }
    const left = pi.amount - refundsOf(pi.id).reduce((sum, r) => sum + r.amount, 0);
    if (left <= 0) {
      return stripeError(400, {
        type: "invalid_request_error",
        code: "charge_already_refunded",
        message: `Charge ch_${pi.id.slice(3)} has already been refunded.`,
      });
    }
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > left) {
      return stripeError(400, {
        type: "invalid_request_error",
        code: "amount_too_large",
        param: "amount",
        message: `Refund amount (R${amount / 100}) is greater than unrefunded amount on charge (R${left / 100})`,
      });
    }
    const created: FakeRefund = {
      id: `re_${randomId()}`,
      object: "refund",
      amount,
      currency: pi.currency,
      created: Math.floor(Date.now() / 1000),
      metadata: {
        ...((typeof body.metadata === "object" && body.metadata ? body.metadata : {}) as Record<string, string>),
      },
      payment_intent: pi.id,
      reason: typeof body.reason === "string" ? body.reason : null,
      status: "succeeded",
    };
    refunds.set(created.id, created);
    return Response.json(created);
  }

  function route(method: string, path: string, body: Record<string, unknown>): Response {
    if (method === "POST" && path === "/v1/payment_intents") return createIntent(body);
    if (method === "POST" && path === "/v1/refunds") return refund(body);
    if (method === "GET" && path === "/v1/refunds") {
      const data = typeof body.payment_intent === "string" ? refundsOf(body.payment_intent) : [...refunds.values()];
      return Response.json({ object: "list", data: data.reverse(), has_more: false, url: "/v1/refunds" });
    }
    const m = path.match(/^\/v1\/payment_intents\/([^/]+)(?:\/(confirm|cancel))?$/);
    if (m) {
      const id = decodeURIComponent(m[1]);
      const pi = intents.get(id);
      if (!pi) return noSuchIntent(id);
      if (method === "GET" && !m[2]) return Response.json(pi);
      if (method === "POST" && m[2] === "confirm") return confirm(pi, body);
      if (method === "POST" && m[2] === "cancel") return cancel(pi, body);
    }
    return stripeError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const url = new URL(req.url);
    const text = req.method === "GET" ? url.search.slice(1) : await req.text();
    const body = parseStripeForm(text);
    const idempotencyKey = req.headers.get("idempotency-key");
    requests.push({ method: req.method, path: url.pathname, body, idempotencyKey });
    if (!SECRET_KEY.test(req.headers.get("authorization") ?? "")) {
      return stripeError(401, {
        type: "invalid_request_error",
        message: "You did not provide an API key. You need to provide your API key in the Authorization header.",
      });
    }
    if (req.method === "POST" && idempotencyKey) {
      const fingerprint = `${url.pathname}?${text}`;
      const seen = idempotent.get(idempotencyKey);
      if (seen) {
        if (seen.fingerprint !== fingerprint) {
          return stripeError(400, {
            type: "idempotency_error",
            message:
              "Keys for idempotent requests can only be used with the same parameters they were first used with.",
          });
        }
        return new Response(seen.body, {
          status: seen.status,
          headers: { "Content-Type": "application/json", "Idempotent-Replayed": "true" },
        });
      }
      const res = route(req.method, url.pathname, body);
      const saved = await res.clone().text();
      if (res.status < 500) idempotent.set(idempotencyKey, { fingerprint, status: res.status, body: saved });
      return res;
    }
    return route(req.method, url.pathname, body);
  });

  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    intents,
    refunds,
    payBeforeCancel,
    requests,
    lastIntent: () => [...intents.values()].at(-1),
    setStatus(id, status, lastError) {
      const pi = intents.get(id);
      if (!pi) throw new Error(`the fake Stripe API has no intent ${id}`);
      pi.status = status;
      if (status === "succeeded") pi.amount_received = pi.amount;
      if (status === "canceled") pi.canceled_at = Math.floor(Date.now() / 1000);
      pi.last_payment_error = lastError
        ? { ...DECLINE, message: lastError }
        : status === "succeeded"
        ? null
        : pi.last_payment_error;
      return pi;
    },
    event(type, intentId, id = `evt_${randomId()}`) {
      const pi = intents.get(intentId);
      if (!pi) throw new Error(`the fake Stripe API has no intent ${intentId}`);
      return {
        id,
        object: "event",
        api_version: "2026-10-28.endive",
        created: Math.floor(Date.now() / 1000),
        data: { object: structuredClone(pi) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    async signedWebhook(event, secret, options = {}) {
      const body = JSON.stringify(event);
      const header = await signer.webhooks.generateTestHeaderStringAsync({
        payload: body,
        secret,
        ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
      });
      return { body, headers: { "Content-Type": "application/json", "Stripe-Signature": header } };
    },
    async stop() {
      await server.shutdown();
    },
  };
}

/**
 * What a test needs to run the shop against `fake`: the shop's Stripe environment (keys, webhook
 * secret, the fake's address) and the real SDK pointed at the fake, standing in for Stripe.js
 * confirming in the customer's browser.
 */
export function stripeAgainst(fake: FakeStripeApi, webhookSecret: string) {
  const env = {
    STRIPE_SECRET_KEY: "sk_test_x",
    STRIPE_PUBLISHABLE_KEY: "pk_test_x",
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: fake.url,
  };
  const sdk = new Stripe("sk_test_x", {
    host: new URL(fake.url).hostname,
    port: new URL(fake.url).port,
    protocol: "http",
    maxNetworkRetries: 0,
  });
  return { env, sdk };
}
