/** The dashboard's product list: name, ID, Featured and New badges, each a link that selects it. */
import type { Product } from "../../../domains/catalog/mod.ts";
import { ProductIdLine } from "./ProductBadges.tsx";

export function ProductPickList(
  { list, search, selectedId }: {
    list: { items: Product[]; total: number } | null;
    search: string;
    selectedId: number | null;
  },
) {
  const products = list?.items ?? null;
  const link = (id: number) => `/admin?tab=products&product=${id}${search ? `&q=${encodeURIComponent(search)}` : ""}`;
  return (
    <section aria-labelledby="product-list-heading" className="rounded-xl border border-stone-200 bg-white">
      <h2 id="product-list-heading" className="border-b border-stone-200 px-4 py-3 font-bold">Products</h2>
      <form method="get" action="/admin" role="search" className="flex gap-2 border-b border-stone-200 p-3">
        <input type="hidden" name="tab" value="products" />
        {selectedId ? <input type="hidden" name="product" value={String(selectedId)} /> : null}
        <label htmlFor="pick-q" className="sr-only">Find a product</label>
        <input
          id="pick-q"
          type="search"
          name="q"
          defaultValue={search}
          placeholder="Name or SKU"
          maxLength={100}
          className="min-w-0 flex-1 rounded-lg border border-stone-300 px-3 py-1.5 text-sm"
        />
        <button type="submit" className="rounded-lg border border-stone-300 px-3 py-1.5 text-sm font-semibold">
          Find
        </button>
      </form>
      {list && list.total > list.items.length
        ? (
          <p className="border-b border-stone-200 px-4 py-2 text-xs text-stone-600">
            Showing {list.items.length} of {list.total}: search to find the others.
          </p>
        )
        : null}
      {products === null
        ? <p role="alert" className="px-4 py-6 text-sm text-red-700">Error loading products</p>
        : !products.length
        ? <p className="px-4 py-6 text-sm text-stone-600">No products yet.</p>
        : (
          <ul className="max-h-72 divide-y lg:max-h-[36rem] divide-stone-100 overflow-y-auto">
            {products.map((p) => (
              <li key={p.id}>
                <a
                  href={link(p.id)}
                  aria-current={p.id === selectedId ? "true" : undefined}
                  data-product-id={p.id}
                  className={`block px-4 py-2.5 hover:bg-stone-50 ${
                    p.id === selectedId ? "bg-green-50 ring-2 ring-green-700 ring-inset" : ""
                  }`}
                >
                  <span className="block text-sm font-medium">{p.name}</span>
                  <ProductIdLine product={p} margin="mt-0.5" />
                </a>
              </li>
            ))}
          </ul>
        )}
    </section>
  );
}
