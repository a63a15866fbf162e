/** GET /api/search (ranked results) and GET /api/search/suggest (search-box suggestions). */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { catalogSchemas } from "../../domains/catalog/mod.ts";
import { searchFilter, SUGGESTIONS, suggestProducts } from "../../domains/search/mod.ts";
import { keptRanking, rankedSearch } from "../shared_reads.ts";
import { validate } from "../validate.ts";
import { productJson, suggestionJson } from "./json.ts";

export function searchApi() {
  const app = new Hono<AppEnv>();
  app.get("/", validate("query", catalogSchemas.searchQuery), async (c) => {
    const { q, limit } = c.req.valid("query");
    const page = await rankedSearch(c, searchFilter(q, { limit }));
    // `totalCapped`: more products match than `total`, the number ranked (decision 0054).
    return c.json({
      query: q,
      total: page.total,
      totalCapped: page.capped ?? false,
      items: page.items.map(productJson),
    });
  });
  app.get("/suggest", validate("query", catalogSchemas.searchQuery), async (c) => {
    const { q } = c.req.valid("query");
    const suggestions = await suggestProducts(c.var.db, q, SUGGESTIONS, keptRanking(c));
    return c.json(suggestions.map(suggestionJson));
  });
  return app;
}
