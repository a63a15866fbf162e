/**
 * The order confirmation e-mail: the order summary with VAT-inclusive prices (15%, the VAT amount
 * shown) and the shop's business details, as a South African tax invoice summary expects. Composed
 * here (flows/finalise_payment.ts queues it) because it draws on the order, its payment method, the
 * checkout's VAT and the mail templates' escaping.
 */
import type { ShopInfo } from "../config.ts";
import { formatMoney } from "../lib/money.ts";
import { VAT_RATE_PERCENT, vatIncluded } from "../domains/checkout/mod.ts";
import { escapeHtml, type OutgoingEmail } from "../domains/mail/mod.ts";
import { discountLines, type OrderDetail } from "../domains/orders/mod.ts";
import { PAYMENT_METHOD_NAMES } from "../domains/payments/schemas.ts";

export function orderConfirmationEmail(
  opts: {
    to: string;
    name: string;
    order: OrderDetail;
    points: number;
    shop: ShopInfo;
    siteUrl: string;
    /** The order's tax invoice goes with the message (drawn when it is sent: decision 0086). */
    invoiceAttached?: boolean;
  },
): OutgoingEmail {
  const { order, shop } = opts;
  const link = `${opts.siteUrl.replace(/\/+$/, "")}/order/${order.id}`;
  const delivery = order.shippingMethod === "pudo_locker"
    ? `PUDO locker: ${order.pudoLockerAddress ?? order.pudoLockerCode ?? ""}`
    : `Standard delivery (${order.shippingCents ? formatMoney(order.shippingCents) : "free"}, 3-5 business days)`;
  const a = order.shippingAddress;
  const address = a
    ? [
      `${a.firstName} ${a.lastName}`,
      a.addressLine1,
      a.addressLine2,
      `${a.city}, ${a.state}, ${a.postalCode}`,
      a.country,
    ]
      .filter(Boolean).join("\n")
    : "";
  const lines = order.items.map((i) =>
    `${i.quantity} x ${i.name}${i.variantName ? ` (${i.variantName})` : ""} @ ${formatMoney(i.priceCents)} = ${
      formatMoney(i.lineTotalCents)
    }`
  );
  const totals = [
    `Subtotal: ${formatMoney(order.subtotalCents)}`,
    ...discountLines(order).map((d) => `${d.label}: -${formatMoney(d.cents)}`),
    `Shipping: ${order.shippingCents ? formatMoney(order.shippingCents) : "Free"}`,
    `Total paid: ${formatMoney(order.totalCents)}`,
    ...(order.paymentMethod && PAYMENT_METHOD_NAMES[order.paymentMethod]
      ? [`Paid with: ${PAYMENT_METHOD_NAMES[order.paymentMethod]}`]
      : []),
    `VAT included (${VAT_RATE_PERCENT}%): ${formatMoney(vatIncluded(order.totalCents))}`,
  ];
  const business = [
    shop.business.companyName,
    `Registration number ${shop.business.registrationNumber}`,
    shop.business.taxId,
    shop.contact.address,
    `${shop.contact.phone} · ${shop.contact.email}`,
  ];
  const subject = `Your ${shop.name} order ${order.orderNumber} is confirmed`;
  const text = [
    `Hello ${opts.name},`,
    "",
    `Thank you for your order. We have received your payment and are preparing order ${order.orderNumber}.`,
    "",
    ...lines,
    "",
    ...totals,
    "",
    `Delivery: ${delivery}`,
    ...(address ? ["", "Shipping address:", address] : []),
    "",
    ...(opts.points ? [`You earned ${opts.points} loyalty points with this order.`, ""] : []),
    `See your order at any time: ${link}`,
    ...(opts.invoiceAttached ? ["Your tax invoice is attached (PDF)."] : []),
    "",
    "All prices include VAT.",
    ...business,
    "",
  ].join("\n");
  const e = escapeHtml;
  const rows = order.items.map((i) =>
    `<tr><td>${e(i.name)}${i.variantName ? ` (${e(i.variantName)})` : ""}</td><td align="right">${i.quantity}</td>` +
    `<td align="right">${e(formatMoney(i.priceCents))}</td><td align="right">${
      e(formatMoney(i.lineTotalCents))
    }</td></tr>`
  ).join("\n");
  const html = `<!doctype html>
<html lang="en-ZA">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family: Arial, sans-serif; color: #1f2937; max-width: 640px; margin: 0 auto;">
<h1 style="color: #15803d;">Thank you for your order</h1>
<p>Hello ${e(opts.name)},</p>
<p>We have received your payment and are preparing order <strong>${e(order.orderNumber)}</strong>.</p>
<table width="100%" cellpadding="6" style="border-collapse: collapse;">
<caption style="text-align: left; font-weight: bold;">${order.items.length} item(s) in this order</caption>
<tr><th align="left">Product</th><th align="right">Qty</th><th align="right">Price</th><th align="right">Total</th></tr>
${rows}
</table>
<p>${totals.map(e).join("<br>")}</p>
<p>Delivery: ${e(delivery)}</p>
${address ? `<p>Shipping address:<br>${e(address).replace(/\n/g, "<br>")}</p>` : ""}
${opts.points ? `<p>You earned <strong>${opts.points}</strong> loyalty points with this order.</p>` : ""}
<p><a href="${e(link)}">View your order</a></p>
${opts.invoiceAttached ? "<p>Your tax invoice is attached (PDF).</p>" : ""}
<p style="font-size: 12px; color: #6b7280;">All prices include VAT.<br>${business.map(e).join("<br>")}</p>
</body>
</html>`;
  return { to: opts.to, subject, text, html };
}
