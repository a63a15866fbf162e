import assert from "node:assert/strict";
import decodeWebp from "@jsquash/webp/decode.js";
import { memoryStorage } from "../../lib/storage.ts";
import { ValidationError } from "../../lib/errors.ts";
import { corruptJpeg, PDF_BYTES, testJpeg, testPng, testWebp } from "../../tests/helpers/images.ts";
import {
  checkImage,
  deleteImageFiles,
  IMAGE_TOO_LARGE,
  IMAGE_UNREADABLE,
  IMAGE_WRONG_TYPE,
  imageDimensions,
  ingestImage,
  sniffImage,
  storedKeysOf,
} from "./mod.ts";

async function refused(promise: Promise<unknown> | (() => unknown), message: string | RegExp) {
  await assert.rejects(
    async () => await (typeof promise === "function" ? promise() : promise),
    (err: unknown) => {
      assert.ok(err instanceof ValidationError, `a ValidationError, got ${err}`);
      if (typeof message === "string") assert.equal(err.message, message);
      else assert.match(err.message, message);
      return true;
    },
  );
}

Deno.test("[media] the type comes from the first bytes and the size from the header", async () => {
  const jpeg = await testJpeg(640, 480);
  const png = await testPng(300, 200);
  const webp = await testWebp(120, 90);
  assert.equal(sniffImage(jpeg), "jpeg");
  assert.equal(sniffImage(png), "png");
  assert.equal(sniffImage(webp), "webp");
  assert.equal(sniffImage(PDF_BYTES), null);
  assert.deepEqual(imageDimensions("jpeg", jpeg), { width: 640, height: 480 });
  assert.deepEqual(imageDimensions("png", png), { width: 300, height: 200 });
  assert.deepEqual(imageDimensions("webp", webp), { width: 120, height: 90 });
});

Deno.test("[media] a 1600 px JPEG is stored as WebP at 320, 640 and 1200 px under its content hash", async () => {
  const storage = memoryStorage();
  const bytes = await testJpeg(1600, 1000);
  const stored = await ingestImage(storage, "products", bytes);
  assert.match(stored.url, /^\/media\/products\/[0-9a-f]{32}-1200\.webp$/);
  assert.deepEqual(stored.sizes.map((s) => [s.width, s.height]), [[320, 200], [640, 400], [1200, 750]]);
  for (const size of stored.sizes) {
    const file = await storage.get(size.key);
    assert.ok(file, size.key);
    assert.equal(file.contentType, "image/webp");
    assert.equal(sniffImage(file.bytes), "webp");
    const decoded = await decodeWebp(file.bytes.slice().buffer);
    assert.deepEqual([decoded.width, decoded.height], [size.width, size.height]);
  }
  // The same photo again lands on the same keys; another photo on others.
  assert.equal((await ingestImage(storage, "products", bytes)).url, stored.url);
  assert.notEqual((await ingestImage(storage, "products", await testJpeg(1600, 1000, 7))).url, stored.url);
});

Deno.test("[media] small images are never upscaled", async () => {
  const storage = memoryStorage();
  const stored = await ingestImage(storage, "categories", await testPng(500, 250));
  assert.match(stored.url, /^\/media\/categories\/[0-9a-f]{32}-500\.webp$/);
  assert.deepEqual(stored.sizes.map((s) => s.width), [320, 500]);
  const tiny = await ingestImage(storage, "products", await testWebp(100, 80));
  assert.deepEqual(tiny.sizes.map((s) => [s.width, s.height]), [[100, 80]]);
});

Deno.test("[media] wrong type, too large, unreadable and pixel bombs are refused with plain messages", async () => {
  const storage = memoryStorage();
  await refused(ingestImage(storage, "products", PDF_BYTES), IMAGE_WRONG_TYPE);
  const big = new Uint8Array(6 * 1024 * 1024);
  big.set(await testJpeg(64, 64));
  await refused(ingestImage(storage, "products", big), IMAGE_TOO_LARGE);
  await refused(ingestImage(storage, "products", corruptJpeg()), IMAGE_UNREADABLE);
  // A PNG header claiming 50,000 x 50,000 pixels is refused before anything is decoded.
  const png = await testPng(10, 10);
  const view = new DataView(png.buffer);
  view.setUint32(16, 50_000);
  view.setUint32(20, 50_000);
  await refused(() => checkImage(png), /40 megapixels/);
  // A real PNG header with its data cut off.
  await refused(ingestImage(storage, "products", (await testPng(300, 300)).slice(0, 60)), IMAGE_UNREADABLE);
  const webp = await testWebp(300, 300);
  await refused(ingestImage(storage, "products", webp.slice(0, 40)), IMAGE_UNREADABLE);
  assert.equal(await storage.get("products/x.webp"), null);
});

Deno.test("[media] deleting an image removes every size, and only this storage's files", async () => {
  const storage = memoryStorage();
  const stored = await ingestImage(storage, "products", await testJpeg(700, 700));
  assert.deepEqual(storedKeysOf(storage, stored.url), stored.sizes.map((s) => s.key));
  assert.deepEqual(storedKeysOf(storage, "https://cdn.example/products/abcdef0123456789-640.webp"), []);
  assert.deepEqual(storedKeysOf(storage, "/images/placeholder/gecko.svg"), []);
  await deleteImageFiles(storage, stored.url);
  for (const size of stored.sizes) assert.equal(await storage.get(size.key), null);
});
