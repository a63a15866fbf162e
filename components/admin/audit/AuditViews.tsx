/** /admin/audit: every audit entry, filtered by entity type, user and dates, with the spec's action badges. */
import { ActionBadge } from "../products/AuditTable.tsx";
import { auditEntityTypes, changeText, describeAudit, ENTITY_NAMES } from "../../../domains/admin_audit/mod.ts";
import { secondaryButton } from "../../ui/buttons.ts";
import { type Column, DataTable, EmptyCard, formatDateTime } from "../shared/AdminTable.tsx";
import { PageHeader } from "../shared/PageHeader.tsx";
import { type FieldSpec, FormFields } from "../shared/FormFields.tsx";

export interface AuditRow {
  id: number;
  createdAt: Date;
  userId: number | null;
  username: string | null;
  entityType: string;
  entityId: number;
  action: string;
  details: Record<string, unknown> | null;
}

export interface AuditFilterValues {
  entityType: string;
  user: string;
  from: string;
  to: string;
}

function entityHref(type: string, id: number): string | null {
  if (type === "product") return `/admin/products/${id}`;
  if (type === "category") return `/admin/categories/${id}`;
  if (type === "coupon") return `/admin/coupons/${id}/edit`;
  if (type === "user") return `/admin/users/${id}`;
  if (type === "order") return `/admin/orders/${id}`;
  if (type === "purchase_order") return `/admin/purchase-orders/${id}`;
  if (type === "setting") return "/admin/settings";
  return null;
}

/** The entry's raw details, one click away (the sentences above are read from them). */
export function RawDetails({ details }: { details: unknown }) {
  if (details === null || details === undefined) return null;
  return (
    <details className="mt-1" data-raw-details>
      <summary className="cursor-pointer text-xs text-stone-500">Raw JSON</summary>
      <pre className="mt-2 max-w-xl overflow-x-auto rounded-lg bg-stone-50 p-3 text-xs whitespace-pre-wrap">{JSON.stringify(details, null, 2)}</pre>
    </details>
  );
}

/** What happened, as sentences: "Product #12 updated by pieter", then "Price R 1 299,00 -> R 1 199,00" per field. */
function Happened({ row: r }: { row: AuditRow }) {
  const s = describeAudit(r);
  const by = r.userId === null ? " by the system" : ` by ${r.username ?? `user #${r.userId}`}`;
  return (
    <div data-audit-sentence>
      <p className="font-medium text-stone-900">{`${s.summary}${by}`}</p>
      {s.changes.length || s.facts.length
        ? (
          <ul className="mt-1 space-y-0.5 text-stone-700">
            {s.changes.map((c) => <li key={c.field} data-audit-change={c.field}>{changeText(c)}</li>)}
            {s.facts.map((f, i) => <li key={`f${i}`} className="text-stone-600">{f}</li>)}
          </ul>
        )
        : null}
      <RawDetails details={r.details} />
    </div>
  );
}

/** The filter form's fields, ids prefixed so they never clash with the layout's own forms. */
const FILTER_FIELDS: FieldSpec[] = [
  {
    id: "audit-type",
    label: "Entity",
    name: "entityType",
    empty: "All",
    options: auditEntityTypes.map((t) => ({ value: t, label: ENTITY_NAMES[t] ?? t })),
  },
  {
    id: "audit-user",
    label: "Staff member",
    name: "user",
    maxLength: 20,
    placeholder: "Username",
    list: "audit-staff",
  },
  { id: "audit-from", label: "From", type: "date", name: "from" },
  { id: "audit-to", label: "To", type: "date", name: "to" },
];

/** Who made the change: a link to the staff member, or "System" for scheduled jobs. */
function Author({ row: r }: { row: AuditRow }) {
  if (r.userId === null) return "System";
  return (
    <a href={`/admin/users/${r.userId}`} className="text-green-800 hover:underline">{r.username ?? `#${r.userId}`}</a>
  );
}

function Entity({ row: r }: { row: AuditRow }) {
  const target = entityHref(r.entityType, r.entityId);
  const label = `${ENTITY_NAMES[r.entityType] ?? r.entityType} #${r.entityId}`;
  return target ? <a href={target} className="text-green-800 hover:underline">{label}</a> : label;
}

const AUDIT_COLUMNS: Column<AuditRow>[] = [
  { header: "Date", className: "whitespace-nowrap", cell: (r) => formatDateTime(r.createdAt) },
  { header: "User", cell: (r) => <Author row={r} /> },
  { header: "Entity", className: "whitespace-nowrap", cell: (r) => <Entity row={r} /> },
  { header: "Action", cell: (r) => <ActionBadge action={r.action} /> },
  { header: "What happened", cell: (r) => <Happened row={r} /> },
];

/** One record's trail (a product's edit page): the audit screen's columns without the entity. */
export function AuditEntriesTable({ rows }: { rows: AuditRow[] }) {
  if (!rows.length) return <EmptyCard>No audit logs found</EmptyCard>;
  return (
    <DataTable
      columns={AUDIT_COLUMNS.filter((c) => c.header !== "Entity")}
      rows={rows}
      rowProps={(r) => ({ "data-audit-id": r.id })}
      bare
    />
  );
}

export function AuditView(
  { rows, filter, page, hasNext, message, staff = [] }: {
    rows: AuditRow[];
    filter: AuditFilterValues;
    page: number;
    hasNext: boolean;
    message?: string | null;
    /** Staff usernames the "Staff member" field suggests (any username may still be typed: former staff). */
    staff?: string[];
  },
) {
  const href = (p: number) => {
    const s = new URLSearchParams(Object.entries(filter).filter(([, v]) => v) as [string, string][]);
    if (p > 1) s.set("page", String(p));
    const t = s.toString();
    return `/admin/audit${t ? `?${t}` : ""}`;
  };
  const link = "rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm hover:bg-stone-100";
  return (
    <div>
      <PageHeader
        title="Audit log"
        intro="Every change staff made, newest first: each changed field before -> after, the raw entry behind Raw JSON."
      />
      <form method="get" action="/admin/audit" className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
        <FormFields fields={FILTER_FIELDS} values={filter} />
        <datalist id="audit-staff">
          {staff.map((u) => <option key={u} value={u} />)}
        </datalist>
        <button type="submit" className={secondaryButton}>Filter</button>
      </form>
      {message ? <p role="alert" className="mt-4 text-sm text-red-800">{message}</p> : null}
      {rows.length
        ? (
          <DataTable
            columns={AUDIT_COLUMNS}
            rows={rows}
            rowProps={(r) => ({ "data-audit-id": r.id })}
            minWidth="48rem"
          />
        )
        : <EmptyCard>No audit logs found</EmptyCard>}
      {page > 1 || hasNext
        ? (
          <nav aria-label="Pagination" className="mt-6 flex justify-center gap-2">
            {page > 1 ? <a className={link} href={href(page - 1)} rel="prev">Previous</a> : null}
            <span className="px-2 py-1.5 text-sm">{`Page ${page}`}</span>
            {hasNext ? <a className={link} href={href(page + 1)} rel="next">Next</a> : null}
          </nav>
        )
        : null}
    </div>
  );
}
