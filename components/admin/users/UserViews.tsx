/** /admin/users: the list (search, role filter, paging) and one user's page (orders, points, addresses, actions). */
import type { Address } from "../../../domains/addresses/mod.ts";
import type { CustomerFigures, OrderSummary } from "../../../domains/orders/mod.ts";
import type { MarketingChoices } from "../../../flows/staff_user_detail.ts";
import type { StaffUserRow, TagInUse } from "../../../domains/accounts/mod.ts";
import { USER_FILTER_KEYS, type UserFilterParams, type UserSort } from "../../../domains/accounts/staff_schemas.ts";
import { formatMoney } from "../../../lib/money.ts";
import { fieldInputClass, fieldLabelClass } from "../../ui/Field.tsx";
import { Pagination } from "../../ui/Pagination.tsx";
import { dangerButton, primaryButton, secondaryButton } from "../../ui/buttons.ts";
import {
  type Column,
  DataTable,
  EmptyCard,
  formatDate,
  formatDateTime,
  Pill,
  ROLE_LABELS,
} from "../shared/AdminTable.tsx";
import { PageHeader } from "../shared/PageHeader.tsx";
import { EmailChoicesCard, PurchasesCard, StaffNoteCard, TagPills } from "./CustomerCards.tsx";
import { USER_BULK_FORM_ID, UserBulkTags } from "./UserBulkTags.tsx";
import { TagRename } from "./TagRename.tsx";
import { TagRuleList, TagRuleMaker, type TagRuleRow } from "./TagRules.tsx";
import { bulkSelectColumn } from "../shared/BulkColumn.tsx";

type Role = keyof typeof ROLE_LABELS;

function fullName(u: { firstName: string | null; lastName: string | null }) {
  return [u.firstName, u.lastName].filter(Boolean).join(" ");
}

function StatusPill({ user }: { user: StaffUserRow }) {
  if (user.deletedAt) return <Pill tone="grey">Erased</Pill>;
  if (user.disabledAt) return <Pill tone="red">Disabled</Pill>;
  return <Pill tone="green">Active</Pill>;
}

/** A row of the list: the account with its purchases (paid orders, spent net of refunds). */
type ListedUser = StaffUserRow & { figures: Pick<CustomerFigures, "paidOrders" | "spentCents"> };

const USER_COLUMNS: Column<ListedUser>[] = [
  bulkSelectColumn(USER_BULK_FORM_ID, (u) => ({ id: u.id, name: u.username })),
  {
    header: "Username",
    cell: (u) => (
      <>
        <a href={`/admin/users/${u.id}`} className="font-semibold text-green-800 hover:underline">{u.username}</a>
        {u.tags.length
          ? (
            <span className="mt-1 block">
              <TagPills tags={u.tags} />
            </span>
          )
          : null}
      </>
    ),
  },
  { header: "Name", cell: (u) => fullName(u) || "—" },
  { header: "E-mail", className: "break-all", cell: (u) => u.email },
  { header: "Role", cell: (u) => ROLE_LABELS[u.role] },
  { header: "Status", cell: (u) => <StatusPill user={u} /> },
  { header: "Orders", align: "right", cell: (u) => u.figures.paidOrders },
  {
    header: "Spent",
    align: "right",
    className: "whitespace-nowrap",
    cell: (u) => (u.figures.paidOrders ? formatMoney(u.figures.spentCents) : "—"),
  },
  { header: "Joined", className: "whitespace-nowrap", cell: (u) => formatDate(u.createdAt) },
];

const SORT_LABELS: [UserSort, string][] = [
  ["newest", "Newest first"],
  ["spent", "Most spent"],
  ["orders", "Most orders"],
  ["last_order", "Latest order"],
];

/** The purchase filter's fields (decision 0114): a label, the field, and how it is typed in. */
const PURCHASE_FIELDS: {
  key: "minSpent" | "minOrders" | "maxOrders" | "lastOrderFrom" | "lastOrderBefore";
  label: string;
  type: "number" | "date";
  hint?: string;
}[] = [
  { key: "minSpent", label: "Spent at least (R)", type: "number", hint: "Net of refunds" },
  { key: "minOrders", label: "Orders at least", type: "number" },
  { key: "maxOrders", label: "Orders at most", type: "number", hint: "0: never bought" },
  { key: "lastOrderFrom", label: "Last order on or after", type: "date" },
  { key: "lastOrderBefore", label: "Last order before", type: "date", hint: "Bought, but not since" },
];

export function UserListView(
  { items, total, filter, sort, tagsInUse, rules, page, pageSize, csvMaxRows }: {
    items: ListedUser[];
    /** The automatic tags kept (decision 0115). */
    rules: TagRuleRow[];
    /** The list's search and filters as URL parameters ("" for absent). */
    filter: UserFilterParams;
    /** The list's order (decision 0113). */
    sort: UserSort;
    /** The tags to choose from. */
    tagsInUse: TagInUse[];
    /** Most rows the CSV export holds. */
    csvMaxRows: number;
    total: number;
    page: number;
    pageSize: number;
  },
) {
  const { q, role, tag } = filter;
  const byPurchases = PURCHASE_FIELDS.some((f) => filter[f.key]);
  // The CSV keeps its own order (newest first), so its link leaves the sort out.
  const href = (p: number, path = "/admin/users") => {
    const s = new URLSearchParams();
    for (const key of USER_FILTER_KEYS) if (filter[key]) s.set(key, filter[key]);
    if (sort !== "newest" && path === "/admin/users") s.set("sort", sort);
    if (p > 1) s.set("page", String(p));
    const t = s.toString();
    return `${path}${t ? `?${t}` : ""}`;
  };
  return (
    <div>
      <PageHeader title="Customers and staff">
        <a href={href(1, "/admin/users/export.csv")} className={secondaryButton} download data-users-csv>
          Export CSV
        </a>
      </PageHeader>
      <form method="get" action="/admin/users" className="mt-5" data-user-filter>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <label htmlFor="user-q" className="sr-only">Search users</label>
            <input
              id="user-q"
              type="search"
              name="q"
              defaultValue={q}
              maxLength={100}
              placeholder="Search by username, e-mail or name..."
              className={fieldInputClass}
            />
          </div>
          <div>
            <label htmlFor="user-role" className="sr-only">Role</label>
            <select id="user-role" name="role" defaultValue={role} className={fieldInputClass}>
              <option value="">All roles</option>
              <option value="customer">Customers</option>
              <option value="admin">Admins</option>
              <option value="super_admin">Super admins</option>
            </select>
          </div>
          {tagsInUse.length || tag
            ? (
              <div>
                <label htmlFor="user-tag" className="sr-only">Tag filter</label>
                <select id="user-tag" name="tag" defaultValue={tag} className={fieldInputClass}>
                  <option value="">All tags</option>
                  {/* A filter on a tag nobody carries any more still shows as chosen. */}
                  {tag && !tagsInUse.some((t) => t.tag === tag) ? <option value={tag}>{`${tag} (0)`}</option> : null}
                  {tagsInUse.map((t) => <option key={t.tag} value={t.tag}>{`${t.tag} (${t.accounts})`}</option>)}
                </select>
              </div>
            )
            : null}
          <div>
            <label htmlFor="user-sort" className="sr-only">Sort</label>
            <select id="user-sort" name="sort" defaultValue={sort} className={fieldInputClass}>
              {SORT_LABELS.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
            </select>
          </div>
          <button type="submit" className={secondaryButton}>Search</button>
        </div>
        {/* Open when in use, so the list never hides why it holds fewer accounts. */}
        <details open={byPurchases} className="mt-3" data-purchase-filter>
          <summary className="cursor-pointer text-sm font-semibold text-stone-800">
            {byPurchases ? "Purchases (filtering)" : "Filter by purchases"}
          </summary>
          <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {PURCHASE_FIELDS.map((f) => (
              <div key={f.key}>
                <label htmlFor={`user-${f.key}`} className={fieldLabelClass}>{f.label}</label>
                <input
                  id={`user-${f.key}`}
                  name={f.key}
                  type={f.type}
                  defaultValue={filter[f.key]}
                  min={f.type === "number" ? 0 : undefined}
                  step={f.key === "minSpent" ? "0.01" : f.type === "number" ? 1 : undefined}
                  inputMode={f.key === "minSpent" ? "decimal" : f.type === "number" ? "numeric" : undefined}
                  className={fieldInputClass}
                />
                {f.hint ? <p className="mt-1 text-xs text-stone-500">{f.hint}</p> : null}
              </div>
            ))}
          </div>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-xs text-stone-500">
              Purchases are paid orders that were not cancelled. Tag the accounts found with Tag accounts below.
            </p>
            {/* On a phone the Search button is a screen above these fields. */}
            <button type="submit" className={secondaryButton}>Apply filters</button>
          </div>
        </details>
      </form>
      <p className="mt-4 text-sm text-stone-600">
        {`${total} ${total === 1 ? "account" : "accounts"}`}
        {total > csvMaxRows
          ? ` · the CSV holds the newest ${csvMaxRows.toLocaleString("en-ZA")}: search or filter for the rest.`
          : ""}
      </p>
      {items.length
        ? <UserBulkTags filter={filter} sort={sort} page={page} total={total} tagsInUse={tagsInUse} />
        : null}
      {byPurchases ? <TagRuleMaker filter={filter} total={total} /> : null}
      {tag && tagsInUse.some((t) => t.tag === tag) ? <TagRename tag={tag} tagsInUse={tagsInUse} /> : null}
      <TagRuleList rules={rules} />
      {items.length
        ? (
          <DataTable
            columns={USER_COLUMNS}
            rows={items}
            rowProps={(u) => ({ "data-user": u.username, className: u.disabledAt || u.deletedAt ? "opacity-60" : "" })}
            minWidth="52rem"
          />
        )
        : (
          <EmptyCard>
            {q
              ? `No accounts match "${q}"${tag ? ` with the tag "${tag}"` : ""}${
                byPurchases ? " and these purchases" : ""
              }.`
              : byPurchases
              ? "No accounts have these purchases."
              : "No accounts found."}
          </EmptyCard>
        )}
      <Pagination page={page} pageCount={Math.max(1, Math.ceil(total / pageSize))} href={href} />
    </div>
  );
}

const statusLabels: Record<string, string> = {
  pending: "Pending",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

const ORDER_COLUMNS: Column<OrderSummary>[] = [
  {
    header: "Order",
    cell: (o) => (
      <a href={`/admin/orders/${o.id}`} className="font-semibold text-green-800 hover:underline">{o.orderNumber}</a>
    ),
  },
  { header: "Date", cell: (o) => formatDate(o.createdAt) },
  { header: "Status", cell: (o) => statusLabels[o.status] ?? o.status },
  { header: "Total", align: "right", cell: (o) => formatMoney(o.totalCents) },
];

export function UserDetailView(
  { user, orders, points, addresses, figures, marketing, tagsInUse, automaticTags, canChangeRoles, isSelf, message }: {
    user: StaffUserRow;
    /** Tags other customers carry, offered beside the tags field. */
    tagsInUse: TagInUse[];
    /** Tags automatic rules keep (decision 0115): changed by hand, they follow their rule again. */
    automaticTags: string[];
    orders: OrderSummary[];
    points: number;
    addresses: Address[];
    figures: CustomerFigures;
    marketing: MarketingChoices;
    canChangeRoles: boolean;
    isSelf: boolean;
    message?: string | null;
  },
) {
  const staffTarget = user.role !== "customer";
  const canDisable = !isSelf && (!staffTarget || canChangeRoles) && !user.deletedAt;
  return (
    <div className="max-w-5xl">
      <p>
        <a href="/admin/users" className="text-sm font-semibold text-green-800 hover:underline">
          ← Customers and staff
        </a>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-extrabold tracking-tight">{user.username}</h1>
        <Pill tone="blue">{ROLE_LABELS[user.role]}</Pill>
        <StatusPill user={user} />
      </div>
      {message
        ? (
          <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            {message}
          </p>
        )
        : null}
      <div className="mt-6 grid gap-4 lg:grid-cols-3">
        <section className="rounded-xl border border-stone-200 bg-white p-5" aria-labelledby="profile-h">
          <h2 id="profile-h" className="font-bold">Profile</h2>
          <dl className="mt-3 space-y-2 text-sm">
            <div>
              <dt className="text-stone-500">Name</dt>
              <dd>{fullName(user) || "—"}</dd>
            </div>
            <div>
              <dt className="text-stone-500">E-mail</dt>
              <dd className="break-all">{user.email}</dd>
            </div>
            <div>
              <dt className="text-stone-500">Phone</dt>
              <dd>{user.phone || "—"}</dd>
            </div>
            <div>
              <dt className="text-stone-500">Joined</dt>
              <dd>{formatDateTime(user.createdAt)}</dd>
            </div>
            <div>
              <dt className="text-stone-500">Loyalty points</dt>
              <dd data-points>{points}</dd>
            </div>
            {user.disabledAt
              ? (
                <div>
                  <dt className="text-stone-500">Disabled since</dt>
                  <dd>{formatDateTime(user.disabledAt)}</dd>
                </div>
              )
              : null}
          </dl>
        </section>

        <section className="rounded-xl border border-stone-200 bg-white p-5" aria-labelledby="access-h">
          <h2 id="access-h" className="font-bold">Access</h2>
          {canDisable
            ? (
              <form method="post" action={`/admin/users/${user.id}`} className="mt-3">
                <input type="hidden" name="disabled" value={user.disabledAt ? "false" : "true"} />
                <p className="text-sm text-stone-600">
                  {user.disabledAt
                    ? "This account cannot sign in. Re-enable it to let the owner sign in again."
                    : "Disabling ends every session of this account at once; it cannot sign in until re-enabled."}
                </p>
                <button type="submit" className={`mt-3 ${user.disabledAt ? primaryButton : dangerButton}`}>
                  {user.disabledAt ? "Re-enable account" : "Disable account"}
                </button>
              </form>
            )
            : (
              <p className="mt-3 text-sm text-stone-600">
                {isSelf
                  ? "This is your own account: another admin can disable it."
                  : user.deletedAt
                  ? "This account was erased by its owner."
                  : "Only a super admin can disable a staff account."}
              </p>
            )}
          {canChangeRoles
            ? (
              <form method="post" action={`/admin/users/${user.id}`} className="mt-5 border-t border-stone-100 pt-4">
                <label htmlFor="role" className="mb-1 block text-sm font-medium">Role</label>
                <div className="flex gap-2">
                  <select id="role" name="role" defaultValue={user.role} className={fieldInputClass}>
                    <option value="customer">Customer</option>
                    <option value="admin">Admin</option>
                    <option value="super_admin">Super admin</option>
                  </select>
                  <button type="submit" className={secondaryButton}>Change role</button>
                </div>
              </form>
            )
            : (
              <p className="mt-5 border-t border-stone-100 pt-4 text-sm text-stone-600">
                Only a super admin can change roles.
              </p>
            )}
        </section>

        <section className="rounded-xl border border-stone-200 bg-white p-5" aria-labelledby="addr-h">
          <h2 id="addr-h" className="font-bold">Addresses</h2>
          {addresses.length
            ? (
              <ul className="mt-3 space-y-3 text-sm">
                {addresses.map((a) => (
                  <li key={a.id}>
                    {a.label ? <span className="font-semibold">{a.label}</span> : null}
                    <span className="block">
                      {[a.addressLine1, a.addressLine2, a.city, a.state, a.postalCode].filter(Boolean).join(", ")}
                    </span>
                    {a.isDefaultShipping || a.isDefaultBilling
                      ? (
                        <span className="text-xs text-stone-500">
                          {[a.isDefaultShipping && "Default shipping", a.isDefaultBilling && "Default billing"].filter(
                            Boolean,
                          )
                            .join(" · ")}
                        </span>
                      )
                      : null}
                  </li>
                ))}
              </ul>
            )
            : <p className="mt-3 text-sm text-stone-600">No saved addresses.</p>}
        </section>
        <PurchasesCard figures={figures} />
        <EmailChoicesCard marketing={marketing} />
        <StaffNoteCard
          userId={user.id}
          note={user.staffNote}
          tags={user.tags}
          tagsInUse={tagsInUse}
          automaticTags={automaticTags}
          erased={user.deletedAt !== null}
        />
      </div>

      <section className="mt-6" aria-labelledby="orders-h">
        <h2 id="orders-h" className="text-lg font-bold">Orders</h2>
        {orders.length
          ? <DataTable columns={ORDER_COLUMNS} rows={orders} minWidth="32rem" />
          : <EmptyCard>No orders yet.</EmptyCard>}
      </section>
    </div>
  );
}
