/** The catalogue's staff writes: audit entries in the same transaction, stock summed from variants, the category tree. */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createCategory, createProduct, createUser } from "../../tests/helpers/factories.ts";
import { auditLogs, categories, products } from "../../db/schema/mod.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import {
  archiveProduct,
  catalogAdminSchemas as schemas,
  createCategory as addCategory,
  createProduct as addProduct,
  createVariant,
  deleteCategory,
  deleteVariant,
  unarchiveProduct,
  updateCategory,
  updateProduct,
  updateVariant,
} from "./mod.ts";

const { test, closeDatabase } = useTestDatabase();

const variant = (over: Partial<ReturnType<typeof schemas.variantCreateBody.parse>> = {}) =>
  schemas.variantCreateBody.parse({ name: "45 cm", sku: `V-${crypto.randomUUID().slice(0, 8)}`, price: 100, ...over });

test("[catalogue admin] a product write and its audit entry commit together; a refused one leaves neither", async (db) => {
  const staff = await createUser(db, { role: "admin" });
  const created = await addProduct(
    db,
    staff.id,
    schemas.productCreateBody.parse({ name: "Gecko Hide", sku: "G-1", price: 99 }),
  );
  assert.equal(created.slug, "gecko-hide");
  await assert.rejects(
    addProduct(db, staff.id, schemas.productCreateBody.parse({ name: "Other", sku: "g-1", price: 1 })),
    (e: unknown) => e instanceof ConflictError && e.message === "A product with SKU g-1 already exists",
  );
  await assert.rejects(
    updateProduct(db, staff.id, created.id, { price: 5000, salePrice: 6000 }),
    (e: unknown) => e instanceof ValidationError && e.message === "Sale price must be below the price",
  );
  const [row] = await db.select().from(products).where(eq(products.id, created.id));
  assert.equal(row.price, "99.00", "the refused update changed nothing");

  await updateProduct(db, staff.id, created.id, { price: 12950, brand: "Exo Terra" });
  const entries = await db.select().from(auditLogs).orderBy(auditLogs.id);
  assert.deepEqual(entries.map((e) => [e.entityType, e.action, e.userId]), [
    ["product", "create", staff.id],
    ["product", "update", staff.id],
  ]);
  assert.deepEqual(entries[1].details, {
    changes: { price: { before: "99.00", after: "129.50" }, brand: { before: null, after: "Exo Terra" } },
  });
  await assert.rejects(updateProduct(db, staff.id, 999_999, { name: "x" }), NotFoundError);
});

test("[catalogue admin] archiving is idempotent and audited once; unarchiving brings it back", async (db) => {
  const staff = await createUser(db, { role: "admin" });
  const p = await createProduct(db);
  const at = new Date("2026-11-20T10:00:00Z");
  assert.deepEqual((await archiveProduct(db, staff.id, p.id, at)).archivedAt, at);
  assert.deepEqual((await archiveProduct(db, staff.id, p.id)).archivedAt, at, "archiving again keeps the first date");
  assert.equal((await unarchiveProduct(db, staff.id, p.id)).archivedAt, null);
  const actions = (await db.select().from(auditLogs).orderBy(auditLogs.id)).map((e) => e.action);
  assert.deepEqual(actions, ["archive", "unarchive"]);
});

test("[catalogue admin] a product's stock is the sum of its in-stock variants after every variant write", async (db) => {
  const staff = await createUser(db, { role: "admin" });
  const p = await createProduct(db, { stock: 40 });
  const stock = async () => (await db.select().from(products).where(eq(products.id, p.id)))[0].stock;
  const a = await createVariant(db, staff.id, p.id, variant({ stock: 3 }));
  assert.equal(await stock(), 3);
  const b = await createVariant(db, staff.id, p.id, variant({ stock: 5 }));
  assert.equal(await stock(), 8);
  await updateVariant(db, staff.id, b.id, { preorder: true });
  assert.equal(await stock(), 3, "a pre-order variant's units are not stock on hand");
  await assert.rejects(
    createVariant(db, staff.id, p.id, variant({ sku: a.sku.toLowerCase() })),
    (e: unknown) => e instanceof ConflictError && /A variant with SKU/.test(e.message),
  );
  await assert.rejects(updateProduct(db, staff.id, p.id, { stock: 99 }), ValidationError);
  await deleteVariant(db, staff.id, a.id);
  assert.equal(await stock(), 0);
  await assert.rejects(createVariant(db, staff.id, 999_999, variant()), NotFoundError);
});

test("[catalogue admin] categories: never their own ancestor, levels follow a move, delete refused while used", async (db) => {
  const staff = await createUser(db, { role: "admin" });
  const body = (over: Record<string, unknown>) => schemas.categoryCreateBody.parse({ name: "x", ...over });
  const a = await addCategory(db, staff.id, body({ name: "Heating" }));
  const b = await addCategory(db, staff.id, body({ name: "Heat Mats", parentId: a.id }));
  const c = await addCategory(db, staff.id, body({ name: "Small Mats", parentId: b.id }));
  assert.deepEqual([a.level, b.level, c.level], [1, 2, 3]);
  await assert.rejects(updateCategory(db, staff.id, a.id, { parentId: c.id }), /cannot be placed inside itself/);
  await assert.rejects(updateCategory(db, staff.id, a.id, { parentId: a.id }), /cannot be placed inside itself/);

  const top = await createCategory(db, { name: "Lighting", slug: "lighting" });
  await updateCategory(db, staff.id, a.id, { parentId: top.id });
  const levels = Object.fromEntries((await db.select().from(categories)).map((r) => [r.name, r.level]));
  assert.deepEqual(levels, { Lighting: 1, Heating: 2, "Heat Mats": 3, "Small Mats": 4 });

  await createProduct(db, { categoryId: c.id });
  await assert.rejects(deleteCategory(db, staff.id, c.id), ConflictError);
  await assert.rejects(deleteCategory(db, staff.id, b.id), /sub-category/);
  await db.update(products).set({ categoryId: null });
  await deleteCategory(db, staff.id, c.id);
  assert.equal((await db.select().from(categories).where(eq(categories.id, c.id))).length, 0);
});

test("[catalogue admin] form bodies: empty boxes are none, unticked switches false, the schema names the field", () => {
  const body = schemas.productFormBody({
    name: "Lamp",
    sku: "L-1",
    slug: "",
    price: "12.5",
    salePrice: "",
    stock: "",
    brand: " ",
    featured: "on",
  });
  assert.deepEqual(body, {
    name: "Lamp",
    sku: "L-1",
    price: "12.5",
    salePrice: null,
    brand: null,
    featured: true,
    isNew: false,
    pudoEligible: false,
  });
  const parsed = schemas.productCreateBody.parse(body);
  assert.equal(parsed.price, 1250);
  const refused = schemas.productCreateBody.safeParse({ ...body, price: "-1" });
  assert.equal(refused.success ? "" : refused.error.issues[0].message, "Price must be 0 or more");
  assert.equal(
    schemas.variantCreateBody.safeParse({ name: "", sku: "", price: 1 }).error?.issues[0].message,
    "Name and SKU are required",
  );
});

test("[catalogue admin] a new category without a sort order goes after its siblings, not first", async (db) => {
  const staff = await createUser(db, { role: "admin" });
  const body = (v: Record<string, unknown>) => schemas.categoryCreateBody.parse(v);
  await createCategory(db, { name: "Enclosures", slug: "enclosures", position: 0 });
  await createCategory(db, { name: "Lighting", slug: "lighting", position: 5 });
  const added = await addCategory(db, staff.id, body({ name: "Aquatics" }));
  assert.equal(added.position, 6, "after the last top-level category");
  const child = await addCategory(db, staff.id, body({ name: "Filters", parentId: added.id }));
  assert.equal(child.position, 0, "the first under its parent");
  const chosen = await addCategory(db, staff.id, body({ name: "Deals", position: -1 }));
  assert.equal(chosen.position, -1, "a sort order given is kept");
});

closeDatabase();
