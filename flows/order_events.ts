/**
 * What follows an order event (docs/decisions/0075, 0080, 0085). A workflow writes the event in the
 * transaction that made it true (recordOrderEvent), and either handles it there under a savepoint
 * (handleOrderEventsHere: the payment, which holds the order's lock already) or hands it over once
 * committed (dispatchOrderEvent: the refund, whose provider call sits between its transactions); the
 * 'order events' job picks up whatever was not handled (a crash in between, a handler that failed).
 *
 * Each event is handled once, in one transaction that first locks the order's row, then the event's
 * row, runs the handlers and marks it handled: the job, the dispatch after the commit and a refund
 * of the same order queue on the order's lock, and the handlers' own unique keys (one ledger row per
 * order's points, per refund's claw-back, one referral credit and its reversal) make even a second
 * run add nothing.
 *
 * Ordering: an order's events are handled in the order they were written (handling one handles
 * every older pending one of its order first), so 'order.paid' is always handled before the
 * 'order.refunded' events that follow it, and a refund's points are taken back only after they
 * were granted, whatever the job's timing.
 *
 *   order.paid      (one per order)  -> loyalty points for the paid total, the referrer's credit for
 *                                       a first order
 *   order.refunded  (one per refund) -> the points of what is now refunded taken back (the figure
 *                                       noted on the refund's audit row), and on a full refund the
 *                                       referral the order completed reversed
 */
import { and, asc, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { auditLogs, orderEvents, type OrderEventType, users } from "../db/schema/mod.ts";
import { logError } from "../lib/error_log.ts";
import { awardOrderPoints, clawBackOrderPoints } from "../domains/loyalty/mod.ts";
import { lockOrder } from "../domains/orders/mod.ts";
import { creditReferrer, reverseReferralCredit } from "../domains/referrals/mod.ts";

/** What 'order.paid' carries: the customer and the total paid, as they were at the payment. */
export interface OrderPaid {
  userId: number;
  orderNumber: string;
  totalCents: number;
  paidAt: string;
}

/**
 * What 'order.refunded' carries: one completed refund (several partial refunds of an order each
 * write their own), as it was when it completed.
 */
export interface OrderRefunded {
  refundId: number;
  /** The order's customer (null: a guest's, or an erased account's order: no points to take back). */
  userId: number | null;
  orderNumber: string;
  /** This refund. */
  amountCents: number;
  /** Refunded on the order so far, this refund included (the claw-back's measure). */
  refundedCents: number;
  /** The order is now refunded in full: the referral it completed is reversed. */
  full: boolean;
  refundedAt: string;
}

/** Each event type's payload. */
export interface OrderEventPayloads {
  "order.paid": OrderPaid;
  "order.refunded": OrderRefunded;
}

type EventRow = typeof orderEvents.$inferSelect;

/** After this many failed runs an event is left for staff to look at (its last_error says why). */
export const MAX_EVENT_ATTEMPTS = 10;

/**
 * Writes the event in the caller's transaction; returns its id, or null when it is written already
 * (one 'order.paid' per order, one 'order.refunded' per refund: a second write changes nothing).
 */
export async function recordOrderEvent<T extends OrderEventType>(
  tx: Db,
  orderId: number,
  type: T,
  payload: OrderEventPayloads[T],
): Promise<number | null> {
  const dedupeKey = type === "order.refunded" ? String((payload as OrderRefunded).refundId) : "";
  const [row] = await tx.insert(orderEvents).values({ orderId, type, dedupeKey, payload: { ...payload } })
    .onConflictDoNothing().returning({ id: orderEvents.id });
  return row?.id ?? null;
}

/** The handlers of each event type, run inside the transaction that marks the event handled. */
async function runHandlers(tx: Db, event: EventRow): Promise<void> {
  switch (event.type) {
    case "order.paid": {
      const paid = event.payload as unknown as OrderPaid;
      // An account erased since forfeits its points (docs/decisions/0009): nothing is granted to it.
      const [live] = await tx.select({ id: users.id }).from(users)
        .where(and(eq(users.id, paid.userId), isNull(users.deletedAt)));
      if (!live) return;
      await awardOrderPoints(tx, {
        userId: paid.userId,
        orderId: event.orderId,
        orderNumber: paid.orderNumber,
        totalCents: paid.totalCents,
      });
      await creditReferrer(
        tx,
        { userId: paid.userId, orderId: event.orderId, orderNumber: paid.orderNumber },
        new Date(paid.paidAt),
      );
      return;
    }
    case "order.refunded": {
      const refund = event.payload as unknown as OrderRefunded;
      const points = refund.userId === null ? 0 : await clawBackOrderPoints(tx, {
        userId: refund.userId,
        orderId: event.orderId,
        orderNumber: refund.orderNumber,
        refundId: refund.refundId,
        refundedCents: refund.refundedCents,
      });
      if (refund.full) await reverseReferralCredit(tx, event.orderId, new Date(refund.refundedAt));
      await notePointsTakenBack(tx, event.orderId, refund.refundId, points);
      return;
    }
  }
}

/**
 * The refund's audit row (written with the refund) gets the points its event took back, as staff
 * read it on the audit screens. Written by the first handling only: a second one, which takes
 * nothing, never overwrites the figure with 0.
 */
async function notePointsTakenBack(tx: Db, orderId: number, refundId: number, points: number): Promise<void> {
  await tx.update(auditLogs).set({
    details: sql`${auditLogs.details} || jsonb_build_object('pointsTakenBack', ${points}::int)`,
  })
    .where(and(
      eq(auditLogs.entityType, "order"),
      eq(auditLogs.entityId, orderId),
      eq(auditLogs.action, "refund"),
      sql`${auditLogs.details}->>'refundId' = ${String(refundId)}`,
      sql`${auditLogs.details}->'pointsTakenBack' is null`,
    ));
}

/**
 * Handles the order's events not handled yet, oldest first, inside the caller's transaction, which
 * holds the order's row lock. Returns how many it handled.
 */
async function handlePendingOrderEvents(tx: Db, orderId: number): Promise<number> {
  const pending = await tx.select().from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), isNull(orderEvents.handledAt)))
    .orderBy(asc(orderEvents.id)).for("update");
  for (const event of pending) {
    await runHandlers(tx, event);
    await tx.update(orderEvents).set({ handledAt: new Date(), lastError: null }).where(eq(orderEvents.id, event.id));
  }
  return pending.length;
}

/**
 * Handles one event (and any older one of its order) in its own transaction; false when it was
 * handled already. A failure is counted on the event and thrown.
 */
export async function handleOrderEvent(db: Db, eventId: number): Promise<boolean> {
  const [event] = await db.select({ orderId: orderEvents.orderId }).from(orderEvents)
    .where(eq(orderEvents.id, eventId));
  if (!event) return false;
  try {
    return await db.transaction(async (tx) => {
      // The order's row first, as the payment and the refund take it: they queue, never deadlock.
      await lockOrder(tx, event.orderId);
      const [row] = await tx.select({ handledAt: orderEvents.handledAt }).from(orderEvents)
        .where(eq(orderEvents.id, eventId)).for("update");
      if (!row || row.handledAt) return false;
      await handlePendingOrderEvents(tx, event.orderId);
      return true;
    });
  } catch (err) {
    await db.update(orderEvents).set({
      attempts: sql`${orderEvents.attempts} + 1`,
      lastError: (err instanceof Error ? err.message : String(err)).slice(0, 500),
    }).where(eq(orderEvents.id, eventId));
    throw err;
  }
}

/**
 * Handles the order's pending events inside the transaction that wrote them, which holds the order's
 * row lock (the payment's): no second transaction, no second lock of the order, no read of the event
 * back. Under a savepoint: a handler that fails is rolled back alone and logged, the caller's work
 * commits, and the event stays pending for the job (or a dispatch). True when handled.
 */
export async function handleOrderEventsHere(tx: Db, orderId: number): Promise<boolean> {
  try {
    await tx.transaction((savepoint) => handlePendingOrderEvents(savepoint, orderId));
    return true;
  } catch (err) {
    logError("handling an order event in its own transaction failed; the order events job retries it", err, {
      orderId,
    });
    return false;
  }
}

/**
 * After the commit that wrote it: the event's handlers run now, so the customer sees their points at
 * once. A failure is logged and left to the job.
 */
export async function dispatchOrderEvent(db: Db, eventId: number | null): Promise<void> {
  if (eventId === null) return;
  try {
    await handleOrderEvent(db, eventId);
  } catch (err) {
    logError("handling an order event failed; the order events job retries it", err, { eventId });
  }
}

/**
 * The 'order events' job: every event not handled yet, oldest first (at most `batch`), each in its
 * own transaction; one that fails does not stop the others. Returns how many it handled.
 */
export async function handleOrderEvents(db: Db, opts: { batch?: number } = {}): Promise<number> {
  const due = await db.select({ id: orderEvents.id }).from(orderEvents)
    .where(and(isNull(orderEvents.handledAt), lt(orderEvents.attempts, MAX_EVENT_ATTEMPTS)))
    .orderBy(asc(orderEvents.id)).limit(opts.batch ?? 100);
  let handled = 0;
  for (const { id } of due) {
    try {
      if (await handleOrderEvent(db, id)) handled++;
    } catch (err) {
      logError("handling an order event failed", err, { job: "order-events", eventId: id });
    }
  }
  return handled;
}
