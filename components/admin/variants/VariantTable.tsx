/**
 * The variant editor's table (spec 001: Name, SKU, Price with the sale price and the regular one
 * struck through, Stock, Status, Actions: edit and audit log).
 */
import { formatMoney } from "../../../lib/money.ts";
import { type EditorVariant, secondary, statusClass, variantStatus } from "./variant_draft.ts";

export function VariantTable(
  { productId, variants, onEdit, onAudit }: {
    productId: number;
    variants: EditorVariant[];
    onEdit: (v: EditorVariant) => void;
    onAudit: (e: { preventDefault(): void }, v: EditorVariant) => void;
  },
) {
  return (
    <div className="mt-5 overflow-x-auto">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <thead className="border-b border-stone-200 text-xs text-stone-500 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3">Name</th>
            <th scope="col" className="py-2 pr-3">SKU</th>
            <th scope="col" className="py-2 pr-3">Price</th>
            <th scope="col" className="py-2 pr-3">Stock</th>
            <th scope="col" className="py-2 pr-3">Status</th>
            <th scope="col" className="py-2 text-right">Actions</th>
          </tr>
        </thead>
        <tbody>
          {variants.map((v) => {
            const status = variantStatus(v);
            return (
              <tr key={v.id} className="border-b border-stone-100" data-variant-id={v.id}>
                <td className="py-2 pr-3 font-medium">
                  {v.name}
                  {v.dimensions ? <span className="block text-xs text-stone-500">{v.dimensions}</span> : null}
                </td>
                <td className="py-2 pr-3 font-mono text-xs">{v.sku}</td>
                <td className="py-2 pr-3 whitespace-nowrap">
                  {v.salePriceCents !== null
                    ? (
                      <>
                        <span className="font-semibold text-red-700">{formatMoney(v.salePriceCents)}</span>{" "}
                        <s className="text-stone-500">{formatMoney(v.priceCents)}</s>
                      </>
                    )
                    : formatMoney(v.priceCents)}
                </td>
                <td className="py-2 pr-3">{v.stock}</td>
                <td className="py-2 pr-3">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${
                      statusClass[status]
                    }`}
                  >
                    {status}
                  </span>
                </td>
                <td className="py-2 text-right whitespace-nowrap">
                  <button
                    type="button"
                    className={secondary}
                    aria-label={`Edit ${v.name}`}
                    onClick={() => onEdit(v)}
                  >
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
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
