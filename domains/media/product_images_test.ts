import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createCategory, createProduct, createUser } from "../../tests/helpers/factories.ts";
import { testJpeg, testPng } from "../../tests/helpers/images.ts";
import { memoryStorage } from "../../lib/storage.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { products } from "../../db/schema/mod.ts";
import { listAuditFor } from "../admin_audit/mod.ts";
import {
  addProductImages,
  imageOrderAfterMove,
  productImages,
  removeProductImage,
  reorderProductImages,
  storedKeysOf,
} from "./mod.ts";

const { test, closeDatabase } = useTestDatabase();

test("[product images] uploads append in order, with an audit entry holding the list before and after", async (db) => {
  const storage = memoryStorage();
  const admin = await createUser(db, { role: "admin" });
  const product = await createProduct(db, { images: ["https://example.com/imported.jpg"] });
  const after = await addProductImages(db, storage, {
    productId: product.id,
    userId: admin.id,
    files: [await testJpeg(900, 600), await testPng(400, 400)],
  });
  assert.equal(after.length, 3);
  assert.equal(after[0], "https://example.com/imported.jpg");
  assert.match(after[1], /^\/media\/products\/[0-9a-f]{32}-900\.webp$/);
  assert.match(after[2], /^\/media\/products\/[0-9a-f]{32}-400\.webp$/);
  for (const key of [...storedKeysOf(storage, after[1]), ...storedKeysOf(storage, after[2])]) {
    assert.ok(await storage.get(key), key);
  }
  const [entry] = await listAuditFor(db, "product", product.id);
  assert.equal(entry.action, "image_added");
  assert.equal(entry.userId, admin.id);
  assert.deepEqual(entry.details, {
    added: after.slice(1),
    changes: { images: { before: ["https://example.com/imported.jpg"], after } },
  });
});

test("[product images] a ninth image is refused and nothing is stored for it", async (db) => {
  const storage = memoryStorage();
  const admin = await createUser(db, { role: "admin" });
  const seven = Array.from({ length: 7 }, (_, i) => `https://example.com/${i}.jpg`);
  const product = await createProduct(db, { images: seven });
  await assert.rejects(
    addProductImages(db, storage, {
      productId: product.id,
      userId: admin.id,
      files: [await testJpeg(100, 100, 1), await testJpeg(100, 100, 2)],
    }),
    (err) => err instanceof ConflictError && err.message === "A product can have at most 8 images",
  );
  assert.deepEqual(await productImages(db, product.id), seven);
  const eight = await addProductImages(db, storage, {
    productId: product.id,
    userId: admin.id,
    files: [await testJpeg(100, 100, 1)],
  });
  assert.equal(eight.length, 8);
  await assert.rejects(
    addProductImages(db, storage, { productId: product.id, userId: admin.id, files: [await testJpeg(100, 100, 3)] }),
    ConflictError,
  );
  await assert.rejects(
    addProductImages(db, storage, { productId: 999_999, userId: admin.id, files: [await testJpeg(10, 10)] }),
    NotFoundError,
  );
});

test("[product images] removing an image deletes its files unless another record still shows it", async (db) => {
  const storage = memoryStorage();
  const admin = await createUser(db, { role: "admin" });
  const a = await createProduct(db);
  const b = await createProduct(db);
  const photo = await testJpeg(800, 800, 4);
  const [url] = await addProductImages(db, storage, { productId: a.id, userId: admin.id, files: [photo] });
  // The same photo on product B: the same content-hashed files.
  assert.deepEqual(await addProductImages(db, storage, { productId: b.id, userId: admin.id, files: [photo] }), [url]);
  assert.deepEqual(await removeProductImage(db, storage, { productId: a.id, userId: admin.id, index: 0 }), []);
  for (const key of storedKeysOf(storage, url)) assert.ok(await storage.get(key), "B still shows it");
  await createCategory(db, { image: url });
  assert.deepEqual(await removeProductImage(db, storage, { productId: b.id, userId: admin.id, url }), []);
  for (const key of storedKeysOf(storage, url)) assert.ok(await storage.get(key), "a category still shows it");
  await addProductImages(db, storage, { productId: a.id, userId: admin.id, files: [await testJpeg(300, 300, 5)] });
  const [only] = await productImages(db, a.id);
  await removeProductImage(db, storage, { productId: a.id, userId: admin.id, index: 0 });
  for (const key of storedKeysOf(storage, only)) assert.equal(await storage.get(key), null, "files gone");
  const [entry] = await listAuditFor(db, "product", a.id);
  assert.equal(entry.action, "image_removed");
  assert.deepEqual(entry.details, { removed: only, changes: { images: { before: [only], after: [] } } });
  await assert.rejects(removeProductImage(db, storage, { productId: a.id, userId: admin.id, index: 0 }), NotFoundError);
});

test("[product images] a new order must be a permutation of the current list", async (db) => {
  const admin = await createUser(db, { role: "admin" });
  const product = await createProduct(db, { images: ["/a.jpg", "/b.jpg", "/c.jpg"] });
  const input = { productId: product.id, userId: admin.id };
  for (const images of [["/a.jpg", "/b.jpg"], ["/a.jpg", "/b.jpg", "/b.jpg"], ["/a.jpg", "/b.jpg", "/x.jpg"]]) {
    await assert.rejects(reorderProductImages(db, { ...input, images }), ValidationError, images.join());
  }
  assert.deepEqual(await reorderProductImages(db, { ...input, images: ["/c.jpg", "/a.jpg", "/b.jpg"] }), [
    "/c.jpg",
    "/a.jpg",
    "/b.jpg",
  ]);
  const moved = await imageOrderAfterMove(db, { productId: product.id, index: 2, direction: "left" });
  assert.deepEqual(moved, ["/c.jpg", "/b.jpg", "/a.jpg"]);
  await reorderProductImages(db, { ...input, images: moved });
  const atTheEnd = await imageOrderAfterMove(db, { productId: product.id, index: 0, direction: "left" });
  assert.deepEqual(atTheEnd, moved, "the first cannot go further left");
  assert.deepEqual(await reorderProductImages(db, { ...input, images: atTheEnd }), moved);
  const [row] = await db.select({ images: products.images }).from(products).where(eq(products.id, product.id));
  assert.deepEqual(row.images, ["/c.jpg", "/b.jpg", "/a.jpg"]);
  const log = await listAuditFor(db, "product", product.id);
  assert.deepEqual(log.map((e) => e.action), ["images_reordered", "images_reordered"]);
  assert.deepEqual(log[0].details, {
    changes: { images: { before: ["/c.jpg", "/a.jpg", "/b.jpg"], after: ["/c.jpg", "/b.jpg", "/a.jpg"] } },
  });
});

closeDatabase();
