/** Pieces every admin list shares: the table frame, header cells, status pills and the role names. */
import type { ReactNode } from "react";

export const ROLE_LABELS = { customer: "Customer", admin: "Admin", super_admin: "Super admin" } as const;

export const thClass = "px-3 py-2 text-left text-xs font-semibold tracking-wide text-stone-600 uppercase";
export const tdClass = "px-3 py-3 align-top";

/** A scrollable white table card (wide tables scroll sideways on a phone instead of squeezing). */
export function TableCard({ children, minWidth = "40rem" }: { children: ReactNode; minWidth?: string }) {
  return (
    <div className="mt-4 overflow-x-auto rounded-xl border border-stone-200 bg-white">
      <table className="w-full text-sm" style={{ minWidth }}>{children}</table>
    </div>
  );
}

const pillTones = {
  green: "bg-green-100 text-green-900",
  grey: "bg-stone-200 text-stone-700",
  red: "bg-red-100 text-red-800",
  amber: "bg-amber-100 text-amber-900",
  blue: "bg-sky-100 text-sky-900",
} as const;

export function Pill({ tone, children }: { tone: keyof typeof pillTones; children: ReactNode }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${pillTones[tone]}`}>
      {children}
    </span>
  );
}

/** A card of plain text for an empty list. */
export function EmptyCard({ children }: { children: ReactNode }) {
  return (
    <div className="mt-4 rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center text-stone-700">
      {children}
    </div>
  );
}

const dateTime = new Intl.DateTimeFormat("en-ZA", {
  timeZone: "Africa/Johannesburg",
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** A moment in South African time, e.g. "24 Nov 2026, 14:05". */
export function formatDateTime(d: Date): string {
  return dateTime.format(d);
}

/** A day in South African time, e.g. "24 Nov 2026" (the order lists' format). */
export { formatOrderDate as formatDate } from "../../orders/format.ts";
