/** GET /api/categories, GET /api/categories/{id}. */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { getCategory, listCategories } from "../../domains/catalog/mod.ts";
import { parseId } from "../../lib/ids.ts";
import { categoryJson } from "./json.ts";

export function categoryApi() {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => c.json((await listCategories(c.var.db)).map(categoryJson)));
  app.get("/:id", async (c) => {
    const category = await getCategory(c.var.db, { id: parseId(c.req.param("id")) });
    return c.json(categoryJson(category));
  });
  return app;
}
