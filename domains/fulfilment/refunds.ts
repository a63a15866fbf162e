/**
 * Refunds staff give on a paid order, full or partial, through the provider that took the payment,
 * with an optional restock of chosen lines. See docs/decisions/0024: the amount is first reserved
 * under the order's row lock (an order_refunds row in status "pending" and orders.refundedAmount
 * raised), then the provider is called outside any transaction, then the refund is completed (or,
 * when the provider refuses, the reservation is rolled back and the order is as it was). Two staff
 * refunding at once therefore queue on the row lock and the second sees the first's reservation:
 * together they never refund more than was paid.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { ShopInfo } from "../../config.ts";
import { orderItems, orderNotes, orderRefunds, orders, type RestockLine } from "../../db/schema/mod.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { formatMoney, toCents, toNumeric } from "../../lib/money.ts";
import { recordAudit } from "../admin_audit/mod.ts";
import { cancelLockedOrder, lockOrder, releaseStock } from "../orders/mod.ts";
import { clawBackOrderPoints } from "../loyalty/mod.ts";
import { reverseReferralCredit } from "../referrals/mod.ts";
import { enqueueEmail, orderRefundedEmail } from "../mail/mod.ts";
import { loadOrders, ORDER_NOT_FOUND, type OrderDetail } from "../orders/mod.ts";
import { issueCreditNote } from "../tax_documents/mod.ts";
import { orderRecipient } from "./customer.ts";
import { type PaymentGateway, PaymentRefusedError, type RefundFacts, STITCH_MANUAL_REFUND } from "../payments/mod.ts";

type OrderRow = typeof orders.$inferSelect;

/** The statuses whose payment staff may refund (a cancelled order was refunded when cancelled). */
const REFUNDABLE_STATUSES = new Set(["processing", "shipped", "delivered"]);

/** The 409 above what is left to refund. */
export function refundTooLargeMessage(refundableCents: number): string {
  return `The refund is more than the refundable amount of ${formatMoney(refundableCents)}`;
}
export const NOT_PAID_REFUND = "Only a paid order can be refunded.";

/**
 * Providers whose refunds the shop cannot make through an API (PayFast's merchant API does not
 * refund card or Instant EFT payments): the refund is recorded as "manual", with its credit note, and
 * staff complete it in the provider's dashboard.
 */
export const MANUAL_REFUND_PROVIDERS: ReadonlyMap<string, string> = new Map([["payfast", "PayFast"]]);

/**
 * What staff are told after recording a refund they must still make themselves: always for PayFast;
 * for Stitch when `byHand` (STITCH_REFUNDS=manual: the client has no Stitch refunds product).
 */
export function manualRefundNotice(paymentMethod: string | null, byHand = false): string | null {
  if (paymentMethod === "stitch" && byHand) {
    return `The refund and its credit note are recorded. ${STITCH_MANUAL_REFUND}`;
  }
  const name = paymentMethod ? MANUAL_REFUND_PROVIDERS.get(paymentMethod) : undefined;
  return name
    ? `The refund and its credit note are recorded. ${name} does not take refunds from the shop: complete the refund in the ${name} dashboard.`
    : null;
}
export const ALREADY_REFUNDED = "Everything paid on this order has been refunded already.";

/** What is left to refund on an order: the total paid less what went back already (0 unpaid). */
export function refundableCents(o: { paidAt: Date | null; total: string; refundedAmount: string }): number {
  if (!o.paidAt) return 0;
  return Math.max(0, (toCents(o.total) ?? 0) - (toCents(o.refundedAmount) ?? 0));
}

export interface RefundRequest {
  orderId: number;
  amountCents: number;
  reason: string;
  restock: RestockLine[];
  /** The staff member giving the refund (audit trail, order_refunds.createdBy). */
  userId: number | null;
}

export interface RefundOptions {
  shop: ShopInfo;
  siteUrl: string;
  now?: Date;
}

/** How many units of each line already went (or are going) back on the shelf with earlier refunds. */
async function restockedSoFar(tx: Db, orderId: number): Promise<Map<number, number>> {
  const rows = await tx.select({ restock: orderRefunds.restock }).from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId));
  const done = new Map<number, number>();
  for (const row of rows) {
    for (const l of row.restock ?? []) done.set(l.orderItemId, (done.get(l.orderItemId) ?? 0) + l.quantity);
  }
  return done;
}

/**
 * The restock lines checked against the order: each line must be the order's, and no line may go
 * back more often than it was ordered, counting earlier refunds. `all` gives back every unit not yet
 * given back (a cancel).
 */
async function checkedRestock(tx: Db, orderId: number, wanted: RestockLine[] | "all"): Promise<RestockLine[]> {
  const lines = await tx.select({ id: orderItems.id, name: orderItems.name, quantity: orderItems.quantity })
    .from(orderItems).where(eq(orderItems.orderId, orderId));
  const done = await restockedSoFar(tx, orderId);
  if (wanted === "all") {
    return lines.map((l) => ({ orderItemId: l.id, quantity: l.quantity - (done.get(l.id) ?? 0) }))
      .filter((l) => l.quantity > 0);
  }
  const merged = new Map<number, number>();
  for (const l of wanted) merged.set(l.orderItemId, (merged.get(l.orderItemId) ?? 0) + l.quantity);
  const out: RestockLine[] = [];
  for (const [orderItemId, quantity] of merged) {
    const line = lines.find((l) => l.id === orderItemId);
    if (!line) throw new ValidationError(`Order line ${orderItemId} is not part of this order.`);
    const left = line.quantity - (done.get(orderItemId) ?? 0);
    if (quantity > left) {
      throw new ConflictError(
        left === 0
          ? `Every unit of ${line.name} has gone back to stock already.`
          : `Only ${left} of ${line.name} can go back to stock (ordered ${line.quantity}).`,
      );
    }
    out.push({ orderItemId, quantity });
  }
  return out;
}

/** The reservation: checks, then the pending refund row and the raised refundedAmount, under the row lock. */
interface Reservation {
  order: OrderRow;
  refundId: number | null;
  amountCents: number;
  refundedBeforeCents: number;
  restock: RestockLine[];
  /** The provider has no refund API: nothing is sent, the refund is recorded as "manual". */
  manual: boolean;
}

async function reserve(
  db: Db,
  gateway: PaymentGateway | null,
  req: RefundRequest,
  cancel: boolean,
  now: Date,
  checkStatus: (order: OrderRow) => void,
): Promise<Reservation> {
  return await db.transaction(async (tx) => {
    const order = await lockOrder(tx, req.orderId);
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    checkStatus(order);
    const refundable = refundableCents(order);
    const amountCents = cancel ? refundable : req.amountCents;
    if (!cancel) {
      if (!order.paidAt || !REFUNDABLE_STATUSES.has(order.status)) {
        throw new ConflictError(order.status === "refunded" ? ALREADY_REFUNDED : NOT_PAID_REFUND);
      }
      if (refundable === 0) throw new ConflictError(ALREADY_REFUNDED);
      if (amountCents > refundable) throw new ConflictError(refundTooLargeMessage(refundable));
    }
    const restock = await checkedRestock(tx, order.id, cancel ? "all" : req.restock);
    const refundedBeforeCents = toCents(order.refundedAmount) ?? 0;
    const manual = MANUAL_REFUND_PROVIDERS.has(order.paymentMethod ?? "");
    if (amountCents === 0) return { order, refundId: null, amountCents, refundedBeforeCents, restock, manual };
    if (!manual && (!gateway || !order.paymentId || order.paymentMethod !== gateway.provider)) {
      throw new ConflictError(
        `This order was paid through ${order.paymentMethod ?? "another provider"}, which the shop is not connected ` +
          "to now: refund it in that provider's dashboard.",
      );
    }
    const [row] = await tx.insert(orderRefunds).values({
      orderId: order.id,
      amount: toNumeric(amountCents),
      reason: req.reason,
      provider: manual ? order.paymentMethod! : gateway!.provider,
      status: "pending",
      restock,
      createdBy: req.userId,
      createdAt: now,
    }).returning({ id: orderRefunds.id });
    // Written as the new figure, not `+ amount`: only the row lock above keeps two refunds apart.
    await tx.update(orders).set({ refundedAmount: toNumeric(refundedBeforeCents + amountCents), updatedAt: now })
      .where(eq(orders.id, order.id));
    return { order, refundId: row.id, amountCents, refundedBeforeCents, restock, manual };
  });
}

/** The provider refused (or did not answer): the reservation goes, the order is as it was. */
async function rollBack(db: Db, r: Reservation, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOrder(tx, r.order.id);
    await tx.delete(orderRefunds).where(eq(orderRefunds.id, r.refundId!));
    await tx.update(orders).set({
      refundedAmount: sql`greatest(${orders.refundedAmount} - ${toNumeric(r.amountCents)}::numeric, 0)`,
      updatedAt: now,
    }).where(eq(orders.id, r.order.id));
  });
}

/**
 * Refunds part or all of what an order's customer paid (or, with `cancel`, everything left and
 * every unit, and cancels the order). Returns the order as it now is. Throws ConflictError (409)
 * above the refundable amount, for an unpaid order, a restock beyond what was ordered, or when the
 * provider refuses (its message; the order is then unchanged).
 */
export async function refundOrder(
  db: Db,
  gateway: PaymentGateway | null,
  req: RefundRequest,
  opts: RefundOptions & {
    cancel?: { checkStatus: (order: OrderRow) => void; note: string | null };
  },
): Promise<OrderDetail> {
  const now = opts.now ?? new Date();
  const cancel = opts.cancel ?? null;
  const r = await reserve(db, gateway, req, cancel !== null, now, cancel?.checkStatus ?? (() => {}));
  let facts: RefundFacts | null = null;
  if (r.refundId !== null && !r.manual) {
    try {
      facts = await gateway!.refund({
        intentId: r.order.paymentId!,
        amountCents: r.amountCents,
        // The same refund tried again after a lost answer gets the same key: never refunded twice.
        idempotencyKey: `order-${r.order.id}-refund-${r.refundedBeforeCents}-${r.amountCents}`,
        metadata: { orderId: String(r.order.id), orderNumber: r.order.orderNumber },
      });
    } catch (err) {
      await rollBack(db, r, now);
      if (err instanceof PaymentRefusedError) throw err;
      throw new ConflictError(
        `The payment provider did not answer (${err instanceof Error ? err.message : String(err)}). ` +
          "Nothing was recorded; trying again is safe, the provider never refunds the same request twice.",
      );
    }
  }
  await db.transaction(async (tx) => {
    const order = (await lockOrder(tx, r.order.id))!;
    if (r.refundId !== null) {
      await tx.update(orderRefunds).set({
        // "manual": recorded only; staff complete it in the provider's dashboard (PayFast).
        status: r.manual || facts?.status === "manual"
          ? "manual"
          : facts!.status === "succeeded"
          ? "succeeded"
          : "pending",
        providerRefundId: facts?.id ?? null,
      }).where(eq(orderRefunds.id, r.refundId));
      // The refund is given (or, pending, on its way at the provider): its credit note is issued now,
      // in this transaction (docs/decisions/0032).
      await issueCreditNote(tx, r.refundId, opts.shop, now);
    }
    const lines = r.restock.length ? await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)) : [];
    await releaseStock(
      tx,
      r.restock.flatMap((l) => {
        const line = lines.find((x) => x.id === l.orderItemId);
        return line?.productId ? [{ productId: line.productId, variantId: line.variantId, quantity: l.quantity }] : [];
      }),
      { reason: "refund_restock", orderId: order.id, actorUserId: req.userId, at: now },
    );
    const refundedCents = toCents(order.refundedAmount) ?? 0;
    const pointsTakenBack = order.userId !== null && r.refundId !== null
      ? await clawBackOrderPoints(tx, {
        userId: order.userId,
        orderId: order.id,
        orderNumber: order.orderNumber,
        refundId: r.refundId,
        refundedCents,
      })
      : 0;
    const fully = refundedCents >= (toCents(order.total) ?? 0);
    if (fully && r.refundId !== null) await reverseReferralCredit(tx, order.id, now);
    const to = cancel ? "cancelled" : fully ? "refunded" : order.status;
    if (cancel) {
      await cancelLockedOrder(tx, order.id, cancel.note ?? req.reason, now, { restock: false });
      if (cancel.note) {
        await tx.insert(orderNotes).values({
          orderId: order.id,
          userId: req.userId,
          body: cancel.note,
          createdAt: now,
        });
      }
    } else if (to !== order.status) {
      await tx.update(orders).set({ status: to, updatedAt: now }).where(eq(orders.id, order.id));
    }
    if (r.refundId !== null) {
      await recordAudit(tx, {
        userId: req.userId,
        entityType: "order",
        entityId: order.id,
        action: "refund",
        details: {
          refundId: r.refundId,
          amount: r.amountCents / 100,
          reason: req.reason,
          provider: r.manual ? order.paymentMethod : gateway!.provider,
          providerRefundId: facts?.id ?? null,
          providerStatus: r.manual ? "manual" : facts!.status,
          restock: r.restock,
          refundedAmount: { before: r.refundedBeforeCents / 100, after: refundedCents / 100 },
          pointsTakenBack,
        },
      });
    }
    if (to !== order.status) {
      await recordAudit(tx, {
        userId: req.userId,
        entityType: "order",
        entityId: order.id,
        action: "status_change",
        details: {
          from: order.status,
          to,
          ...(cancel?.note ? { note: cancel.note } : {}),
          ...(r.refundId !== null ? { refunded: r.amountCents / 100 } : {}),
          ...(cancel ? { restocked: r.restock } : {}),
        },
      });
    }
    const recipient = r.refundId !== null ? await orderRecipient(tx, order.userId) : null;
    if (recipient) {
      await enqueueEmail(
        tx,
        orderRefundedEmail({
          ...recipient,
          orderId: order.id,
          orderNumber: order.orderNumber,
          shop: opts.shop,
          siteUrl: opts.siteUrl,
          amountCents: r.amountCents,
          refundedCents,
          reason: req.reason,
          cancelled: cancel !== null,
        }),
        now,
      );
    }
  });
  const [detail] = await loadOrders(db, [r.order.id]);
  return detail;
}
