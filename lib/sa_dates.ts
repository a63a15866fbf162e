/**
 * South African calendar days as staff pick them in date filters and reports. Johannesburg keeps
 * UTC+2 all year (no daylight saving), so a day is a fixed 24-hour span from 22:00 UTC.
 */
import { z } from "zod";

export const SA_OFFSET_MS = 2 * 3600_000;
export const DAY_MS = 86_400_000;

/** A yyyy-mm-dd date that exists (2026-02-30 does not). */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Dates look like 2026-11-24.").refine(
  (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
  "That date does not exist.",
);

/** A date filter's field: an empty form field counts as absent. */
export const optionalDate = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  isoDate.optional(),
);

/** Midnight in Johannesburg at the start of a yyyy-mm-dd date, `days` later. */
export function saMidnight(date: string, days = 0): Date {
  return new Date(Date.parse(`${date}T00:00:00+02:00`) + days * DAY_MS);
}

/** yyyy-mm-dd of the South African day `d` falls on. */
export function saDay(d: Date): string {
  return new Date(d.getTime() + SA_OFFSET_MS).toISOString().slice(0, 10);
}
