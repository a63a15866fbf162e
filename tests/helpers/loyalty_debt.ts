/**
 * A customer left owing points by a refund (decision 0057), for the pages that show it: their order
 * earned 900 points; 500 bought an 'R50 off your order' code still unused, 300 went on a code already
 * spent on an order. The order is then refunded in full: the unused code is voided (its 500 back),
 * and the 900 taken back leave -300. The demo rewards must be in the database.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { loyaltyLedger, loyaltyRewards } from "../../db/schema/mod.ts";
import { clawBackOrderPoints, redeemReward } from "../../domains/loyalty/mod.ts";

/** The debt {@link giveRefundDebt} leaves. */
export const REFUND_DEBT = 300;

/** Gives `userId` that history; returns the voided code. */
export async function giveRefundDebt(db: Db, userId: number): Promise<string> {
  await db.insert(loyaltyLedger).values({
    userId,
    points: 900,
    reason: "Points for order RB-1764072000790",
    referenceType: "order",
    referenceId: "2002",
    createdAt: new Date(Date.now() - 5 * 86_400_000),
  });
  const [r50] = await db.select().from(loyaltyRewards).where(eq(loyaltyRewards.name, "R50 off your order"));
  const { redemptionCode } = await redeemReward(db, userId, r50.id);
  await db.insert(loyaltyLedger).values({ userId, points: -REFUND_DEBT, reason: "Redeemed R30 off" });
  await db.transaction((tx) =>
    clawBackOrderPoints(tx, {
      userId,
      orderId: 2002,
      orderNumber: "RB-1764072000790",
      refundId: 1,
      refundedCents: 90_000,
    })
  );
  return redemptionCode;
}
