/** Points, relative times and dates on the loyalty page (the RedeemReward island uses them too). */

const pointsFormat = new Intl.NumberFormat("en-ZA");
const relative = new Intl.RelativeTimeFormat("en-ZA", { numeric: "auto" });
const dateFormat = new Intl.DateTimeFormat("en-ZA", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Africa/Johannesburg",
});

/** "1 250". */
export function formatPoints(points: number): string {
  return pointsFormat.format(points);
}

/** "+650" or "−300" (a real minus sign). */
export function signedPoints(points: number): string {
  return points < 0 ? `\u2212${formatPoints(-points)}` : `+${formatPoints(points)}`;
}

/** "22 Nov 2026". */
export function formatDate(date: Date): string {
  return dateFormat.format(date);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400_000],
  ["month", 60 * 86_400_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

/** "3 days ago", "in 30 days", "just now" (days up to two months, then months, then years). */
export function relativeTime(date: Date, now: Date): string {
  const diff = date.getTime() - now.getTime();
  for (const [unit, ms] of UNITS) {
    const size = unit === "month" ? 30 * 86_400_000 : ms;
    if (Math.abs(diff) >= ms) return relative.format(Math.round(diff / size), unit);
  }
  return "just now";
}
