/** The shop's WhatsApp texts: the reply to an order and the order updates. Plain text, amounts in rand. */
import { formatMoney } from "../../lib/money.ts";
import { lineLabel } from "../../lib/line_label.ts";
import type { LeftOutLine, WhatsAppOrderResult } from "./schemas.ts";

const WHEN = new Intl.DateTimeFormat("en-ZA", {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Africa/Johannesburg",
});

function leftOutLine(l: LeftOutLine): string {
  const what = l.name ?? l.retailerId;
  switch (l.reason) {
    case "unknown":
      return `- ${what}: we could not find this item in our shop.`;
    case "sold_out":
      return `- ${what}: sold out.`;
    case "short":
      return `- ${what}: only ${l.available} left (you asked for ${l.quantity}).`;
  }
}

/** The reply to a WhatsApp cart: the order and how to pay it, or why nothing was ordered. */
export function orderReply(
  shopName: string,
  result: WhatsAppOrderResult,
  payUrl: string | null,
  expiresAt: Date | null,
): string {
  const left = result.leftOut.map(leftOutLine);
  if (result.orderId === null || !payUrl) {
    return [
      `Thank you for your order at ${shopName}. Sorry, we could not place it:`,
      ...left,
      "",
      "Nothing was ordered and nothing is owed. Please send a new cart with what is available.",
    ].join("\n");
  }
  const lines = result.lines.map((l) =>
    `${l.quantity} x ${lineLabel(l)}: ${formatMoney(l.unitPriceCents * l.quantity)}`
  );
  const differing = result.lines.filter((l) => l.cartPriceCents !== null);
  return [
    `Thank you for your order ${result.orderNumber} at ${shopName}.`,
    "",
    ...lines,
    `Delivery: ${result.deliveryCents ? formatMoney(result.deliveryCents) : "free"}`,
    `Total: ${formatMoney(result.totalCents)}`,
    ...(left.length
      ? [
        "",
        "Not included in this order:",
        ...left,
        "Pay for the order above as it is, or send a new cart for a different order (an unpaid order is cancelled when its link expires).",
      ]
      : []),
    ...(differing.length || result.otherCurrency
      ? ["", "You pay our current prices in rand, shown above, which differ from the prices in your WhatsApp cart."]
      : []),
    "",
    result.hasAddress
      ? "We deliver to the default address in your account; you can see it before you pay."
      : "Please give your delivery address on the payment page before you pay.",
    `Pay here${expiresAt ? ` (link valid until ${WHEN.format(expiresAt)})` : ""}:`,
    payUrl,
  ].join("\n");
}

/** The reply to a message the shop could not read as an order. */
export function unreadableOrderReply(shopName: string): string {
  return `Sorry, ${shopName} could not read your order. Please send your cart again from our WhatsApp catalogue.`;
}

export type UpdateKind = "paid" | "shipped" | "delivered" | "cancelled" | "refunded";

export interface UpdateFacts {
  orderNumber: string;
  totalCents: number;
  refundedCents: number;
  carrier: string | null;
  trackingNumber: string | null;
}

/** An order update's text (free-form, inside the 24-hour window) and its one-line summary (the template's parameter). */
export function orderUpdate(shopName: string, kind: UpdateKind, o: UpdateFacts): { text: string; summary: string } {
  const summary = (() => {
    switch (kind) {
      case "paid":
        return `We received your payment of ${formatMoney(o.totalCents)}. We are packing your order.`;
      case "shipped":
        return `Your order is on its way${o.carrier ? ` with ${o.carrier}` : ""}${
          o.trackingNumber ? `, tracking number ${o.trackingNumber}` : ""
        }.`;
      case "delivered":
        return "Your order was delivered. Enjoy!";
      case "cancelled":
        return "Your order was cancelled. Nothing is owed; anything you paid is refunded.";
      case "refunded":
        return `We refunded ${formatMoney(o.refundedCents)} of your order.`;
    }
  })();
  return {
    summary,
    text: `${shopName}, order ${o.orderNumber}: ${summary}`,
  };
}
