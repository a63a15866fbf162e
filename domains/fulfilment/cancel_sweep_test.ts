/**
 * The late-payment sweeper after staff cancelled a paid order, and its refunds of payments the shop
 * owes back (issue 27 item 4): it reads the refunds the order has recorded, refunds through the
 * provider that took the payment, and stops after a bounded number of failures with a note staff
 * see on the order.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createProduct } from "../../tests/helpers/factories.ts";
import { testConfig, testSite } from "../../tests/helpers/app.ts";
import { FREE_DELIVERY, paidOrder, placedOrder } from "../../tests/helpers/paid_orders.ts";
import type { Db } from "../../db/client.ts";
import { auditLogs, emailOutbox, orderNotes, orderRefunds, orders } from "../../db/schema/mod.ts";
import { cancelOrder } from "../orders/mod.ts";
import { payfastGateway, type PaymentGateway, testGateway } from "../payments/mod.ts";
import { finalizePaidOrder } from "../../flows/finalise_payment.ts";
import { sweepUnpaidOrders } from "../../flows/cancel_order.ts";
import { changeOrderStatus } from "../../flows/change_order_status.ts";

const { test, closeDatabase } = useTestDatabase();
const config = testConfig();
const opts = testSite(config);
const payfast = payfastGateway({
  merchantId: "10000100",
  merchantKey: "46f0cd694581a",
  base: "http://127.0.0.1:9",
  verifySourceIp: false,
})!;
const MINUTE = 60_000;

/** The card gateway, counting the refunds it is asked for (and failing them when `down`). */
function countingGateway(inner: PaymentGateway, down = false) {
  const calls: string[] = [];
  const gateway: PaymentGateway = {
    ...inner,
    refund: (input) => {
      calls.push(input.intentId);
      return down ? Promise.reject(new Error("Stripe is unreachable")) : inner.refund(input);
    },
  };
  return { gateway, calls };
}

/** Sweeps `runs` times, a day apart (past any back-off), as the job does every minute. */
async function sweepDays(db: Db, gateway: PaymentGateway | null, runs: number, extra: Record<string, unknown> = {}) {
  for (let day = 1; day <= runs; day++) {
    const sweepOpts = { ...opts, ...extra, now: new Date(Date.now() + day * 24 * 60 * MINUTE) };
    await sweepUnpaidOrders(db, gateway, sweepOpts);
  }
}

/** An order placed (card) and cancelled unpaid, whose payment then arrives: the shop owes it back. */
async function latePayment(db: Db, provider?: "payfast") {
  const p = await createProduct(db, { price: "450.00", stock: 10 });
  const { order } = await placedOrder(db, [{ productId: p.id, quantity: 1 }], {
    paymentMethod: "test",
    delivery: FREE_DELIVERY,
  });
  assert.ok(await cancelOrder(db, order.id, "Not paid within 30 minutes"));
  const facts = {
    id: provider ? "1089250" : `pi_late_${order.id}`,
    status: "succeeded" as const,
    amountCents: order.totalCents,
    currency: "zar",
    metadata: { orderId: String(order.id), orderNumber: order.orderNumber },
    lastError: null,
    ...(provider ? { provider } : {}),
  };
  // Reported without a provider in hand (a webhook): the refund is left to the sweeper.
  await finalizePaidOrder(db, order.id, facts, opts);
  return { order, facts };
}

test("[refund sweep] a paid order staff cancelled (and refunded) is not refunded again by the sweeper", async (db) => {
  const { gateway, calls } = countingGateway(testGateway());
  const p = await createProduct(db, { price: "450.00", stock: 10 });
  const { order } = await paidOrder(db, gateway, [{ productId: p.id, quantity: 2 }], { delivery: FREE_DELIVERY });
  const cancelled = await changeOrderStatus(db, gateway, { orderId: order.id, to: "cancelled", userId: null }, opts);
  assert.equal(cancelled.status, "cancelled");
  assert.equal(calls.length, 1, "cancelling refunds the payment once");
  const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
  assert.equal(row.refundedAmount, "900.00");

  await sweepDays(db, gateway, 3);
  assert.equal(calls.length, 1, "the sweeper reads the refund recorded on the order: nothing is owed");
  assert.equal((await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).length, 1);
});

test("[refund sweep] a late PayFast payment is given back through PayFast (a manual task), never the card gateway", async (db) => {
  const { gateway, calls } = countingGateway(testGateway());
  const { order, facts } = await latePayment(db, "payfast");
  await sweepDays(db, gateway, 2, { payfast });
  assert.equal(calls.length, 0, "the card gateway is not asked to refund a PayFast payment");
  const [refund] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
  assert.equal(refund.provider, "payfast");
  assert.equal(refund.status, "manual");
  const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
  assert.equal(row.refundedAmount, "450.00", "recorded on the order, so it is owed no more");
  const notes = await db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id));
  assert.equal(notes.length, 1);
  assert.match(notes[0].body, new RegExp(`payment ${facts.id} in the PayFast dashboard`));
  const staffMail = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, config.shop.contact.email));
  assert.equal(staffMail.length, 1, "staff are e-mailed the task");
});

test("[refund sweep] a refund that keeps failing is tried a bounded number of times, then staff are told", async (db) => {
  const { gateway, calls } = countingGateway(testGateway(), true);
  const { order } = await latePayment(db);
  await sweepDays(db, gateway, 9);
  assert.equal(calls.length, 5, "five attempts, then the sweeper stops");
  const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
  assert.equal(row.refundedAmount, "0.00");
  const notes = await db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id));
  assert.equal(notes.length, 1);
  assert.match(notes[0].body, /5 attempts failed, the last with "Stripe is unreachable"/);
  assert.match(notes[0].body, /refund it by hand/);
  const audit = await db.select().from(auditLogs).where(eq(auditLogs.entityId, order.id));
  assert.deepEqual(audit.map((a) => a.action), ["refund_given_up"]);
  const staffMail = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, config.shop.contact.email));
  assert.equal(staffMail.length, 1);
  // The count is in the database: a new process (a restart, another instance) does not start over.
  const fresh = countingGateway(testGateway(), true);
  await sweepDays(db, fresh.gateway, 2);
  assert.equal(fresh.calls.length, 0);
});

closeDatabase();
