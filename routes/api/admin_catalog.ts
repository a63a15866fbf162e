/**
 * The catalogue's staff API (spec 001 section 7): product, variant and category writes, for admin
 * and super_admin only (401 visitors, 403 customers; the guard runs before the body is read). The
 * public reads of the same paths stay in products.ts and categories.ts.
 */
import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import {
  archiveProduct,
  catalogAdminSchemas as schemas,
  type CategoryRecord,
  createCategory,
  createProduct,
  createVariant,
  deleteCategory,
  deleteVariant,
  duplicateProduct,
  generateVariants,
  type ProductRecord,
  setProductOptions,
  unarchiveProduct,
  updateCategory,
  updateProduct,
  updateVariant,
  type VariantRecord,
} from "../../domains/catalog_admin/mod.ts";
import { categoryFields, toVariant } from "../../domains/catalog/mod.ts";
import { ERROR_CODES } from "../../lib/errors.ts";
import { toCents, toRand } from "../../lib/money.ts";
import { parseId } from "../../lib/ids.ts";
import { currentUser } from "../guards.ts";
import { updateVariantOutput, variantSchema } from "../../contract/admin_catalog.ts";
import { actionApi, defineAction } from "../action.ts";
import { variantJson } from "./json.ts";
import { refuseBodyOver } from "../admin_limits.ts";

/** At most 64 KB of body, checked after the staff guard and before the body is read. */
const writeLimit = refuseBodyOver(64 * 1024);

const numberOrNull = (v: string | null) => (v === null ? null : Number(v));

/** Every column staff edit, money as rand numbers. */
export function adminProductJson(p: ProductRecord) {
  return {
    ...p,
    price: toRand(toCents(p.price)!),
    salePrice: toRand(toCents(p.salePrice)),
    weight: numberOrNull(p.weight),
    length: numberOrNull(p.length),
    width: numberOrNull(p.width),
    height: numberOrNull(p.height),
    archived: p.archivedAt !== null,
    archivedAt: p.archivedAt?.toISOString() ?? null,
    publishAt: p.publishAt?.toISOString() ?? null,
    fbSyncedAt: p.fbSyncedAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

function adminVariantJson(v: VariantRecord) {
  return variantJson(toVariant(v));
}

function adminCategoryJson(c: CategoryRecord) {
  return { ...categoryFields(c), position: c.position, replacementMonths: c.replacementMonths };
}

/** adminProductJson's shape: every column staff edit (money in rand). */
const adminProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  price: z.number(),
  salePrice: z.number().nullable(),
  sku: z.string(),
  stock: z.number().int(),
  images: z.array(z.string()),
  imageAlts: z.record(z.string(), z.string()),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  categoryId: z.number().int().nullable(),
  featured: z.boolean(),
  isNew: z.boolean(),
  brand: z.string().nullable(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  fbCommerceId: z.string().nullable(),
  fbRetailerId: z.string().nullable(),
  fbAvailability: z.string().nullable(),
  fbCondition: z.string().nullable(),
  fbGtin: z.string().nullable(),
  fbMpn: z.string().nullable(),
  fbLink: z.string().nullable(),
  fbSyncedAt: z.string().nullable(),
  googleProductCategoryId: z.string().nullable(),
  googleProductCategory: z.string().nullable(),
  weight: z.number().nullable(),
  length: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  pudoEligible: z.boolean(),
  status: z.enum(["draft", "active"]),
  publishAt: z.string().nullable(),
  replacementMonths: z.number().int().nullable(),
  lowStockAt: z.number().int().nullable(),
  archived: z.boolean(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const adminCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  parentId: z.number().int().nullable(),
  level: z.number().int(),
  position: z.number().int(),
  replacementMonths: z.number().int().nullable(),
});

const idOf = (c: Context<AppEnv>) => parseId(c.req.param("id"));

export const createProductAction = defineAction({
  method: "post",
  path: "/products",
  input: schemas.productCreateBody,
  output: adminProductSchema,
  status: 201,
  auth: "admin",
  middleware: [writeLimit],
  summary: "Create a product",
  errors: [ERROR_CODES.duplicateSku, ERROR_CODES.duplicateSlug],
  handler: async (c, input) => adminProductJson(await createProduct(c.var.db, currentUser(c).id, input)),
});

export const updateProductAction = defineAction({
  method: "put",
  path: "/products/:id",
  input: schemas.productUpdateBody,
  output: adminProductSchema,
  auth: "admin",
  middleware: [writeLimit],
  summary: "Change a product",
  errors: [ERROR_CODES.duplicateSku, ERROR_CODES.duplicateSlug],
  handler: async (c, input) => adminProductJson(await updateProduct(c.var.db, currentUser(c).id, idOf(c), input)),
});

export const archiveProductAction = defineAction({
  method: "delete",
  path: "/products/:id",
  input: undefined,
  output: z.object({ message: z.string(), product: adminProductSchema }),
  auth: "admin",
  middleware: [writeLimit],
  summary: "Archive a product (it leaves the storefront; products are never deleted)",
  handler: async (c) => {
    const product = await archiveProduct(c.var.db, currentUser(c).id, idOf(c));
    return { message: "Product archived", product: adminProductJson(product) };
  },
});

export const unarchiveProductAction = defineAction({
  method: "post",
  path: "/products/:id/unarchive",
  input: undefined,
  output: z.object({ message: z.string(), product: adminProductSchema }),
  auth: "admin",
  middleware: [writeLimit],
  summary: "Bring an archived product back (it shows on the storefront again if it is active)",
  handler: async (c) => {
    const product = await unarchiveProduct(c.var.db, currentUser(c).id, idOf(c));
    return { message: "Product unarchived", product: adminProductJson(product) };
  },
});

export const createVariantAction = defineAction({
  method: "post",
  path: "/products/:id/variants",
  input: schemas.variantCreateBody,
  output: variantSchema,
  status: 201,
  auth: "admin",
  middleware: [writeLimit],
  summary: "Add a variant to a product",
  errors: [ERROR_CODES.duplicateSku],
  handler: async (c, input) => adminVariantJson(await createVariant(c.var.db, currentUser(c).id, idOf(c), input)),
});

export const updateVariantAction = defineAction({
  method: "put",
  path: "/variants/:id",
  input: schemas.variantUpdateBody,
  output: updateVariantOutput,
  auth: "admin",
  middleware: [writeLimit],
  summary: "Change a variant",
  errors: [ERROR_CODES.duplicateSku],
  handler: async (c, input) => adminVariantJson(await updateVariant(c.var.db, currentUser(c).id, idOf(c), input)),
});

export const deleteVariantAction = defineAction({
  method: "delete",
  path: "/variants/:id",
  input: undefined,
  output: z.object({ message: z.string() }),
  auth: "admin",
  middleware: [writeLimit],
  summary: "Delete a variant",
  handler: async (c) => {
    await deleteVariant(c.var.db, currentUser(c).id, idOf(c));
    return { message: "Variant deleted successfully" };
  },
});

export const setProductOptionsAction = defineAction({
  method: "put",
  path: "/products/:id/options",
  input: schemas.productOptionsBody,
  output: adminProductSchema,
  auth: "admin",
  middleware: [writeLimit],
  summary: "Set a product's option types (at most 3, e.g. Size and UVB strength, with their values)",
  handler: async (c, input) =>
    adminProductJson(await setProductOptions(c.var.db, currentUser(c).id, idOf(c), input.options)),
});

export const generateVariantsAction = defineAction({
  method: "post",
  path: "/products/:id/variants/generate",
  input: undefined,
  output: z.object({ message: z.string(), created: z.array(variantSchema) }),
  auth: "admin",
  middleware: [writeLimit],
  summary: "Add a variant for each combination of the product's options that has none (never deletes)",
  errors: [ERROR_CODES.duplicateSku],
  handler: async (c) => {
    const created = await generateVariants(c.var.db, currentUser(c).id, idOf(c));
    return { message: generatedMessage(created.length), created: created.map(adminVariantJson) };
  },
});

/** "2 variants added", or that every combination already has one. */
export function generatedMessage(n: number): string {
  if (n === 0) return "Every combination already has a variant";
  return n === 1 ? "1 variant added" : `${n} variants added`;
}

export const duplicateProductAction = defineAction({
  method: "post",
  path: "/products/:id/duplicate",
  input: undefined,
  output: adminProductSchema,
  status: 201,
  auth: "admin",
  middleware: [writeLimit],
  summary: "Copy a product as a draft ('Copy of ...', fresh slug and SKUs, images, options and variants, no stock)",
  handler: async (c) => adminProductJson(await duplicateProduct(c.var.db, currentUser(c).id, idOf(c))),
});

// Each category write clears the header's cache of categories.
export const createCategoryAction = defineAction({
  method: "post",
  path: "/categories",
  input: schemas.categoryCreateBody,
  output: adminCategorySchema,
  status: 201,
  auth: "admin",
  middleware: [writeLimit],
  summary: "Create a category",
  errors: [ERROR_CODES.duplicateSlug],
  handler: async (c, input) => {
    const category = await createCategory(c.var.db, currentUser(c).id, input);
    c.var.caches.categories.clear();
    return adminCategoryJson(category);
  },
});

export const updateCategoryAction = defineAction({
  method: "put",
  path: "/categories/:id",
  input: schemas.categoryUpdateBody,
  output: adminCategorySchema,
  auth: "admin",
  middleware: [writeLimit],
  summary: "Change a category",
  errors: [ERROR_CODES.duplicateSlug],
  handler: async (c, input) => {
    const category = await updateCategory(c.var.db, currentUser(c).id, idOf(c), input);
    c.var.caches.categories.clear();
    return adminCategoryJson(category);
  },
});

export const deleteCategoryAction = defineAction({
  method: "delete",
  path: "/categories/:id",
  input: undefined,
  output: z.object({ message: z.string() }),
  auth: "admin",
  middleware: [writeLimit],
  summary: "Delete a category",
  handler: async (c) => {
    await deleteCategory(c.var.db, currentUser(c).id, idOf(c));
    c.var.caches.categories.clear();
    return { message: "Category deleted" };
  },
});

/**
 * POST /products, PUT /products/{id}, DELETE /products/{id} (archives), POST /products/{id}/unarchive,
 * POST /products/{id}/variants,
 * PUT /products/{id}/options, POST /products/{id}/variants/generate, POST /products/{id}/duplicate.
 */
export function adminProductApi() {
  return actionApi("/products", [
    createProductAction,
    updateProductAction,
    archiveProductAction,
    unarchiveProductAction,
    createVariantAction,
    setProductOptionsAction,
    generateVariantsAction,
    duplicateProductAction,
  ]);
}

/** PUT /variants/{id}, DELETE /variants/{id}. */
export function variantApi() {
  return actionApi("/variants", [updateVariantAction, deleteVariantAction]);
}

/** POST /categories, PUT /categories/{id}, DELETE /categories/{id}. */
export function adminCategoryApi() {
  return actionApi("/categories", [createCategoryAction, updateCategoryAction, deleteCategoryAction]);
}
