/** South African VAT as the shop shows it: prices include it, and the VAT inside a total is named. */

/** South African VAT rate; shop prices include it. */
export const VAT_RATE_PERCENT = 15;

/** The VAT inside a VAT-inclusive amount (R115 holds R15). */
export function vatIncluded(totalCents: number): number {
  return Math.round((totalCents * VAT_RATE_PERCENT) / (100 + VAT_RATE_PERCENT));
}
