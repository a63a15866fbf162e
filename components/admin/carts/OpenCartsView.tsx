/**
 * /admin/carts: the carts signed-in customers have left open, the most recently changed first, each
 * with its value at today's prices and when the customer was last sent a cart reminder, linked to the
 * customer's page (their phone, their note) so staff can follow up.
 */
import type { OpenCart } from "../../../domains/cart/mod.ts";
import { formatMoney } from "../../../lib/money.ts";
import { Pagination } from "../../ui/Pagination.tsx";
import { type Column, DataTable, EmptyCard, formatDateTime } from "../shared/AdminTable.tsx";
import { PageHeader } from "../shared/PageHeader.tsx";

type Row = OpenCart & { id: number };

const COLUMNS: Column<Row>[] = [
  {
    header: "Customer",
    cell: (c) => (
      <span>
        <a href={`/admin/users/${c.userId}`} className="font-semibold text-green-800 hover:underline">{c.username}</a>
        <span className="block text-xs break-all text-stone-500">{c.name ? `${c.name} · ${c.email}` : c.email}</span>
      </span>
    ),
  },
  { header: "Lines", align: "right", className: "tabular-nums", cell: (c) => c.lines },
  { header: "Units", align: "right", className: "tabular-nums", cell: (c) => c.units },
  {
    header: "Value",
    align: "right",
    className: "whitespace-nowrap tabular-nums",
    cell: (c) => <span data-cart-value={c.userId}>{formatMoney(c.valueCents)}</span>,
  },
  { header: "Last change", className: "whitespace-nowrap", cell: (c) => formatDateTime(c.changedAt) },
  {
    header: "Cart reminder",
    className: "whitespace-nowrap",
    cell: (c) =>
      c.remindedAt
        ? (c.remindedAt >= c.changedAt
          ? `Sent ${formatDateTime(c.remindedAt)}`
          : `Last sent ${formatDateTime(c.remindedAt)}`)
        : "Not sent",
  },
];

export function OpenCartsView(
  { items, total, page, pageSize }: { items: OpenCart[]; total: number; page: number; pageSize: number },
) {
  return (
    <section>
      <PageHeader
        title="Open carts"
        intro="Signed-in customers' carts with something in them, the most recent first, at today's prices. A customer is e-mailed once about a cart left four hours, unless they turned cart reminders off."
      />
      <p className="mt-4 text-sm text-stone-600">{`${total} ${total === 1 ? "cart" : "carts"}`}</p>
      {items.length
        ? <DataTable columns={COLUMNS} rows={items.map((c) => ({ ...c, id: c.userId }))} minWidth="44rem" />
        : <EmptyCard>No signed-in customer has anything in their cart.</EmptyCard>}
      <Pagination
        page={page}
        pageCount={Math.max(1, Math.ceil(total / pageSize))}
        href={(p) => (p > 1 ? `/admin/carts?page=${p}` : "/admin/carts")}
      />
    </section>
  );
}
