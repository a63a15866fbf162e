/**
 * A category's picture (categories.image, one URL): replace it with an upload, or remove it (the
 * storefront then shows the generated drawing). Same rules as product photos: one transaction with an
 * audit entry (entity "category", action image_changed / image_removed, the URL before and after),
 * and the old files deleted after the commit when nothing else shows them.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories } from "../../db/schema/mod.ts";
import { NotFoundError } from "../../lib/errors.ts";
import type { FileStorage } from "../../lib/storage.ts";
import { recordAudit } from "../admin_audit/mod.ts";
import { deleteUnused } from "./product_images.ts";
import { checkImage, ingestImage } from "./service.ts";

const CATEGORY_NOT_FOUND = "Category not found";

async function setImage(
  db: Db,
  storage: FileStorage,
  input: { categoryId: number; userId: number; image: string | null },
): Promise<string | null> {
  const before = await db.transaction(async (tx) => {
    const [row] = await tx.select({ image: categories.image }).from(categories)
      .where(eq(categories.id, input.categoryId)).for("update");
    if (!row) throw new NotFoundError(CATEGORY_NOT_FOUND);
    if (row.image === input.image) return row.image;
    await tx.update(categories).set({ image: input.image, updatedAt: new Date() })
      .where(eq(categories.id, input.categoryId));
    await recordAudit(tx, {
      userId: input.userId,
      entityType: "category",
      entityId: input.categoryId,
      action: input.image ? "image_changed" : "image_removed",
      details: { changes: { image: { before: row.image, after: input.image } } },
    });
    return row.image;
  });
  if (before && before !== input.image) await deleteUnused(db, storage, [before]);
  return input.image;
}

/** Stores an uploaded picture for a category (checked, resized, WebP) and makes it the category's image. */
export async function setCategoryImage(
  db: Db,
  storage: FileStorage,
  input: { categoryId: number; userId: number; file: Uint8Array },
): Promise<string> {
  checkImage(input.file);
  const [exists] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId));
  if (!exists) throw new NotFoundError(CATEGORY_NOT_FOUND);
  const { url } = await ingestImage(storage, "categories", input.file);
  try {
    await setImage(db, storage, { categoryId: input.categoryId, userId: input.userId, image: url });
  } catch (err) {
    await deleteUnused(db, storage, [url]);
    throw err;
  }
  return url;
}

/** Removes a category's picture; the storefront falls back to the generated drawing. */
export async function removeCategoryImage(
  db: Db,
  storage: FileStorage,
  input: { categoryId: number; userId: number },
): Promise<void> {
  await setImage(db, storage, { ...input, image: null });
}
