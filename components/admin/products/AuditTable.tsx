/**
 * Spec 001's audit log table: Date, User (the user id), Action as a badge (delete destructive,
 * create default, others outline), Details cut to 50 characters; 'No audit logs found' when empty.
 * Plain markup: the variant editor island and the server-rendered product page both draw it.
 */
import { type Column, DataTable } from "../shared/AdminTable.tsx";

export interface AuditRow {
  id: number;
  userId: number | null;
  action: string;
  details: unknown;
  /** ISO timestamp. */
  createdAt: string;
}

/** The spec's preview length of an entry's details. */
export const AUDIT_DETAIL_PREVIEW = 50;

const dateFormat = new Intl.DateTimeFormat("en-ZA", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Africa/Johannesburg",
});

function badgeClass(action: string): string {
  if (action === "delete") return "bg-red-700 text-white border-red-700";
  if (action === "create") return "bg-green-800 text-white border-green-800";
  return "bg-white text-stone-800 border-stone-300";
}

/** Spec 001's action badge: delete destructive, create default, everything else outline. */
export function ActionBadge({ action }: { action: string }) {
  return (
    <span
      className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${
        badgeClass(action)
      }`}
      data-action={action}
    >
      {action}
    </span>
  );
}

/** The details as one line of JSON, cut to the spec's 50 characters. */
export function detailPreview(details: unknown): string {
  if (details === null || details === undefined) return "";
  const text = typeof details === "string" ? details : JSON.stringify(details);
  return text.length > AUDIT_DETAIL_PREVIEW ? text.slice(0, AUDIT_DETAIL_PREVIEW) : text;
}

const AUDIT_COLUMNS: Column<AuditRow>[] = [
  { header: "Date", className: "whitespace-nowrap", cell: (r) => dateFormat.format(new Date(r.createdAt)) },
  { header: "User", cell: (r) => r.userId ?? "-" },
  { header: "Action", cell: (r) => <ActionBadge action={r.action} /> },
  {
    header: "Details",
    className: "font-mono text-xs break-all text-stone-700",
    title: (r) => JSON.stringify(r.details),
    cell: (r) => detailPreview(r.details),
  },
];

export function AuditTable({ rows }: { rows: AuditRow[] }) {
  if (!rows.length) return <p className="py-6 text-center text-sm text-stone-600">No audit logs found</p>;
  return (
    <DataTable
      columns={AUDIT_COLUMNS}
      rows={rows}
      rowProps={(r) => ({ "data-audit-action": r.action })}
      minWidth="32rem"
      bare
    />
  );
}
