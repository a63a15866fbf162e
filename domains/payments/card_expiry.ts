/** The test card form's expiry rule, shared by the server schema and the browser form (no zod here: islands import it). */

export const CARD_EXPIRED = "Your card's expiry date is in the past.";

/**
 * True when an "MM/YY" expiry lies before the current month (a card is valid to the end of its
 * month, as card networks read it). Anything not in that form is left to the format check.
 */
export function cardExpiryInPast(expiry: string, now = new Date()): boolean {
  const m = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!m) return false;
  const year = 2000 + Number(m[2]);
  const month = Number(m[1]);
  return year * 12 + month < now.getFullYear() * 12 + now.getMonth() + 1;
}
