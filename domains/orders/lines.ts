/**
 * An order line before it is written (an order taken from a list of lines: WhatsApp, staff) and the
 * stock line a line takes, named as the out-of-stock message names it.
 */
import { lineLabel } from "../../lib/line_label.ts";
import type { StockLine } from "./stock.ts";

/** A line to order at the shop's price. */
export interface PricedLine {
  productId: number;
  variantId: number | null;
  name: string;
  variantName: string | null;
  sku: string;
  quantity: number;
  unitPriceCents: number;
}

/** What `takeStock` takes for a line: its units, named "Heat mat 20W (Large)" should they run out. */
export function stockLineOf(
  l: { productId: number; variantId: number | null; quantity: number; name: string; variantName: string | null },
): StockLine {
  return { productId: l.productId, variantId: l.variantId, quantity: l.quantity, name: lineLabel(l) };
}
