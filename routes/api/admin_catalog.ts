/**
 * The catalogue's staff API (spec 001 section 7): product, variant and category writes, for admin
 * and super_admin only (401 visitors, 403 customers; the guard runs before the body is read). The
 * public reads of the same paths stay in products.ts and categories.ts.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../../app.ts";
import {
  archiveProduct,
  catalogAdminSchemas as schemas,
  type CategoryRecord,
  createCategory,
  createProduct,
  createVariant,
  deleteCategory,
  deleteVariant,
  type ProductRecord,
  updateCategory,
  updateProduct,
  updateVariant,
  type VariantRecord,
} from "../../domains/catalog_admin/mod.ts";
import { toVariant } from "../../domains/catalog/mod.ts";
import { ValidationError } from "../../lib/errors.ts";
import { toCents, toRand } from "../../lib/money.ts";
import { parseId } from "../../lib/ids.ts";
import { currentUser, requireRole } from "../guards.ts";
import { validate } from "../validate.ts";
import { variantJson } from "./json.ts";

/** Staff only, then at most 64 KB of body: the order every write route checks in. */
const staffWrite = [
  requireRole("admin"),
  bodyLimit({
    maxSize: 64 * 1024,
    onError: () => {
      throw new ValidationError("The request body is too large.");
    },
  }),
] as const;

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
    fbSyncedAt: p.fbSyncedAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

function adminVariantJson(v: VariantRecord) {
  return variantJson(toVariant(v));
}

function adminCategoryJson(c: CategoryRecord) {
  return {
    id: c.id,
    name: c.name,
    slug: c.slug,
    description: c.description,
    image: c.image,
    parentId: c.parentId,
    level: c.level,
    position: c.position,
  };
}

/** POST /products, PUT /products/{id}, DELETE /products/{id} (archives), POST /products/{id}/variants. */
export function adminProductApi() {
  const app = new Hono<AppEnv>();
  app.post("/", ...staffWrite, validate("json", schemas.productCreateBody), async (c) => {
    const product = await createProduct(c.var.db, currentUser(c).id, c.req.valid("json"));
    return c.json(adminProductJson(product), 201);
  });
  app.put("/:id", ...staffWrite, validate("json", schemas.productUpdateBody), async (c) => {
    const id = parseId(c.req.param("id"));
    return c.json(adminProductJson(await updateProduct(c.var.db, currentUser(c).id, id, c.req.valid("json"))));
  });
  app.delete("/:id", ...staffWrite, async (c) => {
    const product = await archiveProduct(c.var.db, currentUser(c).id, parseId(c.req.param("id")));
    return c.json({ message: "Product archived", product: adminProductJson(product) });
  });
  app.post("/:id/variants", ...staffWrite, validate("json", schemas.variantCreateBody), async (c) => {
    const productId = parseId(c.req.param("id"));
    const variant = await createVariant(c.var.db, currentUser(c).id, productId, c.req.valid("json"));
    return c.json(adminVariantJson(variant), 201);
  });
  return app;
}

/** PUT /variants/{id}, DELETE /variants/{id}. */
export function variantApi() {
  const app = new Hono<AppEnv>();
  app.put("/:id", ...staffWrite, validate("json", schemas.variantUpdateBody), async (c) => {
    const id = parseId(c.req.param("id"));
    return c.json(adminVariantJson(await updateVariant(c.var.db, currentUser(c).id, id, c.req.valid("json"))));
  });
  app.delete("/:id", ...staffWrite, async (c) => {
    await deleteVariant(c.var.db, currentUser(c).id, parseId(c.req.param("id")));
    return c.json({ message: "Variant deleted successfully" });
  });
  return app;
}

/** POST /categories, PUT /categories/{id}, DELETE /categories/{id}; each clears the header's cache. */
export function adminCategoryApi() {
  const app = new Hono<AppEnv>();
  app.post("/", ...staffWrite, validate("json", schemas.categoryCreateBody), async (c) => {
    const category = await createCategory(c.var.db, currentUser(c).id, c.req.valid("json"));
    c.var.caches.categories.clear();
    return c.json(adminCategoryJson(category), 201);
  });
  app.put("/:id", ...staffWrite, validate("json", schemas.categoryUpdateBody), async (c) => {
    const id = parseId(c.req.param("id"));
    const category = await updateCategory(c.var.db, currentUser(c).id, id, c.req.valid("json"));
    c.var.caches.categories.clear();
    return c.json(adminCategoryJson(category));
  });
  app.delete("/:id", ...staffWrite, async (c) => {
    await deleteCategory(c.var.db, currentUser(c).id, parseId(c.req.param("id")));
    c.var.caches.categories.clear();
    return c.json({ message: "Category deleted" });
  });
  return app;
}
