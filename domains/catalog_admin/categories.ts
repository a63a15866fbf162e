/**
 * Staff writes to categories: create, edit (name, slug, description, image, parent, sort order) and
 * delete. A category in use (by any product, archived ones included, or by a sub-category) cannot be
 * deleted (409). A category can never become its own ancestor. Each write records an audit entry in
 * the same transaction; callers clear the header's category cache afterwards.
 */
import { asc, count, eq, isNotNull, isNull, max } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, products } from "../../db/schema/mod.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { audit, type CategoryRecord, slugOrFromName, uniqueClash, uniqueOrConflict } from "./records.ts";
import type { CategoryCreate, CategoryUpdate } from "./schemas.ts";

export interface AdminCategory extends CategoryRecord {
  /** Products filed directly under this category, archived ones included. */
  productCount: number;
  childCount: number;
}

/** Every category in display order with its product and sub-category counts. */
export async function listAdminCategories(db: Db): Promise<AdminCategory[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.name), asc(categories.id)),
    db.select({ categoryId: products.categoryId, n: count() }).from(products)
      .where(isNotNull(products.categoryId)).groupBy(products.categoryId),
  ]);
  const direct = new Map(counts.map((c) => [c.categoryId!, c.n]));
  return rows.map((c) => ({
    ...c,
    productCount: direct.get(c.id) ?? 0,
    childCount: rows.filter((r) => r.parentId === c.id).length,
  }));
}

/** One category row; 404 when missing. */
export async function categoryRecord(db: Db, id: number): Promise<CategoryRecord> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  if (!row) throw new NotFoundError("Category Not Found");
  return row;
}

async function assertSlugFree(tx: Db, slug: string, exceptId?: number): Promise<void> {
  const [hit] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  if (hit && hit.id !== exceptId) throw uniqueClash("categories_slug_unique", { slug });
}

const NOT_OWN_ANCESTOR = "A category cannot be placed inside itself or one of its sub-categories";

/**
 * The level a category gets under `parentId` (1 at the top); refuses a parent that is the category
 * itself or one of its descendants.
 */
async function levelUnder(tx: Db, parentId: number | null, selfId?: number): Promise<number> {
  if (parentId === null) return 1;
  const all = await tx.select({ id: categories.id, parentId: categories.parentId }).from(categories);
  const byId = new Map(all.map((c) => [c.id, c.parentId]));
  if (!byId.has(parentId)) {
    throw new ValidationError("Parent category not found", [{
      path: "parentId",
      message: "Parent category not found",
    }]);
  }
  let depth = 1;
  for (let at: number | null = parentId, hops = 0; at !== null; at = byId.get(at) ?? null, hops++) {
    if (at === selfId || hops > all.length) {
      throw new ValidationError(NOT_OWN_ANCESTOR, [{ path: "parentId", message: NOT_OWN_ANCESTOR }]);
    }
    depth++;
  }
  return depth;
}

/** After a move, each sub-category's level follows its new depth. */
async function relevelDescendants(tx: Db, rootId: number): Promise<void> {
  const all = await tx.select({ id: categories.id, parentId: categories.parentId, level: categories.level })
    .from(categories);
  const levels = new Map(all.map((c) => [c.id, c.level]));
  const queue = [rootId];
  for (let i = 0; i < queue.length && i <= all.length; i++) {
    const parentLevel = levels.get(queue[i]) ?? 1;
    for (const child of all.filter((c) => c.parentId === queue[i])) {
      if (child.level !== parentLevel + 1) {
        await tx.update(categories).set({ level: parentLevel + 1 }).where(eq(categories.id, child.id));
      }
      levels.set(child.id, parentLevel + 1);
      queue.push(child.id);
    }
  }
}

/** One past the last of the categories under the same parent (0 for the first). */
async function positionAfterSiblings(tx: Db, parentId: number | null): Promise<number> {
  const [row] = await tx.select({ last: max(categories.position) }).from(categories)
    .where(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId));
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
}

export async function createCategory(db: Db, userId: number, input: CategoryCreate): Promise<CategoryRecord> {
  const slug = slugOrFromName(input.slug, input.name);
  const values = { ...input, slug };
  return await uniqueOrConflict(values, () =>
    db.transaction(async (tx) => {
      await assertSlugFree(tx, slug);
      const level = await levelUnder(tx, input.parentId);
      const position = input.position ?? await positionAfterSiblings(tx, input.parentId);
      const [created] = await tx.insert(categories).values({ ...values, level, position }).returning();
      await audit(tx, userId, "category", created.id, "create", {
        key: { name: created.name, slug: created.slug, parentId: created.parentId },
      });
      return created;
    }));
}

export async function updateCategory(
  db: Db,
  userId: number,
  id: number,
  patch: CategoryUpdate,
): Promise<CategoryRecord> {
  return await uniqueOrConflict({ ...patch }, () =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
      if (!before) throw new NotFoundError("Category Not Found");
      const cols: Partial<typeof categories.$inferInsert> = { ...patch };
      if (patch.slug !== undefined) {
        cols.slug = slugOrFromName(patch.slug, patch.name ?? before.name);
        await assertSlugFree(tx, cols.slug, id);
      }
      if (patch.parentId !== undefined) cols.level = await levelUnder(tx, patch.parentId, id);
      await tx.update(categories).set({ ...cols, updatedAt: new Date() }).where(eq(categories.id, id));
      if (patch.parentId !== undefined && patch.parentId !== before.parentId) await relevelDescendants(tx, id);
      const [after] = await tx.select().from(categories).where(eq(categories.id, id));
      await audit(tx, userId, "category", id, "update", { before, after });
      return after;
    }));
}

/** Deletes a category nothing uses; 409 naming what still uses it. */
export async function deleteCategory(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [found] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
    if (!found) throw new NotFoundError("Category Not Found");
    const [{ n: used }] = await tx.select({ n: count() }).from(products).where(eq(products.categoryId, id));
    if (used) {
      throw new ConflictError(
        `${found.name} cannot be deleted: ${used} ${used === 1 ? "product uses" : "products use"} it. Move ${
          used === 1 ? "it" : "them"
        } to another category first.`,
      );
    }
    const [{ n: children }] = await tx.select({ n: count() }).from(categories).where(eq(categories.parentId, id));
    if (children) {
      throw new ConflictError(
        `${found.name} cannot be deleted: it has ${children} ${
          children === 1 ? "sub-category" : "sub-categories"
        }. Move or delete them first.`,
      );
    }
    await tx.delete(categories).where(eq(categories.id, id));
    await audit(tx, userId, "category", id, "delete", { key: { name: found.name, slug: found.slug } });
  });
}
