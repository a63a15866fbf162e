/**
 * The listing filters as a GET form (works without JavaScript): price bands, brands and, on lists
 * and search, categories. Used in the desktop sidebar and the mobile drawer.
 */
import { catalogSchemas } from "../../domains/catalog/mod.ts";
import type { Facets } from "../../domains/catalog/mod.ts";
import type { ListingState } from "./listing_state.ts";

/**
 * One tickable facet value with its count. A value counting 0 (a brand with nothing in the ticked
 * price band) stays listed and tickable, only greyed: a disabled box would drop out of the submitted
 * form, and the shopper may want that brand once the band is cleared.
 */
function Check(
  { id, name, value, label, count, capped, checked }: {
    id: string;
    name: string;
    value: string;
    label: string;
    count: number;
    capped?: boolean;
    checked: boolean;
  },
) {
  return (
    <li>
      <label
        htmlFor={id}
        className="flex cursor-pointer items-center gap-2 rounded-md px-1 py-1.5 text-sm hover:bg-stone-100"
      >
        <input
          id={id}
          type="checkbox"
          name={name}
          value={value}
          defaultChecked={checked}
          className="h-4 w-4 accent-green-700"
        />
        <span className={count ? "flex-1" : "flex-1 text-stone-500"}>{label}</span>
        <span className="text-xs text-stone-500" data-facet-count>{countText(count, capped)}</span>
      </label>
    </li>
  );
}

/**
 * A facet count; with "+" when it counts the products a broad search ranks and more match
 * (decision 0054): at least that many.
 */
function countText(count: number, capped?: boolean): string {
  return capped ? `${count}+` : String(count);
}

export function FilterForm(
  { idPrefix, action, state, facets, clearHref, showCategories }: {
    idPrefix: string;
    action: string;
    state: ListingState;
    facets: Facets;
    clearHref: string;
    showCategories: boolean;
  },
) {
  const bandCount = new Map(
    facets.priceBands.map((b) => [`${b.band.minCents / 100}-${b.band.maxCents / 100}`, b.count]),
  );
  return (
    <form method="get" action={action} className="space-y-6" aria-label="Filters">
      {state.q ? <input type="hidden" name="q" value={state.q} /> : null}
      {state.sort ? <input type="hidden" name="sort" value={state.sort} /> : null}
      {state.animal ? <input type="hidden" name="animal" value={state.animal} /> : null}
      {showCategories && facets.categories.length
        ? (
          <fieldset>
            <legend className="mb-2 text-sm font-bold tracking-wide text-stone-900 uppercase">Category</legend>
            <ul>
              <li>
                <label
                  htmlFor={`${idPrefix}-cat-all`}
                  className="flex cursor-pointer items-center gap-2 rounded-md px-1 py-1.5 text-sm hover:bg-stone-100"
                >
                  <input
                    id={`${idPrefix}-cat-all`}
                    type="radio"
                    name="category"
                    value=""
                    defaultChecked={!state.category}
                    className="h-4 w-4 accent-green-700"
                  />
                  <span>All categories</span>
                </label>
              </li>
              {facets.categories.map((c) => (
                <li key={c.slug}>
                  <label
                    htmlFor={`${idPrefix}-cat-${c.slug}`}
                    className="flex cursor-pointer items-center gap-2 rounded-md px-1 py-1.5 text-sm hover:bg-stone-100"
                  >
                    <input
                      id={`${idPrefix}-cat-${c.slug}`}
                      type="radio"
                      name="category"
                      value={c.slug}
                      defaultChecked={state.category === c.slug}
                      className="h-4 w-4 accent-green-700"
                    />
                    <span className="flex-1">{c.name}</span>
                    <span className="text-xs text-stone-500">{countText(c.count, facets.capped?.categories)}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )
        : null}
      <fieldset>
        <legend className="mb-2 text-sm font-bold tracking-wide text-stone-900 uppercase">Price</legend>
        <ul>
          {catalogSchemas.PRICE_BANDS.map((b) => (
            <Check
              key={b.value}
              id={`${idPrefix}-price-${b.value}`}
              name="price"
              value={b.value}
              label={b.label}
              count={bandCount.get(b.value) ?? 0}
              capped={facets.capped?.priceBands}
              checked={state.price.includes(b.value)}
            />
          ))}
        </ul>
      </fieldset>
      {facets.brands.length
        ? (
          <fieldset>
            <legend className="mb-2 text-sm font-bold tracking-wide text-stone-900 uppercase">Brand</legend>
            <ul className="max-h-72 overflow-y-auto">
              {facets.brands.map((b, i) => (
                <Check
                  key={b.name}
                  id={`${idPrefix}-brand-${i}`}
                  name="brand"
                  value={b.name}
                  label={b.name}
                  count={b.count}
                  capped={facets.capped?.brands}
                  checked={state.brand.includes(b.name)}
                />
              ))}
            </ul>
          </fieldset>
        )
        : null}
      <div className="flex gap-2">
        <a
          href={clearHref}
          className="flex-1 rounded-lg border border-stone-300 bg-white px-3 py-2 text-center text-sm font-semibold hover:bg-stone-100"
        >
          Clear Filters
        </a>
        <button
          type="submit"
          className="flex-1 rounded-lg bg-green-800 px-3 py-2 text-sm font-semibold text-white hover:bg-green-900"
        >
          Apply Filters
        </button>
      </div>
    </form>
  );
}
