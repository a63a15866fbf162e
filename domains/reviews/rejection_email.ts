/** The e-mail that tells a review's author why staff rejected it (plain text with an escaped HTML part). */
import { escapeHtml } from "../mail/templates.ts";
import type { OutgoingEmail } from "../mail/mod.ts";

export function reviewRejectedEmail(facts: {
  to: string;
  name: string;
  reviewTitle: string;
  productName: string;
  productUrl: string;
  reason: string;
  shopName: string;
}): OutgoingEmail {
  const subject = `Your review of ${facts.productName} was not published`;
  const paragraphs = [
    `Thank you for reviewing ${facts.productName}. We read every review before it is published, and we could not publish yours ("${facts.reviewTitle}").`,
    `Reason: ${facts.reason}`,
    `If you have any questions about this, simply reply to this e-mail.`,
  ];
  const text =
    [`Hello ${facts.name},`, ...paragraphs, `The product: ${facts.productUrl}`, facts.shopName].join("\n\n") +
    "\n";
  const html = [
    `<p>Hello ${escapeHtml(facts.name)},</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(facts.productUrl)}">${escapeHtml(facts.productName)}</a></p>`,
    `<p>${escapeHtml(facts.shopName)}</p>`,
  ].join("\n");
  return { to: facts.to, subject, text, html };
}
