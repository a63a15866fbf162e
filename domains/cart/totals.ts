/**
 * The whole cart as the shopper sees it: lines, the applied coupon re-checked, a referred
 * customer's first-order discount, and the totals, all from the database on every read.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared.ts";
import { cartCoupons } from "../../db/schema/mod.ts";
import {
  couponContext,
  type CouponContextOptions,
  evaluateCoupon,
  findCouponById,
  isFirstOrderCoupon,
} from "../coupons/mod.ts";
import { referralOffer, referralTotals } from "../referrals/mod.ts";
import { couponJson } from "./coupons.ts";
import { loadLines, pricedLines } from "./lines.ts";
import { type AppliedCoupon, type Cart, type CartOwner, couponOwnerOf, userIdOf } from "./types.ts";

// Prepared (db/prepared.ts): the applied coupon is read with the lines on every cart read.
const appliedOfUser = preparedQuery((db) =>
  db.select({ couponId: cartCoupons.couponId }).from(cartCoupons)
    .where(eq(cartCoupons.userId, sql.placeholder("owner"))).prepare("cart_coupon_user")
);
const appliedOfSession = preparedQuery((db) =>
  db.select({ couponId: cartCoupons.couponId }).from(cartCoupons)
    .where(eq(cartCoupons.sessionId, sql.placeholder("owner"))).prepare("cart_coupon_session")
);

/**
 * The cart priced from the database; an applied coupon that no longer applies is removed and reported.
 * `couponOptions` is for order placement (it counts pending orders against first-order coupons);
 * the cart itself leaves it empty.
 */
export async function getCart(
  db: Db,
  owner: CartOwner,
  now = new Date(),
  couponOptions: CouponContextOptions = {},
): Promise<Cart> {
  // The lines, the applied coupon and a signed-in customer's referral offer are read together: in a
  // transaction postgres.js sends the three in one write and PostgreSQL answers them in turn.
  const [lines, [applied], pendingOffer] = await Promise.all([
    loadLines(db, owner),
    "userId" in owner
      ? appliedOfUser(db).execute({ owner: owner.userId })
      : appliedOfSession(db).execute({ owner: owner.sessionId }),
    "userId" in owner ? referralOffer(db, owner.userId) : null,
  ]);
  const subtotal = lines.reduce((s, l) => s + l.lineTotalCents, 0);
  const itemCount = lines.reduce((s, l) => s + l.quantity, 0);
  let coupon: AppliedCoupon | null = null;
  let discount = 0;
  let freeShipping = false;
  let couponNotice: string | null = null;
  let couponNeedsSignIn = false;
  let firstOrderCoupon = false;
  if (applied) {
    const rule = await findCouponById(db, applied.couponId);
    const result = rule
      ? evaluateCoupon(rule, pricedLines(lines), await couponContext(db, rule, userIdOf(owner), now, couponOptions))
      : { ok: false as const, reason: "This coupon is no longer available." };
    if (rule && result.ok) {
      coupon = couponJson(rule);
      discount = result.discountCents;
      freeShipping = result.freeShipping;
      couponNeedsSignIn = result.needsSignIn === true;
      firstOrderCoupon = isFirstOrderCoupon(rule);
    } else if (lines.length) {
      await db.delete(cartCoupons).where(couponOwnerOf(owner));
      couponNotice = `${rule ? `Coupon ${rule.code} was removed: ` : ""}${result.ok ? "" : result.reason}`;
    }
  }
  // A referred customer's first-order discount: beside a first-order coupon the larger one applies.
  const offer = lines.length ? pendingOffer : null;
  const referral = referralTotals(
    offer,
    subtotal,
    coupon ? { discountCents: discount, firstOrder: firstOrderCoupon, code: coupon.code } : null,
  );
  return {
    lines,
    itemCount,
    subtotalCents: subtotal,
    discountCents: referral.couponDiscountCents,
    referralDiscountCents: referral.referralDiscountCents,
    referral: offer && referral.referralDiscountCents > 0 ? offer : null,
    referralNote: referral.note,
    totalCents: Math.max(0, subtotal - referral.couponDiscountCents - referral.referralDiscountCents),
    coupon,
    freeShipping,
    couponNotice,
    couponNeedsSignIn,
  };
}
