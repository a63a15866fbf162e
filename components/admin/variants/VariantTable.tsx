/**
 * The variant editor's table (spec 001: Name, SKU, Price with the sale price and the regular one
 * struck through, Stock, low or sold out marked, Status, Actions: edit and audit log).
 */
import { formatMoney } from "../../../lib/money.ts";
import { type Column, DataTable } from "../shared/AdminTable.tsx";
import { type EditorVariant, secondary, statusClass, variantStatus } from "./variant_draft.ts";

export function VariantTable(
  { productId, lowStockLevel, variants, onEdit, onAudit }: {
    productId: number;
    /** At or below it a variant is low (a pre-order holds no stock and never is). */
    lowStockLevel: number;
    variants: EditorVariant[];
    onEdit: (v: EditorVariant) => void;
    onAudit: (e: { preventDefault(): void }, v: EditorVariant) => void;
  },
) {
  const columns: Column<EditorVariant>[] = [
    {
      header: "Name",
      className: "font-medium",
      cell: (v) => (
        <>
          {v.name}
          {v.dimensions ? <span className="block text-xs text-stone-500">{v.dimensions}</span> : null}
        </>
      ),
    },
    { header: "SKU", className: "font-mono text-xs", cell: (v) => v.sku },
    {
      header: "Price",
      className: "whitespace-nowrap",
      cell: (v) =>
        v.salePriceCents !== null
          ? (
            <>
              <span className="font-semibold text-red-700">{formatMoney(v.salePriceCents)}</span>{" "}
              <s className="text-stone-500">{formatMoney(v.priceCents)}</s>
            </>
          )
          : formatMoney(v.priceCents),
    },
    {
      header: "Stock",
      cell: (v) =>
        !v.preorder && v.stock <= lowStockLevel
          ? (
            <span className={`font-semibold ${v.stock === 0 ? "text-red-700" : "text-amber-700"}`} data-variant-low>
              {/* 0 needs no word: the status beside it says "Out of Stock". */}
              {v.stock === 0 ? "0" : `${v.stock} (low)`}
            </span>
          )
          : v.stock,
    },
    {
      header: "Status",
      cell: (v) => {
        const status = variantStatus(v);
        return (
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${statusClass[status]}`}>
            {status}
          </span>
        );
      },
    },
    {
      header: "Actions",
      align: "right",
      className: "whitespace-nowrap",
      cell: (v) => (
        <>
          <button type="button" className={secondary} aria-label={`Edit ${v.name}`} onClick={() => onEdit(v)}>
            Edit
          </button>{" "}
          <a
            href={`/admin?tab=products&product=${productId}&audit=variant-${v.id}`}
            className={secondary}
            aria-label={`Audit log of ${v.name}`}
            onClick={(e) => onAudit(e, v)}
          >
            Audit log
          </a>
        </>
      ),
    },
  ];
  // The admin lists' table, bare: it sits inside the product editor's card.
  return (
    <div className="mt-5">
      <DataTable
        bare
        minWidth="36rem"
        columns={columns}
        rows={variants}
        rowProps={(v) => ({ "data-variant-id": v.id })}
      />
    </div>
  );
}
