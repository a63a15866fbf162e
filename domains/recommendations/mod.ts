/** Recommendations: view tracking, the rebuild job and the lists pages and the API read. */
export {
  type ListSummary,
  type RebuildCounts,
  rebuildRecommendations,
  recommendationSummary,
  type RunReport,
  updateRecommendations,
} from "./build.ts";
export {
  personalizedProducts,
  type ProductListKind,
  productPageLists,
  productRecommendations,
  trendingProducts,
} from "./read.ts";
export { MAX_TIME_SPENT, trackView, VIEW_DEDUPE_SECONDS, type Viewer } from "./tracking.ts";
export { CONSUMABLE_CATEGORIES, CROSS_SELL_RULES, DEFAULT_LIMITS, MAX_LIMIT } from "./rules.ts";
export * as recommendationSchemas from "./schemas.ts";
