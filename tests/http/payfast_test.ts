/**
 * PayFast through the app: POST /api/payments/payfast/start (the signed form) and the ITN at
 * POST /api/webhooks/payfast, against the fake PayFast (tests/fakes/payfast.ts) for the validate
 * endpoint. The card gateway beside it is the offline test provider.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
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
import { manualRefundByAdmin } from "../helpers/staff.ts";
import { freePort } from "../helpers/server.ts";
import { startFakePayFast } from "../fakes/payfast.ts";
import type { Db } from "../../db/client.ts";
import {
  auditLogs,
  emailOutbox,
  loyaltyLedger,
  orderNotes,
  orderRefunds,
  paymentEvents,
  taxInvoices,
} from "../../db/schema/mod.ts";
import { EXTRA_PAYMENT_REFUNDED } from "../../domains/checkout/mod.ts";
import { PAYFAST_MANUAL_REFUND } from "../../domains/payments/mod.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();
const MERCHANT = { merchantId: "10000100", passphrase: "jt7NOE43FZPn" };
const fake = startFakePayFast(MERCHANT);
const env = fake.shopEnv;

const staffMail = async (db: Db) =>
  await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, testConfig().shop.contact.email));

/** A second payment was kept nowhere: one manual refund task, staff told, the order's own payment intact. */
async function oneManualRefundTask(db: Db, orderId: number, ownPaymentId: string, extraId: string) {
  await oneOwedRefundOfExtra(db, { orderId, provider: "payfast", status: "manual", own: ownPaymentId, extra: extraId });
  assert.equal((await db.select().from(orderRefunds)).length, 0);
  const notes = await db.select().from(orderNotes).where(eq(orderNotes.orderId, orderId));
  assert.equal(notes.length, 1);
  assert.match(notes[0].body, new RegExp(`refund R\\s?995,00 of payment ${extraId} in the PayFast dashboard`));
  assert.equal((await db.select().from(auditLogs).where(eq(auditLogs.action, EXTRA_PAYMENT_REFUNDED))).length, 1);
  const toStaff = await staffMail(db);
  assert.equal(toStaff.length, 1);
  assert.equal(toStaff[0].orderId, orderId);
}

async function setUp(db: Db, database: Parameters<typeof testApp>[0]) {
  const { app, client, me, order, provider } = await customerWithOrderOn(db, database, env);
  const postItn = (body: string) =>
    provider.request("/api/webhooks/payfast", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    });
  return { app, client, me, order, postItn };
}

test("[payfast] start answers PayFast's action and the fields, signed as PayFast signs them", async (db, database) => {
  const { client, order } = await setUp(db, database);
  const res = await client.postJson("/api/payments/payfast/start", { orderId: order.id });
  assert.equal(res.status, 200, await res.clone().text());
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  assert.equal(res.headers.get("cache-control"), "private, no-store");
  const { action, fields } = await res.json();
  assert.equal(action, `${fake.url}/eng/process`);
  const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, "+");
  const returnUrl = `${TEST_ORIGIN}/checkout?order=${order.id}&confirmed=1&provider=payfast`;
  const cancelUrl = `${TEST_ORIGIN}/checkout?order=${order.id}`;
  const notifyUrl = `${TEST_ORIGIN}/api/webhooks/payfast`;
  assert.deepEqual(fields, {
    merchant_id: "10000100",
    merchant_key: "46f0cd694581a",
    return_url: returnUrl,
    cancel_url: cancelUrl,
    notify_url: notifyUrl,
    m_payment_id: String(order.id),
    amount: "995.00",
    item_name: order.orderNumber,
    signature: fields.signature,
  });
  // The parameter string written out by hand (the order number holds only letters, digits and '-').
  const byHand = `merchant_id=10000100&merchant_key=46f0cd694581a&return_url=${enc(returnUrl)}` +
    `&cancel_url=${enc(cancelUrl)}&notify_url=${enc(notifyUrl)}&m_payment_id=${order.id}&amount=995.00` +
    `&item_name=${order.orderNumber}&passphrase=jt7NOE43FZPn`;
  assert.equal(fields.signature, createHash("md5").update(byHand).digest("hex"));
  // The amount is the server's: a client cannot send its own.
  const cheap = await client.postJson("/api/payments/payfast/start", { orderId: order.id, amount: "1.00" });
  assert.equal(cheap.status, 400);
});

test(
  "[payfast] start: another customer's order is 404, a paid order 409, CSRF and PayFast off refused",
  async (db, database) => {
    const { app, client, order, postItn } = await setUp(db, database);
    const other = testClient(app);
    await customerWithOrder(db, other, "other");
    const theirs = await other.postJson("/api/payments/payfast/start", { orderId: order.id });
    assert.equal(theirs.status, 404);

    const noOrigin = testClient(app, { origin: "https://evil.example" });
    for (const [k, v] of client.cookies) noOrigin.cookies.set(k, v);
    assert.equal((await noOrigin.postJson("/api/payments/payfast/start", { orderId: order.id })).status, 403);

    assert.equal(
      (await postItn(
        fake.itn({ orderId: order.id, orderNumber: order.orderNumber, amount: "995.00" }, { register: true }),
      )).status,
      200,
    );
    const paid = await client.postJson("/api/payments/payfast/start", { orderId: order.id });
    assert.equal(paid.status, 409);
    assert.equal((await paid.json()).error, "This order has already been paid.");

    // PayFast off: the route is not there (404) even for one's own pending order.
    const off = testClient(testApp(database));
    const { order: third } = await customerWithOrder(db, off, "third");
    assert.equal((await off.postJson("/api/payments/payfast/start", { orderId: third.id })).status, 404);
  },
);

test(
  "[payfast] a valid ITN pays the order once, through the one finalisation; a replay changes nothing",
  async (db, database) => {
    const { order, postItn, me } = await setUp(db, database);
    const body = fake.itn({
      orderId: order.id,
      orderNumber: order.orderNumber,
      amount: "995.00",
      pfPaymentId: "1089250",
    }, {
      register: true,
    });
    const res = await postItn(body);
    assert.equal(res.status, 200);
    const row = await orderRow(db, order.id);
    assert.ok(row.paidAt);
    assert.equal(row.status, "processing");
    assert.equal(row.paymentMethod, "payfast");
    assert.equal(row.paymentId, "1089250");
    const [event] = await db.select().from(paymentEvents).where(eq(paymentEvents.id, "payfast:1089250"));
    assert.equal(event.orderId, order.id);
    assert.equal((await orderEmails(db, order.id)).length, 1);
    const points = await db.select().from(loyaltyLedger).where(eq(loyaltyLedger.userId, me.id));
    assert.equal(points.length, 1);
    const validations = fake.validations.length;

    const again = await postItn(body);
    assert.equal(again.status, 200);
    assert.equal(fake.validations.length, validations, "a recorded ITN is not validated or handled again");
    assert.equal((await orderEmails(db, order.id)).length, 1);
    assert.equal((await db.select().from(loyaltyLedger).where(eq(loyaltyLedger.userId, me.id))).length, 1);
    assert.deepEqual(await orderRow(db, order.id), row);
  },
);

test(
  "[payfast] forged, wrong amount, wrong merchant, INVALID and malformed ITNs leave the order unpaid",
  async (db, database) => {
    const { order, postItn } = await setUp(db, database);
    const f = { orderId: order.id, orderNumber: order.orderNumber, amount: "995.00" };
    const cases: [string, string][] = [
      ["forged signature", fake.itn(f, { register: true, overrides: { signature: "0".repeat(32) } })],
      ["signed with another passphrase", fake.itn(f, { register: true, signWith: "guessed" })],
      ["wrong amount", fake.itn({ ...f, amount: "9.00" }, { register: true })],
      ["wrong merchant", fake.itn(f, { register: true, overrides: { merchant_id: "10000999" } })],
      ["another order number", fake.itn({ ...f, orderNumber: "RB-OTHER-1" }, { register: true })],
      ["validate answers INVALID", fake.itn(f, { register: false })],
    ];
    for (const [what, body] of cases) {
      const res = await postItn(body);
      assert.equal(res.status, 200, `${what}: answered 200 so PayFast stops retrying`);
      const row = await orderRow(db, order.id);
      assert.equal(row.paidAt, null, what);
      assert.equal(row.status, "pending", what);
    }
    assert.equal((await db.select().from(paymentEvents)).length, 0, "no refused ITN is recorded as handled");
    assert.equal((await orderEmails(db, order.id)).length, 0);
    const malformed = await postItn("hello=world");
    assert.equal(malformed.status, 400);
  },
);

test("[payfast] a CANCELLED ITN records the failure and keeps the order open for another try", async (db, database) => {
  const { order, postItn } = await setUp(db, database);
  const f = { orderId: order.id, orderNumber: order.orderNumber, amount: "995.00" };
  assert.equal(
    (await postItn(fake.itn(f, { register: true, overrides: { payment_status: "CANCELLED" } }))).status,
    200,
  );
  const row = await orderRow(db, order.id);
  assert.equal(row.paidAt, null);
  assert.equal(row.status, "pending");
  assert.equal(row.paymentError, "The PayFast payment was cancelled.");
});

test(
  "[payfast] the return page waits for the ITN (never pays by itself), then shows the order confirmed",
  async (db, database) => {
    const { client, order, postItn } = await setUp(db, database);
    const back = `/checkout?order=${order.id}&confirmed=1&provider=payfast`;
    const waiting = await client.get(back);
    assert.equal(waiting.status, 200);
    const html = await waiting.text();
    assert.match(html, /We are confirming your payment/);
    assert.match(waiting.headers.get("refresh") ?? "", /provider=payfast&wait=1/);
    assert.equal((await orderRow(db, order.id)).paidAt, null);

    await postItn(
      fake.itn({ orderId: order.id, orderNumber: order.orderNumber, amount: "995.00" }, { register: true }),
    );
    const done = await client.get(back);
    assert.equal(done.status, 200);
    assert.match(await done.text(), /data-order-confirmed/);
  },
);

test("[payfast] the payment step offers PayFast beside the card form only when configured", async (db, database) => {
  const { client, order } = await setUp(db, database);
  const page = await (await client.get(`/checkout?order=${order.id}`)).text();
  assert.match(page, /Instant EFT, card and more with PayFast/);
  assert.match(page, /data-payment-method="card"/);
  assert.match(page, /action="\/checkout\/payfast"/);
  assert.match(page, /aria-label="Instant EFT with PayFast"/, "the footer's badges follow the configured methods");
  assert.match(await (await client.get("/terms")).text(), /You can also pay by Instant EFT \(and PayFast/);
  // Without JavaScript: the page holding PayFast's signed form.
  const noJs = await client.postForm("/checkout/payfast", { orderId: String(order.id) });
  assert.equal(noJs.status, 200);
  const form = await noJs.text();
  assert.match(form, new RegExp(`action="${fake.url}/eng/process"`));
  assert.match(form, /name="signature" value="[0-9a-f]{32}"/);
  assert.match(form, /Continue to PayFast/);

  const plain = testClient(testApp(database));
  const { order: mine } = await customerWithOrder(db, plain, "nopayfast");
  const res = await plain.get(`/checkout?order=${mine.id}`);
  assert.equal(res.status, 200);
  const without = await res.text();
  assert.match(without, /data-payment-step/);
  assert.doesNotMatch(without, /PayFast|Instant EFT/);
});

test(
  "[payfast] a refund of a PayFast order is recorded as manual and staff are told to finish it in PayFast",
  async (db, database) => {
    const { app, order, postItn } = await setUp(db, database);
    await postItn(
      fake.itn({ orderId: order.id, orderNumber: order.orderNumber, amount: "995.00" }, { register: true }),
    );
    const { refund, page } = await manualRefundByAdmin(db, database, app, order.id);
    assert.equal(refund.provider, "payfast");
    assert.equal((await orderRow(db, order.id)).refundedAmount, "100.00");
    assert.ok(page.includes("Complete it in the PayFast dashboard"), "the admin order page says so");
    assert.ok(PAYFAST_MANUAL_REFUND.includes("PayFast dashboard"));
  },
);

test(
  "[payfast] PayFast's validate endpoint unreachable: 503 (PayFast retries), the order stays unpaid and unrecorded",
  async (db, database) => {
    const deadBase = `http://127.0.0.1:${freePort()}`;
    const app = testApp(database, { ...env, PAYFAST_BASE: deadBase });
    const { order } = await customerWithOrder(db, testClient(app));
    const res = await testClient(app, { origin: null }).request("/api/webhooks/payfast", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: fake.itn({ orderId: order.id, orderNumber: order.orderNumber, amount: "995.00" }, { register: true }),
    });
    assert.equal(res.status, 503);
    assert.equal((await orderRow(db, order.id)).paidAt, null);
    assert.equal((await db.select().from(paymentEvents)).length, 0);
  },
);

test(
  "[payfast] validate answering 5xx or no verdict: 503 (PayFast retries), then the retry pays the order",
  async (db, database) => {
    const { order, postItn } = await setUp(db, database);
    const body = fake.itn({ orderId: order.id, orderNumber: order.orderNumber, amount: "995.00" }, { register: true });
    const outages = [
      { status: 500, body: "INVALID" },
      { status: 503, body: "<html>Service Unavailable</html>" },
      { status: 200, body: "" },
      { status: 200, body: "<html>maintenance</html>" },
    ];
    try {
      for (const outage of outages) {
        fake.failValidation(outage);
        const res = await postItn(body);
        assert.equal(res.status, 503, `validate answered ${outage.status} ${outage.body}: no verdict, not INVALID`);
        assert.equal((await orderRow(db, order.id)).paidAt, null);
        assert.equal((await db.select().from(paymentEvents)).length, 0, "an ITN without a verdict is not recorded");
      }
    } finally {
      fake.failValidation(null);
    }
    // PayFast sends the same ITN again once validation is back: the payment is kept.
    assert.equal((await postItn(body)).status, 200);
    const row = await orderRow(db, order.id);
    assert.ok(row.paidAt);
    assert.equal(row.status, "processing");
  },
);

/** An order paid by a PayFast ITN (`firstId`), and a signed ITN of a second payment (`secondId`) for it. */
async function paidWithSecondItn(db: Db, database: Parameters<typeof testApp>[0], firstId: string, secondId: string) {
  const { order, postItn } = await setUp(db, database);
  const f = { orderId: order.id, orderNumber: order.orderNumber, amount: "995.00" };
  assert.equal((await postItn(fake.itn({ ...f, pfPaymentId: firstId }, { register: true }))).status, 200);
  return { order, postItn, second: fake.itn({ ...f, pfPaymentId: secondId }, { register: true }) };
}

test(
  "[payfast] a second PayFast payment for a paid order is not kept: a manual refund task, staff told, once",
  async (db, database) => {
    const { order, postItn, second } = await paidWithSecondItn(db, database, "1000001", "1000002");
    assert.equal((await postItn(second)).status, 200);
    await oneManualRefundTask(db, order.id, "1000001", "1000002");
    // PayFast sends it again: recorded once already, nothing more.
    assert.equal((await postItn(second)).status, 200);
    await oneManualRefundTask(db, order.id, "1000001", "1000002");
  },
);

test("[payfast] a PayFast payment for an order paid by card is not kept either", async (db, database) => {
  const { order, postItn } = await setUp(db, database);
  const card = await paidByCard(db, order);
  const itn = fake.itn(
    { orderId: order.id, orderNumber: order.orderNumber, amount: "995.00", pfPaymentId: "2000001" },
    {
      register: true,
    },
  );
  assert.equal((await postItn(itn)).status, 200);
  await oneManualRefundTask(db, order.id, card.id, "2000001");
});

raceTest(
  "[payfast] copies of a second PayFast payment arriving together make one refund task",
  async (db, database) => {
    const { order, postItn, second } = await paidWithSecondItn(db, database, "3000001", "3000002");
    const answers = await Promise.all(Array.from({ length: 4 }, () => postItn(second)));
    assert.deepEqual(answers.map((r) => r.status), [200, 200, 200, 200]);
    await oneManualRefundTask(db, order.id, "3000001", "3000002");
  },
);

// An ITN is not claimed before it is handled: copies arriving together all pass the "seen" check, and
// the finalisation's lock on the order's row (with its paid check) is what lets one of them pay it.
raceTest("[payfast] concurrent duplicate ITNs pay the order once", async (db, database) => {
  const { order, postItn, me } = await setUp(db, database);
  const body = fake.itn({ orderId: order.id, orderNumber: order.orderNumber, amount: "995.00" }, {
    register: true,
  });
  const answers = await Promise.all(Array.from({ length: 4 }, () => postItn(body)));
  assert.deepEqual(answers.map((r) => r.status), [200, 200, 200, 200]);
  const row = await orderRow(db, order.id);
  assert.equal(row.status, "processing");
  assert.ok(row.paidAt);
  // A copy finding the order paid changes nothing (no "paid after it was cancelled" note either).
  assert.equal(row.notes, null);
  const emails = (await orderEmails(db, order.id)).map((e) => e.subject);
  assert.equal(emails.length, 1, `one confirmation e-mail: ${JSON.stringify(emails)}`);
  assert.equal((await db.select().from(taxInvoices).where(eq(taxInvoices.orderId, order.id))).length, 1);
  assert.equal((await db.select().from(loyaltyLedger).where(eq(loyaltyLedger.userId, me.id))).length, 1);
  assert.equal((await db.select().from(paymentEvents)).length, 1);
});

closeDatabase();
Deno.test({ name: "(stop the fake PayFast)", fn: () => fake.close(), sanitizeOps: false, sanitizeResources: false });
