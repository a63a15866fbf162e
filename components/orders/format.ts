/** Dates on order lists and pages: en-ZA, in South African time (orders are placed and shipped there). */

const shortDate = new Intl.DateTimeFormat("en-ZA", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Africa/Johannesburg",
});

const longDate = new Intl.DateTimeFormat("en-ZA", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Africa/Johannesburg",
});

/** "22 Nov 2026": order lists. */
export function formatOrderDate(date: Date): string {
  return shortDate.format(date);
}

/** "22 November 2026": the order page's 'Placed on ...'. */
export function formatOrderDateLong(date: Date): string {
  return longDate.format(date);
}
