/**
 * A fake PayFast for tests: an HTTP server on 127.0.0.1 and a free port (config PAYFAST_BASE =
 * fake.url) speaking PayFast's wire format:
 *
 *   POST /eng/process          the hosted payment page: checks the form's signature (400 page when
 *                              it does not match) and shows the order with Pay and Cancel buttons
 *   POST /eng/process/pay      as PayFast: sends the ITN (form-encoded, signed with the passphrase)
 *                              to notify_url, then redirects the browser to return_url
 *   POST /eng/process/cancel   redirects the browser to cancel_url (no ITN, as PayFast for a cancel)
 *   POST /eng/query/validate   VALID for the parameter string of an ITN this fake sent (or a test
 *                              registered with `itn(..., { register: true })`), INVALID otherwise;
 *                              `failValidation()` makes it answer an outage instead (a 5xx, a body
 *                              that is no verdict) until it is called again with null
 *
 * `itn()` builds a signed ITN body for HTTP tests that post it to the app themselves.
 */
import { CHECKOUT_FIELDS, paramString, payfastSignature } from "../../domains/payments/payfast.ts";
import { hostedPaymentPage } from "../helpers/hosted_page.ts";

export interface FakePayFast {
  url: string;
  /** The shop's environment that points it at this fake, as this merchant. */
  shopEnv: Record<string, string>;
  /** The ITNs this fake sent to a notify_url, and the shop's answer status. */
  sent: { body: string; status: number }[];
  /** How often the validate endpoint was asked, and what it answered. */
  validations: { body: string; answer: "VALID" | "INVALID" }[];
  /**
   * A signed ITN body (fields in PayFast's order; `overrides` replace or add fields, `signWith`
   * signs with another passphrase). `register` makes the validate endpoint answer VALID for it.
   */
  itn(
    fields: { orderId: number | string; orderNumber: string; amount: string; pfPaymentId?: string },
    opts?: { overrides?: Record<string, string>; register?: boolean; signWith?: string },
  ): string;
  /** From now on the validate endpoint answers this (PayFast down, a proxy's error page); null: the verdict again. */
  failValidation(answer: { status: number; body: string } | null): void;
  close(): Promise<void>;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/**
 * `merchantKey` is the shop's half of the credentials (PayFast's sandbox merchant's key unless given):
 * the fake does not check it, the shop sends it in the form.
 */
export function startFakePayFast(
  opts: { merchantId: string; passphrase?: string; merchantKey?: string },
): FakePayFast {
  const valid = new Set<string>();
  const sent: FakePayFast["sent"] = [];
  const validations: FakePayFast["validations"] = [];
  /** Checkout sessions by token: the fields the shop posted. */
  const sessions = new Map<string, Record<string, string>>();
  let outage: { status: number; body: string } | null = null;
  let nextPaymentId = 1_000_000 + Math.floor(Math.random() * 1_000_000);

  function itnPairs(
    f: { orderId: number | string; orderNumber: string; amount: string; pfPaymentId?: string },
    overrides: Record<string, string> = {},
  ): [string, string][] {
    const gross = Number(f.amount);
    const fee = Math.round(gross * 3.5) / 100;
    const base: [string, string][] = [
      ["m_payment_id", String(f.orderId)],
      ["pf_payment_id", f.pfPaymentId ?? String(nextPaymentId++)],
      ["payment_status", "COMPLETE"],
      ["item_name", f.orderNumber],
      ["item_description", ""],
      ["amount_gross", f.amount],
      ["amount_fee", (-fee).toFixed(2)],
      ["amount_net", (gross - fee).toFixed(2)],
      ["custom_str1", ""],
      ["custom_int1", ""],
      ["name_first", "Test"],
      ["name_last", "Buyer"],
      ["email_address", "buyer@example.com"],
      ["merchant_id", opts.merchantId],
    ];
    const pairs = base.map(([k, v]) => [k, overrides[k] ?? v] as [string, string]);
    for (const [k, v] of Object.entries(overrides)) if (!pairs.some(([key]) => key === k)) pairs.push([k, v]);
    return pairs.filter(([k]) => k !== "signature");
  }

  function itn(
    f: { orderId: number | string; orderNumber: string; amount: string; pfPaymentId?: string },
    o: { overrides?: Record<string, string>; register?: boolean; signWith?: string } = {},
  ): string {
    const pairs = itnPairs(f, o.overrides);
    const params = paramString(pairs);
    if (o.register) valid.add(params);
    const signature = o.overrides?.signature ?? payfastSignature(params, o.signWith ?? opts.passphrase);
    return `${params}&signature=${signature}`;
  }

  const page = (title: string, body: string, status = 200) =>
    hostedPaymentPage({ background: "#f4f6f8", heading: "#022d2d", pay: "#00a2e8" }, title, body, status);

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    // The browser asks for a favicon on the hosted page: nothing to show, and no error either.
    if (req.method === "GET" && url.pathname === "/favicon.ico") return new Response(null, { status: 204 });
    if (req.method !== "POST") return new Response("Not found", { status: 404 });
    const body = await req.text();
    const form = Object.fromEntries(new URLSearchParams(body));

    if (url.pathname === "/eng/process") {
      const pairs = CHECKOUT_FIELDS.filter((k) => (form[k] ?? "").trim() !== "")
        .map((k) => [k, form[k].trim()] as [string, string]);
      const expected = payfastSignature(paramString(pairs), opts.passphrase);
      if (form.signature !== expected || form.merchant_id !== opts.merchantId) {
        return page(
          "Payment error",
          "<h1>Signature mismatch</h1><p>The payment request was not signed correctly.</p>",
          400,
        );
      }
      const token = crypto.randomUUID();
      sessions.set(token, form);
      return page(
        "PayFast (fake)",
        `<h1>PayFast (test double)</h1><p data-fake-payfast>Pay <strong data-amount>R ${
          escapeHtml(form.amount)
        }</strong> for
        <strong data-item>${escapeHtml(form.item_name)}</strong></p>
        <form method="post" action="/eng/process/pay"><input type="hidden" name="token" value="${token}">
        <button class="pay" type="submit">Pay now</button></form>
        <form method="post" action="/eng/process/cancel"><input type="hidden" name="token" value="${token}">
        <button class="cancel" type="submit">Cancel payment</button></form>`,
      );
    }

    if (url.pathname === "/eng/process/pay" || url.pathname === "/eng/process/cancel") {
      const session = sessions.get(form.token ?? "");
      if (!session) return page("Payment error", "<h1>Unknown payment</h1>", 404);
      sessions.delete(form.token);
      if (url.pathname.endsWith("/cancel")) return Response.redirect(session.cancel_url, 303);
      const itnBody = itn(
        { orderId: session.m_payment_id, orderNumber: session.item_name, amount: session.amount },
        { register: true },
      );
      // As PayFast: the ITN reaches the shop before the buyer is sent back.
      const res = await fetch(session.notify_url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: itnBody,
      });
      await res.body?.cancel();
      sent.push({ body: itnBody, status: res.status });
      return Response.redirect(session.return_url, 303);
    }

    if (url.pathname === "/eng/query/validate") {
      if (outage) return new Response(outage.body, { status: outage.status, headers: { "content-type": "text/html" } });
      const answer = valid.has(body) ? "VALID" : "INVALID";
      validations.push({ body, answer });
      return new Response(answer, { headers: { "content-type": "text/plain" } });
    }
    return new Response("Not found", { status: 404 });
  });

  const url = `http://127.0.0.1:${server.addr.port}`;
  return {
    url,
    shopEnv: {
      PAYFAST_MERCHANT_ID: opts.merchantId,
      PAYFAST_MERCHANT_KEY: opts.merchantKey ?? "46f0cd694581a",
      ...(opts.passphrase ? { PAYFAST_PASSPHRASE: opts.passphrase } : {}),
      PAYFAST_BASE: url,
    },
    sent,
    validations,
    itn,
    failValidation: (answer) => {
      outage = answer;
    },
    close: () => server.shutdown(),
  };
}
