/** Staff refunds through the real Stripe SDK against the local fake Stripe API (tests/fakes/stripe_api.ts). */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createProduct } from "../../tests/helpers/factories.ts";
import { FREE_DELIVERY, paidOrder, systemRefund } from "../../tests/helpers/paid_orders.ts";
import { startFakeStripeApi } from "../../tests/fakes/stripe_api.ts";
import type { Db } from "../../db/client.ts";
import { orderRefunds, orders } from "../../db/schema/mod.ts";
import { PaymentRefusedError, stripeGateway } from "../payments/mod.ts";

const { test, closeDatabase } = useTestDatabase();

async function stripeOrder(db: Db) {
  const fake = startFakeStripeApi();
  const gateway = stripeGateway({
    secretKey: "sk_test_fulfilment",
    publishableKey: "pk_test_fulfilment",
    apiBase: fake.url,
  });
  const p = await createProduct(db, { price: "450.00", stock: 10 });
  const paid = await paidOrder(db, gateway, [{ productId: p.id, quantity: 2 }], {
    pay: (id) => fake.setStatus(id, "succeeded"),
    delivery: FREE_DELIVERY,
  });
  assert.equal(paid.order.paymentMethod, "stripe");
  assert.equal(paid.order.totalCents, 90_000);
  return { fake, gateway, ...paid };
}

test("[fulfilment stripe] partial then full refund go to Stripe with an idempotency key; the order ends refunded", async (db) => {
  const { fake, gateway, order, intentId } = await stripeOrder(db);
  try {
    const first = await systemRefund(db, gateway, {
      orderId: order.id,
      amountCents: 45_000,
      reason: "One tube broken",
    });
    assert.equal(first.paymentStatus, "partially_refunded");
    const sent = fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds");
    assert.equal(sent.length, 1);
    assert.equal(sent[0].idempotencyKey, `order-${order.id}-refund-0-45000`);
    assert.equal(sent[0].body.payment_intent, intentId);
    assert.equal(sent[0].body.amount, "45000");
    assert.deepEqual(sent[0].body.metadata, {
      orderId: String(order.id),
      orderNumber: order.orderNumber,
      idempotencyKey: `order-${order.id}-refund-0-45000`,
    });
    const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    assert.equal(row.provider, "stripe");
    assert.equal(row.status, "succeeded");
    assert.ok(fake.refunds.has(row.providerRefundId!), "the refund id is Stripe's");

    const full = await systemRefund(db, gateway, {
      orderId: order.id,
      amountCents: 45_000,
      reason: "The rest came back",
    });
    assert.equal(full.status, "refunded");
    assert.equal([...fake.refunds.values()].reduce((s, r) => s + r.amount, 0), 90_000);

    // The same request again (a retry after a lost answer) is replayed by Stripe: no second refund.
    const again = await gateway.refund({
      intentId,
      amountCents: 45_000,
      idempotencyKey: `order-${order.id}-refund-0-45000`,
      metadata: { orderId: String(order.id), orderNumber: order.orderNumber },
    });
    assert.equal(again.id, row.providerRefundId);
    assert.equal(fake.refunds.size, 2);
  } finally {
    await fake.stop();
  }
});

test("[fulfilment stripe] Stripe refusing the refund leaves the order unchanged and says why", async (db) => {
  const { fake, gateway, order, intentId } = await stripeOrder(db);
  try {
    // R800 was refunded in Stripe's own dashboard: only R100 is left there, though the shop thinks R900.
    fake.refunds.set("re_dashboard", {
      id: "re_dashboard",
      object: "refund",
      amount: 80_000,
      currency: "zar",
      created: Math.floor(Date.now() / 1000),
      metadata: {},
      payment_intent: intentId,
      reason: null,
      status: "succeeded",
    });
    await assert.rejects(
      systemRefund(db, gateway, { orderId: order.id, amountCents: 20_000, reason: "Broken" }),
      (e) =>
        e instanceof PaymentRefusedError &&
        e.message ===
          "Stripe refused the refund: Refund amount (R200) is greater than unrefunded amount on charge (R100)",
    );
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    assert.equal(row.refundedAmount, "0.00");
    assert.equal(row.status, "processing");
    assert.equal((await db.select().from(orderRefunds)).length, 0);
  } finally {
    await fake.stop();
  }
});

closeDatabase();
