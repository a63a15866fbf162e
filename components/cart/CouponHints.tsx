/**
 * The spec's sample coupon hints (spec 000 and 001: WELCOME10, FREESHIP, BUY2GET1) and the applied
 * coupon's expiry line, red when 3 days or fewer remain. Pure markup: the CartView island and the
 * checkout's server-rendered coupon box both use it.
 */

/** The spec's exact hint texts. */
export const COUPON_HINTS = [
  { code: "WELCOME10", text: "10% off the first order" },
  { code: "FREESHIP", text: "free shipping on orders over R500" },
  { code: "BUY2GET1", text: "buy 2 get 1 free" },
] as const;

/** A coupon offered to this customer (decision 0116): its code and what it gives, in words. */
export interface OfferHint {
  code: string;
  text: string;
}

/** The spec's sample hints, and first the coupons kept for the signed-in customer's tags. */
export function CouponHints({ offers = [] }: { offers?: OfferHint[] }) {
  const line = (hints: readonly OfferHint[]) =>
    hints.map((h, i) => (
      <span key={h.code}>
        {i ? ", " : ""}
        <strong className="font-semibold text-stone-800">{h.code}</strong> ({h.text})
      </span>
    ));
  return (
    <>
      {offers.length
        ? <p className="text-xs font-medium text-green-900" data-offer-hints>For you: {line(offers)}</p>
        : null}
      <p className="text-xs text-stone-600" data-coupon-hints>Try: {line(COUPON_HINTS)}</p>
    </>
  );
}

const DAY_MS = 86_400_000;
/** The spec: the coupon expiry warning turns red when this many days or fewer remain. */
export const EXPIRY_WARNING_DAYS = 3;

const dateFormat = new Intl.DateTimeFormat("en-ZA", { day: "numeric", month: "short", year: "numeric" });

/** "Expires in 2 days" (urgent: red) or "Expires 12 Dec 2026"; null without an end date. */
export function couponExpiry(
  endDate: Date | string | null,
  now = new Date(),
): { text: string; urgent: boolean } | null {
  if (!endDate) return null;
  const end = new Date(endDate);
  const days = Math.ceil((end.getTime() - now.getTime()) / DAY_MS);
  if (days > EXPIRY_WARNING_DAYS) return { text: `Expires ${dateFormat.format(end)}`, urgent: false };
  if (days <= 0) return { text: "Expires today", urgent: true };
  return { text: `Expires in ${days} ${days === 1 ? "day" : "days"}`, urgent: true };
}

export function CouponExpiry({ endDate }: { endDate: Date | string | null }) {
  const expiry = couponExpiry(endDate);
  if (!expiry) return null;
  return (
    <span
      className={`block text-xs ${expiry.urgent ? "font-semibold text-red-700" : "text-stone-600"}`}
      data-coupon-expiry={expiry.urgent ? "urgent" : "later"}
    >
      {expiry.text}
    </span>
  );
}
