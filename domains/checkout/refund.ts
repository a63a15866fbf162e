/**
 * Paid but not fulfillable: a payment that reached an order after it was cancelled. A cancelled order
 * is never revived (its stock, coupon use or reward code may have gone to another order meanwhile:
 * docs/decisions/0034), so the money goes back through the payment provider, the customer is told by e-mail (through the outbox) and the refund is written to
 * audit_logs. That audit row is also the record that the refund was made: every step here is safe
 * to repeat (the provider refunds once per idempotency key, the row and the e-mail are written once
 * under the order's lock), so a refund that failed half-way is simply tried again by the sweeper.
 */
import { logError } from "../../lib/error_log.ts";
import { and, eq, isNotNull, notExists, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { ShopInfo } from "../../config.ts";
import { auditLogs, orders, users } from "../../db/schema/mod.ts";
import { formatMoney, toCents } from "../../lib/money.ts";
import { enqueueEmail, escapeHtml, type OutgoingEmail } from "../mail/mod.ts";
import type { PaymentGateway, RefundFacts } from "../payments/types.ts";
import { lockOrder } from "./payment.ts";

/** audit_logs.action of a refunded late payment (entityType "order", entityId the order's id). */
export const PAYMENT_REFUNDED = "payment_refunded";
/** What the order's notes say while the refund is owed, and once it was made. */
export const REFUND_DUE_NOTE = "Paid after it was cancelled: the payment is being refunded.";

const refundRecorded = (orderId: number) =>
  and(eq(auditLogs.entityType, "order"), eq(auditLogs.entityId, orderId), eq(auditLogs.action, PAYMENT_REFUNDED));

/** A cancelled order holding a payment that has not been refunded yet. */
const refundOwed = and(
  eq(orders.status, "cancelled"),
  isNotNull(orders.paidAt),
  isNotNull(orders.paymentId),
  notExists(
    sql`(select 1 from ${auditLogs} where ${auditLogs.entityType} = 'order' and ${auditLogs.entityId} = ${orders.id} and ${auditLogs.action} = ${PAYMENT_REFUNDED})`,
  ),
);

export interface RefundOptions {
  shop: ShopInfo;
  siteUrl: string;
  now?: Date;
}

/**
 * Refunds the payment held by a cancelled order, once. Returns the refund, or null when there is
 * nothing to refund (the order is not cancelled-and-paid, or the refund was already recorded).
 */
export async function refundUnfulfillablePayment(
  db: Db,
  orderId: number,
  gateway: PaymentGateway,
  opts: RefundOptions,
): Promise<RefundFacts | null> {
  const [order] = await db.select().from(orders).where(and(eq(orders.id, orderId), refundOwed));
  if (!order) return null;
  const amountCents = toCents(order.total) ?? 0;
  // Outside any transaction: no row stays locked while the provider answers. The key makes a retry
  // (after a lost answer or a failed write below) return this same refund instead of a second one.
  const refund = await gateway.refund({
    intentId: order.paymentId!,
    amountCents,
    idempotencyKey: `refund-${order.paymentId}-${order.orderNumber}`,
    metadata: {
      orderId: String(order.id),
      orderNumber: order.orderNumber,
      reason: "paid after the order was cancelled",
    },
  });
  const now = opts.now ?? new Date();
  const recorded = await db.transaction(async (tx) => {
    await lockOrder(tx, orderId);
    const [again] = await tx.select({ id: auditLogs.id }).from(auditLogs).where(refundRecorded(orderId));
    if (again) return false;
    await tx.insert(auditLogs).values({
      userId: null,
      entityType: "order",
      entityId: orderId,
      action: PAYMENT_REFUNDED,
      details: {
        orderNumber: order.orderNumber,
        customerId: order.userId,
        paymentId: order.paymentId,
        refundId: refund.id,
        refundStatus: refund.status,
        amountCents: refund.amountCents,
        reason: "Paid after the order was cancelled; a cancelled order is not revived, so the payment was refunded.",
      },
      createdAt: now,
    });
    const notes = (order.notes ?? "").replace(REFUND_DUE_NOTE, "").trim();
    await tx.update(orders).set({
      notes: [notes, `Paid after it was cancelled: refunded in full (${refund.id}).`]
        .filter(Boolean).join("\n"),
      updatedAt: now,
    }).where(eq(orders.id, orderId));
    if (order.userId === null) return true;
    const [user] = await tx.select({ email: users.email, firstName: users.firstName, username: users.username })
      .from(users).where(and(eq(users.id, order.userId), sql`${users.deletedAt} is null`));
    if (user) {
      await enqueueEmail(
        tx,
        {
          orderId,
          ...paymentRefundedEmail({
            to: user.email,
            name: user.firstName ?? user.username,
            orderNumber: order.orderNumber,
            amountCents: refund.amountCents,
            refundId: refund.id,
            shop: opts.shop,
          }),
        },
        now,
      );
    }
    return true;
  });
  return recorded ? refund : null;
}

/** Refunds every payment still owed (run by the sweeper, which retries what failed earlier). */
export async function refundOwedPayments(
  db: Db,
  gateway: PaymentGateway,
  opts: RefundOptions & { batch?: number },
): Promise<number> {
  const owed = await db.select({ id: orders.id }).from(orders).where(refundOwed).limit(opts.batch ?? 50);
  let refunded = 0;
  for (const { id } of owed) {
    try {
      if (await refundUnfulfillablePayment(db, id, gateway, opts)) refunded++;
    } catch (err) {
      // The provider may be down; the next run tries again.
      logError("refunding an owed payment failed", err, { job: "refund-owed-payments", orderId: id });
    }
  }
  return refunded;
}

/** The e-mail telling the customer their payment was refunded and why. */
export function paymentRefundedEmail(
  opts: { to: string; name: string; orderNumber: string; amountCents: number; refundId: string; shop: ShopInfo },
): OutgoingEmail {
  const { shop } = opts;
  const amount = formatMoney(opts.amountCents);
  const subject = `Your payment for ${shop.name} order ${opts.orderNumber} was refunded`;
  const paragraphs = [
    `Hello ${opts.name},`,
    `Your payment of ${amount} for order ${opts.orderNumber} reached us after the order had been cancelled, ` +
    "so we cannot send it to you. Please place a new order if you would still like the items.",
    `We have refunded the full ${amount} to the card or account you paid with. Depending on your bank it can ` +
    "take 5 to 10 business days to show on your statement.",
    `Refund reference: ${opts.refundId}`,
    `We are sorry for the trouble. If you have any questions, contact us at ${shop.contact.email} or ` +
    `${shop.contact.phone}.`,
    shop.name,
  ];
  const text = `${paragraphs.join("\n\n")}\n`;
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en-ZA">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family: Arial, sans-serif; color: #1f2937; max-width: 640px; margin: 0 auto;">
<h1 style="color: #15803d;">Your payment was refunded</h1>
${paragraphs.map((p) => `<p>${e(p)}</p>`).join("\n")}
</body>
</html>`;
  return { to: opts.to, subject, text, html };
}
