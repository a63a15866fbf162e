/**
 * Who hears of a payment the shop gives back (domains/checkout/refund.ts): staff by an e-mail to the
 * shop's contact address (the domain writes the order note with the same words), the customer by an
 * e-mail saying why and when the money arrives. Both are queued in the transaction that records the
 * refund, through the hooks the checkout domain calls (OwedRefundNotices), so the e-mails go exactly
 * when the refund is recorded.
 */
import type { ShopInfo } from "../config.ts";
import { formatMoney } from "../lib/money.ts";
import type { OwedKind, OwedRefundNotices } from "../domains/checkout/mod.ts";
import { orderRecipient } from "../domains/fulfilment/mod.ts";
import { enqueueEmail, escapeHtml, type OutgoingEmail } from "../domains/mail/mod.ts";

/** The owed-refund e-mails of the shop at `site`, as the checkout domain's hooks. */
export function owedRefundNotices(site: { shop: ShopInfo; siteUrl: string }): OwedRefundNotices {
  return {
    async staff(tx, order, body, now) {
      await enqueueEmail(
        tx,
        staffNoticeEmail({
          shop: site.shop,
          siteUrl: site.siteUrl,
          orderId: order.id,
          orderNumber: order.orderNumber,
          body,
        }),
        now,
      );
    },
    // The customer hears that their money is on its way back (when the order still has a customer).
    async customer(tx, order, kind, refund, now) {
      const recipient = await orderRecipient(tx, order.userId);
      if (!recipient) return;
      await enqueueEmail(
        tx,
        {
          orderId: order.id,
          ...paymentRefundedEmail({
            ...recipient,
            orderNumber: order.orderNumber,
            amountCents: refund.amountCents,
            refundId: refund.id,
            kind,
            manual: refund.status === "manual",
            shop: site.shop,
          }),
        },
        now,
      );
    },
  };
}

/** The e-mail to staff (the shop's contact address) about money they must know of or act on. */
function staffNoticeEmail(
  opts: { shop: ShopInfo; siteUrl: string; orderId: number; orderNumber: string; body: string },
): OutgoingEmail {
  const subject = `[${opts.shop.name}] Payment to refund on order ${opts.orderNumber}`;
  const link = `${opts.siteUrl}/admin/orders/${opts.orderId}`;
  const text = `${opts.body}\n\nThe order: ${link}\n`;
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en-ZA">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family: Arial, sans-serif; color: #1f2937; max-width: 640px; margin: 0 auto;">
<p>${e(opts.body)}</p>
<p><a href="${e(link)}">Open order ${e(opts.orderNumber)}</a></p>
</body>
</html>`;
  return { to: opts.shop.contact.email, subject, text, html, orderId: opts.orderId };
}

/** The e-mail telling the customer their payment is given back, and why. */
function paymentRefundedEmail(
  opts: {
    to: string;
    name: string;
    orderNumber: string;
    amountCents: number;
    refundId: string;
    shop: ShopInfo;
    /** Why: a payment after the order was cancelled (the default), or a second payment for a paid order. */
    kind?: OwedKind;
    /** The provider takes no refunds from the shop (PayFast): staff make it, so it is on its way, not made. */
    manual?: boolean;
  },
): OutgoingEmail {
  const { shop } = opts;
  const amount = formatMoney(opts.amountCents);
  const subject = `Your payment for ${shop.name} order ${opts.orderNumber} was refunded`;
  const why = opts.kind === "extra"
    ? `We received a second payment of ${amount} for order ${opts.orderNumber}, which was already paid. ` +
      "Your order stands as it is; the second payment is not needed."
    : `Your payment of ${amount} for order ${opts.orderNumber} reached us after the order had been cancelled, ` +
      "so we cannot send it to you. Please place a new order if you would still like the items.";
  const paragraphs = [
    `Hello ${opts.name},`,
    why,
    opts.manual
      ? `We are refunding the full ${amount} to the card or account you paid with. Depending on your bank it can ` +
        "take 5 to 10 business days after that to show on your statement."
      : `We have refunded the full ${amount} to the card or account you paid with. Depending on your bank it can ` +
        "take 5 to 10 business days to show on your statement.",
    ...(opts.manual ? [] : [`Refund reference: ${opts.refundId}`]),
    `We are sorry for the trouble. If you have any questions, contact us at ${shop.contact.email} or ` +
    `${shop.contact.phone}.`,
    shop.name,
  ];
  const text = `${paragraphs.join("\n\n")}\n`;
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en-ZA">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family: Arial, sans-serif; color: #1f2937; max-width: 640px; margin: 0 auto;">
<h1 style="color: #15803d;">Your payment was refunded</h1>
${paragraphs.map((p) => `<p>${e(p)}</p>`).join("\n")}
</body>
</html>`;
  return { to: opts.to, subject, text, html };
}
