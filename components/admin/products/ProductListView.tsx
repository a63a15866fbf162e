/** /admin/products: the filter form (search, category, stock, archived), the product table and paging. */
import type { Product } from "../../../domains/catalog/mod.ts";
import { effectivePriceCents, LOW_STOCK } from "../../../domains/catalog/mod.ts";
import type { AdminProductQuery } from "../../../domains/catalog_admin/mod.ts";
import { formatMoney } from "../../../lib/money.ts";
import { fieldInputClass, fieldLabelClass } from "../../ui/Field.tsx";
import { Pagination } from "../../ui/Pagination.tsx";
import { primaryButton, secondaryButton } from "../../ui/buttons.ts";
import { ProductBadges } from "./ProductBadges.tsx";
import type { CategoryOption } from "./ProductForm.tsx";

function listHref(query: AdminProductQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category) params.set("category", String(query.category));
  if (query.stock) params.set("stock", query.stock);
  if (query.archived !== "active") params.set("archived", query.archived);
  if (page > 1) params.set("page", String(page));
  const qs = params.toString();
  return qs ? `/admin/products?${qs}` : "/admin/products";
}

function StockCell({ stock }: { stock: number }) {
  if (stock <= 0) return <span className="font-semibold text-red-700">Out of stock</span>;
  if (stock <= LOW_STOCK) return <span className="font-semibold text-amber-700">{stock} (low)</span>;
  return <span>{stock}</span>;
}

export function ProductListView(
  { query, items, total, pageSize, categories }: {
    query: AdminProductQuery;
    items: Product[];
    total: number;
    pageSize: number;
    categories: CategoryOption[];
  },
) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold tracking-tight">Products</h1>
        <a href="/admin/products/new" className={primaryButton}>Add Product</a>
      </div>
      <form
        method="get"
        action="/admin/products"
        role="search"
        className="mt-4 grid gap-3 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5"
      >
        <div className="lg:col-span-2">
          <label htmlFor="filter-q" className={fieldLabelClass}>Search</label>
          <input
            id="filter-q"
            type="search"
            name="q"
            defaultValue={query.q ?? ""}
            placeholder="Name or SKU"
            maxLength={100}
            className={fieldInputClass}
          />
        </div>
        <div>
          <label htmlFor="filter-category" className={fieldLabelClass}>Category</label>
          <select
            id="filter-category"
            name="category"
            defaultValue={query.category ? String(query.category) : ""}
            className={fieldInputClass}
          >
            <option value="">All categories</option>
            {categories.map((c) => <option key={c.id} value={String(c.id)}>{c.name}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor="filter-stock" className={fieldLabelClass}>Stock</label>
          <select id="filter-stock" name="stock" defaultValue={query.stock ?? ""} className={fieldInputClass}>
            <option value="">Any stock</option>
            <option value="in">In stock</option>
            <option value="low">Low stock ({LOW_STOCK} or fewer)</option>
            <option value="out">Out of stock</option>
          </select>
        </div>
        <div>
          <label htmlFor="filter-archived" className={fieldLabelClass}>Showing</label>
          <select id="filter-archived" name="archived" defaultValue={query.archived} className={fieldInputClass}>
            <option value="active">On sale</option>
            <option value="archived">Archived</option>
            <option value="all">All</option>
          </select>
        </div>
        <div className="flex gap-2 sm:col-span-2 lg:col-span-5 lg:justify-end">
          <button type="submit" className={primaryButton}>Filter</button>
          <a href="/admin/products" className={secondaryButton}>Clear</a>
        </div>
      </form>
      <p className="mt-4 text-sm text-stone-600" aria-live="polite">
        {total === 1 ? "1 product" : `${total} products`}
      </p>
      {items.length
        ? (
          <div className="mt-2 overflow-x-auto rounded-xl border border-stone-200 bg-white">
            <table className="w-full min-w-[44rem] text-left text-sm">
              <thead className="border-b border-stone-200 text-xs text-stone-500 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">Product</th>
                  <th scope="col" className="px-4 py-3">SKU</th>
                  <th scope="col" className="px-4 py-3">Category</th>
                  <th scope="col" className="px-4 py-3">Price</th>
                  <th scope="col" className="px-4 py-3">Stock</th>
                </tr>
              </thead>
              <tbody>
                {items.map((p) => (
                  <tr
                    key={p.id}
                    data-product-row={p.id}
                    className={`border-b border-stone-100 ${p.archivedAt ? "opacity-60" : ""}`}
                  >
                    <td className="px-4 py-3">
                      <a href={`/admin/products/${p.id}`} className="font-semibold text-green-900 hover:underline">
                        {p.name}
                      </a>
                      <span className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-stone-500">
                        ID: {p.id}
                        <ProductBadges product={p} />
                      </span>
                    </td>
                    <td className="px-4 py-3 font-mono text-xs whitespace-nowrap">{p.sku}</td>
                    <td className="px-4 py-3">{p.category?.name ?? "-"}</td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      {p.salePriceCents !== null
                        ? (
                          <>
                            <span className="font-semibold text-red-700">{formatMoney(effectivePriceCents(p))}</span>
                            {" "}
                            <s className="text-stone-500">{formatMoney(p.priceCents)}</s>
                          </>
                        )
                        : formatMoney(p.priceCents)}
                    </td>
                    <td className="px-4 py-3">
                      <StockCell stock={p.stock} />
                      {p.hasVariants ? <span className="block text-xs text-stone-500">from variants</span> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
        : (
          <p className="mt-2 rounded-xl border border-stone-200 bg-white p-8 text-center text-stone-600">
            No products found
          </p>
        )}
      <Pagination page={query.page} pageCount={pageCount} href={(p) => listHref(query, p)} />
    </div>
  );
}
