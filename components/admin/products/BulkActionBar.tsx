/**
 * The products list's bulk edit form (decision 0072): which products (the ticked rows, or all that
 * match the list's filter) and one action with its value. A plain POST form to
 * /admin/products/bulk, the twin of POST /api/admin/products/bulk; the rows' boxes join it through
 * their `form` attribute.
 */
import type { AdminProductQuery } from "../../../domains/catalog_admin/mod.ts";
import { MAX_BULK_IDS, MAX_BULK_MATCHES } from "../../../domains/product_bulk/mod.ts";
import { LOW_STOCK } from "../../../domains/catalog/mod.ts";
import { primaryButton } from "../../ui/buttons.ts";
import { fieldInputClass, fieldLabelClass } from "../../ui/Field.tsx";
import { SelectField } from "../shared/FormFields.tsx";
import type { CategoryOption } from "./ProductForm.tsx";

export const BULK_FORM_ID = "bulk-form";

/** The action menu: one value a choice; "name:value" carries the value of a yes/no or status action. */
export const BULK_CHOICES = [
  { value: "adjust_price", label: "Change prices by…" },
  { value: "set_stock", label: "Set stock to…" },
  { value: "set_low_stock_at", label: "Set low-stock alert to…" },
  { value: "set_category", label: "Move to category…" },
  { value: "set_status:active", label: "Set status: Active" },
  { value: "set_status:draft", label: "Set status: Draft" },
  { value: "set_featured:true", label: "Mark featured" },
  { value: "set_featured:false", label: "Remove featured" },
  { value: "set_new:true", label: "Mark new" },
  { value: "set_new:false", label: "Remove new" },
  { value: "archive", label: "Archive" },
  { value: "unarchive", label: "Unarchive" },
] as const;

export function BulkActionBar(
  { query, total, categories }: { query: AdminProductQuery; total: number; categories: CategoryOption[] },
) {
  const hidden = {
    f_q: query.q ?? "",
    f_category: query.category ? String(query.category) : "",
    f_stock: query.stock ?? "",
    f_status: query.status ?? "",
    f_setup: query.setup ?? "",
    f_archived: query.archived,
    f_page: String(query.page),
  };
  const tooMany = total > MAX_BULK_MATCHES;
  return (
    <form
      id={BULK_FORM_ID}
      method="post"
      action="/admin/products/bulk"
      className="mt-4 rounded-xl border border-stone-200 bg-white p-4"
      data-bulk-form
    >
      {Object.entries(hidden).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
      <fieldset>
        <legend className="text-sm font-semibold text-stone-800">Bulk edit</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <label className="inline-flex items-center gap-2">
            <input type="radio" name="scope" value="selected" defaultChecked className="accent-green-800" />
            The products ticked below (at most {MAX_BULK_IDS})
          </label>
          <label className="inline-flex items-center gap-2">
            <input type="radio" name="scope" value="filter" disabled={tooMany} className="accent-green-800" />
            {total === 1 ? "The 1 product" : `All ${total} products`} matching this filter
            {tooMany ? ` (at most ${MAX_BULK_MATCHES}: narrow the filter)` : ""}
          </label>
        </div>
      </fieldset>
      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <SelectField
            id="bulk-action"
            label="Action"
            name="action"
            options={BULK_CHOICES}
            hint="The boxes beside it apply to the actions that need them."
          />
        </div>
        <div>
          <label htmlFor="bulk-price-change" className={fieldLabelClass}>Price change</label>
          <input
            id="bulk-price-change"
            name="priceChange"
            inputMode="decimal"
            placeholder="-10 or 5.50"
            className={fieldInputClass}
          />
        </div>
        <SelectField
          id="bulk-price-kind"
          label="Change in"
          name="priceKind"
          options={[{ value: "percent", label: "Percent (%)" }, { value: "amount", label: "Rand (R)" }]}
        />
        <div>
          <label htmlFor="bulk-stock" className={fieldLabelClass}>New stock</label>
          <input id="bulk-stock" name="stock" type="number" min={0} max={1_000_000} className={fieldInputClass} />
        </div>
        <div>
          <label htmlFor="bulk-low-stock" className={fieldLabelClass}>Low-stock alert</label>
          <input
            id="bulk-low-stock"
            name="lowStockAt"
            type="number"
            min={0}
            max={1_000_000}
            placeholder={`Empty: ${LOW_STOCK}`}
            className={fieldInputClass}
          />
        </div>
        <div className="sm:col-span-2">
          <SelectField
            id="bulk-category"
            label="Category"
            name="categoryId"
            empty="No category"
            options={categories.map((c) => ({ value: String(c.id), label: c.name }))}
          />
        </div>
      </div>
      <p className="mt-2 text-xs text-stone-600">
        Prices move to the cent (half up) and never below R 0,01; sale prices and variants' prices move with them. Every
        product changes or none does.
      </p>
      <div className="mt-3 flex justify-end">
        <button type="submit" className={primaryButton}>Apply to products</button>
      </div>
    </form>
  );
}
