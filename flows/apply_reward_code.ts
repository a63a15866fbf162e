/**
 * A loyalty reward code (RWD-...) spent on a placed order at the payment step (spec: 'Loyalty code:
 * validate first, then apply (apply needs an order)'). The code lowers the order's total, so the
 * provider's live attempt for the old amount is cancelled first (or, if the money was already taken,
 * the order is finalised and the code refused); then one transaction re-checks the order and the
 * code under row locks, lowers the total and spends the code. The payment step then starts a fresh
 * attempt for the new total (create-intent replaces a cancelled attempt under the next idempotency
 * key), and cancelling the order gives the code back (cancel.ts).
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { orders } from "../db/schema/mod.ts";
import { ConflictError, NotFoundError, ValidationError } from "../lib/errors.ts";
import { formatMoney, toCents, toNumeric } from "../lib/money.ts";
import { markRedemptionUsed, type Reward, usableRedemption } from "../domains/loyalty/mod.ts";
import { loadOrders, ORDER_NOT_FOUND, type OrderDetail } from "../domains/orders/mod.ts";
import type { PaymentGateway } from "../domains/payments/types.ts";
import { lockOrder } from "../domains/orders/mod.ts";
import { releasePaymentAttempt } from "./cancel_order.ts";
import { type FinalizeOptions, PAYMENT_STILL_PROCESSING } from "../domains/checkout/mod.ts";

/** A card cannot pay R0,00 (decision 0014), so a reward always leaves this much to pay. */
export const MIN_PAYABLE_CENTS = 100;

export const REWARD_CODE_ALREADY_APPLIED = "A reward code is already applied to this order.";
export const FREE_SHIPPING_REWARD_REFUSED =
  "Free-delivery rewards are no longer offered: delivery is settled when the order is placed, so this reward has nothing to take off.";
export const ORDER_ALREADY_PAID = "This order is already paid.";
const ORDER_NOT_PAYABLE = "This order was cancelled. Please place your order again.";
const ORDER_TOO_SMALL = `This order's total is too small for a reward: at least ${
  formatMoney(MIN_PAYABLE_CENTS)
} must be left to pay by card.`;
const PAYMENT_RESTARTED = "A new payment was started for this order meanwhile. Please try again.";

export interface ApplyRewardCodeInput {
  userId: number;
  orderId: number;
  code: string;
}

export interface AppliedRewardCode {
  discountCents: number;
  /** True when the reward was worth more than the order allowed (see MIN_PAYABLE_CENTS). */
  capped: boolean;
  message: string;
  order: OrderDetail;
}

type OrderRow = typeof orders.$inferSelect;

/** Refuses an order the customer cannot (or can no longer) put a reward code on. */
function assertOpenForCode(order: OrderRow | null | undefined, userId: number): asserts order is OrderRow {
  if (!order || order.userId !== userId) throw new NotFoundError(ORDER_NOT_FOUND);
  if (order.paidAt) throw new ConflictError(ORDER_ALREADY_PAID);
  if (order.status !== "pending") throw new ConflictError(ORDER_NOT_PAYABLE);
  if (order.rewardCode !== null) throw new ConflictError(REWARD_CODE_ALREADY_APPLIED);
}

/**
 * What the reward takes off an order whose total (after its coupon) is `totalCents`: a fixed amount
 * its value, a percentage that share of the total; never so much that less than R1,00 is left.
 * Free delivery is refused: the delivery fee is decided when the order is placed (decision 0030),
 * and free-delivery rewards are no longer offered (decision 0020).
 */
export function rewardDiscount(
  reward: Reward,
  totalCents: number,
  shippingCents = 0,
): { discountCents: number; capped: boolean } {
  if (reward.discountType === "free_shipping") throw new ValidationError(FREE_SHIPPING_REWARD_REFUSED);
  const worth = reward.discountType === "percentage"
    // discountValueCents holds the percentage x100 (10% is 1000); a share of the goods, not of delivery.
    ? Math.round((totalCents - shippingCents) * reward.discountValueCents / 10_000)
    : reward.discountValueCents;
  const ceiling = totalCents - MIN_PAYABLE_CENTS;
  if (ceiling <= 0) throw new ConflictError(ORDER_TOO_SMALL);
  if (worth <= 0) throw new ValidationError("This reward has nothing to take off this order.");
  return worth > ceiling ? { discountCents: ceiling, capped: true } : { discountCents: worth, capped: false };
}

function appliedMessage(code: string, discountCents: number, capped: boolean): string {
  const base = `Reward code ${code} applied: ${formatMoney(discountCents)} off your order.`;
  return capped
    ? `${base} The reward is worth more, but ${formatMoney(MIN_PAYABLE_CENTS)} must be left to pay by card.`
    : base;
}

/**
 * Spends the customer's reward code on their own pending, unpaid order (one code per order). Cheap
 * checks run first, so a refused code never disturbs the payment attempt; everything is checked
 * again under the order's and the code's row locks, so one code never pays for two orders.
 */
export async function applyRewardCode(
  db: Db,
  input: ApplyRewardCodeInput,
  gateway: PaymentGateway | null,
  opts: FinalizeOptions,
): Promise<AppliedRewardCode> {
  const now = opts.now ?? new Date();
  const [before] = await db.select().from(orders).where(eq(orders.id, input.orderId));
  assertOpenForCode(before, input.userId);
  const preview = await usableRedemption(db, input.userId, input.code, now);
  rewardDiscount(preview.reward, toCents(before.total) ?? 0, toCents(before.shippingCost) ?? 0);

  // The live attempt was made for the old total: it must not be paid once the total is lower.
  const attempt = await releasePaymentAttempt(db, before, gateway, { ...opts, now });
  if (attempt === "paid") throw new ConflictError(ORDER_ALREADY_PAID);
  if (attempt === "processing") throw new ConflictError(PAYMENT_STILL_PROCESSING);

  const applied = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    assertOpenForCode(order, input.userId);
    // Another tab started an attempt after ours was cancelled: it is for the old total.
    if (order.paymentIntentId !== before.paymentIntentId) throw new ConflictError(PAYMENT_RESTARTED);
    const redemption = await usableRedemption(tx, input.userId, input.code, now, { lock: true });
    const totalCents = toCents(order.total) ?? 0;
    const { discountCents, capped } = rewardDiscount(redemption.reward, totalCents, toCents(order.shippingCost) ?? 0);
    // paymentIntentId stays: it names the cancelled attempt, so the payment step replaces it under
    // the next idempotency key (a cleared id would reuse the first attempt's key).
    await tx.update(orders).set({
      discountAmount: toNumeric((toCents(order.discountAmount) ?? 0) + discountCents),
      total: toNumeric(totalCents - discountCents),
      rewardCode: redemption.code,
      rewardDiscount: toNumeric(discountCents),
      paymentError: null,
      updatedAt: now,
    }).where(eq(orders.id, order.id));
    await markRedemptionUsed(tx, redemption.id, order.id, now);
    return { discountCents, capped, code: redemption.code };
  });
  const [order] = await loadOrders(db, [input.orderId]);
  return {
    discountCents: applied.discountCents,
    capped: applied.capped,
    message: appliedMessage(applied.code, applied.discountCents, applied.capped),
    order,
  };
}
