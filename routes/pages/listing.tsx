/**
 * Product listing pages: /category/{slug}, /products, /featured, /new, /offers and /search. Filters,
 * sort and page come from the URL (shareable, no JavaScript needed) and run in the database.
 */
import type { Context } from "hono";
import type { ReactNode } from "react";
import type { AppEnv } from "../context.ts";
import {
  catalogSchemas,
  countMatches,
  listProducts,
  type PriceBand,
  productFacets,
  type ProductFilter,
  type ProductPage,
  searchTerms,
  treeIdsIn,
} from "../../domains/catalog/mod.ts";
import { ListingView } from "../../components/catalog/ListingView.tsx";
import { toCardData } from "../../components/catalog/ProductCard.tsx";
import { listingHref, type ListingState } from "../../components/catalog/listing_state.ts";
import { animalFilter, speciesInSearch } from "./animals.tsx";
import type { PageHead } from "../../lib/head.tsx";
import { isSlug } from "../../lib/ids.ts";
import { NotFoundError, ValidationError } from "../../lib/errors.ts";
import { logError } from "../../lib/error_log.ts";
import { socialImagePath } from "../../lib/placeholder.ts";
import { renderPage } from "../render.tsx";
import { rankedSearch, sharedRead } from "../shared_reads.ts";
import { Island } from "../../lib/islands.tsx";
import SearchBox from "../../islands/SearchBox.tsx";

const PAGE_SIZE = 24;
const LOAD_ERROR = "An error occurred while loading products. Please try again later.";

const SORT_LABELS: Record<string, string> = {
  relevance: "Best match",
  newest: "Newest",
  featured: "Featured",
  price_asc: "Price: Lowest first",
  price_desc: "Price: Highest first",
  name_asc: "Name: A to Z",
  name_desc: "Name: Z to A",
};
const BASE_SORTS = ["featured", "price_asc", "price_desc", "name_asc", "name_desc"];

interface ListingPage {
  basePath: string;
  head: Omit<PageHead, "canonicalPath">;
  breadcrumbs: { label: string; href?: string }[];
  header: ReactNode;
  /** Fixed part of the filter (category, flags). */
  filter: ProductFilter;
  defaultSort: string;
  extraSorts?: string[];
  emptyText: string;
  showCategoryFilter: boolean;
  /** The search page without a query: header and `emptyText` only (see ListingView). */
  awaitingQuery?: boolean;
}

/**
 * Parses the listing query of the request. A page ignores a parameter it cannot read (a stale or
 * hand-edited link should still show products, issue 16 item 9): the offending parameter is dropped
 * and the rest kept. The JSON API stays strict (400).
 */
function readState(c: Context<AppEnv>): { state: ListingState; query: catalogSchemas.ListingQuery } {
  const raw: Record<string, string | string[]> = Object.fromEntries(
    Object.entries(c.req.queries()).map(([k, v]) => [k, v.length === 1 ? v[0] : v]),
  );
  let parsed = catalogSchemas.listingQuery.safeParse(raw);
  for (let tries = 0; !parsed.success && tries < 6; tries++) {
    const key = parsed.error.issues[0]?.path[0];
    if (typeof key !== "string" || !(key in raw)) break;
    delete raw[key];
    parsed = catalogSchemas.listingQuery.safeParse(raw);
  }
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0]?.message ?? "Invalid filter");
  const q = parsed.data;
  return {
    query: q,
    state: {
      q: q.q,
      category: q.category,
      price: [...new Set(raw.price === undefined ? [] : [raw.price].flat() as string[])],
      brand: [...new Set(q.brand)],
      sort: q.sort,
      page: q.page,
      animal: typeof raw.animal === "string" && /^[a-z0-9-]{1,80}$/.test(raw.animal) ? raw.animal : undefined,
    },
  };
}

/**
 * A category (404 when unknown) with its own and its sub-categories' ids, from the categories every
 * page's menus already hold (their product counts included): no query.
 */
async function categoryWithTree(c: Context<AppEnv>, slug: string) {
  const all = await c.var.caches.categories.get();
  const category = all.find((x) => x.slug === slug);
  if (!category) throw new NotFoundError("Category Not Found");
  return { category, treeIds: treeIdsIn(all, category.id) };
}

/** How many listing filters' counts are kept (the oldest goes first). */
export const LISTING_COUNTS_ENTRIES = 1000;

/**
 * A listing's products and facets. The number of matches and the facet counts depend only on what
 * staff change (names, brands, prices, categories, archiving; never stock), so they are kept per
 * filter until the next staff write, for every page and sort of it (decision 0050); the page's
 * products carry stock and are read each time. A search's page comes ranked from `rankedSearch`,
 * which counts as it ranks.
 */
async function loadListing(
  c: Context<AppEnv>,
  filter: ProductFilter,
  facetFilter: ProductFilter,
  bands: PriceBand[],
  facetOptions: Parameters<typeof productFacets>[3],
) {
  const db = c.var.db;
  const { sort: _sort, page: _page, ...scope } = filter;
  const key = JSON.stringify([
    scope,
    facetFilter.categoryIds,
    facetOptions?.countCategories,
    facetOptions?.category?.id,
  ]);
  const counts = c.var.caches.listingCounts.get(key, async () => {
    const [total, facets] = await Promise.all([
      filter.q ? null : countMatches(db, filter),
      productFacets(db, facetFilter, bands, facetOptions),
    ]);
    return { total, facets };
  });
  if (filter.q) {
    const [result, { facets }] = await Promise.all([rankedSearch(c, filter), counts]);
    return [result, facets] as const;
  }
  const { total, facets } = await counts;
  return [await listProducts(db, filter, total ?? undefined), facets] as const;
}

async function renderListing(c: Context<AppEnv>, page: ListingPage) {
  const { state, query } = readState(c);
  const sorts = [...(page.extraSorts ?? []), ...BASE_SORTS];
  // A sort this page does not offer (relevance outside search) is ignored like any unreadable one.
  if (state.sort && !sorts.includes(state.sort)) state.sort = undefined;
  const chosen = !page.filter.categoryIds && query.category ? await categoryWithTree(c, query.category) : undefined;
  const selectedCategory = chosen?.category;
  const categoryIds = page.filter.categoryIds ?? chosen?.treeIds;
  const filter: ProductFilter = {
    ...catalogSchemas.toProductFilter(query),
    ...page.filter,
    categoryIds,
    sort: (state.sort ?? page.defaultSort) as ProductFilter["sort"],
    limit: PAGE_SIZE,
  };
  // ?animal=: only what suits the species (an unknown one is ignored, like any unreadable parameter).
  const animal = state.animal ? await animalFilter(c, state.animal) : null;
  if (!animal) state.animal = undefined;
  else filter.ids = animal.productIds;
  let error: string | undefined;
  let result: ProductPage = { items: [], total: 0, page: state.page, limit: PAGE_SIZE };
  let facets = { categories: [], brands: [], priceBands: [] } as Awaited<ReturnType<typeof productFacets>>;
  try {
    const bands = catalogSchemas.PRICE_BANDS.map((b) => {
      const [min, max] = b.value.split("-").map(Number);
      return { minCents: min * 100, maxCents: max * 100 };
    });
    // Facets of a category listing count within the category; list pages facet by category too.
    const facetFilter = { ...filter, categoryIds: page.filter.categoryIds ?? categoryIds };
    const facetOptions = {
      category: selectedCategory,
      countCategories: page.showCategoryFilter || Boolean(state.category),
    };
    [result, facets] = await sharedRead(
      c,
      `listing:${JSON.stringify([filter, facetFilter, facetOptions.countCategories, selectedCategory?.id])}`,
      () => loadListing(c, filter, facetFilter, bands, facetOptions),
    );
  } catch (err) {
    // Through logError: a database error's message carries the query's parameters (search text).
    logError("loading products failed", err, { requestId: c.get("requestId"), path: c.req.path });
    error = LOAD_ERROR;
  }
  const pageCount = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  return renderPage(c, {
    status: error ? 500 : 200,
    head: { ...page.head, canonicalPath: state.page > 1 ? `${page.basePath}?page=${state.page}` : page.basePath },
    body: (
      <ListingView
        basePath={page.basePath}
        breadcrumbs={page.breadcrumbs}
        header={animal
          ? (
            <>
              {page.header}
              <AnimalFilterNote
                species={animal.species}
                clearHref={listingHref(page.basePath, state, { animal: undefined, page: 1 })}
              />
            </>
          )
          : page.header}
        state={state}
        facets={facets}
        products={result.items.map(toCardData)}
        total={result.total}
        capped={result.capped}
        pageCount={pageCount}
        sortOptions={sorts.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
        defaultSort={page.defaultSort}
        emptyText={page.emptyText}
        showCategoryFilter={page.showCategoryFilter}
        awaitingQuery={page.awaitingQuery}
        highlight={state.q ? searchTerms(state.q) : undefined}
        error={error}
      />
    ),
  });
}

function SpeciesLinks({ species }: { species: { slug: string; commonName: string }[] }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label="Animals matching your search">
      {species.map((s) => (
        <li key={s.slug}>
          <a
            href={`/animals/${s.slug}`}
            className="inline-block rounded-lg border border-green-700 bg-green-50 px-3 py-2 text-sm font-semibold text-green-900 hover:bg-green-100"
          >
            {`${s.commonName}: care sheet and setup checklist`}
          </a>
        </li>
      ))}
    </ul>
  );
}

function AnimalFilterNote(
  { species, clearHref }: { species: { slug: string; commonName: string }; clearHref: string },
) {
  return (
    <p className="mt-3 rounded-lg bg-green-50 px-4 py-2 text-sm text-green-950" role="status">
      Showing products suitable for the{" "}
      <a href={`/animals/${species.slug}`} className="font-semibold underline">{species.commonName}</a>.{" "}
      <a href={clearHref} className="underline">Show all products</a>
    </p>
  );
}

function Heading({ title, text }: { title: string; text?: string }) {
  return (
    <header>
      <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
      {text ? <p className="mt-2 max-w-3xl text-stone-600">{text}</p> : null}
    </header>
  );
}

export async function categoryPage(c: Context<AppEnv>) {
  const slug = c.req.param("slug") ?? "";
  if (!isSlug(slug)) throw new NotFoundError("Category Not Found");
  const { category, treeIds } = await categoryWithTree(c, slug);
  const description = category.description ||
    `Shop our curated selection of ${category.name} for reptiles and amphibians.`;
  return renderListing(c, {
    basePath: `/category/${slug}`,
    head: {
      title: category.name,
      description,
      image: { url: socialImagePath(category.name), width: 1200, height: 630 },
      ampPath: `/category/${slug}/amp`,
      meta: [
        { name: "category:name", content: category.name },
        { name: "category:product_count", content: String(category.productCount) },
        { name: "category:description", content: description.slice(0, 160) },
      ],
    },
    breadcrumbs: [{ label: "Home", href: "/" }, { label: category.name }],
    header: (
      <header className="rounded-2xl bg-gradient-to-r from-green-900 to-green-700 px-6 py-8 text-white">
        <h1 className="text-3xl font-extrabold tracking-tight">{category.name}</h1>
        {category.description ? <p className="mt-2 max-w-3xl text-green-100">{category.description}</p> : null}
      </header>
    ),
    filter: { categoryIds: treeIds },
    defaultSort: "featured",
    emptyText: `No products found in ${category.name}. Please try adjusting your selections.`,
    showCategoryFilter: false,
  });
}

function listPage(
  path: string,
  title: string,
  text: string,
  filter: ProductFilter,
  defaultSort = "featured",
) {
  return (c: Context<AppEnv>) =>
    renderListing(c, {
      basePath: path,
      head: { title, description: text },
      breadcrumbs: [{ label: "Home", href: "/" }, { label: title }],
      header: <Heading title={title} text={text} />,
      filter,
      defaultSort,
      extraSorts: defaultSort === "newest" ? ["newest"] : [],
      emptyText: "No products found.",
      showCategoryFilter: true,
    });
}

export const shopAllPage = listPage(
  "/products",
  "Shop All",
  "Every product we stock for reptile and amphibian keepers.",
  {},
);
export const featuredPage = listPage(
  "/featured",
  "Featured Products",
  "Our keepers' picks: proven kit we use and recommend.",
  { featured: true },
);
export const newPage = listPage(
  "/new",
  "New Arrivals",
  "The latest additions to the range.",
  { isNew: true },
  "newest",
);
export const offersPage = listPage(
  "/offers",
  "Special Offers",
  "Products on sale now, while stock lasts.",
  { onSale: true },
);

export async function searchPage(c: Context<AppEnv>) {
  const q = (c.req.query("q") ?? "").trim();
  // A species named in the search ("beardie") is linked above the results: its care sheet and setup.
  const species = await speciesInSearch(c, q);
  return renderListing(c, {
    basePath: "/search",
    head: { title: q ? `Search: ${q}` : "Search", description: "Search the catalogue.", noindex: true },
    breadcrumbs: [{ label: "Home", href: "/" }, { label: "Search" }],
    header: species.length
      ? (
        <>
          <SearchHeader q={q} />
          <SpeciesLinks species={species} />
        </>
      )
      : <SearchHeader q={q} />,
    filter: q ? {} : { q: "" },
    defaultSort: q ? "relevance" : "featured",
    extraSorts: q ? ["relevance"] : [],
    emptyText: q
      ? `No products found for "${q}". Check the spelling or try a more general word.`
      : "Type what you are looking for above: a product, a brand or an animal.",
    showCategoryFilter: true,
    awaitingQuery: !q,
  });
}

function SearchHeader({ q }: { q: string }) {
  return (
    <header>
      <h1 className="text-3xl font-extrabold tracking-tight">{q ? `Search results for "${q}"` : "Search the shop"}</h1>
      {
        /* The same suggesting box as the header's, which phones do not show (the bottom bar's Search
          leads here): suggestions as you type, and a plain search form without JavaScript. */
      }
      <div className="mt-4 max-w-xl">
        <Island
          name="SearchBox"
          component={SearchBox}
          props={{ id: "search-page-q", initialQuery: q, label: "Refine search" }}
        />
      </div>
    </header>
  );
}
