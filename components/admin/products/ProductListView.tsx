/**
 * /admin/products: the filter form (search, category, stock, status, archived), the bulk edit form,
 * the product table (a box a row for the bulk edit) and paging.
 */
import type { Product } from "../../../domains/catalog/mod.ts";
import { imageSource } from "../../../lib/image_sizes.ts";
import { effectivePriceCents, isLowOnStock, lowStockLevel } from "../../../domains/catalog/mod.ts";
import type { AdminProductQuery } from "../../../domains/catalog_admin/mod.ts";
import { formatMoney } from "../../../lib/money.ts";
import { Pagination } from "../../ui/Pagination.tsx";
import { primaryButton, secondaryButton } from "../../ui/buttons.ts";
import { ProductIdLine } from "./ProductBadges.tsx";
import type { CategoryOption } from "./ProductForm.tsx";
import { type Column, DataTable, EmptyCard } from "../shared/AdminTable.tsx";
import { PageHeader } from "../shared/PageHeader.tsx";
import { type FieldSpec, FormFields } from "../shared/FormFields.tsx";
import { bulkSelectColumn } from "../shared/BulkColumn.tsx";
import { BULK_FORM_ID, BulkActionBar } from "./BulkActionBar.tsx";

/** The list's URL with its filter and page (paging links, and back to the list after a bulk edit). */
export function listHref(query: AdminProductQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category) params.set("category", String(query.category));
  if (query.stock) params.set("stock", query.stock);
  if (query.status) params.set("status", query.status);
  if (query.setup) params.set("setup", query.setup);
  if (query.archived !== "active") params.set("archived", query.archived);
  if (page > 1) params.set("page", String(page));
  const qs = params.toString();
  return qs ? `/admin/products?${qs}` : "/admin/products";
}

function StockCell({ product }: { product: Pick<Product, "stock" | "lowStockAt" | "lowestVariantStock"> }) {
  const { stock, lowestVariantStock: lowest } = product;
  if (stock <= 0) return <span className="font-semibold text-red-700">Out of stock</span>;
  if (!isLowOnStock(product)) return <span>{stock}</span>;
  // Low because one variant is (decision 0111): the total alone would not say why.
  const why = lowest !== null && stock > lowStockLevel(product)
    ? (lowest === 0 ? "a variant sold out" : `a variant at ${lowest}`)
    : "low";
  return <span className="font-semibold text-amber-700">{`${stock} (${why})`}</span>;
}

function PriceCell({ product: p }: { product: Product }) {
  if (p.salePriceCents === null) return formatMoney(p.priceCents);
  return (
    <>
      <span className="font-semibold text-red-700">{formatMoney(effectivePriceCents(p))}</span>{" "}
      <s className="text-stone-500">{formatMoney(p.priceCents)}</s>
    </>
  );
}

/** The product's main photo (or the storefront's drawing when it has none), small, with its alt text. */
function ProductThumb({ product: p }: { product: Product }) {
  const first = p.images[0];
  return (
    <img
      {...imageSource(first, p.name, 48)}
      alt={(first && p.imageAlts[first]) || p.name}
      width={48}
      height={48}
      loading="lazy"
      className="h-12 w-12 shrink-0 rounded-md border border-stone-200 bg-stone-50 object-cover"
      data-product-thumb
    />
  );
}

const PRODUCT_COLUMNS: Column<Product>[] = [
  bulkSelectColumn(BULK_FORM_ID, (p) => p),
  {
    header: "Product",
    cell: (p) => (
      <div className="flex items-center gap-3">
        <ProductThumb product={p} />
        <div className="min-w-0">
          <a href={`/admin/products/${p.id}`} className="font-semibold text-green-900 hover:underline">{p.name}</a>
          <ProductIdLine product={p} margin="mt-1" />
        </div>
      </div>
    ),
  },
  {
    header: "Status",
    className: "whitespace-nowrap",
    cell: (p) =>
      p.status === "draft"
        ? <span className="font-semibold text-violet-900">Draft</span>
        : <span className="text-stone-700">Active</span>,
  },
  { header: "SKU", className: "font-mono text-xs whitespace-nowrap", cell: (p) => p.sku },
  { header: "Category", cell: (p) => p.category?.name ?? "-" },
  { header: "Price", className: "whitespace-nowrap", cell: (p) => <PriceCell product={p} /> },
  {
    header: "Stock",
    cell: (p) => (
      <>
        <StockCell product={p} />
        {p.hasVariants ? <span className="block text-xs text-stone-500">from variants</span> : null}
        <a href={`/admin/products/${p.id}/stock`} className="block text-xs text-green-900 underline">
          History<span className="sr-only">{` of ${p.name}'s stock`}</span>
        </a>
      </>
    ),
  },
];

/** The filter form's fields, ids prefixed so they never clash with the layout's own forms. */
function filterFields(categories: CategoryOption[]): FieldSpec[] {
  return [
    {
      id: "filter-q",
      label: "Search",
      type: "search",
      name: "q",
      placeholder: "Name or SKU",
      maxLength: 100,
      span: "lg:col-span-2",
    },
    {
      id: "filter-category",
      label: "Category",
      name: "category",
      empty: "All categories",
      options: categories.map((c) => ({ value: String(c.id), label: c.name })),
    },
    {
      id: "filter-stock",
      label: "Stock",
      name: "stock",
      empty: "Any stock",
      options: [
        { value: "in", label: "In stock" },
        { value: "low", label: "Low stock" },
        { value: "out", label: "Out of stock" },
      ],
    },
    {
      id: "filter-status",
      label: "Status",
      name: "status",
      empty: "Any status",
      options: [
        { value: "draft", label: "Draft" },
        { value: "active", label: "Active" },
      ],
    },
    {
      id: "filter-setup",
      label: "Setup rules",
      name: "setup",
      empty: "Any",
      options: [
        { value: "none", label: "None yet" },
        { value: "some", label: "Has rules" },
      ],
    },
    {
      id: "filter-archived",
      label: "Showing",
      name: "archived",
      options: [
        { value: "active", label: "Not archived" },
        { value: "archived", label: "Archived" },
        { value: "all", label: "All" },
      ],
    },
  ];
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
      <PageHeader title="Products">
        <div className="flex flex-wrap gap-2">
          <a
            href={`/admin/products/import${listHref(query, 1).slice("/admin/products".length)}`}
            className={secondaryButton}
          >
            Import / export CSV
          </a>
          <a href="/admin/products/new" className={primaryButton}>Add Product</a>
        </div>
      </PageHeader>
      <form
        method="get"
        action="/admin/products"
        role="search"
        className="mt-4 grid gap-3 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <FormFields
          fields={filterFields(categories)}
          values={{
            ...query,
            category: query.category ? String(query.category) : "",
            status: query.status ?? "",
            setup: query.setup ?? "",
          }}
        />
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-1 lg:justify-end">
          <button type="submit" className={primaryButton}>Filter</button>
          <a href="/admin/products" className={secondaryButton}>Clear</a>
        </div>
      </form>
      <p className="mt-4 text-sm text-stone-600" aria-live="polite">
        {total === 1 ? "1 product" : `${total} products`}
      </p>
      {items.length ? <BulkActionBar query={query} total={total} categories={categories} /> : null}
      {items.length
        ? (
          <DataTable
            columns={PRODUCT_COLUMNS}
            rows={items}
            rowProps={(p) => ({ "data-product-row": p.id, className: p.archivedAt ? "opacity-60" : "" })}
            minWidth="44rem"
          />
        )
        : <EmptyCard>No products found</EmptyCard>}
      <Pagination page={query.page} pageCount={pageCount} href={(p) => listHref(query, p)} />
    </div>
  );
}
