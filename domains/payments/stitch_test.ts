import assert from "node:assert/strict";
import type { StitchConfig } from "../../config.ts";
import { startFakeStitch } from "../../tests/fakes/stitch.ts";
import { PaymentRefusedError } from "./types.ts";
import { moneyCents, stitchGateway, StitchSignatureError, svixSignature, WEBHOOK_TOLERANCE_SECONDS } from "./stitch.ts";

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const CLIENT = { clientId: "test-client", clientSecret: "s3cret", webhookSecret: SECRET };

function setup(overrides: Partial<StitchConfig> = {}, tokenLifetime?: number) {
  const fake = startFakeStitch({ ...CLIENT, tokenLifetime });
  let now = Date.now();
  const config: StitchConfig = {
    clientId: CLIENT.clientId,
    clientSecret: CLIENT.clientSecret,
    tokenUrl: fake.tokenUrl,
    apiBase: fake.url,
    webhookSecret: SECRET,
    beneficiary: { name: "Reptile Basics", bankId: "fnb", accountNumber: "62000000001" },
    refunds: "api",
    ...overrides,
  };
  const gateway = stitchGateway(config, { now: () => now })!;
  return { fake, gateway, tick: (ms: number) => (now += ms) };
}

const ORDER = { orderId: 42, orderNumber: "RB-123456789012345", totalCents: 129_950, expireAt: new Date() };

Deno.test("[stitch] money quantities: decimal strings and numbers to cents, anything else refused", () => {
  assert.equal(moneyCents("1299.5"), 129_950);
  assert.equal(moneyCents("1299.50"), 129_950);
  assert.equal(moneyCents(1299.5), 129_950);
  assert.equal(moneyCents("12"), 1200);
  assert.equal(moneyCents("1.999"), null);
  assert.equal(moneyCents("-5"), null);
  assert.equal(moneyCents("1e3"), null);
  assert.equal(moneyCents(undefined), null);
});

Deno.test("[stitch] a payment request carries the order's total in ZAR, its references and the beneficiary", async () => {
  const { fake, gateway } = setup();
  try {
    const created = await gateway.createPaymentRequest(ORDER);
    const request = fake.requests.get(created.id)!;
    assert.equal(created.url, request.url);
    assert.deepEqual(request.amount, { quantity: "1299.50", currency: "ZAR" });
    assert.equal(request.payerReference, "456789012345"); // Stitch: at most 12 characters
    assert.equal(request.beneficiaryReference, "RB-123456789012345");
    assert.equal(request.externalReference, "42:RB-123456789012345");
    assert.deepEqual(request.beneficiary, { name: "Reptile Basics", bankId: "fnb", accountNumber: "62000000001" });
    assert.equal(request.expireAt, ORDER.expireAt.toISOString());
  } finally {
    await fake.close();
  }
});

Deno.test("[stitch] the client token is kept until shortly before it expires, then fetched again", async () => {
  const { fake, gateway, tick } = setup({}, 3600);
  try {
    await Promise.all([gateway.createPaymentRequest(ORDER), gateway.createPaymentRequest(ORDER)]);
    await gateway.createPaymentRequest(ORDER);
    assert.equal(fake.calls.token, 1, "one token for concurrent and later calls");
    tick((3600 - 61) * 1000);
    await gateway.createPaymentRequest(ORDER);
    assert.equal(fake.calls.token, 1, "still valid a minute before expiry");
    tick(2000);
    await gateway.createPaymentRequest(ORDER);
    assert.equal(fake.calls.token, 2, "refreshed within the last minute");
  } finally {
    await fake.close();
  }
});

Deno.test("[stitch] wrong client credentials: no token, and the error says so", async () => {
  const { fake, gateway } = setup({ clientSecret: "wrong" });
  try {
    await assert.rejects(gateway.createPaymentRequest(ORDER), /token endpoint answered HTTP 401/);
  } finally {
    await fake.close();
  }
});

Deno.test("[stitch] the request's state is Stitch's word: completed, pending, cancelled, unknown", async () => {
  const { fake, gateway } = setup();
  try {
    const { id } = await gateway.createPaymentRequest(ORDER);
    const pending = await gateway.retrieveIntent(id);
    assert.equal(pending?.status, "requires_action");
    assert.deepEqual(pending?.metadata, { orderId: "42", orderNumber: "RB-123456789012345" });
    fake.complete(id);
    const paid = await gateway.retrieveIntent(id);
    assert.equal(paid?.status, "succeeded");
    assert.equal(paid?.amountCents, 129_950);
    assert.equal(paid?.currency, "zar");
    assert.equal(paid?.provider, "stitch");
    // What was paid, not what was asked, is reported.
    fake.complete(id, { quantity: "1.00" });
    assert.equal((await gateway.retrieveIntent(id))?.amountCents, 100);

    const other = await gateway.createPaymentRequest(ORDER);
    fake.requests.get(other.id)!.state = "Cancelled";
    const cancelled = await gateway.retrieveIntent(other.id);
    assert.equal(cancelled?.status, "canceled");
    assert.match(cancelled?.lastError ?? "", /cancelled at your bank/);

    assert.equal(await gateway.retrieveIntent(btoa("payrequest/unknown")), null);
    assert.equal(await gateway.retrieveIntent("not an id; drop table"), null);
    // Stitch unreachable: no verdict, so it throws (callers retry) instead of answering "unknown".
    fake.failApi({ status: 502, body: "Bad gateway" });
    await assert.rejects(gateway.retrieveIntent(id), /HTTP 502/);
  } finally {
    await fake.close();
  }
});

Deno.test("[stitch] webhooks: Svix signature on the raw body, within five minutes, any of the v1 signatures", () => {
  const gateway = stitchGateway({
    clientId: "c",
    clientSecret: "s",
    tokenUrl: "http://127.0.0.1:9/connect/token",
    apiBase: "http://127.0.0.1:9",
    webhookSecret: SECRET,
    beneficiary: { name: "n", bankId: "fnb", accountNumber: "123456" },
    refunds: "api",
  })!;
  const now = new Date();
  const ts = String(Math.floor(now.getTime() / 1000));
  const body = JSON.stringify({ id: "cGF5cmVxdWVzdC8x", status: { __typename: "PaymentInitiationRequestCompleted" } });
  const sig = (b = body, t = ts, secret = SECRET) => `v1,${svixSignature(secret, "msg_1", t, b)}`;
  const verify = (b: string, h: { id?: string | null; timestamp?: string | null; signature?: string | null }) =>
    gateway.verifyStitchWebhook(b, { id: "msg_1", timestamp: ts, signature: sig(), ...h }, now);

  assert.deepEqual(verify(body, {}), { messageId: "msg_1", paymentRequestId: "cGF5cmVxdWVzdC8x" });
  // A rotated secret: the old and the new signature side by side.
  assert.ok(verify(body, { signature: `v1,${btoa("x".repeat(32))} ${sig()}` }));
  // The GraphQL subscription shape names the request too.
  const nested = JSON.stringify({ data: { client: { paymentInitiationRequests: { node: { id: "cGF5cmVxLzI=" } } } } });
  assert.equal(verify(nested, { signature: sig(nested) }).paymentRequestId, "cGF5cmVxLzI=");
  // Another event (a refund update without a payment request id): verified, names no request.
  const other = JSON.stringify({ type: "refund" });
  assert.equal(verify(other, { signature: sig(other) }).paymentRequestId, null);

  const refused = (fn: () => unknown, message: RegExp) =>
    assert.throws(fn, (e: Error) => e instanceof StitchSignatureError && message.test(e.message));
  refused(() => verify(body, { signature: null }), /not signed/);
  refused(() => verify(body, { id: null }), /not signed/);
  refused(() => verify(body.replace("Completed", "Cancelled"), {}), /does not match/);
  refused(() => verify(body, { signature: sig(body, ts, "whsec_" + btoa("another secret of the shop")) }), /match/);
  refused(() => verify(body, { signature: sig().replace("v1,", "v2,") }), /does not match/);
  refused(() => verify(body, { id: "msg_2" }), /does not match/);
  const old = String(Number(ts) - WEBHOOK_TOLERANCE_SECONDS - 1);
  refused(() => verify(body, { timestamp: old, signature: sig(body, old) }), /too old/);
  refused(() => verify(body, { timestamp: "soon" }), /not valid/);
  // Signed but not JSON: a 400, not a signature error.
  assert.throws(() => verify("not json", { signature: sig("not json") }), /not JSON/);
});

Deno.test("[stitch] refunds go through clientRefundInitiate, once per nonce; a refusal is Stitch's words", async () => {
  const { fake, gateway } = setup();
  try {
    const { id } = await gateway.createPaymentRequest(ORDER);
    await assert.rejects(
      gateway.refund({ intentId: id, amountCents: 100, idempotencyKey: "k1" }),
      (e: Error) => e instanceof PaymentRefusedError && /was not completed/.test(e.message),
    );
    fake.complete(id);
    const input = { intentId: id, amountCents: 50_000, idempotencyKey: "refund-1", metadata: { orderNumber: "RB-1" } };
    const first = await gateway.refund(input);
    assert.equal(first.status, "pending");
    assert.equal(first.amountCents, 50_000);
    assert.deepEqual(await gateway.refund(input), first, "the same nonce answers the same refund");
    assert.equal(fake.refunds.length, 1);
    assert.equal(fake.refunds[0].quantity, "500.00");
    await assert.rejects(
      gateway.refund({ ...input, idempotencyKey: "refund-2", amountCents: 100_000 }),
      (e: Error) => e instanceof PaymentRefusedError && /exceeds/.test(e.message),
    );
    fake.refuseRefunds("Refunds are not enabled for this client");
    await assert.rejects(
      gateway.refund({ ...input, idempotencyKey: "refund-3" }),
      (e: Error) => e instanceof PaymentRefusedError && /not enabled/.test(e.message),
    );
  } finally {
    await fake.close();
  }
});

Deno.test("[stitch] STITCH_REFUNDS=manual records the refund for staff and calls nobody", async () => {
  const { fake, gateway } = setup({ refunds: "manual" });
  try {
    const facts = await gateway.refund({ intentId: "cGF5", amountCents: 100, idempotencyKey: "refund-x" });
    assert.equal(facts.status, "manual");
    assert.equal(fake.calls.graphql.length, 0);
  } finally {
    await fake.close();
  }
});
