/** The catalogue domain's public surface. */
export {
  categoryFields,
  categoryTreeIds,
  getCategory,
  getProduct,
  getProductWithVariants,
  listCategories,
  productFields,
  type ProductReadOptions,
  toVariant,
  treeIdsIn,
} from "./service.ts";
export { isLowOnStock, LOW_STOCK, lowStockLevel } from "../../db/low_stock.ts";
export { isOnStorefront, onStorefront, onStorefrontAs } from "./visibility.ts";
export {
  countMatches,
  filterCondition,
  listProducts,
  productFacets,
  productsInOrder,
  rankedProducts,
  rankedProductsQuery,
  rankProducts,
} from "./product_query.ts";
export type { Facets, PriceBand, ProductFilter, ProductPage, ProductSort } from "./product_query.ts";
export { RANKED_MATCHES, type RankedPage } from "./relevance.ts";
export { searchTerms } from "./text_search.ts";
export * from "./types.ts";
export { chargedPriceCents } from "./pricing.ts";
export * as catalogSchemas from "./schemas.ts";
export {
  categorySitemapEntries,
  productSitemapEntries,
  type ProductSitemapFile,
  productSitemapFiles,
  SITEMAP_MAX_URLS,
  type SitemapEntry,
} from "./sitemap.ts";
