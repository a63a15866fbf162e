/** Product reads: filtered lists, featured, new, by category, by id or slug, with variants. */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import {
  catalogSchemas,
  categoryTreeIds,
  getCategory,
  getProduct,
  getProductWithVariants,
  listProducts,
} from "../../domains/catalog/mod.ts";
import { dbId, isSlug, parseId } from "../../lib/ids.ts";
import { ERROR_CODES, NotFoundError } from "../../lib/errors.ts";
import { validate } from "../validate.ts";
import { productJson, productWithVariantsJson } from "./json.ts";
import { currentUser, hasRole } from "../guards.ts";
import { defineAction, jsonRoute } from "../action.ts";
import { successMessage } from "./auth.ts";
import { subscribeToStock } from "../../domains/notifications/mod.ts";
import { z } from "zod";

const notifyBody = z.object({ variantId: dbId("variantId must be a positive whole number").optional() }).strict();

export const notifyAction = defineAction({
  method: "post",
  path: "/products/:id/notify",
  input: notifyBody,
  output: successMessage,
  status: 201,
  auth: "customer",
  summary: "Ask for an e-mail when a product (or one of its variants) is back in stock",
  errors: [ERROR_CODES.alreadySubscribed],
  handler: async (c, input) => {
    await subscribeToStock(c.var.db, currentUser(c), parseId(c.req.param("id")), input.variantId ?? null);
    return { success: true as const, message: "Notification Set!" };
  },
});

export function productApi() {
  const app = new Hono<AppEnv>();

  app.get("/", validate("query", catalogSchemas.productListQuery), async (c) => {
    const q = c.req.valid("query");
    const categoryIds = q.category
      ? await categoryTreeIds(c.var.db, (await getCategory(c.var.db, { slug: q.category })).id)
      : undefined;
    const page = await listProducts(c.var.db, { ...catalogSchemas.toProductFilter(q), categoryIds });
    return c.json({ ...page, items: page.items.map(productJson) });
  });

  app.get("/featured", validate("query", catalogSchemas.limitQuery), async (c) => {
    const page = await listProducts(c.var.db, { featured: true, limit: c.req.valid("query").limit });
    return c.json(page.items.map(productJson));
  });

  app.get("/new", validate("query", catalogSchemas.limitQuery), async (c) => {
    const page = await listProducts(c.var.db, { isNew: true, sort: "newest", limit: c.req.valid("query").limit });
    return c.json(page.items.map(productJson));
  });

  app.get("/category/:id", validate("query", catalogSchemas.productListQuery), async (c) => {
    const category = await getCategory(c.var.db, { id: parseId(c.req.param("id"), "category id") });
    const page = await listProducts(c.var.db, {
      ...catalogSchemas.toProductFilter(c.req.valid("query")),
      categoryIds: await categoryTreeIds(c.var.db, category.id),
    });
    return c.json(page.items.map(productJson));
  });

  app.get("/slug/:slug", async (c) => {
    const slug = c.req.param("slug");
    if (!isSlug(slug)) throw new NotFoundError("Product Not Found");
    return c.json(productJson(await getProduct(c.var.db, { slug })));
  });

  // Public for the storefront; staff also see drafts and archived products (the variant editor reads it).
  app.get("/:id/with-variants", async (c) => {
    const staff = c.var.user !== null && hasRole(c.var.user, "admin");
    const product = await getProductWithVariants(c.var.db, { id: parseId(c.req.param("id")) }, {
      includeArchived: staff,
    });
    return c.json(productWithVariantsJson(product));
  });

  jsonRoute(app, notifyAction, "/products");

  app.get("/:id", async (c) => {
    return c.json(productJson(await getProduct(c.var.db, { id: parseId(c.req.param("id")) })));
  });
  return app;
}
