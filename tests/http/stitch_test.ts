/**
 * Stitch pay-by-bank through the app: POST /api/stitch/payment, the Svix-signed webhook at
 * POST /api/webhooks/stitch, the return page, refunds from the admin and for payments the shop
 * cannot keep, all against the fake Stitch (tests/fakes/stitch.ts). The card gateway beside it is
 * the offline test provider.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { TEST_ORIGIN, testApp, testConfig } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import {
  customerWithOrder,
  customerWithOrderOn,
  oneOwedRefundOfExtra,
  orderEmails,
  orderRow,
  paidByCard,
} from "../helpers/orders.ts";
import { manualRefundByAdmin, signedInAs } from "../helpers/staff.ts";
import { startFakeStitch } from "../fakes/stitch.ts";
import type { Db } from "../../db/client.ts";
import { loyaltyLedger, orderRefunds, owedRefunds, paymentEvents, taxInvoices } from "../../db/schema/mod.ts";
import { cancelOrder } from "../../domains/orders/mod.ts";
import { PAYMENT_NOT_CONFIGURED, STITCH_MANUAL_REFUND, stitchGateway } from "../../domains/payments/mod.ts";
import { STITCH_UNAVAILABLE } from "../../routes/api/stitch.ts";
import { sweepUnpaidOrders } from "../../flows/cancel_order.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();
const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const CLIENT = { clientId: "test-client-1", clientSecret: "s3cret-client", webhookSecret: SECRET };
const fake = startFakeStitch(CLIENT);
const env = fake.shopEnv;

type Webhook = { body: string; headers: Record<string, string> };

async function setUp(db: Db, database: Parameters<typeof testApp>[0], extraEnv: Record<string, string> = {}) {
  const { app, client, me, order, provider } = await customerWithOrderOn(db, database, { ...env, ...extraEnv });
  const deliver = (w: Webhook) =>
    provider.request("/api/webhooks/stitch", { method: "POST", headers: w.headers, body: w.body });
  /** Starts a Stitch payment of the order as the customer; the request's id and URL. */
  const start = async (orderId = order.id) => {
    const res = await client.postJson("/api/stitch/payment", { orderId });
    assert.equal(res.status, 200, await res.clone().text());
    const { url } = await res.json();
    const id = decodeURIComponent(new URL(url).pathname.split("/").pop()!);
    return { id, url: url as string };
  };
  /** Starts a payment that Stitch then completes (for `paid`'s amount or currency, if given); its id. */
  const completed = async (paid?: { quantity?: string; currency?: string }) => {
    const { id } = await start();
    fake.complete(id, paid);
    return id;
  };
  /** What the shop made of webhook `w`, or of Stitch's signed webhook for the request with this id. */
  const outcome = async (w: string | Webhook) =>
    (await (await deliver(typeof w === "string" ? fake.webhook(w) : w)).json()).result;
  /** The order is not paid, and no payment is recorded against it. */
  const nothingPaid = async () => {
    assert.equal((await orderRow(db, order.id)).paidAt, null);
    assert.equal((await db.select().from(paymentEvents)).length, 0);
  };
  return { app, client, me, order, deliver, start, completed, outcome, nothingPaid };
}

test(
  "[stitch] POST /api/stitch/payment: Stitch's URL with the return address, for the order's total in ZAR",
  async (db, database) => {
    const { client, order, start } = await setUp(db, database);
    const { id, url } = await start();
    const request = fake.requests.get(id)!;
    assert.ok(url.startsWith(request.url), "Stitch's own URL");
    assert.equal(
      new URL(url).searchParams.get("redirect_uri"),
      `${TEST_ORIGIN}/checkout?order=${order.id}&confirmed=1&provider=stitch`,
    );
    assert.deepEqual(request.amount, { quantity: "995.00", currency: "ZAR" });
    assert.equal(request.beneficiaryReference, order.orderNumber);
    assert.equal(request.payerReference, order.orderNumber.slice(-12));
    assert.equal(request.externalReference, `${order.id}:${order.orderNumber}`);
    assert.deepEqual(request.beneficiary, { name: "Reptile Basics", bankId: "fnb", accountNumber: "62000000001" });
    const expireAt = new Date(request.expireAt!).getTime();
    assert.ok(expireAt > Date.now() + 4 * 60_000 && expireAt <= Date.now() + 31 * 60_000, "expires with the order");
    assert.equal((await orderRow(db, order.id)).stitchPaymentRequestId, id);
    assert.equal((await orderRow(db, order.id)).paidAt, null, "starting pays nothing");
    // The amount is the server's: a client cannot send its own (the body is strict).
    const cheap = await client.postJson("/api/stitch/payment", { orderId: order.id, amount: 1 });
    assert.equal(cheap.status, 400);
  },
);

test(
  "[stitch] start: another's order 404, paid 409, cancelled 409, Stitch off 409, CSRF 403, bad input 400, visitor 401",
  async (db, database) => {
    const { app, client, order, completed, deliver } = await setUp(db, database);
    const other = testClient(app);
    await customerWithOrder(db, other, "other");
    assert.equal((await other.postJson("/api/stitch/payment", { orderId: order.id })).status, 404);
    assert.equal((await client.postJson("/api/stitch/payment", { orderId: 999_999 })).status, 404, "no such order");
    assert.equal((await testClient(app).postJson("/api/stitch/payment", { orderId: order.id })).status, 401);

    const evil = testClient(app, { origin: "https://evil.example" });
    for (const [k, v] of client.cookies) evil.cookies.set(k, v);
    assert.equal((await evil.postJson("/api/stitch/payment", { orderId: order.id })).status, 403);

    for (const body of [{}, { orderId: "1; drop table" }, { orderId: -1 }, [], "x"]) {
      const res = await client.postJson("/api/stitch/payment", body);
      assert.equal(res.status, 400, JSON.stringify(body));
    }
    const huge = await client.request("/api/stitch/payment", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ orderId: order.id, pad: "x".repeat(20_000) }),
    });
    assert.ok(huge.status === 400 || huge.status === 413, `oversized body: ${huge.status}`);

    const id = await completed();
    assert.equal((await deliver(fake.webhook(id))).status, 200);
    const paid = await client.postJson("/api/stitch/payment", { orderId: order.id });
    assert.equal(paid.status, 409);
    assert.equal((await paid.json()).error, "This order has already been paid.");

    const { order: second } = await customerWithOrder(db, other, "other2");
    await cancelOrder(db, second.id, "test");
    const cancelled = await other.postJson("/api/stitch/payment", { orderId: second.id });
    assert.equal(cancelled.status, 409);
    assert.match((await cancelled.json()).error, /cancelled/);

    // Stitch not configured: the spec's configuration message, 409 (no 5xx for any input).
    const off = testClient(testApp(database));
    const { order: third } = await customerWithOrder(db, off, "third");
    const res = await off.postJson("/api/stitch/payment", { orderId: third.id });
    assert.equal(res.status, 409);
    assert.equal((await res.json()).error, PAYMENT_NOT_CONFIGURED);
  },
);

test("[stitch] Stitch unreachable when starting: 503 with a clear message, nothing stored", async (db, database) => {
  const { client, order } = await setUp(db, database);
  fake.failApi({ status: 502, body: "Bad gateway" });
  try {
    const res = await client.postJson("/api/stitch/payment", { orderId: order.id });
    assert.equal(res.status, 503);
    assert.equal((await res.json()).error, STITCH_UNAVAILABLE);
  } finally {
    fake.failApi(null);
  }
  assert.equal((await orderRow(db, order.id)).stitchPaymentRequestId, null);
});

test(
  "[stitch] a verified webhook pays the order on Stitch's word, once: e-mail naming the method, tax invoice, points",
  async (db, database) => {
    const { order, me, start, deliver } = await setUp(db, database);
    const { id } = await start();
    // The body claims a completed payment, but Stitch says the request is still pending: nothing happens.
    const early = await deliver(fake.webhook(id));
    assert.equal(early.status, 200);
    assert.equal((await early.json()).result, "pending");
    assert.equal((await orderRow(db, order.id)).paidAt, null);

    fake.complete(id);
    const res = await deliver(fake.webhook(id));
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { received: true, result: "paid" });
    const row = await orderRow(db, order.id);
    assert.equal(row.status, "processing");
    assert.ok(row.paidAt);
    assert.equal(row.paymentMethod, "stitch");
    assert.equal(row.paymentId, id);
    const emails = await orderEmails(db, order.id);
    assert.equal(emails.length, 1);
    assert.match(emails[0].textBody, /Paid with: Instant EFT \(Stitch pay-by-bank\)/);
    assert.equal((await db.select().from(taxInvoices).where(eq(taxInvoices.orderId, order.id))).length, 1);
    assert.equal((await db.select().from(loyaltyLedger).where(eq(loyaltyLedger.userId, me.id))).length, 1);

    // Svix delivers it again (a new message id, or the same): handled once.
    for (const again of [fake.webhook(id), fake.webhook(id, { messageId: "msg_same" })]) {
      const dup = await deliver(again);
      assert.equal(dup.status, 200);
      assert.equal((await dup.json()).result, "duplicate");
    }
    assert.equal((await orderEmails(db, order.id)).length, 1);
    assert.equal((await db.select().from(paymentEvents)).length, 1);
  },
);

test(
  "[stitch] hostile webhooks: unsigned, forged, tampered, stale, oversized or not JSON get 4xx and change nothing",
  async (db, database) => {
    const { completed, deliver, outcome, nothingPaid } = await setUp(db, database);
    const id = await completed();
    const good = fake.webhook(id);
    const { "svix-signature": _, ...unsigned } = good.headers;
    const stale = fake.webhook(id, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    const cases: [string, { body: string; headers: Record<string, string> }][] = [
      ["unsigned", { body: good.body, headers: unsigned }],
      ["signed with another secret", fake.webhook(id, { signWith: "whsec_" + btoa("not the shop's secret at all") })],
      ["tampered body", { body: good.body.replace("Completed", "Completed "), headers: good.headers }],
      ["another message's signature", { body: good.body, headers: { ...good.headers, "svix-id": "msg_other" } }],
      ["a replay ten minutes later", stale],
      ["signed, not JSON", fake.webhook(id, { body: "not json" })],
    ];
    for (const [name, w] of cases) {
      const res = await deliver(w);
      assert.equal(res.status, 400, `${name}: ${res.status}`);
      assert.match(res.headers.get("content-type") ?? "", /application\/json/);
    }
    const big = fake.webhook(id, { body: JSON.stringify({ id, pad: "x".repeat(70_000) }) });
    const tooBig = await deliver(big);
    assert.ok(tooBig.status === 400 || tooBig.status === 413, `oversized: ${tooBig.status}`);
    await nothingPaid();
    // The genuine one still pays.
    assert.equal(await outcome(good), "paid");
  },
);

test(
  "[stitch] signed webhooks that must not pay: unknown request, another amount or currency, another shop's order",
  async (db, database) => {
    const { order, start, completed, deliver, client, outcome, nothingPaid } = await setUp(db, database);
    const unknown = await deliver(fake.webhook(btoa("payrequest/not-ours")));
    assert.equal(unknown.status, 200);
    assert.equal((await unknown.json()).result, "refused");
    const noId = await deliver(fake.webhook("x", { body: JSON.stringify({ type: "refund" }) }));
    assert.equal((await noId.json()).result, "ignored");

    const short = await completed({ quantity: "1.00" });
    assert.equal(await outcome(short), "refused");
    const dollars = await completed({ currency: "USD" });
    assert.equal(await outcome(dollars), "refused");
    // A request whose externalReference names this order's id with another number (another database).
    const { id: foreign } = await start();
    fake.requests.get(foreign)!.externalReference = `${order.id}:RB-000000000000001`;
    fake.complete(foreign);
    assert.equal(await outcome(foreign), "refused");

    await nothingPaid();
    assert.equal((await orderRow(db, order.id)).status, "pending");
    assert.equal((await db.select().from(owedRefunds)).length, 0);
    // The customer can still pay it properly.
    const id = await completed();
    assert.equal(await outcome(id), "paid");
    assert.equal((await client.postJson("/api/stitch/payment", { orderId: order.id })).status, 409);
  },
);

test(
  "[stitch] a cancelled request records the failure and keeps the order open for another try",
  async (db, database) => {
    const { order, start, outcome } = await setUp(db, database);
    const { id } = await start();
    fake.requests.get(id)!.state = "Cancelled";
    assert.equal(await outcome(id), "failure-recorded");
    const row = await orderRow(db, order.id);
    assert.equal(row.status, "pending");
    assert.equal(row.paidAt, null);
    assert.match(row.paymentError ?? "", /cancelled at your bank/);
  },
);

test(
  "[stitch] Stitch unreachable while a webhook is handled: 503 (Svix retries), then the retry pays",
  async (db, database) => {
    const { completed, deliver, outcome, nothingPaid } = await setUp(db, database);
    const w = fake.webhook(await completed());
    fake.failApi({ status: 503, body: "down" });
    try {
      assert.equal((await deliver(w)).status, 503);
    } finally {
      fake.failApi(null);
    }
    await nothingPaid();
    assert.equal(await outcome(w), "paid");
  },
);

test(
  "[stitch] the return page asks Stitch: a forged 'complete' pays nothing, Stitch's completed state pays",
  async (db, database) => {
    const { client, order, start, completed } = await setUp(db, database);
    const { id } = await start();
    const back = (status: string, reqId = id) =>
      `/checkout?order=${order.id}&confirmed=1&provider=stitch&id=${encodeURIComponent(reqId)}&status=${status}`;
    // The query says complete, Stitch says pending: the page waits (and asks again), nothing is paid.
    const waiting = await client.get(back("complete"));
    assert.equal(waiting.status, 200);
    assert.match(await waiting.text(), /We are confirming your payment/);
    assert.match(waiting.headers.get("refresh") ?? "", /provider=stitch&id=.*status=complete&wait=1/);
    assert.equal((await orderRow(db, order.id)).paidAt, null);

    // Another order's completed request named in the query pays nothing here.
    const other = testClient(testApp(database, env));
    const { order: theirOrder } = await customerWithOrder(db, other, "someone");
    const theirs = await other.postJson("/api/stitch/payment", { orderId: theirOrder.id });
    const theirId = decodeURIComponent(new URL((await theirs.json()).url).pathname.split("/").pop()!);
    fake.complete(theirId);
    const wrong = await client.get(back("complete", theirId));
    assert.equal(wrong.status, 303);
    assert.equal((await orderRow(db, order.id)).paidAt, null);

    // Closed at the bank: back to the payment step with the failure.
    fake.requests.get(id)!.state = "Cancelled";
    const closed = await client.get(back("closed"));
    assert.equal(closed.status, 303);
    assert.equal(closed.headers.get("location"), `/checkout?order=${order.id}`);
    assert.equal((await orderRow(db, order.id)).status, "pending");

    // Paid at the bank (the webhook has not come): the return itself asks Stitch and confirms.
    const paidId = await completed();
    const done = await client.get(back("complete", paidId));
    assert.equal(done.status, 200);
    assert.match(await done.text(), /data-order-confirmed/);
    const row = await orderRow(db, order.id);
    assert.ok(row.paidAt);
    assert.equal(row.paymentMethod, "stitch");
    assert.equal((await orderEmails(db, order.id)).length, 1);
  },
);

test(
  "[stitch] the payment step offers Stitch (a form, no JavaScript needed) and the footer Instant EFT, only when configured",
  async (db, database) => {
    const { client, order } = await setUp(db, database);
    const page = await (await client.get(`/checkout?order=${order.id}`)).text();
    assert.match(page, /data-payment-method="stitch"/);
    assert.match(page, /data-payment-method="card"/);
    assert.match(page, /<form data-stitch-form="true" action="\/checkout\/stitch" method="post">/);
    assert.match(page, /aria-label="Instant EFT with Stitch"/);
    for (const path of ["/faqs", "/terms"]) {
      assert.match(await (await client.get(path)).text(), /pay by Instant EFT with Stitch/, `${path} names Stitch`);
    }
    const noJs = await client.postForm("/checkout/stitch", { orderId: String(order.id) });
    assert.equal(noJs.status, 303);
    const to = new URL(noJs.headers.get("location")!);
    assert.equal(to.origin, fake.url);
    assert.ok(to.searchParams.get("redirect_uri")?.endsWith(`provider=stitch`));
    // The page's form-action allows Stitch's host (the redirect after the form post).
    assert.match(
      (await client.get(`/checkout?order=${order.id}`)).headers.get("content-security-policy") ?? "",
      new RegExp(`form-action[^;]*${fake.url}`),
    );
    // Someone else's order through the form: back to checkout, nothing started.
    const count = fake.requests.size;
    const stranger = testClient(testApp(database, env));
    await customerWithOrder(db, stranger, "stranger");
    const res = await stranger.postForm("/checkout/stitch", { orderId: String(order.id) });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get("location"), "/checkout");
    assert.equal(fake.requests.size, count);

    const plain = testClient(testApp(database));
    const { order: mine } = await customerWithOrder(db, plain, "nostitch");
    const without = await (await plain.get(`/checkout?order=${mine.id}`)).text();
    assert.match(without, /data-payment-step/);
    assert.doesNotMatch(without, /Stitch/);
    assert.doesNotMatch(await (await plain.get("/")).text(), /Instant EFT with Stitch/);
    assert.doesNotMatch(await (await plain.get("/faqs")).text(), /Instant EFT/, "no method checkout does not offer");
  },
);

test(
  "[stitch] staff refunds go through Stitch's refund API; Stitch's refusal is shown and nothing recorded",
  async (db, database) => {
    const { app, order, completed, deliver } = await setUp(db, database);
    const id = await completed();
    await deliver(fake.webhook(id));
    const admin = await signedInAs(db, database, "admin", app);
    const res = await admin.postJson(`/api/admin/orders/${order.id}/refund`, { amount: 100, reason: "Broken lamp" });
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal((await res.json()).notice, undefined, "sent through Stitch: nothing left for staff");
    const [refund] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    assert.equal(refund.provider, "stitch");
    assert.equal(refund.status, "pending");
    const sent = fake.refunds.filter((r) => r.paymentRequestId === id);
    assert.equal(sent.length, 1);
    assert.equal(sent[0].quantity, "100.00");
    assert.equal(refund.providerRefundId, sent[0].id);

    fake.refuseRefunds("Refunds are not enabled for this client");
    try {
      const refused = await admin.postJson(`/api/admin/orders/${order.id}/refund`, { amount: 50, reason: "Again" });
      assert.equal(refused.status, 409);
      assert.match((await refused.json()).error, /Refunds are not enabled/);
    } finally {
      fake.refuseRefunds(null);
    }
    assert.equal((await orderRow(db, order.id)).refundedAmount, "100.00");
  },
);

test(
  "[stitch] STITCH_REFUNDS=manual: a staff refund is recorded as manual and staff are told what to do",
  async (db, database) => {
    const { app, order, completed, deliver } = await setUp(db, database, { STITCH_REFUNDS: "manual" });
    const id = await completed();
    await deliver(fake.webhook(id));
    const before = fake.refunds.length;
    const { res, page } = await manualRefundByAdmin(db, database, app, order.id);
    assert.match((await res.json()).notice, /recorded\. Stitch refunds are not switched on/);
    assert.equal(fake.refunds.length, before, "nothing sent to Stitch");
    assert.ok(page.includes("Stitch refunds are not switched on"), "the admin order page says so");
    assert.ok(STITCH_MANUAL_REFUND.includes("STITCH_REFUNDS=manual"));
  },
);

test(
  "[stitch] a payment for an order cancelled meanwhile is given back through Stitch, never kept",
  async (db, database) => {
    const { order, start, deliver } = await setUp(db, database);
    const { id } = await start();
    await cancelOrder(db, order.id, "Not paid within 30 minutes");
    fake.complete(id);
    assert.equal((await deliver(fake.webhook(id))).status, 200);
    const row = await orderRow(db, order.id);
    assert.equal(row.status, "cancelled", "a cancelled order is not revived");
    const owed = await db.select().from(owedRefunds);
    assert.equal(owed.length, 1);
    assert.equal(owed[0].provider, "stitch");
    assert.equal(owed[0].kind, "late");
    assert.equal(owed[0].status, "refunded");
    const sent = fake.refunds.filter((r) => r.paymentRequestId === id);
    assert.equal(sent.length, 1);
    assert.equal(sent[0].quantity, "995.00");
    assert.equal(row.refundedAmount, "995.00");
  },
);

test(
  "[stitch] the sweeper asks Stitch before cancelling: a completed payment whose webhook never came pays the order",
  async (db, database) => {
    const { app, order, completed } = await setUp(db, database);
    await completed();
    // Another customer's order whose request is still pending at Stitch: cancelled as any unpaid order.
    const other = testClient(app);
    const { order: waiting } = await customerWithOrder(db, other, "waiting");
    assert.equal((await other.postJson("/api/stitch/payment", { orderId: waiting.id })).status, 200);
    const stitch = stitchGateway(testConfig(env).stitch)!;
    const later = new Date(Date.now() + 31 * 60_000);
    const report = await sweepUnpaidOrders(db, null, {
      shop: testConfig().shop,
      siteUrl: TEST_ORIGIN,
      stitch,
      now: later,
    });
    assert.equal(report.paid, 1);
    assert.equal(report.cancelled, 1);
    const row = await orderRow(db, order.id);
    assert.equal(row.status, "processing");
    assert.equal(row.paymentMethod, "stitch");
    assert.equal((await orderEmails(db, order.id)).length, 1);
    assert.equal((await orderRow(db, waiting.id)).status, "cancelled");
  },
);

/** An order paid through Stitch, and a second completed request for it (its signed webhook). */
async function paidTwice(db: Db, database: Parameters<typeof testApp>[0]) {
  const s = await setUp(db, database);
  const first = await s.start();
  const second = await s.start();
  fake.complete(first.id);
  assert.equal(await s.outcome(first.id), "paid");
  fake.complete(second.id);
  return { ...s, first: first.id, second: second.id };
}

async function oneStitchRefundOfExtra(db: Db, orderId: number, own: string, extra: string) {
  await oneOwedRefundOfExtra(db, { orderId, provider: "stitch", status: "refunded", own, extra });
  const sent = fake.refunds.filter((r) => r.paymentRequestId === extra);
  assert.equal(sent.length, 1, "one refund at Stitch");
  assert.equal(sent[0].reason, "duplicate");
}

test("[stitch] a second Stitch payment for a paid order is refunded through Stitch, once", async (db, database) => {
  const { order, outcome, first, second } = await paidTwice(db, database);
  assert.equal(await outcome(second), "extra-payment");
  await oneStitchRefundOfExtra(db, order.id, first, second);
  assert.equal(await outcome(second), "duplicate");
  await oneStitchRefundOfExtra(db, order.id, first, second);
});

test("[stitch] a Stitch payment for an order paid by card is refunded through Stitch", async (db, database) => {
  const { order, start, outcome } = await setUp(db, database);
  const { id } = await start();
  const card = await paidByCard(db, order);
  fake.complete(id);
  assert.equal(await outcome(id), "extra-payment");
  await oneStitchRefundOfExtra(db, order.id, card.id, id);
});

// Copies of one webhook arriving together all pass the "seen" check; the finalisation's lock on the
// order's row (with its paid check) is what lets exactly one of them pay it.
raceTest("[stitch] concurrent duplicate webhook deliveries pay the order once", async (db, database) => {
  const { order, me, completed, deliver } = await setUp(db, database);
  const id = await completed();
  const copies = Array.from({ length: 4 }, () => fake.webhook(id));
  const answers = await Promise.all(copies.map(deliver));
  assert.deepEqual(answers.map((r) => r.status), [200, 200, 200, 200]);
  const results = await Promise.all(answers.map(async (r) => (await r.json()).result));
  assert.equal(results.filter((r) => r === "paid").length, 1, JSON.stringify(results));
  const row = await orderRow(db, order.id);
  assert.equal(row.status, "processing");
  assert.equal(row.notes, null);
  assert.equal((await orderEmails(db, order.id)).length, 1);
  assert.equal((await db.select().from(taxInvoices).where(eq(taxInvoices.orderId, order.id))).length, 1);
  assert.equal((await db.select().from(loyaltyLedger).where(eq(loyaltyLedger.userId, me.id))).length, 1);
  assert.equal((await db.select().from(paymentEvents)).length, 1);
});

raceTest("[stitch] copies of a second Stitch payment arriving together make one refund", async (db, database) => {
  const { order, deliver, first, second } = await paidTwice(db, database);
  const answers = await Promise.all(Array.from({ length: 4 }, () => deliver(fake.webhook(second))));
  assert.deepEqual(answers.map((r) => r.status), [200, 200, 200, 200]);
  await oneStitchRefundOfExtra(db, order.id, first, second);
});

test("[stitch] /api/openapi.json describes the payment route and the webhook", async (_db, database) => {
  const doc = await (await testApp(database, env).request("/api/openapi.json")).json();
  const pay = doc.paths["/api/stitch/payment"].post;
  assert.equal(pay["x-auth"], "customer");
  assert.deepEqual(Object.keys(pay.requestBody.content["application/json"].schema.properties), ["orderId"]);
  assert.ok(pay.responses["200"].content["application/json"].schema.properties.url);
  const hook = doc.paths["/api/webhooks/stitch"].post;
  assert.equal(hook["x-auth"], "public");
  assert.match(hook.summary, /Svix-signed/);
});

closeDatabase();
Deno.test({ name: "(stop the fake Stitch)", fn: () => fake.close(), sanitizeOps: false, sanitizeResources: false });
