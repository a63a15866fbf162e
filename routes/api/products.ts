/** Product reads (filtered lists, featured, new, by category, by id or slug, with variants) and the stock alert. */
import { z } from "zod";
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
import { actionApi, defineAction, validQuery } from "../action.ts";
import { successMessage } from "./auth.ts";
import { subscribeToStock } from "../../domains/notifications/mod.ts";
import { productJsonSchema, productListJsonSchema, productWithVariantsJsonSchema } from "../../contract/catalog.ts";

const notifyBody = z.object({ variantId: dbId("variantId must be a positive whole number").optional() }).strict();
const productList = z.array(productJsonSchema);
const listQuery = validate("query", catalogSchemas.productListQuery);
const limitQuery = validate("query", catalogSchemas.limitQuery);

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

export const listProductsAction = defineAction({
  method: "get",
  path: "/products",
  input: undefined,
  output: productListJsonSchema,
  auth: "public",
  middleware: [listQuery],
  summary: "Products on the storefront: search, category (with its sub-categories), price, stock and sale " +
    "filters, sorted and paged",
  handler: async (c) => {
    const q = validQuery(c, catalogSchemas.productListQuery);
    const categoryIds = q.category
      ? await categoryTreeIds(c.var.db, (await getCategory(c.var.db, { slug: q.category })).id)
      : undefined;
    const page = await listProducts(c.var.db, { ...catalogSchemas.toProductFilter(q), categoryIds });
    return { ...page, items: page.items.map(productJson) };
  },
});

export const featuredProductsAction = defineAction({
  method: "get",
  path: "/products/featured",
  input: undefined,
  output: productList,
  auth: "public",
  middleware: [limitQuery],
  summary: "Featured products",
  handler: async (c) => {
    const page = await listProducts(c.var.db, {
      featured: true,
      limit: validQuery(c, catalogSchemas.limitQuery).limit,
    });
    return page.items.map(productJson);
  },
});

export const newProductsAction = defineAction({
  method: "get",
  path: "/products/new",
  input: undefined,
  output: productList,
  auth: "public",
  middleware: [limitQuery],
  summary: "New arrivals, newest first",
  handler: async (c) => {
    const { limit } = validQuery(c, catalogSchemas.limitQuery);
    return (await listProducts(c.var.db, { isNew: true, sort: "newest", limit })).items.map(productJson);
  },
});

export const categoryProductsAction = defineAction({
  method: "get",
  path: "/products/category/:id",
  input: undefined,
  output: productList,
  auth: "public",
  middleware: [listQuery],
  summary: "A category's products, with its sub-categories', filtered and sorted like the product list",
  handler: async (c) => {
    const category = await getCategory(c.var.db, { id: parseId(c.req.param("id"), "category id") });
    const page = await listProducts(c.var.db, {
      ...catalogSchemas.toProductFilter(validQuery(c, catalogSchemas.productListQuery)),
      categoryIds: await categoryTreeIds(c.var.db, category.id),
    });
    return page.items.map(productJson);
  },
});

export const productBySlugAction = defineAction({
  method: "get",
  path: "/products/slug/:slug",
  input: undefined,
  output: productJsonSchema,
  auth: "public",
  summary: "One product by its slug",
  handler: async (c) => {
    const slug = c.req.param("slug") ?? "";
    if (!isSlug(slug)) throw new NotFoundError("Product Not Found");
    return productJson(await getProduct(c.var.db, { slug }));
  },
});

export const productWithVariantsAction = defineAction({
  method: "get",
  path: "/products/:id/with-variants",
  input: undefined,
  output: productWithVariantsJsonSchema,
  auth: "public",
  summary: "One product with its variants (staff also get drafts and archived products)",
  handler: async (c) => {
    // Public for the storefront; staff also see drafts and archived products (the variant editor reads it).
    const staff = c.var.user !== null && hasRole(c.var.user, "admin");
    const product = await getProductWithVariants(c.var.db, { id: parseId(c.req.param("id")) }, {
      includeArchived: staff,
    });
    return productWithVariantsJson(product);
  },
});

export const productByIdAction = defineAction({
  method: "get",
  path: "/products/:id",
  input: undefined,
  output: productJsonSchema,
  auth: "public",
  summary: "One product by its id",
  handler: async (c) => productJson(await getProduct(c.var.db, { id: parseId(c.req.param("id")) })),
});

export function productApi() {
  // In this order: the fixed paths before "/:id".
  return actionApi("/products", [
    listProductsAction,
    featuredProductsAction,
    newProductsAction,
    categoryProductsAction,
    productBySlugAction,
    productWithVariantsAction,
    notifyAction,
    productByIdAction,
  ]);
}
