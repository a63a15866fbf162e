/**
 * A fake Stitch for tests: an HTTP server on 127.0.0.1 and a free port (STITCH_TOKEN_URL =
 * `${fake.url}/connect/token`, STITCH_API_BASE = fake.url) speaking Stitch's wire format:
 *
 *   POST /connect/token            OAuth client credentials (form-encoded, client_secret_post):
 *                                  a bearer token for the right id and secret, 401 otherwise
 *   POST /graphql                  with that bearer token (401 without): the three operations the
 *                                  shop uses, told apart by their root field as Stitch's schema
 *                                  names them: clientPaymentInitiationRequestCreate (references
 *                                  and beneficiary checked against Stitch's limits), node(id:) on
 *                                  a PaymentInitiationRequest, clientRefundInitiate (idempotent
 *                                  by nonce, never more than was paid)
 *   GET  /connect/payment-request/{id}?redirect_uri=...   the hosted "bank" page: Pay and Cancel
 *   POST /connect/payment-request/{id}/pay      as Stitch: the request becomes Completed, the
 *                                  `payment` webhook goes (Svix-signed) to the shop's endpoint when
 *                                  one is set, then the browser returns to redirect_uri with
 *                                  id, status=complete and externalReference
 *   POST /connect/payment-request/{id}/cancel   Cancelled, back with status=closed (no payment)
 *
 * `complete()` and `webhook()` let HTTP tests drive it without a browser.
 */
import { svixSignature } from "../../domains/payments/stitch.ts";
import { hostedPaymentPage } from "../helpers/hosted_page.ts";

export interface FakeStitchRequest {
  id: string;
  url: string;
  amount: { quantity: string; currency: string };
  payerReference: string;
  beneficiaryReference: string;
  externalReference: string | null;
  expireAt: string | null;
  beneficiary: { name: string; bankId: string; accountNumber: string };
  state: "Pending" | "Completed" | "Cancelled" | "Expired";
  /** What the payer actually paid, when a test makes it differ from the request's amount. */
  paid?: { quantity: string; currency: string };
}

export interface FakeStitch {
  url: string;
  tokenUrl: string;
  /** The shop's environment that points it at this fake, as this client, paying a test beneficiary. */
  shopEnv: Record<string, string>;
  requests: Map<string, FakeStitchRequest>;
  refunds: { id: string; paymentRequestId: string; quantity: string; nonce: string; reason: string }[];
  /** Token requests served, and GraphQL operations by root field. */
  calls: { token: number; graphql: string[] };
  /** Where `pay` delivers the payment webhook (the shop's /api/webhooks/stitch), or null for none. */
  webhookUrl: string | null;
  /** Deliveries the fake made, with the shop's answer status. */
  delivered: { body: string; status: number }[];
  /** Marks a request Completed (optionally for another amount or currency than requested). */
  complete(id: string, paid?: { quantity?: string; currency?: string }): void;
  /** A signed `payment` webhook about a request: body and Svix headers (`signWith` signs with another secret). */
  webhook(
    id: string,
    opts?: { messageId?: string; timestamp?: number; signWith?: string; body?: string },
  ): { body: string; headers: Record<string, string> };
  /** From now on the GraphQL endpoint answers this outage (a 5xx); null: normal again. */
  failApi(answer: { status: number; body: string } | null): void;
  /** From now on clientRefundInitiate answers this GraphQL error (refunds not enabled); null: normal. */
  refuseRefunds(message: string | null): void;
  close(): Promise<void>;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

const centsOf = (q: string) => Math.round(Number(q) * 100);

export function startFakeStitch(
  opts: { clientId: string; clientSecret: string; webhookSecret: string; tokenLifetime?: number },
): FakeStitch {
  const requests = new Map<string, FakeStitchRequest>();
  const refunds: FakeStitch["refunds"] = [];
  const calls = { token: 0, graphql: [] as string[] };
  const delivered: FakeStitch["delivered"] = [];
  const tokens = new Set<string>();
  let outage: { status: number; body: string } | null = null;
  let refundRefusal: string | null = null;
  let base = "";

  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const gqlError = (message: string) => json({ errors: [{ message }], data: null });

  function paymentNode(r: FakeStitchRequest) {
    const amount = r.paid ?? r.amount;
    const state = r.state === "Completed"
      ? { __typename: "PaymentInitiationRequestCompleted", date: new Date().toISOString(), amount }
      : r.state === "Cancelled"
      ? { __typename: "PaymentInitiationRequestCancelled", date: new Date().toISOString(), reason: "user_cancelled" }
      : r.state === "Expired"
      ? { __typename: "PaymentInitiationRequestExpired", date: new Date().toISOString() }
      : { __typename: "PaymentInitiationRequestPending" };
    return {
      __typename: "PaymentInitiationRequest",
      id: r.id,
      amount: r.amount,
      externalReference: r.externalReference,
      state,
    };
  }

  function webhook(
    id: string,
    o: { messageId?: string; timestamp?: number; signWith?: string; body?: string } = {},
  ) {
    const r = requests.get(id);
    const body = o.body ?? JSON.stringify(r ? { ...paymentNode(r), status: paymentNode(r).state } : { id });
    const messageId = o.messageId ?? `msg_${crypto.randomUUID().replaceAll("-", "")}`;
    const timestamp = String(o.timestamp ?? Math.floor(Date.now() / 1000));
    const signature = svixSignature(o.signWith ?? opts.webhookSecret, messageId, timestamp, body);
    return {
      body,
      headers: {
        "content-type": "application/json",
        "svix-id": messageId,
        "svix-timestamp": timestamp,
        "svix-signature": `v1,${signature}`,
      },
    };
  }

  function createRequest(input: Record<string, unknown>): Response {
    const amount = input.amount as { quantity?: unknown; currency?: unknown } | undefined;
    const bank = (input.beneficiary as { bankAccount?: Record<string, unknown> } | undefined)?.bankAccount;
    const payerReference = String(input.payerReference ?? "");
    const beneficiaryReference = String(input.beneficiaryReference ?? "");
    if (!amount || typeof amount.quantity !== "string" || amount.currency !== "ZAR") {
      return gqlError("amount must be a MoneyInput in ZAR");
    }
    if (!payerReference || payerReference.length > 12) return gqlError("payerReference must be 1-12 characters");
    if (!beneficiaryReference || beneficiaryReference.length > 20) {
      return gqlError("beneficiaryReference must be 1-20 characters");
    }
    if (!bank?.name || String(bank.name).length > 20 || !bank.bankId || !bank.accountNumber) {
      return gqlError("beneficiary.bankAccount needs name (max 20), bankId and accountNumber");
    }
    const id = btoa(`payrequest/${crypto.randomUUID()}`);
    const request: FakeStitchRequest = {
      id,
      url: `${base}/connect/payment-request/${encodeURIComponent(id)}`,
      amount: { quantity: amount.quantity, currency: "ZAR" },
      payerReference,
      beneficiaryReference,
      externalReference: typeof input.externalReference === "string" ? input.externalReference : null,
      expireAt: typeof input.expireAt === "string" ? input.expireAt : null,
      beneficiary: { name: String(bank.name), bankId: String(bank.bankId), accountNumber: String(bank.accountNumber) },
      state: "Pending",
    };
    requests.set(id, request);
    return json({
      data: { clientPaymentInitiationRequestCreate: { paymentInitiationRequest: { id, url: request.url } } },
    });
  }

  function refund(input: Record<string, unknown>): Response {
    if (refundRefusal) return gqlError(refundRefusal);
    const r = requests.get(String(input.paymentRequestId ?? ""));
    const nonce = String(input.nonce ?? "");
    if (!r || r.state !== "Completed") return gqlError("The payment request was not completed");
    if (!nonce) return gqlError("nonce is required");
    const again = refunds.find((x) => x.nonce === nonce);
    const reply = (x: FakeStitch["refunds"][number]) =>
      json({
        data: {
          clientRefundInitiate: {
            refund: {
              id: x.id,
              amount: { quantity: x.quantity, currency: "ZAR" },
              status: { __typename: "RefundPending" },
            },
          },
        },
      });
    if (again) return reply(again);
    const quantity = String((input.amount as { quantity?: unknown } | undefined)?.quantity ?? "");
    const before = refunds.filter((x) => x.paymentRequestId === r.id).reduce((n, x) => n + centsOf(x.quantity), 0);
    if (!(centsOf(quantity) > 0) || before + centsOf(quantity) > centsOf((r.paid ?? r.amount).quantity)) {
      return gqlError("The refund amount exceeds the amount paid");
    }
    const created = {
      id: btoa(`refund/${crypto.randomUUID()}`),
      paymentRequestId: r.id,
      quantity,
      nonce,
      reason: String(input.reason ?? ""),
    };
    refunds.push(created);
    return reply(created);
  }

  const page = (title: string, body: string, status = 200) =>
    hostedPaymentPage({ background: "#eef2f7", heading: "#1e1b4b", pay: "#4338ca" }, title, body, status);

  function back(r: FakeStitchRequest, redirectUri: string, status: string): Response {
    const to = new URL(redirectUri);
    to.searchParams.set("id", r.id);
    to.searchParams.set("status", status);
    if (r.externalReference) to.searchParams.set("externalReference", r.externalReference);
    return Response.redirect(to.toString(), 303);
  }

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    if (req.method === "GET" && url.pathname === "/favicon.ico") return new Response(null, { status: 204 });

    if (req.method === "POST" && url.pathname === "/connect/token") {
      const form = new URLSearchParams(await req.text());
      if (
        form.get("grant_type") !== "client_credentials" || form.get("client_id") !== opts.clientId ||
        form.get("client_secret") !== opts.clientSecret || !form.get("scope")?.includes("client_paymentrequest")
      ) {
        return json({ error: "invalid_client" }, 401);
      }
      calls.token++;
      const value = crypto.randomUUID();
      tokens.add(value);
      return json({
        access_token: value,
        expires_in: opts.tokenLifetime ?? 3600,
        token_type: "Bearer",
        scope: form.get("scope"),
      });
    }

    if (req.method === "POST" && url.pathname === "/graphql") {
      const auth = req.headers.get("authorization") ?? "";
      if (!tokens.has(auth.replace(/^Bearer /, ""))) return json({ errors: [{ message: "Unauthorized" }] }, 401);
      if (outage) return new Response(outage.body, { status: outage.status });
      const { query, variables } = await req.json() as { query: string; variables: Record<string, unknown> };
      const input = (variables?.input ?? {}) as Record<string, unknown>;
      if (query.includes("clientPaymentInitiationRequestCreate")) {
        calls.graphql.push("clientPaymentInitiationRequestCreate");
        return createRequest(input);
      }
      if (query.includes("clientRefundInitiate")) {
        calls.graphql.push("clientRefundInitiate");
        return refund(input);
      }
      if (/node\(id:/.test(query)) {
        calls.graphql.push("node");
        const r = requests.get(String(variables?.id ?? ""));
        return r ? json({ data: { node: paymentNode(r) } }) : gqlError("Node not found");
      }
      return gqlError("Unknown operation");
    }

    const m = /^\/connect\/payment-request\/([^/]+)(\/pay|\/cancel)?$/.exec(url.pathname);
    if (m) {
      const r = requests.get(decodeURIComponent(m[1]));
      if (!r) return page("Payment error", "<h1>Unknown payment request</h1>", 404);
      if (req.method === "GET" && !m[2]) {
        const redirect = url.searchParams.get("redirect_uri") ?? "";
        const hidden = `<input type="hidden" name="redirect_uri" value="${escapeHtml(redirect)}">`;
        return page(
          "Stitch (fake)",
          `<h1>Stitch pay-by-bank (test double)</h1><p data-fake-stitch>Pay <strong data-amount>R ${
            escapeHtml(r.amount.quantity)
          }</strong> to <strong>${escapeHtml(r.beneficiary.name)}</strong>, reference
          <strong data-reference>${escapeHtml(r.beneficiaryReference)}</strong></p>
          <form method="post" action="${escapeHtml(url.pathname)}/pay">${hidden}
          <button class="pay" type="submit">Pay from my bank account</button></form>
          <form method="post" action="${escapeHtml(url.pathname)}/cancel">${hidden}
          <button class="cancel" type="submit">Cancel</button></form>`,
        );
      }
      if (req.method === "POST" && m[2]) {
        const redirect = new URLSearchParams(await req.text()).get("redirect_uri") ?? "";
        if (!/^https?:\/\//.test(redirect)) return page("Payment error", "<h1>No redirect_uri</h1>", 400);
        if (m[2] === "/cancel") {
          r.state = "Cancelled";
          return back(r, redirect, "closed");
        }
        r.state = "Completed";
        if (fake.webhookUrl) {
          // As Stitch (through Svix): the webhook reaches the shop, and the browser is sent back.
          const { body, headers } = webhook(r.id);
          const res = await fetch(fake.webhookUrl, { method: "POST", headers, body });
          await res.body?.cancel();
          delivered.push({ body, status: res.status });
        }
        return back(r, redirect, "complete");
      }
    }
    return new Response("Not found", { status: 404 });
  });
  base = `http://127.0.0.1:${server.addr.port}`;

  const fake: FakeStitch = {
    url: base,
    tokenUrl: `${base}/connect/token`,
    shopEnv: {
      STITCH_CLIENT_ID: opts.clientId,
      STITCH_CLIENT_SECRET: opts.clientSecret,
      STITCH_TOKEN_URL: `${base}/connect/token`,
      STITCH_API_BASE: base,
      STITCH_WEBHOOK_SECRET: opts.webhookSecret,
      STITCH_BENEFICIARY_NAME: "Reptile Basics",
      STITCH_BENEFICIARY_BANK_ID: "fnb",
      STITCH_BENEFICIARY_ACCOUNT_NUMBER: "62000000001",
    },
    requests,
    refunds,
    calls,
    webhookUrl: null,
    delivered,
    complete(id, paid) {
      const r = requests.get(id);
      if (!r) throw new Error(`no such payment request ${id}`);
      r.state = "Completed";
      if (paid) r.paid = { quantity: paid.quantity ?? r.amount.quantity, currency: paid.currency ?? "ZAR" };
    },
    webhook,
    failApi(answer) {
      outage = answer;
    },
    refuseRefunds(message) {
      refundRefusal = message;
    },
    close: () => server.shutdown(),
  };
  return fake;
}
