/**
 * A purchase order as the e-mail its supplier receives (decision 0117): what to supply, the day it
 * was promised, the number to quote on the invoice and delivery note, and who to call. The workflow
 * (flows/purchase_orders.ts) hands it the order's lines and attaches them as a CSV.
 */
import { escapeHtml } from "./templates.ts";

export interface PurchaseOrderEmailFacts {
  number: string;
  /** What to supply: the units, the item in words and its SKU. */
  lines: { quantity: number; item: string; sku: string }[];
  /** True when part of it has come: the lines are what is still outstanding. */
  rest: boolean;
  /** YYYY-MM-DD, the day the supplier promised. */
  expectedOn: string | null;
  note: string | null;
  shop: { name: string; email: string; phone: string; address: string };
}

const longDay = new Intl.DateTimeFormat("en-ZA", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const cell = "padding:4px 8px;border-bottom:1px solid #e7e5e4;text-align:left";

/** The subject, plain text and HTML of a purchase order e-mailed to its supplier. */
export function purchaseOrderEmail(po: PurchaseOrderEmailFacts) {
  const intro = po.rest
    ? `Thank you for the first delivery. Please supply what is still outstanding on our purchase order ${po.number}:`
    : `Please supply the following on our purchase order ${po.number}:`;
  const facts = [
    ...(po.expectedOn ? [`Expected by: ${longDay.format(new Date(`${po.expectedOn}T00:00:00Z`))}`] : []),
    ...(po.note ? [`Note: ${po.note}`] : []),
    `Please quote ${po.number} on your invoice and delivery note.`,
  ];
  const { shop } = po;
  const signature = [shop.name, [shop.phone, shop.email].filter(Boolean).join(" · "), shop.address].filter(Boolean);
  const text = [
    "Good day,",
    "",
    intro,
    "",
    ...po.lines.map((l) => `${l.quantity} x ${l.item} (SKU ${l.sku})`),
    "",
    ...facts,
    "",
    "Kind regards,",
    ...signature,
  ].join("\n");
  const html = [
    "<p>Good day,</p>",
    `<p>${escapeHtml(intro)}</p>`,
    `<table style="border-collapse:collapse"><thead><tr><th style="${cell}">Qty</th><th style="${cell}">Item</th>`,
    `<th style="${cell}">SKU</th></tr></thead><tbody>`,
    ...po.lines.map((l) =>
      `<tr><td style="${cell}">${l.quantity}</td><td style="${cell}">${escapeHtml(l.item)}</td>` +
      `<td style="${cell}">${escapeHtml(l.sku)}</td></tr>`
    ),
    "</tbody></table>",
    ...facts.map((f) => `<p>${escapeHtml(f)}</p>`),
    `<p>Kind regards,<br>${signature.map(escapeHtml).join("<br>")}</p>`,
  ].join("");
  return { subject: `Purchase order ${po.number} from ${shop.name}`, text, html };
}
