/**
 * Prices as the Graph API gives them. Reading a product item returns `price` and `sale_price` as
 * formatted strings in the catalogue's currency ("R1,299.00", "ZAR 1,299.00", "1 299,00 R",
 * "1299.00 ZAR"); the catalogue's write API and some feeds use a whole number of cents. Only rand
 * prices are accepted: a catalogue in another currency is not silently imported as rand.
 */

/** Thrown for a price that cannot be read, with the reason the import reports. */
export class PriceFormatError extends Error {}

const CURRENCY_WORDS = /(?<![A-Za-z])(ZAR|RAND)(?![A-Za-z])/gi;
const FOREIGN = /(?<![A-Za-z])[A-Z]{3}(?![A-Za-z])|[$€£¥]/;

/**
 * Integer cents of a Graph price, or null when the field is absent. `currency` is the item's
 * `currency` field (ISO 4217) when it was returned.
 */
export function parseGraphPrice(value: string | number | undefined | null, currency?: string): number | null {
  if (value === undefined || value === null || value === "") return null;
  if (currency && currency.trim().toUpperCase() !== "ZAR") {
    throw new PriceFormatError(`price in ${currency.trim().toUpperCase()}, not rand`);
  }
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value) || value < 0) throw new PriceFormatError("price is not a whole number of cents");
    return value;
  }
  let s = value.replace(/\u00a0|\u202f/g, " ").trim().replace(CURRENCY_WORDS, " ");
  const foreign = s.match(FOREIGN);
  if (foreign) throw new PriceFormatError(`price in ${foreign[0]}, not rand`);
  // "R" as a symbol: before or after the number, with or without a space ("R1,299.00", "1 299,00 R").
  s = s.replace(/^\s*R\s*/i, "").replace(/\s*R\s*$/i, "").trim();
  if (!/^\d[\d ,.']*$/.test(s)) throw new PriceFormatError(`unreadable price "${value.slice(0, 40)}"`);
  s = s.replace(/[ ']/g, "");
  // The last separator followed by one or two digits at the end is the decimal mark; others group thousands.
  const decimal = s.match(/[.,](\d{1,2})$/);
  const whole = (decimal ? s.slice(0, -decimal[0].length) : s).replace(/[.,]/g, "");
  if (!/^\d+$/.test(whole) || whole.length > 9) throw new PriceFormatError(`unreadable price "${value.slice(0, 40)}"`);
  const cents = Number(whole) * 100 + (decimal ? Number(decimal[1].padEnd(2, "0")) : 0);
  if (cents > 99_999_999) throw new PriceFormatError("price above R999,999.99");
  return cents;
}
