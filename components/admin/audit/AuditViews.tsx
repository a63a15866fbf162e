/** /admin/audit: every audit entry, filtered by entity type, user and dates, with the spec's action badges. */
import { ActionBadge, detailPreview } from "../products/AuditTable.tsx";
import { auditEntityTypes } from "../../../domains/admin_audit/mod.ts";
import { fieldInputClass, fieldLabelClass } from "../../ui/Field.tsx";
import { secondaryButton } from "../../ui/buttons.ts";
import { EmptyCard, formatDateTime, TableCard, tdClass, thClass } from "../shared/AdminTable.tsx";

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

const ENTITY_LABELS: Record<string, string> = {
  product: "Product",
  product_variant: "Variant",
  category: "Category",
  product_image: "Product image",
  order: "Order",
  coupon: "Coupon",
  user: "User",
  setting: "Settings",
  review: "Review",
};

function entityHref(type: string, id: number): string | null {
  if (type === "product") return `/admin/products/${id}`;
  if (type === "category") return `/admin/categories/${id}`;
  if (type === "coupon") return `/admin/coupons/${id}/edit`;
  if (type === "user") return `/admin/users/${id}`;
  if (type === "order") return `/admin/orders/${id}`;
  if (type === "setting") return "/admin/settings";
  return null;
}

/** The first 50 characters of the details (spec 001), the whole JSON one click away. */
function Details({ details }: { details: Record<string, unknown> | null }) {
  if (!details) return <span className="text-stone-400">—</span>;
  const json = JSON.stringify(details);
  const short = detailPreview(details);
  if (short === json) return <code className="text-xs break-all">{json}</code>;
  return (
    <details>
      <summary className="cursor-pointer text-xs break-all">
        <code>{`${short}…`}</code>
      </summary>
      <pre className="mt-2 max-w-xl overflow-x-auto rounded-lg bg-stone-50 p-3 text-xs whitespace-pre-wrap">{JSON.stringify(details, null, 2)}</pre>
    </details>
  );
}

export function AuditView(
  { rows, filter, page, hasNext, message }: {
    rows: AuditRow[];
    filter: AuditFilterValues;
    page: number;
    hasNext: boolean;
    message?: string | null;
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
      <h1 className="text-2xl font-extrabold tracking-tight">Audit log</h1>
      <p className="mt-1 text-stone-600">Every change staff made, newest first.</p>
      <form method="get" action="/admin/audit" className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
        <div>
          <label htmlFor="audit-type" className={fieldLabelClass}>Entity</label>
          <select id="audit-type" name="entityType" defaultValue={filter.entityType} className={fieldInputClass}>
            <option value="">All</option>
            {auditEntityTypes.map((t) => <option key={t} value={t}>{ENTITY_LABELS[t] ?? t}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor="audit-user" className={fieldLabelClass}>User</label>
          <input
            id="audit-user"
            name="user"
            defaultValue={filter.user}
            maxLength={20}
            placeholder="Username"
            className={fieldInputClass}
          />
        </div>
        <div>
          <label htmlFor="audit-from" className={fieldLabelClass}>From</label>
          <input id="audit-from" type="date" name="from" defaultValue={filter.from} className={fieldInputClass} />
        </div>
        <div>
          <label htmlFor="audit-to" className={fieldLabelClass}>To</label>
          <input id="audit-to" type="date" name="to" defaultValue={filter.to} className={fieldInputClass} />
        </div>
        <button type="submit" className={secondaryButton}>Filter</button>
      </form>
      {message ? <p role="alert" className="mt-4 text-sm text-red-800">{message}</p> : null}
      {rows.length
        ? (
          <TableCard minWidth="48rem">
            <thead className="border-b border-stone-200 bg-stone-50">
              <tr>
                <th className={thClass}>Date</th>
                <th className={thClass}>User</th>
                <th className={thClass}>Entity</th>
                <th className={thClass}>Action</th>
                <th className={thClass}>Details</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {rows.map((r) => {
                const target = entityHref(r.entityType, r.entityId);
                const label = `${ENTITY_LABELS[r.entityType] ?? r.entityType} #${r.entityId}`;
                return (
                  <tr key={r.id} data-audit-id={r.id}>
                    <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(r.createdAt)}</td>
                    <td className={tdClass}>
                      {r.userId === null
                        ? "System"
                        : (
                          <a href={`/admin/users/${r.userId}`} className="text-green-800 hover:underline">
                            {r.username ?? `#${r.userId}`}
                          </a>
                        )}
                    </td>
                    <td className={`${tdClass} whitespace-nowrap`}>
                      {target ? <a href={target} className="text-green-800 hover:underline">{label}</a> : label}
                    </td>
                    <td className={tdClass}>
                      <ActionBadge action={r.action} />
                    </td>
                    <td className={tdClass}>
                      <Details details={r.details} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </TableCard>
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
