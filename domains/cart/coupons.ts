/**
 * A cart's coupon: checking a code against the cart as the server prices it (with the limit on
 * guessing codes), applying it, removing it.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { cartCoupons, coupons } from "../../db/schema/mod.ts";
import { ValidationError } from "../../lib/errors.ts";
import { checkRateLimit, hitRateLimit, LIMITS } from "../auth/mod.ts";
import {
  couponContext,
  type CouponRule,
  evaluateCoupon,
  findCouponByCode,
  SIGN_IN_TO_CONFIRM,
} from "../coupons/mod.ts";
import { loadLines, pricedLines } from "./lines.ts";
import { type AppliedCoupon, type CartOwner, couponOwnerOf, userIdOf } from "./types.ts";

/** A coupon as the cart shows it. */
export function couponJson(rule: CouponRule): AppliedCoupon {
  return {
    code: rule.code,
    type: rule.type,
    value: rule.value,
    description: rule.description,
    minOrderCents: rule.minOrderCents,
    endDate: rule.endDate,
  };
}

export type CouponCheck =
  | { valid: true; coupon: AppliedCoupon; discountCents: number; freeShipping: boolean; note: string | null }
  | { valid: false; message: string };

/**
 * Who is trying a code, for the limit on guessing codes (LIMITS.couponPerIp): the routes pass the
 * visitor's bucket, e.g. `coupon:ip:{address}`.
 *
 * Only refused codes count. The cart re-applies its code whenever the cart changes, so counting
 * every attempt would lock out a busy shopper, while someone guessing is refused nearly every time.
 * A refusal of a real code counts too: its reason ("expired", "spend at least...") already tells the
 * guesser the code exists. Once over the limit every attempt is refused, right codes included.
 */
export interface CouponAttempt {
  limitKey: string;
}

/** Checks a code against this cart as the server prices it (any client-side total is ignored). */
export async function checkCoupon(
  db: Db,
  owner: CartOwner,
  code: string,
  now = new Date(),
  attempt?: CouponAttempt,
): Promise<CouponCheck> {
  if (attempt) await checkRateLimit(db, attempt.limitKey, LIMITS.couponPerIp, now);
  const check = await evaluateCode(db, owner, code, now);
  if (attempt && !check.valid) await hitRateLimit(db, attempt.limitKey, LIMITS.couponPerIp, now);
  return check;
}

async function evaluateCode(db: Db, owner: CartOwner, code: string, now: Date): Promise<CouponCheck> {
  const rule = await findCouponByCode(db, code);
  if (!rule) return { valid: false, message: "This coupon code is not valid." };
  const lines = await loadLines(db, owner);
  const result = evaluateCoupon(rule, pricedLines(lines), await couponContext(db, rule, userIdOf(owner), now));
  if (!result.ok) return { valid: false, message: result.reason };
  return {
    valid: true,
    coupon: couponJson(rule),
    discountCents: result.discountCents,
    freeShipping: result.freeShipping,
    note: result.needsSignIn ? SIGN_IN_TO_CONFIRM : null,
  };
}

/**
 * Applies a code to the cart (replacing any other); ValidationError with the reason when it does
 * not apply. One upsert on the owner's unique key, so concurrent applies (a double click, two tabs)
 * leave exactly one coupon on the cart instead of tripping the unique constraint. With `attempt`,
 * refused codes count against the visitor's limit (see CouponAttempt).
 */
export async function applyCoupon(
  db: Db,
  owner: CartOwner,
  code: string,
  attempt?: CouponAttempt,
): Promise<CouponCheck & { valid: true }> {
  const check = await checkCoupon(db, owner, code, new Date(), attempt);
  if (!check.valid) throw new ValidationError(check.message);
  const [coupon] = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, check.coupon.code));
  const isUser = "userId" in owner;
  await db.insert(cartCoupons).values({
    userId: isUser ? owner.userId : null,
    sessionId: isUser ? null : owner.sessionId,
    couponId: coupon.id,
  }).onConflictDoUpdate({
    target: isUser ? cartCoupons.userId : cartCoupons.sessionId,
    set: { couponId: coupon.id, appliedAt: sql`now()` },
  });
  return check;
}

export async function removeCoupon(db: Db, owner: CartOwner): Promise<void> {
  await db.delete(cartCoupons).where(couponOwnerOf(owner));
}
