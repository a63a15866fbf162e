/** GET /api/categories, GET /api/categories/{id}. */
import { z } from "zod";
import { getCategory, listCategories } from "../../domains/catalog/mod.ts";
import { parseId } from "../../lib/ids.ts";
import { categoryJson } from "./json.ts";
import { actionApi, defineAction } from "../action.ts";
import { categoryJsonSchema } from "../../contract/catalog.ts";

export const listCategoriesAction = defineAction({
  method: "get",
  path: "/categories",
  input: undefined,
  output: z.array(categoryJsonSchema),
  auth: "public",
  summary: "Every category, in menu order, with its product count",
  handler: async (c) => (await listCategories(c.var.db)).map(categoryJson),
});

export const getCategoryAction = defineAction({
  method: "get",
  path: "/categories/:id",
  input: undefined,
  output: categoryJsonSchema,
  auth: "public",
  summary: "One category",
  handler: async (c) => categoryJson(await getCategory(c.var.db, { id: parseId(c.req.param("id")) })),
});

export function categoryApi() {
  return actionApi("/categories", [listCategoriesAction, getCategoryAction]);
}
