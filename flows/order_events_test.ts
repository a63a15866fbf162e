/**
 * Order events (docs/decisions/0075): a payment writes 'order.paid' in its own transaction; points
 * follow it once, whether the dispatch after the commit, the job or a refund handles it, and a refund
 * never runs before the points it takes back were granted.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { useTestDatabase } from "../tests/helpers/db.ts";
import { createProduct } from "../tests/helpers/factories.ts";
import { testConfig } from "../tests/helpers/app.ts";
import { FREE_DELIVERY, paidOrder } from "../tests/helpers/paid_orders.ts";
import type { Db } from "../db/client.ts";
import { loyaltyLedger, orderEvents } from "../db/schema/mod.ts";
import { pointsBalance } from "../domains/loyalty/mod.ts";
import { testGateway } from "../domains/payments/mod.ts";
import { handleOrderEvent, handleOrderEvents } from "./order_events.ts";
import { refundOrder } from "./refund_order.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();
const config = testConfig();
const opts = { shop: config.shop, siteUrl: config.siteUrl };
const gateway = testGateway();

/** A paid R600 order (free delivery: 600 points) of a new customer. */
async function paid600(db: Db) {
  const p = await createProduct(db, { price: "600.00", stock: 10 });
  return await paidOrder(db, gateway, [{ productId: p.id, quantity: 1 }], { delivery: FREE_DELIVERY });
}

async function eventsOf(db: Db, orderId: number) {
  return await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
}

/** As if the process stopped between the payment's commit and its handlers: points not granted, event pending. */
async function unhandle(db: Db, orderId: number) {
  await db.delete(loyaltyLedger).where(
    and(eq(loyaltyLedger.referenceType, "order"), eq(loyaltyLedger.referenceId, String(orderId))),
  );
  await db.update(orderEvents).set({ handledAt: null }).where(eq(orderEvents.orderId, orderId));
}

function refundAll(db: Db, orderId: number) {
  return refundOrder(
    db,
    gateway,
    { orderId, amountCents: 60_000, reason: "Returned", restock: [], userId: null },
    opts,
  );
}

test("[order events] a payment writes one 'order.paid' event, handled at once: the points are there", async (db) => {
  const { order, userId } = await paid600(db);
  const events = await eventsOf(db, order.id);
  assert.equal(events.length, 1);
  assert.equal(events[0].type, "order.paid");
  assert.ok(events[0].handledAt, "handled after the commit");
  assert.deepEqual(events[0].payload, {
    userId,
    orderNumber: order.orderNumber,
    totalCents: 60_000,
    paidAt: (events[0].payload as { paidAt: string }).paidAt,
  });
  assert.equal(await pointsBalance(db, userId), 600);
});

test("[order events] an event handled twice grants nothing more", async (db) => {
  const { order, userId } = await paid600(db);
  const [event] = await eventsOf(db, order.id);
  assert.equal(await handleOrderEvent(db, event.id), false, "already handled");
  // Even marked pending again (a lost mark), the job's run adds no second set of points.
  await db.update(orderEvents).set({ handledAt: null }).where(eq(orderEvents.id, event.id));
  assert.equal(await handleOrderEvents(db), 1);
  assert.equal(await handleOrderEvents(db), 0);
  assert.equal(await pointsBalance(db, userId), 600);
});

test("[order events] a payment whose handlers never ran: the job grants the points, once", async (db) => {
  const { order, userId } = await paid600(db);
  await unhandle(db, order.id);
  assert.equal(await pointsBalance(db, userId), 0);
  assert.equal(await handleOrderEvents(db), 1);
  assert.equal(await pointsBalance(db, userId), 600);
  assert.equal(await handleOrderEvents(db), 0);
  assert.equal(await pointsBalance(db, userId), 600);
});

test("[order events] a full refund before the paid event was handled ends with no points, and the job adds none later", async (db) => {
  const { order, userId } = await paid600(db);
  await unhandle(db, order.id);
  await refundAll(db, order.id);
  const [event] = await eventsOf(db, order.id);
  assert.ok(event.handledAt, "the refund handled it first");
  assert.equal(await pointsBalance(db, userId), 0, "600 granted, then 600 taken back");
  assert.equal(await handleOrderEvents(db), 0);
  assert.equal(await pointsBalance(db, userId), 0);
});

raceTest(
  "[order events] the job, a second dispatch and a full refund at once: points granted once, taken back once",
  async (db) => {
    for (let round = 0; round < 8; round++) {
      const { order, userId } = await paid600(db);
      await unhandle(db, order.id);
      const [event] = await eventsOf(db, order.id);
      await Promise.all([handleOrderEvents(db), handleOrderEvent(db, event.id), refundAll(db, order.id)]);
      await handleOrderEvents(db);
      const earned = await db.select().from(loyaltyLedger).where(
        and(eq(loyaltyLedger.referenceType, "order"), eq(loyaltyLedger.referenceId, String(order.id))),
      );
      assert.equal(earned.length, 1, `round ${round}: one grant`);
      assert.equal(await pointsBalance(db, userId), 0, `round ${round}: all taken back`);
    }
  },
);

closeDatabase();
