/**
 * How a referral discount sits beside a coupon in the cart's totals (pure, integer cents). A
 * referral is a first-order discount: it never stacks with a first-order coupon such as WELCOME10
 * (the larger of the two applies, the other counts zero); beside any other coupon it applies to what
 * is left after that coupon.
 */

/** The referral discount's own line in cart, checkout, order pages and e-mails (islands import it too). */
export const REFERRAL_DISCOUNT_LABEL = "Referral discount (first order)";

export interface ReferralOffer {
  referralId: number;
  code: string;
  percent: number;
}

export interface ReferralTotals {
  /** The coupon's discount that still applies (0 when the referral beat a first-order coupon). */
  couponDiscountCents: number;
  referralDiscountCents: number;
  /** Set when one discount gave way to the other, for the cart to say so. */
  note: string | null;
}

export function referralTotals(
  offer: ReferralOffer | null,
  subtotalCents: number,
  coupon: { discountCents: number; firstOrder: boolean; code: string } | null,
): ReferralTotals {
  const couponCents = coupon?.discountCents ?? 0;
  if (!offer) return { couponDiscountCents: couponCents, referralDiscountCents: 0, note: null };
  if (coupon?.firstOrder) {
    const referral = Math.round((subtotalCents * offer.percent) / 100);
    return referral > couponCents
      ? {
        couponDiscountCents: 0,
        referralDiscountCents: referral,
        note: `Your referral discount is larger than ${coupon.code}, so it applies instead (they do not combine).`,
      }
      : {
        couponDiscountCents: couponCents,
        referralDiscountCents: 0,
        note: `${coupon.code} is at least your referral discount, so it applies instead (they do not combine).`,
      };
  }
  const base = Math.max(0, subtotalCents - couponCents);
  return {
    couponDiscountCents: couponCents,
    referralDiscountCents: Math.round((base * offer.percent) / 100),
    note: null,
  };
}
