/**
 * Order events (docs/decisions/0075, 0080): a payment writes 'order.paid' and each refund an
 * 'order.refunded' in its own transaction; points follow them once, whether the dispatch after the
 * commit or the job handles them, and a refund never takes back points before they were granted.
 */
import assert from "node:assert/strict";
import { and, asc, eq, like, sql } from "drizzle-orm";
import { useTestDatabase } from "../tests/helpers/db.ts";
import { createProduct } from "../tests/helpers/factories.ts";
import { FREE_DELIVERY, paidOrder, systemRefund } from "../tests/helpers/paid_orders.ts";
import type { Db } from "../db/client.ts";
import { auditLogs, loyaltyLedger, orderEvents, orders } from "../db/schema/mod.ts";
import { pointsBalance, REFUND_CLAWBACK } from "../domains/loyalty/mod.ts";
import { testGateway } from "../domains/payments/mod.ts";
import { dispatchOrderEvent, handleOrderEvent, handleOrderEvents } from "./order_events.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();
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

/** A handled event handed over again, then (as if its mark were lost) marked pending for the job's next run. */
async function handleAgain(db: Db, eventId: number) {
  assert.equal(await handleOrderEvent(db, eventId), false, "already handled");
  await db.update(orderEvents).set({ handledAt: null }).where(eq(orderEvents.id, eventId));
  assert.equal(await handleOrderEvents(db), 1);
  assert.equal(await handleOrderEvents(db), 0);
}

function refund(db: Db, orderId: number, amountCents: number) {
  return systemRefund(db, gateway, { orderId, amountCents, reason: "Returned" });
}

function refundAll(db: Db, orderId: number) {
  return refund(db, orderId, 60_000);
}

async function refundedEvents(db: Db, orderId: number) {
  return await db.select().from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, "order.refunded")))
    .orderBy(asc(orderEvents.id));
}

/** As if the process stopped after each refund's commit: no points taken back, events pending, no figure audited. */
async function unhandleRefunds(db: Db, orderId: number) {
  await db.delete(loyaltyLedger).where(
    and(eq(loyaltyLedger.referenceType, REFUND_CLAWBACK), like(loyaltyLedger.referenceId, `${orderId}:%`)),
  );
  await db.update(orderEvents).set({ handledAt: null })
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, "order.refunded")));
  await db.update(auditLogs).set({ details: sql`${auditLogs.details} - 'pointsTakenBack'` })
    .where(and(eq(auditLogs.entityId, orderId), eq(auditLogs.action, "refund")));
}

/** The points each refund of the order took back, as its audit row tells staff (oldest first). */
async function auditedPoints(db: Db, orderId: number) {
  const rows = await db.select({ details: auditLogs.details }).from(auditLogs)
    .where(and(eq(auditLogs.entityType, "order"), eq(auditLogs.entityId, orderId), eq(auditLogs.action, "refund")))
    .orderBy(asc(auditLogs.id));
  return rows.map((r) => r.details?.pointsTakenBack);
}

/** The customer's ledger rows taken back by the order's refunds (one per refund at most). */
async function clawBacks(db: Db, orderId: number) {
  return (await db.select({ points: loyaltyLedger.points }).from(loyaltyLedger).where(
    and(eq(loyaltyLedger.referenceType, REFUND_CLAWBACK), like(loyaltyLedger.referenceId, `${orderId}:%`)),
  ).orderBy(asc(loyaltyLedger.id))).map((r) => r.points);
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

test("[order events] a points handler that fails in the payment's transaction: the payment commits, the event waits for the job", async (db) => {
  // Every points row refused, as a bug or a broken table would: the handler throws in the savepoint.
  await db.execute(sql.raw(`create function refuse_points() returns trigger language plpgsql as $$
    begin raise exception 'points refused'; end $$`));
  await db.execute(sql.raw(`create trigger refuse_points before insert on loyalty_ledger
    for each row execute function refuse_points()`));
  let paid: Awaited<ReturnType<typeof paid600>>;
  try {
    paid = await paid600(db);
  } finally {
    await db.execute(sql.raw(`drop trigger refuse_points on loyalty_ledger`));
    await db.execute(sql.raw(`drop function refuse_points()`));
  }
  const { order, userId } = paid;
  const [row] = await db.select({ paidAt: orders.paidAt, status: orders.status }).from(orders)
    .where(eq(orders.id, order.id));
  assert.ok(row.paidAt, "the payment committed");
  assert.equal(row.status, "processing");
  const [event] = await eventsOf(db, order.id);
  assert.equal(event.handledAt, null, "left for the job");
  assert.equal(await pointsBalance(db, userId), 0);
  assert.equal(await handleOrderEvents(db), 1);
  assert.equal(await pointsBalance(db, userId), 600);
});

test("[order events] an event handled twice grants nothing more", async (db) => {
  const { order, userId } = await paid600(db);
  const [event] = await eventsOf(db, order.id);
  await handleAgain(db, event.id);
  assert.equal(await pointsBalance(db, userId), 600, "no second set of points");
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

test("[order events] a refund writes one 'order.refunded' event, handled before the answer: points taken back, figure audited", async (db) => {
  const { order, userId } = await paid600(db);
  await refund(db, order.id, 20_000);
  const [event, ...more] = await refundedEvents(db, order.id);
  assert.equal(more.length, 0);
  assert.ok(event.handledAt, "handled after the commit, before refundOrder returned");
  const payload = event.payload as { refundId: number; refundedAt: string };
  assert.deepEqual(payload, {
    refundId: payload.refundId,
    userId,
    orderNumber: order.orderNumber,
    amountCents: 20_000,
    refundedCents: 20_000,
    full: false,
    refundedAt: payload.refundedAt,
  });
  assert.equal(event.dedupeKey, String(payload.refundId));
  assert.equal(await pointsBalance(db, userId), 400);
  assert.deepEqual(await auditedPoints(db, order.id), [200]);
});

test("[order events] a refunded event handled twice takes the points back once", async (db) => {
  const { order, userId } = await paid600(db);
  await refund(db, order.id, 20_000);
  const [event] = await refundedEvents(db, order.id);
  await handleAgain(db, event.id);
  assert.equal(await pointsBalance(db, userId), 400, "nothing more taken back");
  assert.deepEqual(await clawBacks(db, order.id), [-200]);
  assert.deepEqual(await auditedPoints(db, order.id), [200]);
});

test("[order events] two partial refunds of one order: an event each, each takes its share", async (db) => {
  const { order, userId } = await paid600(db);
  await refund(db, order.id, 10_000);
  assert.equal(await pointsBalance(db, userId), 500);
  await refund(db, order.id, 25_000);
  const events = await refundedEvents(db, order.id);
  assert.deepEqual(events.map((e) => [(e.payload as { amountCents: number }).amountCents, Boolean(e.handledAt)]), [
    [10_000, true],
    [25_000, true],
  ]);
  assert.equal(await pointsBalance(db, userId), 250);
  assert.deepEqual(await clawBacks(db, order.id), [-100, -250]);
  assert.deepEqual(await auditedPoints(db, order.id), [100, 250]);
  // The rest refunded: the order's points are all gone, never more.
  await refund(db, order.id, 25_000);
  assert.equal(await pointsBalance(db, userId), 0);
  assert.deepEqual(await auditedPoints(db, order.id), [100, 250, 250]);
});

test("[order events] refunds whose handlers never ran: the job takes the points back, once", async (db) => {
  const { order, userId } = await paid600(db);
  await refund(db, order.id, 10_000);
  await refund(db, order.id, 50_000);
  await unhandleRefunds(db, order.id);
  assert.equal(await pointsBalance(db, userId), 600);
  assert.equal(await handleOrderEvents(db), 1, "one run handles both: the older first");
  assert.equal(await pointsBalance(db, userId), 0);
  assert.deepEqual(await clawBacks(db, order.id), [-100, -500]);
  assert.deepEqual(await auditedPoints(db, order.id), [100, 500]);
  assert.equal(await handleOrderEvents(db), 0);
  assert.equal(await pointsBalance(db, userId), 0);
});

test("[order events] 'order.paid' is handled before 'order.refunded', whichever is handed over first", async (db) => {
  const { order, userId } = await paid600(db);
  await refund(db, order.id, 20_000);
  // Neither handled: the refund's event is handed over first, as a dispatch would.
  await unhandle(db, order.id);
  await unhandleRefunds(db, order.id);
  assert.equal(await pointsBalance(db, userId), 0);
  const [event] = await refundedEvents(db, order.id);
  await dispatchOrderEvent(db, event.id);
  assert.equal(await pointsBalance(db, userId), 400, "600 granted, then 200 taken back");
  assert.deepEqual(await auditedPoints(db, order.id), [200]);
  assert.equal((await eventsOf(db, order.id)).filter((e) => !e.handledAt).length, 0);
});

raceTest(
  "[order events] the job and the dispatch after the commit handle one refunded event at once: points taken back once",
  async (db) => {
    for (let round = 0; round < 8; round++) {
      const { order, userId } = await paid600(db);
      await refund(db, order.id, 20_000);
      await unhandleRefunds(db, order.id);
      const [event] = await refundedEvents(db, order.id);
      await Promise.all([handleOrderEvents(db), dispatchOrderEvent(db, event.id)]);
      assert.deepEqual(await clawBacks(db, order.id), [-200], `round ${round}: one claw-back`);
      assert.equal(await pointsBalance(db, userId), 400, `round ${round}: 200 taken back`);
      assert.deepEqual(await auditedPoints(db, order.id), [200], `round ${round}: the figure audited`);
    }
  },
);

closeDatabase();
