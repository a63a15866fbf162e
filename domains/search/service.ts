/** Product search for the results page, the API and the header's suggestions. */
import type { Db } from "../../db/client.ts";
import { listProducts, type Product, type ProductFilter, type ProductPage } from "../catalog/mod.ts";

/** The catalogue filter of a search for `q`: best match first unless another sort is asked. */
export function searchFilter(q: string, filter: Omit<ProductFilter, "q"> = {}): ProductFilter {
  return { ...filter, q, sort: filter.sort ?? "relevance" };
}

/** Products matching `q` (typos and prefixes included), best match first unless another sort is asked. */
export function searchProducts(db: Db, q: string, filter: Omit<ProductFilter, "q"> = {}): Promise<ProductPage> {
  return listProducts(db, searchFilter(q, filter));
}

export interface Suggestion {
  id: number;
  name: string;
  slug: string;
  brand: string | null;
  priceCents: number;
  salePriceCents: number | null;
  image: string | null;
}

/** How many suggestions the search box shows. */
export const SUGGESTIONS = 6;

/** Up to `limit` best matches for the search box as the shopper types. */
export async function suggestProducts(db: Db, q: string, limit = SUGGESTIONS): Promise<Suggestion[]> {
  const { items } = await searchProducts(db, q, { limit });
  return items.map(toSuggestion);
}

/** What the search box shows of a product. */
export function toSuggestion(p: Product): Suggestion {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    brand: p.brand,
    priceCents: p.priceCents,
    salePriceCents: p.salePriceCents,
    image: p.images[0] ?? null,
  };
}
