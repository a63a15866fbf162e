/**
 * A product listing page: heading, active-filter chips, sort, filters (desktop sidebar and mobile
 * drawer), the product grid and paging. Category pages, Shop All, Featured, New, Offers and search
 * results all use it.
 */
import type { ReactNode } from "react";
import { catalogSchemas, type Facets } from "../../domains/catalog/mod.ts";
import { Island } from "../../lib/islands.tsx";
import SortSelect from "../../islands/SortSelect.tsx";
import { Breadcrumbs } from "../ui/Breadcrumbs.tsx";
import { PopoverPanel } from "../ui/Dialog.tsx";
import { CloseIcon } from "../ui/icons.tsx";
import { Pagination } from "../ui/Pagination.tsx";
import { FilterForm } from "./FilterForm.tsx";
import type { ProductCardData } from "./ProductCard.tsx";
import { ProductGrid } from "./ProductGrid.tsx";
import { activeFilterCount, listingHref, type ListingState } from "./listing_state.ts";

export interface ListingViewProps {
  basePath: string;
  breadcrumbs: { label: string; href?: string }[];
  /** Banner or heading block above the listing. */
  header: ReactNode;
  state: ListingState;
  facets: Facets;
  products: ProductCardData[];
  total: number;
  /** More products match than `total` (a broad search ranks at most 1000, decision 0054). */
  capped?: boolean;
  pageCount: number;
  sortOptions: { value: string; label: string }[];
  defaultSort: string;
  emptyText: string;
  showCategoryFilter: boolean;
  /** Search terms to highlight in product names. */
  highlight?: string[];
  /** Shown instead of the grid when loading failed. */
  error?: string;
  /**
   * The search page before a query: only the header and `emptyText`, no count, filters or sort
   * ('0 products / Filters / Sort' over an empty page read like a failed search).
   */
  awaitingQuery?: boolean;
}

function chipLabel(kind: "price" | "brand" | "category", value: string, facets: Facets): string {
  if (kind === "price") {
    // A band from a shared URL that is not one of ours reads like ours: "R750-R1200".
    return catalogSchemas.PRICE_BANDS.find((b) => b.value === value)?.label ?? `R${value.replace("-", "-R")}`;
  }
  if (kind === "category") return facets.categories.find((c) => c.slug === value)?.name ?? value;
  return value;
}

export function ListingView(p: ListingViewProps) {
  const { state } = p;
  const base = { ...state, page: 1 };
  const clearHref = listingHref(p.basePath, { ...base, price: [], brand: [], category: undefined });
  const chips = [
    ...(state.category
      ? [{
        key: "c",
        label: chipLabel("category", state.category, p.facets),
        href: listingHref(p.basePath, { ...base, category: undefined }),
      }]
      : []),
    ...state.price.map((v) => ({
      key: `p${v}`,
      label: chipLabel("price", v, p.facets),
      href: listingHref(p.basePath, { ...base, price: state.price.filter((x) => x !== v) }),
    })),
    ...state.brand.map((v) => ({
      key: `b${v}`,
      label: v,
      href: listingHref(p.basePath, { ...base, brand: state.brand.filter((x) => x !== v) }),
    })),
  ];
  const filterCount = activeFilterCount(state);
  const formProps = { action: p.basePath, state, facets: p.facets, clearHref, showCategories: p.showCategoryFilter };
  if (p.awaitingQuery) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-6">
        <Breadcrumbs items={p.breadcrumbs} />
        <div className="mt-4">{p.header}</div>
        <p className="mt-6 text-stone-600">{p.emptyText}</p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumbs items={p.breadcrumbs} />
      <div className="mt-4">{p.header}</div>
      <div className="mt-6 grid gap-8 lg:grid-cols-[16rem_1fr]">
        <aside className="hidden lg:block" aria-label="Filter products">
          <FilterForm idPrefix="side" {...formProps} />
        </aside>
        <section aria-label="Products">
          {/* Cards title their products with h3; without this h2 the page would jump from the h1. */}
          <h2 className="sr-only">Products</h2>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-stone-600" data-product-count>
              {`${p.total}${p.capped ? "+" : ""} ${p.total === 1 && !p.capped ? "product" : "products"}`}
            </p>
            <div className="flex items-center gap-2">
              <button
                type="button"
                popoverTarget="filter-drawer"
                className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-semibold lg:hidden"
              >
                {filterCount ? `Filters (${filterCount})` : "Filters"}
              </button>
              <form method="get" action={p.basePath} className="flex items-center gap-2">
                {state.q ? <input type="hidden" name="q" value={state.q} /> : null}
                {state.category ? <input type="hidden" name="category" value={state.category} /> : null}
                {state.animal ? <input type="hidden" name="animal" value={state.animal} /> : null}
                {state.price.map((v) => <input key={v} type="hidden" name="price" value={v} />)}
                {state.brand.map((v) => <input key={v} type="hidden" name="brand" value={v} />)}
                <label htmlFor="sort" className="text-sm text-stone-600">Sort by</label>
                <Island
                  name="SortSelect"
                  component={SortSelect}
                  props={{ id: "sort", value: state.sort ?? p.defaultSort, options: p.sortOptions }}
                />
                <noscript>
                  <button type="submit" className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm">
                    Sort
                  </button>
                </noscript>
              </form>
            </div>
          </div>
          {chips.length
            ? (
              <ul className="mt-4 flex flex-wrap items-center gap-2" aria-label="Active filters">
                {chips.map((chip) => (
                  <li key={chip.key}>
                    <a
                      href={chip.href}
                      className="flex items-center gap-1 rounded-full bg-green-100 py-1 pr-2 pl-3 text-sm text-green-900 hover:bg-green-200"
                      aria-label={`Remove filter ${chip.label}`}
                    >
                      {chip.label} <CloseIcon className="h-3.5 w-3.5" />
                    </a>
                  </li>
                ))}
                <li>
                  <a href={clearHref} className="text-sm font-semibold text-green-800 underline">Clear All</a>
                </li>
              </ul>
            )
            : null}
          <div className="mt-4">
            {p.error
              ? <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">{p.error}</p>
              : <ProductGrid products={p.products} empty={p.emptyText} highlight={p.highlight} />}
          </div>
          <Pagination
            page={state.page}
            pageCount={p.pageCount}
            href={(page) => listingHref(p.basePath, state, { page })}
          />
        </section>
      </div>
      <PopoverPanel
        id="filter-drawer"
        label="Filters"
        title="Filters"
        closeLabel="Close filters"
        className="filter-drawer m-0 h-dvh max-h-none w-[min(22rem,90vw)] overflow-y-auto bg-white p-0 shadow-xl"
      >
        <div className="p-4">
          <FilterForm idPrefix="drawer" {...formProps} />
        </div>
      </PopoverPanel>
    </div>
  );
}
