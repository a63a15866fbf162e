/**
 * Pieces every admin list shares: the data table (frame, header and row cells), status pills, the
 * empty-list card, dates and the role names.
 */
import type { ReactNode } from "react";
import { type RowAttributes, Table } from "../../ui/Table.tsx";
import { formatOrderDate } from "../../orders/format.ts";

export const ROLE_LABELS = { customer: "Customer", admin: "Admin", super_admin: "Super admin" } as const;

const thClass = "px-3 py-2 text-xs font-semibold tracking-wide text-stone-600 uppercase";
const tdClass = "px-3 py-3 align-top";

/** One column of a {@link DataTable}: its heading and what each row shows under it. */
export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Figures and row actions line up on the right, heading included. */
  align?: "right";
  /** Classes added to this column's body cells only (e.g. `whitespace-nowrap`). */
  className?: string;
  /** The whole value on hover, where the cell shows only a preview of it. */
  title?: (row: T) => string;
}

/**
 * An admin table: a header row and one row per item (keyed by its id), every list drawn with the same cells. In a
 * white card of its own that scrolls sideways on a phone (wide tables never squeeze), or `bare`
 * where it already sits in a card; `inset` lines the first and last cells up with a card's padding.
 */
export function DataTable<T extends { id: string | number }>(
  { columns, rows, rowProps, minWidth = "40rem", className = "mt-4", bare = false, inset = false }: {
    columns: Column<T>[];
    rows: readonly T[];
    rowProps?: (row: T) => RowAttributes;
    minWidth?: string;
    /** The card's spacing and visibility (the default leaves a gap above it). */
    className?: string;
    bare?: boolean;
    inset?: boolean;
  },
) {
  const frame = bare
    ? "relative overflow-x-auto"
    : `${className} relative overflow-x-auto rounded-xl border border-stone-200 bg-white`;
  const edge = inset ? " first:pl-5 last:pr-5" : "";
  const align = (c: Column<T>) => (c.align === "right" ? "text-right" : "text-left");
  return (
    <div className={frame}>
      <Table
        className="w-full text-sm"
        style={{ minWidth }}
        headClass="border-b border-stone-200 bg-stone-50"
        bodyClass="divide-y divide-stone-100"
        columns={columns.map((c) => ({
          ...c,
          th: `${thClass} ${align(c)}${edge}`,
          td: `${tdClass} ${align(c)}${c.className ? ` ${c.className}` : ""}${edge}`,
        }))}
        rows={rows}
        rowKey={(row) => row.id}
        rowProps={rowProps}
      />
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
/** Why a list shows something other than what was asked (a filter it could not read), above the list. */
export function ListNotice({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
      {children}
    </p>
  );
}

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

/** A calendar day stored as YYYY-MM-DD ("2026-12-14") in the same format; empty for none. */
export function formatDay(day: string | null): string {
  return day ? formatOrderDate(new Date(`${day}T12:00:00Z`)) : "";
}
