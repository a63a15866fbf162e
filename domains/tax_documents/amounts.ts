/**
 * The figures of a tax invoice and a credit note, from an order's stored amounts. Pure functions:
 * every price in the shop includes VAT, so each line's VAT is taken out of its VAT-inclusive amount
 * and rounded to the cent, and its net is the rest (net + vat = gross on every line). Totals are the
 * sums of the lines, so they add up the same way and the gross total is the order's total exactly.
 */
import type { RestockLine, TaxLine } from "../../db/schema/mod.ts";
import { lineLabel } from "../../lib/line_label.ts";

/** The VAT inside a VAT-inclusive amount, to the cent (half away from zero, so a credit mirrors a charge). */
export function vatInside(grossCents: number, ratePercent: number): number {
  const vat = Math.round((Math.abs(grossCents) * ratePercent) / (100 + ratePercent));
  return grossCents < 0 ? -vat : vat;
}

/** One printed line from its VAT-inclusive unit price and quantity (or its whole amount, quantity 1). */
export function taxLine(description: string, quantity: number, unitGrossCents: number, ratePercent: number): TaxLine {
  const grossCents = unitGrossCents * quantity;
  const vatCents = vatInside(grossCents, ratePercent);
  return { description, quantity, unitGrossCents, netCents: grossCents - vatCents, vatCents, grossCents };
}

export interface DocumentTotals {
  netCents: number;
  vatCents: number;
  grossCents: number;
}

/** The sums of the lines. */
export function totalsOf(lines: TaxLine[]): DocumentTotals {
  return lines.reduce(
    (t, l) => ({
      netCents: t.netCents + l.netCents,
      vatCents: t.vatCents + l.vatCents,
      grossCents: t.grossCents + l.grossCents,
    }),
    { netCents: 0, vatCents: 0, grossCents: 0 },
  );
}

/** An order's line as stored (order_items). */
export interface OrderedLine {
  id: number;
  name: string;
  variantName: string | null;
  sku: string | null;
  priceCents: number;
  quantity: number;
}

/** The money on an order as stored when it was placed (and when a reward code was applied). */
export interface OrderAmounts {
  lines: OrderedLine[];
  shippingCents: number;
  /** orders.discountAmount: the coupon's discount and the reward code's (rewardDiscount is part of it). */
  discountCents: number;
  rewardDiscountCents: number;
  referralDiscountCents: number;
  totalCents: number;
}

function lineDescription(l: OrderedLine): string {
  return l.sku ? `${lineLabel(l)} [${l.sku}]` : lineLabel(l);
}

/**
 * The invoice's lines: each ordered line, the delivery fee, and one negative line per discount
 * (coupon, reward code, referral). The discounts are read as what separates the lines from the
 * total the customer paid, split by the stored parts, so the lines always sum to the order's total
 * even when a discount's share is recorded only in orders.discountAmount (the referral's may be).
 */
export function invoiceLines(order: OrderAmounts, ratePercent: number): TaxLine[] {
  const lines = order.lines.map((l) => taxLine(lineDescription(l), l.quantity, l.priceCents, ratePercent));
  if (order.shippingCents > 0) lines.push(taxLine("Delivery", 1, order.shippingCents, ratePercent));
  let discount = totalsOf(lines).grossCents - order.totalCents;
  const parts: [string, number][] = [
    ["Reward code discount", order.rewardDiscountCents],
    ["Referral discount", order.referralDiscountCents],
  ];
  const named: [string, number][] = [];
  for (const [label, cents] of parts) {
    const take = Math.max(0, Math.min(cents, discount));
    if (take > 0) named.push([label, take]);
    discount -= take;
  }
  // What is left is the coupon's share (discountAmount less the reward), or an unnamed remainder.
  if (discount !== 0) named.unshift([discount > 0 ? "Coupon discount" : "Adjustment", discount]);
  for (const [label, cents] of named) lines.push(taxLine(label, 1, -cents, ratePercent));
  return lines;
}

/**
 * A credit note's lines. The restocked lines are listed at the price paid; when they do not make up
 * the refunded amount exactly (a refund of delivery, of part of a line, or one that keeps back a
 * discount) one more line carries the difference. A refund with no restock is one line.
 */
export function creditNoteLines(
  refund: { amountCents: number; restock: RestockLine[] },
  orderLines: OrderedLine[],
  invoiceNumber: string,
  ratePercent: number,
): TaxLine[] {
  const lines: TaxLine[] = [];
  for (const r of refund.restock) {
    const line = orderLines.find((l) => l.id === r.orderItemId);
    if (line && r.quantity > 0) lines.push(taxLine(lineDescription(line), r.quantity, line.priceCents, ratePercent));
  }
  const rest = refund.amountCents - totalsOf(lines).grossCents;
  if (lines.length === 0) return [taxLine(`Refund of ${invoiceNumber}`, 1, refund.amountCents, ratePercent)];
  if (rest !== 0) {
    lines.push(
      taxLine(rest > 0 ? `Further refund on ${invoiceNumber}` : "Discount not refunded", 1, rest, ratePercent),
    );
  }
  return lines;
}
