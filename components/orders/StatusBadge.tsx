/**
 * The order status badge, the same on the account's order lists, the order page and checkout
 * (document 2: pending amber, processing blue, shipped indigo, delivered green, cancelled red,
 * anything else neutral), with the status capitalised.
 */

const STATUS_COLOURS: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900 ring-amber-600/25",
  processing: "bg-blue-100 text-blue-900 ring-blue-600/25",
  shipped: "bg-indigo-100 text-indigo-900 ring-indigo-600/25",
  delivered: "bg-green-100 text-green-900 ring-green-700/25",
  cancelled: "bg-red-100 text-red-900 ring-red-600/25",
  refunded: "bg-purple-100 text-purple-900 ring-purple-600/25",
};

const PAYMENT_COLOURS: Record<string, string> = {
  unpaid: "bg-amber-100 text-amber-900 ring-amber-600/25",
  paid: "bg-green-100 text-green-900 ring-green-700/25",
  partially_refunded: "bg-orange-100 text-orange-900 ring-orange-600/25",
  refunded: "bg-purple-100 text-purple-900 ring-purple-600/25",
};

const NEUTRAL = "bg-stone-100 text-stone-800 ring-stone-500/25";

/** "pending" -> "Pending", "pudo_locker" -> "Pudo locker". */
export function capitalise(text: string): string {
  const spaced = text.replace(/_/g, " ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function Badge(
  { value, colours, size, data }: { value: string; colours: Record<string, string>; size: "sm" | "md"; data: string },
) {
  const box = size === "md" ? "px-3 py-1 text-sm" : "px-2.5 py-0.5 text-xs";
  return (
    <span
      className={`inline-flex items-center rounded-full font-semibold ring-1 ring-inset ${box} ${
        colours[value] ?? NEUTRAL
      }`}
      {...{ [data]: value }}
    >
      {capitalise(value)}
    </span>
  );
}

/** `size`: "sm" in lists and tables, "md" beside a page heading. */
export function StatusBadge({ status, size = "sm" }: { status: string; size?: "sm" | "md" }) {
  return <Badge value={status} colours={STATUS_COLOURS} size={size} data="data-status" />;
}

/** The payment status (unpaid, paid, partially refunded, refunded), beside the order status. */
export function PaymentStatusBadge({ status, size = "sm" }: { status: string; size?: "sm" | "md" }) {
  return <Badge value={status} colours={PAYMENT_COLOURS} size={size} data="data-payment-status" />;
}
