/**
 * The e-mails staff actions on an order send its customer: shipped (tracking number and carrier),
 * delivered (an invitation to review each product) and refunded (how much, and why). Plain text
 * with an HTML alternative, both escaped; links are absolute (siteUrl).
 */
import type { ShopInfo } from "../../config.ts";
import { formatMoney } from "../../lib/money.ts";
import { lineLabel } from "../../lib/line_label.ts";
import type { OutgoingEmail } from "./outbox.ts";
import { escapeHtml } from "./templates.ts";

/** What every order e-mail needs to know about the order and its customer. */
export interface OrderEmailFacts {
  to: string;
  name: string;
  orderId: number;
  orderNumber: string;
  shop: ShopInfo;
  siteUrl: string;
}

const base = (siteUrl: string) => siteUrl.replace(/\/+$/, "");

function compose(
  facts: OrderEmailFacts,
  subject: string,
  heading: string,
  paragraphs: string[],
  links: { text: string; href: string }[] = [],
): OutgoingEmail {
  const orderLink = `${base(facts.siteUrl)}/order/${facts.orderId}`;
  const contact =
    `If you have any questions, contact us at ${facts.shop.contact.email} or ${facts.shop.contact.phone}.`;
  const text = [
    `Hello ${facts.name},`,
    ...paragraphs,
    ...(links.length ? [links.map((l) => `${l.text}: ${l.href}`).join("\n")] : []),
    `See your order at any time: ${orderLink}`,
    contact,
    facts.shop.name,
  ].join("\n\n") + "\n";
  const e = escapeHtml;
  // A paragraph's line breaks (a parcel's lines, tracking number and carrier) stay breaks in the HTML part.
  const html = `<!doctype html>
<html lang="en-ZA">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family: Arial, sans-serif; color: #1f2937; max-width: 640px; margin: 0 auto;">
<h1 style="color: #15803d;">${e(heading)}</h1>
<p>Hello ${e(facts.name)},</p>
${paragraphs.map((p) => `<p>${e(p).replace(/\n/g, "<br>")}</p>`).join("\n")}
${links.length ? `<ul>${links.map((l) => `<li><a href="${e(l.href)}">${e(l.text)}</a></li>`).join("")}</ul>` : ""}
<p><a href="${e(orderLink)}">View your order</a></p>
<p style="font-size: 12px; color: #6b7280;">${e(contact)}<br>${e(facts.shop.name)}</p>
</body>
</html>`;
  return { to: facts.to, subject, text, html, orderId: facts.orderId };
}

/**
 * The order is on its way: the tracking number, the carrier when staff gave it, and a link to the
 * carrier's tracking page when the carrier is known (`tracking`: the caller finds it with
 * domains/carriers trackingLink, so the mail domain reads no other domain). With `parcel` (a partial
 * shipment, docs/decisions/0079) it names the units in this parcel and says the rest follows.
 */
export function orderShippedEmail(
  facts: OrderEmailFacts & {
    trackingNumber: string;
    carrier: string | null;
    tracking: { carrier: string; url: string } | null;
    parcel?: { name: string; quantity: number }[];
    /** Staff corrected the tracking of a parcel already sent: a tracking update, with the parcel's units. */
    corrected?: boolean;
  },
): OutgoingEmail {
  const link = facts.tracking;
  const units = facts.parcel?.map((p) => `- ${p.quantity} x ${p.name}`).join("\n");
  const [subject, heading, news] = facts.corrected
    ? [
      `Tracking update for your ${facts.shop.name} order ${facts.orderNumber}`,
      "Your parcel's tracking has changed",
      `We corrected the tracking details of a parcel of order ${facts.orderNumber}. Please use these from now on.` +
      (units ? `\nIn this parcel:\n${units}` : ""),
    ]
    : units
    ? [
      `Part of your ${facts.shop.name} order ${facts.orderNumber} has shipped`,
      "Part of your order is on its way",
      `Good news: part of order ${facts.orderNumber} has left our warehouse. In this parcel:\n${units}` +
      "\nWe will e-mail you again when the rest is on its way.",
    ]
    : [
      `Your ${facts.shop.name} order ${facts.orderNumber} has shipped`,
      "Your order is on its way",
      `Good news: order ${facts.orderNumber} has left our warehouse.`,
    ];
  return compose(
    facts,
    subject,
    heading,
    [
      news,
      `Tracking number: ${facts.trackingNumber}` + (facts.carrier ? `\nCarrier: ${facts.carrier}` : ""),
      link
        ? `Follow your parcel on ${link.carrier}'s website with the link below.`
        : "Use the tracking number on the carrier's website to follow your parcel.",
    ],
    link ? [{ text: `Track your parcel with ${link.carrier}`, href: link.url }] : [],
  );
}

/** The order arrived: thanks, and a link to review each product it held. */
export function orderDeliveredEmail(
  facts: OrderEmailFacts & { products: { name: string; slug: string | null }[] },
): OutgoingEmail {
  const seen = new Set<string>();
  const links = facts.products.flatMap((p) => {
    if (!p.slug || seen.has(p.slug)) return [];
    seen.add(p.slug);
    return [{ text: `Review ${p.name}`, href: `${base(facts.siteUrl)}/product/${p.slug}#reviews` }];
  });
  return compose(
    facts,
    `Your ${facts.shop.name} order ${facts.orderNumber} was delivered`,
    "Your order was delivered",
    [
      `Order ${facts.orderNumber} has been delivered. We hope you and your animals enjoy it.`,
      ...(links.length
        ? ["How did we do? Other keepers rely on honest reviews: tell them what you think of your products."]
        : []),
    ],
    links,
  );
}

/** Money went back to the customer: how much, why, and the total refunded on the order so far. */
export function orderRefundedEmail(
  facts: OrderEmailFacts & { amountCents: number; refundedCents: number; reason: string; cancelled: boolean },
): OutgoingEmail {
  const amount = formatMoney(facts.amountCents);
  return compose(
    facts,
    facts.cancelled
      ? `Your ${facts.shop.name} order ${facts.orderNumber} was cancelled and refunded`
      : `A refund of ${amount} on your ${facts.shop.name} order ${facts.orderNumber}`,
    facts.cancelled ? "Your order was cancelled" : "Your refund is on its way",
    [
      facts.cancelled
        ? `We have cancelled order ${facts.orderNumber} and refunded ${amount} to the card or account you paid with.`
        : `We have refunded ${amount} on order ${facts.orderNumber} to the card or account you paid with.`,
      `Reason: ${facts.reason}`,
      `Refunded on this order so far: ${formatMoney(facts.refundedCents)}.`,
      "Depending on your bank it can take 5 to 10 business days to show on your statement.",
    ],
  );
}

/**
 * An order staff took for the customer (by phone or chat) waits for payment: its lines and total,
 * and the signed link to pay it, with the moment the link (and the order's hold on the stock) ends.
 */
export function orderPayLinkEmail(
  facts: OrderEmailFacts,
  order: {
    lines: readonly { name: string; variantName: string | null; quantity: number; unitPriceCents: number }[];
    deliveryCents: number;
    totalCents: number;
    payUrl: string;
    expiresAt: Date;
  },
): OutgoingEmail {
  const until = new Intl.DateTimeFormat("en-ZA", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Africa/Johannesburg",
  }).format(order.expiresAt);
  const lines = order.lines.map((l) => `${l.quantity} x ${lineLabel(l)} @ ${formatMoney(l.unitPriceCents)}`);
  return compose(
    facts,
    `Your ${facts.shop.name} order ${facts.orderNumber}: pay online`,
    "Your order is ready to pay",
    [
      `We have put together order ${facts.orderNumber} for you:`,
      lines.join("\n"),
      `Delivery: ${order.deliveryCents ? formatMoney(order.deliveryCents) : "free"}. Total: ${
        formatMoney(order.totalCents)
      } (VAT included).`,
      `Pay by card or instant EFT through the link below before ${until}; we hold the items for you until then.`,
    ],
    [{ text: "Pay your order", href: order.payUrl }],
  );
}
