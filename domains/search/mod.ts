/** The search domain's public surface. */
export { searchProducts, type Suggestion, suggestProducts } from "./service.ts";
