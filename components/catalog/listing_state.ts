/** A listing page's selections as they live in the URL, and the links that change them. */

export interface ListingState {
  /** Search text (search page only). */
  q?: string;
  /** Selected price bands, as written in the URL ("500-1000"). */
  price: string[];
  brand: string[];
  /** Selected category slug (lists and search only; a category page has its own). */
  category?: string;
  sort?: string;
  page: number;
  /** A species slug: only products suitable for it (docs/animals.md). */
  animal?: string;
}

/** The URL for `base` with the given state; empty values and page 1 are left out. */
export function listingHref(base: string, state: ListingState, change: Partial<ListingState> = {}): string {
  const s = { ...state, ...change };
  const params = new URLSearchParams();
  if (s.q) params.set("q", s.q);
  if (s.category) params.set("category", s.category);
  if (s.animal) params.set("animal", s.animal);
  for (const p of s.price) params.append("price", p);
  for (const b of s.brand) params.append("brand", b);
  if (s.sort) params.set("sort", s.sort);
  if (s.page > 1) params.set("page", String(s.page));
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}

export function activeFilterCount(state: ListingState): number {
  return state.price.length + state.brand.length + (state.category ? 1 : 0);
}
