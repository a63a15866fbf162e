/** The search domain's public surface. */
export {
  type Ranking,
  searchFilter,
  searchPage,
  searchProducts,
  type Suggestion,
  SUGGESTIONS,
  suggestProducts,
} from "./service.ts";
