/**
 * "Offers for you" (decision 0116): the coupons kept for a tag the customer carries (decision 0110)
 * that they could use today, so a customer tagged `vip` by staff or by an automatic rule learns the
 * code without an e-mail. The same standing rules as the cart (couponStandingRefusal) decide.
 */
import { and, asc, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { coupons, users } from "../../db/schema/mod.ts";
import { type CouponRule, couponStandingRefusal } from "./evaluate.ts";
import { couponContext, toRule } from "./service.ts";
import { formatMoney } from "../../lib/money.ts";

/** Most offers the account shows: a customer carries at most 10 tags. */
const MAX_OFFERS = 10;

/** The tag-only coupons `userId` may use now, those ending soonest first. */
export async function offersForCustomer(db: Db, userId: number, now = new Date()): Promise<CouponRule[]> {
  const rows = await db.select().from(coupons).where(and(
    sql`${coupons.active}`,
    sql`${coupons.customerTag} = any(select unnest(${users.tags}) from ${users} where ${users.id} = ${userId})`,
    lte(coupons.startDate, now),
    or(isNull(coupons.endDate), gt(coupons.endDate, now)),
  )).orderBy(sql`${coupons.endDate} asc nulls last`, asc(coupons.code)).limit(MAX_OFFERS);
  const offers: CouponRule[] = [];
  for (const rule of rows.map(toRule)) {
    const ctx = await couponContext(db, rule, userId, now);
    if (couponStandingRefusal(rule, ctx) === null) offers.push(rule);
  }
  return offers;
}

/** What the coupon gives, as a shopper reads it. */
export function offerText(o: CouponRule): string {
  switch (o.type) {
    case "percentage":
    case "first_time":
      return `${o.value}% off${o.maxDiscountCents !== null ? `, up to ${formatMoney(o.maxDiscountCents)}` : ""}`;
    case "fixed_amount":
      return `${formatMoney(o.value)} off`;
    case "free_shipping":
      return "Free delivery";
    case "buy_x_get_y":
      return `Buy ${o.value}, get one free`;
  }
}
