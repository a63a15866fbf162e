/**
 * PayFast, South Africa's hosted payment page (Instant EFT, cards and more), beside the card
 * gateway: the signed checkout form the browser posts to PayFast, and the checks on PayFast's
 * Instant Transaction Notification (ITN): signature with the passphrase, our merchant id, PayFast's
 * source address (when on) and PayFast's own confirmation of the ITN (`/eng/query/validate`).
 * Whether the ITN pays an order (amount, order, once) is the checkout domain's decision.
 *
 * PayFast has no refund API for every payment method, so its "refund" records a manual refund that
 * staff complete in the PayFast dashboard.
 */
import { createHash } from "node:crypto";
import type { PayFastConfig } from "../../config.ts";
import { ValidationError } from "../../lib/errors.ts";
import { ipInCidr } from "../../lib/ip.ts";
import type { PaymentGateway, PaymentIntentFacts, RefundFacts, RefundInput } from "./types.ts";

export { PAYFAST_MANUAL_REFUND, PAYFAST_METHOD_LABEL } from "./schemas.ts";

/**
 * PayFast's published ITN sources (its documentation's "valid hosts" and address ranges). The host
 * names are resolved at check time, as PayFast asks; the ranges cover the addresses it lists.
 */
export const PAYFAST_ITN_HOSTS = [
  "www.payfast.co.za",
  "sandbox.payfast.co.za",
  "w1w.payfast.co.za",
  "w2w.payfast.co.za",
];
export const PAYFAST_ITN_RANGES = [
  "197.97.145.144/28",
  "41.74.179.192/27",
  "102.216.36.0/28",
  "102.216.36.128/28",
  "144.126.193.139/32",
];

/**
 * PHP's urlencode, which PayFast's signature uses: every byte but letters, digits and `-_.` is
 * %XX with upper-case hex, and a space is '+'. (encodeURIComponent leaves `!'()*~` alone and
 * writes spaces as %20.)
 */
export function phpUrlencode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");
}

/** `key=urlencode(value)` joined by '&', in the order given. */
export function paramString(pairs: [string, string][]): string {
  return pairs.map(([k, v]) => `${k}=${phpUrlencode(v)}`).join("&");
}

/** PayFast's signature: MD5 (lower-case hex) of the parameter string, then `&passphrase=...` when one is set. */
export function payfastSignature(params: string, passphrase?: string): string {
  const phrase = passphrase?.trim();
  const signed = phrase ? `${params}&passphrase=${phpUrlencode(phrase)}` : params;
  return createHash("md5").update(signed, "utf8").digest("hex");
}

/** The checkout form's fields, in the order PayFast signs them. */
export const CHECKOUT_FIELDS = [
  "merchant_id",
  "merchant_key",
  "return_url",
  "cancel_url",
  "notify_url",
  "m_payment_id",
  "amount",
  "item_name",
] as const;

export type PayFastCheckoutFields = Record<(typeof CHECKOUT_FIELDS)[number], string> & { signature: string };

/** What the browser posts to PayFast: the form's action and its hidden fields. */
export interface PayFastCheckout {
  action: string;
  fields: PayFastCheckoutFields;
}

export interface PayFastCheckoutInput {
  orderId: number;
  orderNumber: string;
  totalCents: number;
  returnUrl: string;
  cancelUrl: string;
  notifyUrl: string;
}

/** Why an ITN was not accepted; `message` goes to the log (never a secret). */
export class PayFastItnRefused extends Error {
  constructor(message: string, readonly pfPaymentId: string | null = null) {
    super(message);
    this.name = "PayFastItnRefused";
  }
}

/** An ITN whose signature, merchant and source were checked; the order decides the rest. */
export interface PayFastItn {
  pfPaymentId: string;
  /** COMPLETE, CANCELLED, FAILED or PENDING. */
  paymentStatus: string;
  /** m_payment_id: the order's id as the checkout form sent it. */
  orderId: number | null;
  /** item_name: the order's number as the checkout form sent it. */
  orderNumber: string;
  amountCents: number | null;
  /** The parameter string as posted (without the signature): what PayFast's validate endpoint is asked about. */
  paramString: string;
}

export interface PayFastGateway extends PaymentGateway {
  provider: "payfast";
  config: PayFastConfig;
  /** The signed form for an order; amounts come from the caller's order (the server's figures). */
  checkoutForm(input: PayFastCheckoutInput): PayFastCheckout;
  /**
   * Parses an ITN's raw form body and checks signature, merchant id and (when on) the source
   * address. Throws ValidationError for a body that is no ITN at all, PayFastItnRefused for one
   * that fails a check.
   */
  verifyItn(rawBody: string, sourceIp: string): Promise<PayFastItn>;
  /**
   * PayFast's own word on the ITN: true when `{base}/eng/query/validate` answers VALID, false when it
   * answers INVALID; throws when there is no verdict (network error, timeout, non-2xx, another body).
   */
  confirmItn(itn: PayFastItn): Promise<boolean>;
  /** The facts finalisation checks, for a COMPLETE (or failed) ITN. */
  itnFacts(itn: PayFastItn): PaymentIntentFacts;
}

export interface PayFastDeps {
  fetch?: typeof fetch;
  /** A–records of a host name (Deno.resolveDns by default). */
  resolve?: (host: string) => Promise<string[]>;
}

/** "123.40" -> 12340; null for anything that is not a rand amount. */
function amountCents(value: string | undefined): number | null {
  if (!value || !/^-?\d{1,9}(\.\d{1,2})?$/.test(value.trim())) return null;
  const [rand, cents = ""] = value.trim().split(".");
  const sign = rand.startsWith("-") ? -1 : 1;
  return sign * (Math.abs(Number(rand)) * 100 + Number(cents.padEnd(2, "0")));
}

/** Constant-time comparison of two hex digests. */
function sameDigest(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export function isPayFastGateway(gateway: PaymentGateway | null | undefined): gateway is PayFastGateway {
  return gateway?.provider === "payfast";
}

/** The PayFast gateway for this merchant account; null when PayFast is not configured. */
export function payfastGateway(config: PayFastConfig | null, deps: PayFastDeps = {}): PayFastGateway | null {
  if (!config) return null;
  const doFetch = deps.fetch ?? fetch;
  const resolve = deps.resolve ?? ((host: string) => Deno.resolveDns(host, "A"));

  async function fromPayFast(ip: string): Promise<boolean> {
    if (PAYFAST_ITN_RANGES.some((r) => ipInCidr(ip, r))) return true;
    const resolved = await Promise.all(PAYFAST_ITN_HOSTS.map((h) => resolve(h).catch(() => [] as string[])));
    const plain = ip.replace(/^::ffff:/i, "");
    return resolved.flat().includes(plain);
  }

  return {
    provider: "payfast",
    publishableKey: null,
    config,

    checkoutForm(input) {
      const values: Record<(typeof CHECKOUT_FIELDS)[number], string> = {
        merchant_id: config.merchantId,
        merchant_key: config.merchantKey,
        return_url: input.returnUrl,
        cancel_url: input.cancelUrl,
        notify_url: input.notifyUrl,
        m_payment_id: String(input.orderId),
        amount: (input.totalCents / 100).toFixed(2),
        item_name: input.orderNumber,
      };
      // PayFast signs the non-empty fields, trimmed, in this order.
      const pairs = CHECKOUT_FIELDS.map((k) => [k, values[k].trim()] as [string, string]).filter(([, v]) => v !== "");
      return {
        action: `${config.base}/eng/process`,
        fields: { ...values, signature: payfastSignature(paramString(pairs), config.passphrase) },
      };
    },

    async verifyItn(rawBody, sourceIp) {
      const posted = [...new URLSearchParams(rawBody)];
      const get = (k: string) => posted.find(([key]) => key === k)?.[1];
      const signature = get("signature");
      const pfPaymentId = get("pf_payment_id")?.trim() ?? "";
      if (!signature || !pfPaymentId || !get("payment_status")) {
        throw new ValidationError("This is not a PayFast payment notification.");
      }
      if (!/^[A-Za-z0-9_-]{1,60}$/.test(pfPaymentId)) throw new ValidationError("The PayFast payment id is not valid.");
      // Every posted field but the signature, in the order posted (PayFast's own sample stops at it).
      const params = paramString(posted.filter(([k]) => k !== "signature"));
      if (!sameDigest(payfastSignature(params, config.passphrase), signature.trim().toLowerCase())) {
        throw new PayFastItnRefused("the ITN's signature does not match", pfPaymentId);
      }
      if (get("merchant_id") !== config.merchantId) {
        throw new PayFastItnRefused("the ITN is for another merchant id", pfPaymentId);
      }
      if (config.verifySourceIp && !(await fromPayFast(sourceIp))) {
        throw new PayFastItnRefused(`the ITN came from ${sourceIp.slice(0, 60)}, not from PayFast`, pfPaymentId);
      }
      const orderId = Number(get("m_payment_id"));
      return {
        pfPaymentId,
        paymentStatus: (get("payment_status") ?? "").trim().toUpperCase(),
        orderId: Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null,
        orderNumber: get("item_name") ?? "",
        amountCents: amountCents(get("amount_gross")),
        paramString: params,
      };
    },

    async confirmItn(itn) {
      const res = await doFetch(`${config.base}/eng/query/validate`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: itn.paramString,
        signal: AbortSignal.timeout(15_000),
      });
      const text = (await res.text()).trim();
      // Only a definite answer is a verdict. A 5xx, a gateway's error page or an empty body says
      // nothing about the ITN: it throws, the ITN is answered non-2xx and PayFast sends it again,
      // instead of a real payment being refused for good (issue 27).
      if (!res.ok) throw new Error(`PayFast's validate endpoint answered HTTP ${res.status}`);
      if (text === "VALID") return true;
      if (text === "INVALID") return false;
      throw new Error(`PayFast's validate endpoint gave no verdict (${JSON.stringify(text.slice(0, 40))})`);
    },

    itnFacts(itn) {
      const complete = itn.paymentStatus === "COMPLETE";
      return {
        id: itn.pfPaymentId,
        status: complete ? "succeeded" : "requires_payment_method",
        amountCents: itn.amountCents ?? -1,
        currency: "zar",
        metadata: { orderId: String(itn.orderId ?? ""), orderNumber: itn.orderNumber },
        lastError: complete
          ? null
          : itn.paymentStatus === "CANCELLED"
          ? "The PayFast payment was cancelled."
          : "The PayFast payment failed.",
        provider: "payfast",
      };
    },

    // PayFast has no attempt before the customer pays: the hosted page is the attempt, and the
    // ITN is its only word. So there is nothing to create, fetch or cancel from the server.
    createIntent() {
      return Promise.reject(new ValidationError("PayFast payments start from the checkout form."));
    },
    retrieveIntent() {
      return Promise.resolve(null);
    },
    cancelIntent() {
      return Promise.resolve(null);
    },

    refund(input: RefundInput): Promise<RefundFacts> {
      // Recorded, not sent: staff complete it in the PayFast dashboard (PAYFAST_MANUAL_REFUND).
      return Promise.resolve({
        id: `manual-${input.idempotencyKey}`.slice(0, 100),
        status: "manual",
        amountCents: input.amountCents,
      });
    },

    verifyWebhook() {
      return Promise.reject(new ValidationError("PayFast notifications arrive at /api/webhooks/payfast."));
    },
  };
}
