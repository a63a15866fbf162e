/** GET /api/search (ranked results) and GET /api/search/suggest (search-box suggestions). */
import { z } from "zod";
import { catalogSchemas } from "../../domains/catalog/mod.ts";
import { searchFilter, SUGGESTIONS, suggestProducts } from "../../domains/search/mod.ts";
import { keptRanking, rankedSearch } from "../shared_reads.ts";
import { validate } from "../validate.ts";
import { productJson, suggestionJson } from "./json.ts";
import { actionApi, defineAction, validQuery } from "../action.ts";
import { searchJsonSchema, suggestionJsonSchema } from "../../contract/catalog.ts";

const searchQuery = validate("query", catalogSchemas.searchQuery);

export const searchAction = defineAction({
  method: "get",
  path: "/search",
  input: undefined,
  output: searchJsonSchema,
  auth: "public",
  middleware: [searchQuery],
  summary: "Products matching the words, best match first",
  handler: async (c) => {
    const { q, limit } = validQuery(c, catalogSchemas.searchQuery);
    const page = await rankedSearch(c, searchFilter(q, { limit }));
    // `totalCapped`: more products match than `total`, the number ranked (decision 0054).
    return { query: q, total: page.total, totalCapped: page.capped ?? false, items: page.items.map(productJson) };
  },
});

export const suggestAction = defineAction({
  method: "get",
  path: "/search/suggest",
  input: undefined,
  output: z.array(suggestionJsonSchema),
  auth: "public",
  middleware: [searchQuery],
  summary: "Suggestions for the search box as the shopper types",
  handler: async (c) => {
    const { q } = validQuery(c, catalogSchemas.searchQuery);
    return (await suggestProducts(c.var.db, q, SUGGESTIONS, keptRanking(c))).map(suggestionJson);
  },
});

export function searchApi() {
  return actionApi("/search", [searchAction, suggestAction]);
}
