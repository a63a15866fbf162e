/** The search domain's public surface. */
export {
  searchFilter,
  searchProducts,
  type Suggestion,
  SUGGESTIONS,
  suggestProducts,
  toSuggestion,
} from "./service.ts";
