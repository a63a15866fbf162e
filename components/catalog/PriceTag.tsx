/** A price; with a sale price, the sale price first and the regular price struck through. */
import { formatMoney } from "../../lib/money.ts";

export function PriceTag(
  { priceCents, salePriceCents, size = "sm" }: {
    priceCents: number;
    salePriceCents: number | null;
    size?: "sm" | "lg";
  },
) {
  const main = size === "lg" ? "text-3xl" : "text-base";
  if (salePriceCents === null) {
    return <p className={`${main} font-bold text-stone-900`} data-price>{formatMoney(priceCents)}</p>;
  }
  return (
    <p className="flex flex-wrap items-baseline gap-x-2" data-price>
      <span className={`${main} font-bold text-red-700`}>{formatMoney(salePriceCents)}</span>
      <s className="text-sm text-stone-500">
        <span className="sr-only">Was</span>
        {formatMoney(priceCents)}
      </s>
    </p>
  );
}
