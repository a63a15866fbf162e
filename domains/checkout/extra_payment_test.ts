/**
 * A second real payment for an order already paid (issue 27 item 3): never kept silently. It is
 * recorded once apart from the order's own payment, refunded through the provider that took it, and
 * staff see it (order note, audit row, e-mail), whichever path reports it (webhook, return page).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createProduct } from "../../tests/helpers/factories.ts";
import { testConfig, testSite } from "../../tests/helpers/app.ts";
import { FREE_DELIVERY, placedOrder } from "../../tests/helpers/paid_orders.ts";
import { scriptedGateway } from "../../tests/fakes/scripted_gateway.ts";
import type { Db } from "../../db/client.ts";
import { auditLogs, emailOutbox, orderNotes, orderRefunds, orders, owedRefunds, users } from "../../db/schema/mod.ts";
import type { PaymentGateway, PaymentIntentFacts } from "../payments/mod.ts";
import { EXTRA_PAYMENT_REFUNDED, MAX_REFUND_ATTEMPTS, REFUND_GIVEN_UP } from "./mod.ts";
import { finalizePaidOrder, settleReturnedPayment } from "../../flows/finalise_payment.ts";
import { sweepUnpaidOrders } from "../../flows/cancel_order.ts";
import { handlePaymentEvent } from "../../flows/payment_events.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();
const config = testConfig();
const opts = testSite(config);

/** An order paid with its first attempt, and a second attempt for it that also succeeded. */
async function paidTwice(db: Db, intents: Map<string, PaymentIntentFacts>) {
  const p = await createProduct(db, { price: "450.00", stock: 10 });
  const { order, userId } = await placedOrder(db, [{ productId: p.id, quantity: 2 }], {
    paymentMethod: "test",
    delivery: FREE_DELIVERY,
  });
  const facts = (id: string): PaymentIntentFacts => ({
    id,
    status: "succeeded",
    amountCents: order.totalCents,
    currency: "zar",
    metadata: { orderId: String(order.id), orderNumber: order.orderNumber },
    lastError: null,
  });
  const first = facts(`pi_first_${order.id}`);
  const second = facts(`pi_second_${order.id}`);
  intents.set(first.id, first);
  intents.set(second.id, second);
  const paid = await finalizePaidOrder(db, order.id, first, opts);
  assert.equal(paid.newlyPaid, true);
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return { user, order, first, second };
}

const orderRow = async (db: Db, id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0];
const staffMail = async (db: Db) =>
  await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, config.shop.contact.email));

/** The order's own payment and refundable amount are as they were. */
async function ownPaymentIntact(db: Db, orderId: number, firstId: string) {
  const row = await orderRow(db, orderId);
  assert.equal(row.paymentId, firstId);
  assert.equal(row.status, "processing");
  assert.equal(row.refundedAmount, "0.00");
  assert.equal((await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId))).length, 0);
}

test("[extra payment] a second succeeded PaymentIntent by webhook is refunded once, recorded, staff told", async (db) => {
  const { gateway, intents, refunds } = scriptedGateway();
  const { user, order, first, second } = await paidTwice(db, intents);
  const event = { id: "evt_second", type: "payment_intent.succeeded", intent: second };
  const outcome = await handlePaymentEvent(db, event, { ...opts, payments: gateway });
  assert.equal(outcome.result, "extra-payment");

  assert.equal(refunds.length, 1);
  assert.equal(refunds[0].intentId, second.id);
  assert.equal(refunds[0].amountCents, order.totalCents);
  assert.equal(refunds[0].idempotencyKey, `refund-${second.id}-${order.orderNumber}`);
  await ownPaymentIntact(db, order.id, first.id);
  const [owed] = await db.select().from(owedRefunds);
  assert.equal(owed.kind, "extra");
  assert.equal(owed.status, "refunded");
  assert.equal(owed.paymentId, second.id);
  assert.equal(owed.providerRefundId, "re_1");

  const [note] = await db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id));
  assert.match(note.body, new RegExp(`A second payment of R\\s?900,00 \\(card ${second.id}\\)`));
  assert.match(note.body, /refunded automatically \(re_1\)/);
  const audit = await db.select().from(auditLogs).where(eq(auditLogs.action, EXTRA_PAYMENT_REFUNDED));
  assert.equal(audit.length, 1);
  assert.equal(audit[0].entityId, order.id);
  assert.equal((await staffMail(db)).length, 1);
  const mine = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email));
  assert.ok(mine.some((m) => /second payment/.test(m.textBody)), "the customer hears of the refund");

  // The same payment again (another event, a re-delivery, the return page): nothing more.
  await handlePaymentEvent(db, { ...event, id: "evt_second_again" }, { ...opts, payments: gateway });
  assert.deepEqual(await settleReturnedPayment(db, order.id, second, { ...opts, payments: gateway }), {
    outcome: "paid",
  });
  await sweepUnpaidOrders(db, gateway, { ...opts, now: new Date(Date.now() + 86_400_000) });
  assert.equal(refunds.length, 1);
  assert.equal((await db.select().from(owedRefunds)).length, 1);
  assert.equal((await db.select().from(orderNotes)).length, 1);
  assert.equal((await staffMail(db)).length, 1);
});

test("[extra payment] the return page (settleReturnedPayment) refunds a second payment too", async (db) => {
  const { gateway, intents, refunds } = scriptedGateway();
  const { order, first, second } = await paidTwice(db, intents);
  const settled = await settleReturnedPayment(db, order.id, second, { ...opts, payments: gateway });
  assert.deepEqual(settled, { outcome: "paid" }, "the customer sees their order, which is paid");
  assert.deepEqual(refunds.map((r) => r.intentId), [second.id]);
  await ownPaymentIntact(db, order.id, first.id);
  assert.equal((await db.select().from(orderNotes)).length, 1);
  assert.equal((await staffMail(db)).length, 1);
});

test("[extra payment] the provider down: owed, retried by the sweeper, given up with staff told", async (db) => {
  const { gateway, intents } = scriptedGateway();
  let tries = 0;
  const down: PaymentGateway = {
    ...gateway,
    refund: () => {
      tries++;
      return Promise.reject(new Error("Stripe is unreachable"));
    },
  };
  const { order, first, second } = await paidTwice(db, intents);
  await handlePaymentEvent(db, { id: "evt_2", type: "payment_intent.succeeded", intent: second }, {
    ...opts,
    payments: down,
  });
  assert.equal(tries, 1);
  const [owed] = await db.select().from(owedRefunds);
  assert.equal(owed.status, "owed");
  assert.equal(owed.attempts, 1);
  for (let day = 1; day <= MAX_REFUND_ATTEMPTS + 2; day++) {
    await sweepUnpaidOrders(db, down, { ...opts, now: new Date(Date.now() + day * 86_400_000) });
  }
  assert.equal(tries, MAX_REFUND_ATTEMPTS);
  const [given] = await db.select().from(owedRefunds);
  assert.equal(given.status, "failed");
  assert.equal(given.attempts, MAX_REFUND_ATTEMPTS);
  assert.equal(given.lastError, "Stripe is unreachable");
  await ownPaymentIntact(db, order.id, first.id);
  const [note] = await db.select().from(orderNotes);
  assert.match(note.body, /refund it by hand/);
  const audit = await db.select().from(auditLogs).where(eq(auditLogs.action, REFUND_GIVEN_UP));
  assert.equal(audit.length, 1);
  assert.equal((await staffMail(db)).length, 1);
});

raceTest(
  "[extra payment] copies of one second payment arriving together are recorded and refunded once",
  async (db) => {
    const { gateway, intents, refunds } = scriptedGateway();
    const { order, first, second } = await paidTwice(db, intents);
    // Stripe may send the same news as several events, and the return page may ask at the same moment.
    await Promise.all([
      ...Array.from(
        { length: 6 },
        (_, i) =>
          handlePaymentEvent(db, { id: `evt_copy_${i}`, type: "payment_intent.succeeded", intent: second }, {
            ...opts,
            payments: gateway,
          }),
      ),
      settleReturnedPayment(db, order.id, second, { ...opts, payments: gateway }),
    ]);
    assert.equal((await db.select().from(owedRefunds)).length, 1);
    assert.equal(
      new Set(refunds.map((r) => r.id)).size,
      1,
      "one refund at the provider",
    );
    assert.equal((await db.select().from(orderNotes)).length, 1);
    assert.equal((await db.select().from(auditLogs).where(eq(auditLogs.action, EXTRA_PAYMENT_REFUNDED))).length, 1);
    assert.equal((await staffMail(db)).length, 1);
    await ownPaymentIntact(db, order.id, first.id);
  },
);

closeDatabase();
