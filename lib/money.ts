/**
 * Money helpers. The database keeps numeric(10,2) rand; code keeps integer cents from the row
 * mapper onwards; JSON carries rand as numbers; pages format with one en-ZA ZAR formatter.
 */

const zar = new Intl.NumberFormat("en-ZA", { style: "currency", currency: "ZAR" });

/** "12.50" (a numeric column) -> 1250. Null stays null. */
export function toCents(numeric: string | number | null | undefined): number | null {
  if (numeric === null || numeric === undefined || numeric === "") return null;
  const n = typeof numeric === "number" ? numeric : Number(numeric);
  if (!Number.isFinite(n)) throw new RangeError(`not a money amount: ${numeric}`);
  return Math.round(n * 100);
}

/** 1250 -> "12.50", for writing a numeric column. */
export function toNumeric(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** 1250 -> 12.5, the rand amount a JSON field carries. */
export function toRand(cents: number): number;
export function toRand(cents: number | null): number | null;
export function toRand(cents: number | null): number | null {
  return cents === null ? null : cents / 100;
}

/** 129900 -> "R 1 299,00" (en-ZA). */
export function formatMoney(cents: number): string {
  return zar.format(cents / 100);
}
