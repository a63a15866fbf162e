/** Product search for the results page, the API and the header's suggestions. */
import type { Db } from "../../db/client.ts";
import { listProducts, type Product, type ProductFilter, type ProductPage } from "../catalog/mod.ts";

/** Products matching `q` (typos and prefixes included), best match first unless another sort is asked. */
export function searchProducts(db: Db, q: string, filter: Omit<ProductFilter, "q"> = {}): Promise<ProductPage> {
  return listProducts(db, { ...filter, q, sort: filter.sort ?? "relevance" });
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

/** Up to `limit` best matches for the search box as the shopper types. */
export async function suggestProducts(db: Db, q: string, limit = 6): Promise<Suggestion[]> {
  const { items } = await listProducts(db, { q, sort: "relevance", limit });
  return items.map((p: Product) => ({
    id: p.id,
    name: p.name,
    slug: p.slug,
    brand: p.brand,
    priceCents: p.priceCents,
    salePriceCents: p.salePriceCents,
    image: p.images[0] ?? null,
  }));
}
