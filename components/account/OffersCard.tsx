/**
 * "Offers for you" on the account overview (decision 0116): the coupons kept for the customer's tags
 * that they may use today, each with its code to type at the cart and its conditions in words.
 */
import { type CouponRule, offerText } from "../../domains/coupons/mod.ts";
import { formatMoney } from "../../lib/money.ts";
import { AccountCard } from "./AccountShell.tsx";

const until = new Intl.DateTimeFormat("en-ZA", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Africa/Johannesburg",
});

/** Its conditions: a least spend, a first order, an end date. */
function conditions(o: CouponRule): string {
  return [
    o.minOrderCents !== null ? `on orders of ${formatMoney(o.minOrderCents)} or more` : "",
    o.type === "first_time" || o.firstTimeOnly ? "on your first order" : "",
    o.endDate ? `until ${until.format(o.endDate)}` : "",
  ].filter(Boolean).join(" · ");
}

export function OffersCard({ offers }: { offers: CouponRule[] }) {
  if (!offers.length) return null;
  return (
    <AccountCard
      id="offers"
      title="Offers for you"
      description="Enter a code in your cart to use it."
    >
      <ul className="mt-4 divide-y divide-stone-100" data-offers>
        {offers.map((o) => (
          <li key={o.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4" data-offer={o.code}>
            <code className="w-fit rounded-lg border border-dashed border-green-700 bg-green-50 px-3 py-1 font-mono text-sm font-bold tracking-wide text-green-900">
              {o.code}
            </code>
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-stone-900">{offerText(o)}</p>
              <p className="text-sm text-stone-600">{[o.description, conditions(o)].filter(Boolean).join(" · ")}</p>
            </div>
          </li>
        ))}
      </ul>
    </AccountCard>
  );
}
