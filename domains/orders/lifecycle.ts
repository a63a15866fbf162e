/**
 * The order primitives every flow shares: lock an order's row, and cancel an unpaid order (its
 * stock, coupon use and reward code given back in the same transaction). Checkout, fulfilment and
 * refunds build on these; they call no payment provider and know nothing of payments.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { couponUsage, orderItems, orderNotes, orders } from "../../db/schema/mod.ts";
import { releaseOrderRedemptions } from "../loyalty/mod.ts";
import { releaseStock } from "./stock.ts";

type OrderRow = typeof orders.$inferSelect;

/** The order's row, locked until the transaction ends (so two finalisations run one after another). */
export async function lockOrder(tx: Db, orderId: number): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return row ?? null;
}

/**
 * Writes an internal note on the order's timeline as part of another action (a status change, a
 * cancellation, a refund): staff's (with their user id) or the shop's own (no user). An empty or missing
 * body writes nothing, as those actions' notes are optional. Returns the note's id, or null. Staff's own
 * "Add note" (audited) is fulfilment's `addOrderNote`.
 */
export async function writeOrderNote(
  tx: Db,
  note: { orderId: number; userId: number | null; body: string | null | undefined; at?: Date },
): Promise<number | null> {
  if (!note.body) return null;
  const [row] = await tx.insert(orderNotes).values({
    orderId: note.orderId,
    userId: note.userId,
    body: note.body,
    ...(note.at ? { createdAt: note.at } : {}),
  }).returning({ id: orderNotes.id });
  return row.id;
}

/**
 * Cancels a pending, unpaid order and gives back its stock, coupon use and reward code (the order
 * keeps a note of the code). Returns false (and changes nothing) when the order is paid or no longer
 * pending, or when `attempt` is given and the order's payment attempt is no longer that one (a new
 * attempt was attached meanwhile and must be released at the provider first).
 */
export async function cancelOrder(
  db: Db,
  orderId: number,
  reason: string,
  now = new Date(),
  opts: { attempt?: string | null; actorUserId?: number | null } = {},
): Promise<boolean> {
  return await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.status !== "pending" || order.paidAt !== null) return false;
    if (opts.attempt !== undefined && order.paymentIntentId !== opts.attempt) return false;
    await cancelLockedOrder(tx, orderId, reason, now, { actorUserId: opts.actorUserId });
    return true;
  });
}

/**
 * Cancels an order whose row the caller has locked, inside the caller's transaction: its units go
 * back on the shelf (`restock: false` when they were already given back, line by line, with a
 * refund), its coupon use and reward code are released, and the status becomes cancelled. The units
 * given back enter the stock history as "cancel_release", with `actorUserId` when a person cancelled.
 */
export async function cancelLockedOrder(
  tx: Db,
  orderId: number,
  reason: string,
  now: Date,
  opts: { restock?: boolean; actorUserId?: number | null } = {},
): Promise<void> {
  if (opts.restock !== false) {
    const lines = await tx.select({
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      quantity: orderItems.quantity,
    }).from(orderItems).where(eq(orderItems.orderId, orderId));
    await releaseStock(
      tx,
      lines.filter((l) => l.productId !== null).map((l) => ({ ...l, productId: l.productId! })),
      { reason: "cancel_release", orderId, actorUserId: opts.actorUserId ?? null, at: now },
    );
  }
  await tx.delete(couponUsage).where(eq(couponUsage.orderId, orderId));
  await releaseOrderRedemptions(tx, orderId);
  await tx.update(orders).set({ status: "cancelled", cancelledAt: now, cancelReason: reason, updatedAt: now })
    .where(eq(orders.id, orderId));
}
