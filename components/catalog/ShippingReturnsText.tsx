/** The shipping and returns terms (spec section 9), shown on product pages and /shipping. */
import { formatMoney } from "../../lib/money.ts";

export function ShippingReturnsText({ freeShippingCents }: { freeShippingCents: number }) {
  return (
    <div className="max-w-prose space-y-3 text-sm leading-6 text-stone-700">
      <p>
        Orders are dispatched within 1-2 business days. Delivery takes 1-3 business days to major cities, 3-5 business
        days to regional areas and 5-7 business days to remote areas. Standard delivery is free on orders from{" "}
        {formatMoney(freeShippingCents)}; we ship within South Africa only.
      </p>
      <p>
        Returns are accepted within 14 days of delivery for items in their original condition and packaging. Contact us
        before sending anything back and we will arrange the return.
      </p>
    </div>
  );
}
