/**
 * Stitch pay-by-bank (instant EFT) beside the card gateway, on Stitch's published API:
 * - a client token by OAuth 2.0 client credentials (`STITCH_TOKEN_URL`, client_secret_post), kept
 *   until a minute before it expires and shared by concurrent callers;
 * - a payment initiation request (`clientPaymentInitiationRequestCreate` at `{STITCH_API_BASE}/graphql`)
 *   for an amount in ZAR into the shop's beneficiary account, whose `url` the customer completes at
 *   their bank;
 * - the request's state by the `node(id:)` query: the only facts that pay an order;
 * - refunds by `clientRefundInitiate` (Stitch's refunds product), or recorded as manual;
 * - webhooks signed the Svix way (`svix-id`, `svix-timestamp`, `svix-signature`: HMAC-SHA256 of
 *   `id.timestamp.body` with the endpoint's `whsec_` secret, base64, timestamps within 5 minutes).
 *
 * A webhook only says which payment request changed: the shop asks Stitch for that request's state
 * before anything is decided, so a body never pays an order by what it claims.
 */
import { Buffer } from "node:buffer";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { StitchConfig } from "../../config.ts";
import { ValidationError } from "../../lib/errors.ts";
import { type PaymentGateway, type PaymentIntentFacts, PaymentRefusedError, type RefundFacts } from "./types.ts";

export { STITCH_MANUAL_REFUND, STITCH_METHOD_LABEL } from "./schemas.ts";

/** The client token's scopes: payment requests and refunds. */
export const STITCH_SCOPES = "client_paymentrequest client_refund";

/** How far a webhook's timestamp may be from now (Svix's tolerance): older ones are replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/** Stitch's limits on the references (payer 12, beneficiary 20 characters). */
const PAYER_REFERENCE_MAX = 12;
const BENEFICIARY_REFERENCE_MAX = 20;

/** A webhook Stitch signed: the Svix message id and the payment request it is about (null: another event). */
export interface StitchWebhook {
  messageId: string;
  paymentRequestId: string | null;
}

/** The webhook's signature did not verify (forged, stale, unsigned): answered 401, nothing read. */
export class StitchSignatureError extends ValidationError {
  constructor(message: string) {
    super(message);
  }
}

export interface StitchPaymentRequestInput {
  orderId: number;
  orderNumber: string;
  totalCents: number;
  /** When the request stops taking payments (Stitch moves it to PaymentInitiationRequestExpired). */
  expireAt: Date;
}

export interface StitchGateway extends PaymentGateway {
  provider: "stitch";
  config: StitchConfig;
  /** A new payment request for the order's total (the caller's server-side figure); its id and Stitch's URL. */
  createPaymentRequest(input: StitchPaymentRequestInput): Promise<{ id: string; url: string }>;
  /** Checks the Svix signature on the raw body first, then reads which payment request it names. */
  verifyStitchWebhook(
    rawBody: string,
    headers: { id: string | null; timestamp: string | null; signature: string | null },
    now?: Date,
  ): StitchWebhook;
}

export interface StitchDeps {
  fetch?: typeof fetch;
  /** The clock for the token's expiry (tests move it). */
  now?: () => number;
}

export function isStitchGateway(gateway: PaymentGateway | null | undefined): gateway is StitchGateway {
  return gateway?.provider === "stitch";
}

/** "123.4", 123.4 or "123.40" (Stitch's Money quantity) -> 12340; null for anything else. */
export function moneyCents(quantity: unknown): number | null {
  const text = typeof quantity === "number" ? String(quantity) : typeof quantity === "string" ? quantity.trim() : "";
  const m = /^(\d{1,9})(?:\.(\d{1,2})0*)?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/** The rand amount Stitch takes (a decimal string with two places). */
export function moneyQuantity(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** The reference on the payment request that names the order: `{orderId}:{orderNumber}`. */
export function externalReference(orderId: number, orderNumber: string): string {
  return `${orderId}:${orderNumber}`;
}

function parseExternalReference(value: unknown): { orderId: string; orderNumber: string } {
  const m = typeof value === "string" ? /^(\d{1,12}):([A-Za-z0-9-]{1,40})$/.exec(value) : null;
  return m ? { orderId: m[1], orderNumber: m[2] } : { orderId: "", orderNumber: "" };
}

/** The order number on the payer's statement: its last 12 characters (the digits that differ). */
export function payerReference(orderNumber: string): string {
  return orderNumber.slice(-PAYER_REFERENCE_MAX);
}

/** A Stitch payment request id as it may appear in the shop's URLs and tables. */
export const STITCH_ID = /^[A-Za-z0-9+/=_-]{1,100}$/;

const CREATE_MUTATION = `mutation CreatePaymentRequest($input: ClientPaymentInitiationRequestCreateInput!) {
  clientPaymentInitiationRequestCreate(input: $input) {
    paymentInitiationRequest { id url }
  }
}`;

const STATUS_QUERY = `query PaymentRequestStatus($id: ID!) {
  node(id: $id) {
    __typename
    ... on PaymentInitiationRequest {
      id
      amount
      externalReference
      state {
        __typename
        ... on PaymentInitiationRequestCompleted { date amount }
        ... on PaymentInitiationRequestCancelled { date reason }
        ... on PaymentInitiationRequestExpired { date }
      }
    }
  }
}`;

const REFUND_MUTATION = `mutation CreateRefund($input: ClientRefundInitiateInput!) {
  clientRefundInitiate(input: $input) {
    refund { id amount status { __typename } }
  }
}`;

interface GraphQlAnswer {
  data?: Record<string, unknown> | null;
  errors?: { message?: string }[];
}

/** Stitch answered with GraphQL errors: its refusal, in its words. */
class StitchGraphQlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StitchGraphQlError";
  }
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v && typeof v === "object" && !Array.isArray(v) ? v as Obj : null);

/** The facts of a payment request as its state reports them (provider "stitch"). */
export function paymentRequestFacts(node: Obj): PaymentIntentFacts {
  const state = obj(node.state) ?? {};
  const kind = String(state.__typename ?? "");
  const money = obj(kind === "PaymentInitiationRequestCompleted" ? state.amount ?? node.amount : node.amount);
  const cents = moneyCents(money?.quantity);
  const base = {
    id: String(node.id),
    amountCents: cents ?? -1,
    currency: String(money?.currency ?? "").toLowerCase(),
    metadata: parseExternalReference(node.externalReference),
    provider: "stitch" as const,
  };
  switch (kind) {
    case "PaymentInitiationRequestCompleted":
      return { ...base, status: "succeeded", lastError: null };
    case "PaymentInitiationRequestCancelled":
      return {
        ...base,
        status: "canceled",
        lastError: "The payment was cancelled at your bank. Please try again or choose another method.",
      };
    case "PaymentInitiationRequestExpired":
      return { ...base, status: "canceled", lastError: "The bank payment expired before it was completed." };
    case "PaymentInitiationRequestPending":
      // The customer has not completed it at their bank (yet).
      return { ...base, status: "requires_action", lastError: null };
    default:
      return { ...base, status: "requires_payment_method", lastError: "The bank payment did not go through." };
  }
}

/** The Svix secret's key: the base64 after `whsec_`. */
function secretKey(secret: string): Buffer {
  return Buffer.from(secret.replace(/^whsec_/, ""), "base64");
}

/** The Svix signature of a message (what Stitch sends as `v1,<signature>`). */
export function svixSignature(secret: string, id: string, timestamp: string, body: string): string {
  return createHmac("sha256", secretKey(secret)).update(`${id}.${timestamp}.${body}`, "utf8").digest("base64");
}

function sameBase64(a: string, b: string): boolean {
  const x = Buffer.from(a, "base64");
  const y = Buffer.from(b, "base64");
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/**
 * The payment request a webhook names: the `payment` event's own id (the body is the payment
 * request), or the GraphQL subscription shape (`data.client.paymentInitiationRequests.node`).
 */
function namedPaymentRequest(body: unknown): string | null {
  const top = obj(body);
  const node = obj(obj(obj(obj(top?.data)?.client)?.paymentInitiationRequests)?.node);
  const candidate = node?.id ?? obj(top?.data)?.id ?? top?.id;
  return typeof candidate === "string" && STITCH_ID.test(candidate) ? candidate : null;
}

/** The Stitch gateway for this client; null when Stitch is not configured. */
export function stitchGateway(config: StitchConfig | null, deps: StitchDeps = {}): StitchGateway | null {
  if (!config) return null;
  const doFetch = deps.fetch ?? fetch;
  const clock = deps.now ?? Date.now;
  let token: { value: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const res = await doFetch(config!.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: config!.clientId,
        client_secret: config!.clientSecret,
        scope: STITCH_SCOPES,
        audience: config!.tokenUrl,
      }),
      signal: AbortSignal.timeout(15_000),
    });
    const body = await res.json().catch(() => null) as Obj | null;
    if (!res.ok || typeof body?.access_token !== "string") {
      throw new Error(`Stitch's token endpoint answered HTTP ${res.status} without a token`);
    }
    const lifetime = Number(body.expires_in);
    // Kept until a minute before Stitch's expiry (or 5 minutes when it did not say).
    const seconds = Number.isFinite(lifetime) && lifetime > 0 ? lifetime : 360;
    token = { value: body.access_token, expiresAt: clock() + Math.max(0, seconds - 60) * 1000 };
    return body.access_token;
  }

  async function clientToken(): Promise<string> {
    if (token && clock() < token.expiresAt) return token.value;
    // One request for everyone waiting on an expired token.
    pending ??= fetchToken().finally(() => (pending = null));
    return await pending;
  }

  /** One GraphQL request; throws StitchGraphQlError for Stitch's refusals, Error when there is no answer. */
  async function graphql(query: string, variables: Obj, retried = false): Promise<Obj> {
    const res = await doFetch(`${config!.apiBase}/graphql`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        authorization: `Bearer ${await clientToken()}`,
      },
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(15_000),
    });
    if (res.status === 401 && !retried) {
      // The token was revoked or expired early: one fresh token, one more try.
      await res.body?.cancel();
      token = null;
      return await graphql(query, variables, true);
    }
    const body = await res.json().catch(() => null) as GraphQlAnswer | null;
    if (!res.ok && !body?.errors?.length) throw new Error(`Stitch's API answered HTTP ${res.status}`);
    if (body?.errors?.length) {
      const message = body.errors.map((e) => e.message ?? "").filter(Boolean).join("; ").slice(0, 300);
      throw new StitchGraphQlError(message || "Stitch refused the request.");
    }
    if (!body?.data) throw new Error("Stitch's API answered without data");
    return body.data;
  }

  async function facts(id: string): Promise<PaymentIntentFacts | null> {
    if (!STITCH_ID.test(id)) return null;
    let data: Obj;
    try {
      data = await graphql(STATUS_QUERY, { id });
    } catch (err) {
      // An id Stitch does not know is answered with an error: no such request.
      if (err instanceof StitchGraphQlError) return null;
      throw err;
    }
    const node = obj(data.node);
    if (!node || node.__typename !== "PaymentInitiationRequest" || typeof node.id !== "string") return null;
    return paymentRequestFacts(node);
  }

  return {
    provider: "stitch",
    publishableKey: null,
    config,

    async createPaymentRequest(input) {
      const data = await graphql(CREATE_MUTATION, {
        input: {
          amount: { quantity: moneyQuantity(input.totalCents), currency: "ZAR" },
          payerReference: payerReference(input.orderNumber),
          beneficiaryReference: input.orderNumber.slice(0, BENEFICIARY_REFERENCE_MAX),
          externalReference: externalReference(input.orderId, input.orderNumber),
          expireAt: input.expireAt.toISOString(),
          beneficiary: {
            bankAccount: {
              name: config.beneficiary.name,
              bankId: config.beneficiary.bankId,
              accountNumber: config.beneficiary.accountNumber,
            },
          },
        },
      });
      const request = obj(obj(data.clientPaymentInitiationRequestCreate)?.paymentInitiationRequest);
      const id = request?.id;
      const url = request?.url;
      if (typeof id !== "string" || !STITCH_ID.test(id) || typeof url !== "string" || !/^https?:\/\//.test(url)) {
        throw new Error("Stitch created no usable payment request");
      }
      return { id, url };
    },

    retrieveIntent: facts,

    // Stitch has no cancel for a payment request: it ends by itself at its expireAt. The request as
    // it now is answers (callers decide on the facts, never on having asked).
    cancelIntent: facts,

    createIntent() {
      return Promise.reject(new ValidationError("Stitch payments start at /api/stitch/payment."));
    },

    async refund(input): Promise<RefundFacts> {
      if (config.refunds === "manual") {
        return { id: `manual-${input.idempotencyKey}`.slice(0, 100), status: "manual", amountCents: input.amountCents };
      }
      let data: Obj;
      try {
        data = await graphql(REFUND_MUTATION, {
          input: {
            paymentRequestId: input.intentId,
            amount: { quantity: moneyQuantity(input.amountCents), currency: "ZAR" },
            reason: /second payment/.test(input.metadata?.reason ?? "") ? "duplicate" : "fulfilment",
            // Stitch's idempotency: the same nonce never refunds twice.
            nonce: input.idempotencyKey.slice(0, 100),
            beneficiaryReference: (input.metadata?.orderNumber ?? "Refund").slice(0, 30),
          },
        });
      } catch (err) {
        if (err instanceof StitchGraphQlError) {
          throw new PaymentRefusedError(`Stitch refused the refund: ${err.message}`);
        }
        throw err;
      }
      const refund = obj(obj(data.clientRefundInitiate)?.refund);
      if (typeof refund?.id !== "string") throw new Error("Stitch answered the refund without a refund");
      const kind = String(obj(refund.status)?.__typename ?? "");
      const status = kind === "RefundCompleted" ? "succeeded" : kind === "RefundError" ? "failed" : "pending";
      return { id: refund.id, status, amountCents: moneyCents(obj(refund.amount)?.quantity) ?? input.amountCents };
    },

    verifyWebhook() {
      return Promise.reject(new ValidationError("Stitch webhooks arrive at /api/webhooks/stitch."));
    },

    verifyStitchWebhook(rawBody, headers, now = new Date()) {
      const { id, timestamp, signature } = headers;
      if (!id || !timestamp || !signature) throw new StitchSignatureError("The webhook is not signed.");
      if (!/^[A-Za-z0-9_-]{1,100}$/.test(id) || !/^\d{1,12}$/.test(timestamp)) {
        throw new StitchSignatureError("The webhook's signature headers are not valid.");
      }
      const age = Math.abs(now.getTime() / 1000 - Number(timestamp));
      if (age > WEBHOOK_TOLERANCE_SECONDS) throw new StitchSignatureError("The webhook's timestamp is too old or new.");
      const expected = svixSignature(config.webhookSecret, id, timestamp, rawBody);
      // Several space-separated `v1,<base64>` signatures while a secret is rotated: one must match.
      const signed = signature.split(" ").some((part) => {
        const [version, sig] = part.split(",", 2);
        return version === "v1" && sig !== undefined && sameBase64(sig, expected);
      });
      if (!signed) throw new StitchSignatureError("The webhook's signature does not match.");
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        throw new ValidationError("The webhook body is not JSON.");
      }
      return { messageId: id, paymentRequestId: namedPaymentRequest(body) };
    },
  };
}
