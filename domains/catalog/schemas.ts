/** Request shapes for product listings (pages and API), and the price bands shoppers filter by. */
import { z } from "zod";
import type { PriceBand, ProductFilter, ProductSort } from "./product_query.ts";

/** The category filter's price bands, labelled in the spec's exact words (no spaces around the dash). */
export const PRICE_BANDS = [
  { value: "0-500", label: "Under R500" },
  { value: "500-1000", label: "R500-R1000" },
  { value: "1000-2000", label: "R1000-R2000" },
  { value: "2000-3500", label: "R2000-R3500" },
  { value: "3500-100000", label: "Over R3500" },
] as const;

export const SORTS = ["featured", "price_asc", "price_desc", "name_asc", "name_desc", "newest", "relevance"] as const;

const bool = z.enum(["true", "false"], { error: "must be true or false" })
  .transform((v) => v === "true");

/** An empty form field ("?category=") means "not given". */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === "" ? undefined : v), schema.optional());
}

/** A query parameter that may repeat (?brand=a&brand=b): always an array. */
function many<T extends z.ZodType<unknown, string>>(item: T, max: number, name: string) {
  return z.union([z.string(), z.array(z.string())]).optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .pipe(z.array(item).max(max, `at most ${max} ${name} filters`));
}

const priceBand = z.string().regex(/^\d{1,6}(\.\d{1,2})?-\d{1,6}(\.\d{1,2})?$/, {
  error: "price must be a range such as 500-1000",
}).transform((v) => v.split("-").map(Number) as [number, number])
  .refine(([min, max]) => min <= max, { error: "price range must run from low to high" })
  .transform(([min, max]): PriceBand => ({ minCents: Math.round(min * 100), maxCents: Math.round(max * 100) }));

const page = z.coerce.number({ error: "page must be a whole number" }).int("page must be a whole number")
  .min(1, "page must be 1 or more").max(10_000, "page is too large").default(1);

const limit = (fallback: number) =>
  z.coerce.number({ error: "limit must be a whole number" }).int("limit must be a whole number")
    .min(1, "limit must be 1 or more").max(100, "limit must be 100 or less").default(fallback);

/** Filters, sort and page shared by every listing page and GET /api/products. */
export const listingQuery = z.object({
  page,
  sort: optional(z.enum(SORTS, { error: `sort must be one of ${SORTS.join(", ")}` })),
  price: many(priceBand, 5, "price"),
  brand: many(z.string().trim().min(1, "brand must not be empty").max(100, "brand is too long"), 20, "brand"),
  q: optional(z.string().trim().max(100, "search text must be at most 100 characters")),
  category: optional(z.string().regex(/^[a-z0-9-]{1,120}$/, "category must be a category slug")),
});

/** Query string of GET /api/products. */
export const productListQuery = listingQuery.extend({
  limit: limit(24),
  featured: bool.optional(),
  isNew: bool.optional(),
  onSale: bool.optional(),
});

export type ListingQuery = z.infer<typeof listingQuery>;
export type ProductListQuery = z.infer<typeof productListQuery>;

/** ?limit= on the featured and new lists. */
export const limitQuery = z.object({ limit: limit(8) });

/** Query string of GET /api/search and /api/search/suggest. */
export const searchQuery = z.object({
  q: z.string({ error: "q is required" }).trim().min(1, "q is required")
    .max(100, "search text must be at most 100 characters"),
  limit: limit(24),
});

/** Turns a parsed listing query into a catalogue filter (category ids resolved by the caller). */
export function toProductFilter(
  query: ListingQuery & Partial<Pick<ProductListQuery, "featured" | "isNew" | "onSale" | "limit">>,
): ProductFilter {
  return {
    page: query.page,
    limit: query.limit,
    sort: query.sort as ProductSort | undefined,
    priceBands: query.price,
    brands: query.brand,
    q: query.q || undefined,
    featured: query.featured,
    isNew: query.isNew,
    onSale: query.onSale,
  };
}
