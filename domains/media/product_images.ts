/**
 * A product's photos (products.images, a list of URLs, the first one the main photo): add uploads,
 * remove one, reorder. Each write locks the product row, records an audit entry in the same
 * transaction (entity "product", actions image_added / image_removed / images_reordered, the list
 * before and after), and removes files no record uses any more only after the commit.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, products } from "../../db/schema/mod.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import type { FileStorage } from "../../lib/storage.ts";
import { recordAudit } from "../admin_audit/mod.ts";
import { MAX_PRODUCT_IMAGES, TOO_MANY_IMAGES } from "./schemas.ts";
import { checkImage, deleteImageFiles, ingestImage } from "./service.ts";
import { logError } from "../../lib/error_log.ts";

const PRODUCT_NOT_FOUND = "Product not found";

async function lockedImages(tx: Db, productId: number): Promise<string[]> {
  const [row] = await tx.select({ images: products.images }).from(products).where(eq(products.id, productId)).for(
    "update",
  );
  if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
  return row.images ?? [];
}

/** Saves a product's new list and its audit entry (inside the caller's transaction). */
async function writeImages(
  tx: Db,
  input: { productId: number; userId: number },
  action: "image_added" | "image_removed" | "images_reordered",
  before: string[],
  after: string[],
  extra: Record<string, unknown> = {},
): Promise<string[]> {
  await tx.update(products).set({ images: after, updatedAt: new Date() }).where(eq(products.id, input.productId));
  await recordAudit(tx, {
    userId: input.userId,
    entityType: "product",
    entityId: input.productId,
    action,
    details: { ...extra, changes: { images: { before, after } } },
  });
  return after;
}

/** A product's images, or NotFoundError. */
export async function productImages(db: Db, productId: number): Promise<string[]> {
  const [row] = await db.select({ images: products.images }).from(products).where(eq(products.id, productId));
  if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
  return row.images ?? [];
}

/** The product a photo page is about: name and slug for the heading and the storefront link. */
export async function productForImages(
  db: Db,
  productId: number,
): Promise<{ id: number; name: string; slug: string; images: string[]; imageAlts: Record<string, string> } | null> {
  const [row] = await db.select({
    id: products.id,
    name: products.name,
    slug: products.slug,
    images: products.images,
    imageAlts: products.imageAlts,
  }).from(products).where(eq(products.id, productId));
  return row ? { ...row, images: row.images ?? [], imageAlts: row.imageAlts ?? {} } : null;
}

/** Whether any product or category still shows this URL (keys are content hashes, so photos are shared). */
async function inUse(db: Db, url: string): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products)
    .where(sql`${products.images} @> ${JSON.stringify([url])}::jsonb`).limit(1);
  if (rows.length) return true;
  const cats = await db.select({ id: categories.id }).from(categories).where(eq(categories.image, url)).limit(1);
  return cats.length > 0;
}

/** Deletes the files of URLs nothing uses any more. Storage trouble is logged, never undoes the write. */
export async function deleteUnused(db: Db, storage: FileStorage, urls: string[]) {
  for (const url of urls) {
    try {
      if (!(await inUse(db, url))) await deleteImageFiles(storage, url);
    } catch (err) {
      logError("deleting unused image files failed", err, { url });
    }
  }
}

/**
 * Adds uploaded photos to the end of a product's images. Every file is checked before any is
 * processed; the eighth image is the last (409 'A product can have at most 8 images').
 */
export async function addProductImages(
  db: Db,
  storage: FileStorage,
  input: { productId: number; userId: number; files: Uint8Array[] },
): Promise<string[]> {
  if (input.files.length === 0) throw new ValidationError("Choose an image to upload");
  for (const file of input.files) checkImage(file);
  const current = await productImages(db, input.productId);
  if (current.length + input.files.length > MAX_PRODUCT_IMAGES) throw new ConflictError(TOO_MANY_IMAGES);

  const urls: string[] = [];
  try {
    // A later file that cannot be read takes the earlier ones' new files with it (unless in use).
    for (const file of input.files) urls.push((await ingestImage(storage, "products", file)).url);
    return await db.transaction(async (tx) => {
      const before = await lockedImages(tx, input.productId);
      const added = urls.filter((u, i) => !before.includes(u) && urls.indexOf(u) === i);
      if (added.length < urls.length) throw new ConflictError("This image is already on the product");
      const after = [...before, ...added];
      if (after.length > MAX_PRODUCT_IMAGES) throw new ConflictError(TOO_MANY_IMAGES);
      return await writeImages(tx, input, "image_added", before, after, { added });
    });
  } catch (err) {
    await deleteUnused(db, storage, urls);
    throw err;
  }
}

/** Removes one image (by its place in the list, or its URL) and then its files if nothing else uses them. */
export async function removeProductImage(
  db: Db,
  storage: FileStorage,
  input: { productId: number; userId: number; index?: number; url?: string },
): Promise<string[]> {
  const { removed, after } = await db.transaction(async (tx) => {
    const before = await lockedImages(tx, input.productId);
    const index = input.url !== undefined ? before.indexOf(input.url) : (input.index ?? -1);
    if (index < 0 || index >= before.length) throw new NotFoundError("Image not found");
    const removed = before[index];
    const after = before.filter((_, i) => i !== index);
    await writeImages(tx, input, "image_removed", before, after, { removed });
    // Its alt text goes with it (a photo uploaded again later starts without one).
    await tx.update(products).set({ imageAlts: sql`${products.imageAlts} - ${removed}::text` })
      .where(eq(products.id, input.productId));
    return { removed, after };
  });
  await deleteUnused(db, storage, [removed]);
  return after;
}

/** Puts a product's images in a new order: `images` must be exactly the current list, reordered. */
export async function reorderProductImages(
  db: Db,
  input: { productId: number; userId: number; images: string[] },
): Promise<string[]> {
  return await db.transaction(async (tx) => {
    const before = await lockedImages(tx, input.productId);
    const same = input.images.length === before.length && new Set(input.images).size === input.images.length &&
      input.images.every((u) => before.includes(u));
    if (!same) throw new ValidationError("The new order must list the product's current images, each once");
    if (input.images.every((u, i) => u === before[i])) return before;
    return await writeImages(tx, input, "images_reordered", before, input.images);
  });
}

/**
 * The product's photos with one moved a place left or right (the panel's buttons without
 * JavaScript), for the reorder action to write; at either end the order stays as it is.
 */
export async function imageOrderAfterMove(
  db: Db,
  input: { productId: number; index: number; direction: "left" | "right" },
): Promise<string[]> {
  const current = await productImages(db, input.productId);
  const to = input.direction === "left" ? input.index - 1 : input.index + 1;
  if (input.index >= current.length) throw new NotFoundError("Image not found");
  if (to < 0 || to >= current.length) return current;
  const next = [...current];
  [next[input.index], next[to]] = [next[to], next[input.index]];
  return next;
}

/**
 * Sets the alt text of one of a product's images (by its place in the list), kept by URL in
 * products.imageAlts so a reorder never mixes them up; empty text removes it (the product's name is
 * then read out). Returns the product's alt texts.
 */
export async function setProductImageAlt(
  db: Db,
  input: { productId: number; userId: number; index: number; alt: string },
): Promise<Record<string, string>> {
  return await db.transaction(async (tx) => {
    const [row] = await tx.select({ images: products.images, imageAlts: products.imageAlts }).from(products)
      .where(eq(products.id, input.productId)).for("update");
    if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
    const url = row.images[input.index];
    if (url === undefined) throw new NotFoundError("Image not found");
    const before = row.imageAlts ?? {};
    const { [url]: old, ...others } = before;
    const after = input.alt ? { ...others, [url]: input.alt } : others;
    if ((old ?? "") === input.alt) return before;
    await tx.update(products).set({ imageAlts: after, updatedAt: new Date() }).where(eq(products.id, input.productId));
    await recordAudit(tx, {
      userId: input.userId,
      entityType: "product",
      entityId: input.productId,
      action: "image_alt_changed",
      details: { image: url, changes: { alt: { before: old ?? null, after: input.alt || null } } },
    });
    return after;
  });
}
