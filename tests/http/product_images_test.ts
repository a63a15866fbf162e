/**
 * Product photos over HTTP: the JSON API (POST/DELETE/PUT /api/products/{id}/images...), the admin
 * form routes under /admin/products/{id}/images, who may call them, hostile inputs, and the storefront
 * showing the uploaded WebP sizes through srcset.
 */
import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { createProduct } from "../helpers/factories.ts";
import { corruptJpeg, PDF_BYTES, testJpeg, testPng, testWebp } from "../helpers/images.ts";
import { adminWithStorage, errorOf, form, outsiders, signedIn, upload } from "../helpers/uploads.ts";
import { listAuditFor } from "../../domains/admin_audit/mod.ts";
import { productImages, sniffImage, storedKeysOf } from "../../domains/media/mod.ts";
import { s3Storage } from "../../lib/s3_storage.ts";
import { startFakeS3 } from "../fakes/s3.ts";

const { test, closeDatabase } = useTestDatabase();

test(
  "[product images] visitors get 401 and customers 403 on every write route; reading products stays public",
  async (db, database) => {
    const product = await createProduct(db, { images: ["/a.jpg"] });
    const { visitor, customer } = await outsiders(db, database);
    const jpeg = await testJpeg(64, 64);
    for (const [client, status] of [[visitor, 401], [customer, 403]] as const) {
      await errorOf(
        await upload(client, `/api/products/${product.id}/images`, form([{ bytes: jpeg, name: "a.jpg" }])),
        status,
      );
      await errorOf(await client.request(`/api/products/${product.id}/images/0`, { method: "DELETE" }), status);
      await errorOf(
        await client.request(`/api/products/${product.id}/images?url=%2Fa.jpg`, { method: "DELETE" }),
        status,
      );
      await errorOf(
        await client.postJson(`/api/products/${product.id}/images/order`, { images: ["/a.jpg"] }, "PUT"),
        status,
      );
    }
    for (const path of [`/admin/products/${product.id}/images`]) {
      const v = await visitor.request(path, { method: "POST", body: form([{ bytes: jpeg, name: "a.jpg" }]) });
      assert.equal(v.status, 303);
      assert.match(v.headers.get("location") ?? "", /^\/login/);
      const c = await customer.request(path, { method: "POST", body: form([{ bytes: jpeg, name: "a.jpg" }]) });
      assert.equal(c.status, 303);
      assert.equal(c.headers.get("location"), "/");
    }
    assert.deepEqual(await productImages(db, product.id), ["/a.jpg"]);
    assert.equal((await visitor.get(`/api/products/${product.id}`)).status, 200);
    assert.equal((await visitor.get("/api/products")).status, 200);
  },
);

test(
  "[product images] an admin uploads JPEG, PNG and WebP; the WebP sizes are stored and the shop shows them with srcset",
  async (db, database) => {
    const product = await createProduct(db, { name: "Exo Terra Glass Terrarium", slug: "exo-terra-glass-terrarium" });
    const { storage, admin } = await adminWithStorage(db, database);
    const res = await upload(
      admin,
      `/api/products/${product.id}/images`,
      form([
        { bytes: await testJpeg(1500, 1500), name: "front.jpg" },
        { bytes: await testPng(700, 700), name: "side.png", type: "image/png" },
        { bytes: await testWebp(200, 200), name: "detail.webp", type: "image/webp" },
      ]),
    );
    assert.equal(res.status, 201, await res.clone().text());
    const { images } = await res.json();
    assert.equal(images.length, 3);
    assert.match(images[0], /^\/media\/products\/[0-9a-f]{32}-1200\.webp$/);
    assert.match(images[1], /-700\.webp$/);
    assert.match(images[2], /-200\.webp$/);
    assert.deepEqual(await productImages(db, product.id), images);
    // Every size is in storage, as WebP, and served under /media/.
    const keys = storedKeysOf(storage, images[0]);
    assert.deepEqual(keys.map((k) => k.replace(/^.*-/, "")), ["320.webp", "640.webp", "1200.webp"]);
    for (const key of keys) {
      const served = await admin.get(`/media/${key}`);
      assert.equal(served.status, 200);
      assert.equal(served.headers.get("content-type"), "image/webp");
      assert.equal(sniffImage(new Uint8Array(await served.arrayBuffer())), "webp");
    }
    const [entry] = await listAuditFor(db, "product", product.id);
    assert.equal(entry.action, "image_added");

    // Merchant centres take no WebP: the same path in .jpg is its JPEG rendition, drawn once and kept.
    const jpegKey = keys[2].replace(/\.webp$/, ".jpg");
    const jpeg = await admin.get(`/media/${jpegKey}`);
    assert.equal(jpeg.status, 200);
    assert.equal(jpeg.headers.get("content-type"), "image/jpeg");
    assert.equal(sniffImage(new Uint8Array(await jpeg.arrayBuffer())), "jpeg");
    assert.ok(await storage.get(jpegKey), "the rendition is stored beside the WebP");
    assert.equal((await admin.get("/media/products/no-such-image-1200.jpg")).status, 404, "no WebP, no JPEG");

    const page = await (await admin.get(`/product/${product.slug}`)).text();
    const base = images[0].replace(/-1200\.webp$/, "");
    assert.ok(
      page.includes(`srcSet="${base}-320.webp 320w, ${base}-640.webp 640w, ${base}-1200.webp 1200w"`),
      "the gallery's main image lists every size",
    );
    assert.match(page, /sizes="\(min-width: 1024px\) 600px, 100vw"/);
    // The listing card shows the main photo at card size.
    const listing = await (await admin.get("/products")).text();
    assert.ok(listing.includes(`src="${base}-640.webp"`), "the card loads the 640 px file");
    assert.ok(listing.includes(`${base}-320.webp 320w`));
  },
);

test("[product images] hostile uploads are 4xx with plain messages, never 500", async (db, database) => {
  const product = await createProduct(db);
  const { admin } = await adminWithStorage(db, database);
  const path = `/api/products/${product.id}/images`;
  const pdf = await errorOf(await upload(admin, path, form([{ bytes: PDF_BYTES, name: "photo.jpg" }])), 400);
  assert.equal(pdf, "Images must be JPEG, PNG or WebP files");
  const big = new Uint8Array(6 * 1024 * 1024);
  big.set(await testJpeg(32, 32));
  assert.equal(
    await errorOf(await upload(admin, path, form([{ bytes: big, name: "big.jpg" }])), 400),
    "Images must be 5 MB or smaller",
  );
  assert.equal(
    await errorOf(await upload(admin, path, form([{ bytes: corruptJpeg(), name: "broken.jpg" }])), 400),
    "The image could not be read",
  );
  // No file, a text field in place of the file, an unknown field with a NUL, not multipart at all.
  assert.equal(await errorOf(await upload(admin, path, new FormData()), 400), "Choose an image to upload");
  const text = new FormData();
  text.append("file", "not a file");
  assert.equal(await errorOf(await upload(admin, path, text), 400), "The field 'file' must hold image files");
  const extra = form([{ bytes: await testJpeg(32, 32), name: "a.jpg" }], { note: "x\u0000y" });
  assert.equal(await errorOf(await upload(admin, path, extra), 400), "Unexpected field in the upload");
  const nul = form([{ bytes: await testJpeg(32, 32), name: "a\u0000.jpg" }], { "note\u0000": "x" });
  await errorOf(await upload(admin, path, nul), 400);
  assert.equal(
    await errorOf(await admin.postJson(path, { file: "x" }), 400),
    "Send the images as multipart/form-data in the field 'file'",
  );
  // A broken multipart body.
  await errorOf(
    await upload(admin, path, '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc', {
      "Content-Type": "multipart/form-data; boundary=zzz",
    }),
    400,
  );
  // Ids out of range and unknown products.
  for (const id of ["2147483648", "0", "-1", "1.5", "abc"]) {
    await errorOf(
      await upload(admin, `/api/products/${id}/images`, form([{ bytes: await testJpeg(32, 32), name: "a.jpg" }])),
      400,
    );
  }
  await errorOf(
    await upload(admin, "/api/products/999999/images", form([{ bytes: await testJpeg(32, 32), name: "a.jpg" }])),
    404,
  );
  // A body announced larger than 8 x 5 MB is refused before it is read.
  const huge = await upload(admin, path, new Uint8Array(16), {
    "Content-Type": "multipart/form-data; boundary=zzz",
    "Content-Length": String(41 * 1024 * 1024 + 1),
  });
  assert.match(await errorOf(huge, 413), /too large/);
  assert.deepEqual(await productImages(db, product.id), []);
  assert.equal((await listAuditFor(db, "product", product.id)).length, 0);
});

test(
  "[product images] at most 8 images; delete by index or URL removes the files; reorder must be a permutation",
  async (db, database) => {
    const seven = Array.from({ length: 7 }, (_, i) => `https://example.com/${i}.jpg`);
    const product = await createProduct(db, { images: seven });
    const { storage, admin } = await adminWithStorage(db, database);
    const path = `/api/products/${product.id}/images`;
    const two = form([{ bytes: await testJpeg(80, 80, 1), name: "a.jpg" }, {
      bytes: await testJpeg(80, 80, 2),
      name: "b.jpg",
    }]);
    assert.equal(await errorOf(await upload(admin, path, two), 409), "A product can have at most 8 images");
    const ok = await upload(admin, path, form([{ bytes: await testJpeg(80, 80, 1), name: "a.jpg" }]));
    assert.equal(ok.status, 201);
    const { images } = await ok.json();
    assert.equal(images.length, 8);
    const ninth = await upload(admin, path, form([{ bytes: await testPng(80, 80, 3), name: "c.png" }]));
    assert.equal(await errorOf(ninth, 409), "A product can have at most 8 images");

    // Reorder: a permutation only; NUL and wrong shapes are 400.
    const reversed = [...images].reverse();
    for (
      const body of [{ images: images.slice(1) }, { images: [...images.slice(1), "/x.jpg"] }, { images: ["\u0000"] }, {
        images: "x",
      }, { images, extra: 1 }]
    ) {
      await errorOf(await admin.postJson(`${path}/order`, body, "PUT"), 400);
    }
    const put = await admin.postJson(`${path}/order`, { images: reversed }, "PUT");
    assert.equal(put.status, 200);
    assert.deepEqual((await put.json()).images, reversed);

    // Delete the uploaded one (now first) by index: its files go.
    const uploaded = reversed[0];
    const keys = storedKeysOf(storage, uploaded);
    assert.ok(keys.length >= 1 && (await storage.get(keys[0])));
    const del = await admin.request(`${path}/0`, { method: "DELETE" });
    assert.equal(del.status, 200);
    assert.deepEqual((await del.json()).images, reversed.slice(1));
    for (const key of keys) assert.equal(await storage.get(key), null, key);
    // By URL, then a URL that is not there, an index out of range.
    const byUrl = await admin.request(`${path}?url=${encodeURIComponent(reversed[1])}`, { method: "DELETE" });
    assert.equal(byUrl.status, 200);
    await errorOf(await admin.request(`${path}?url=${encodeURIComponent("/nope.jpg")}`, { method: "DELETE" }), 404);
    await errorOf(await admin.request(`${path}/7`, { method: "DELETE" }), 404);
    await errorOf(await admin.request(`${path}/8`, { method: "DELETE" }), 400);
    await errorOf(await admin.request(`${path}?url=%00`, { method: "DELETE" }), 400);
    const actions = (await listAuditFor(db, "product", product.id)).map((e) => e.action);
    assert.deepEqual(actions, ["image_removed", "image_removed", "images_reordered", "image_added"]);
  },
);

test(
  "[product images] the admin forms work without JavaScript: upload, move, delete, and refusals come back as toasts",
  async (db, database) => {
    const product = await createProduct(db, { name: "Habistat Heat Mat", images: ["/images/placeholder/a.svg"] });
    const { admin } = await adminWithStorage(db, database);
    const page = `/admin/products/${product.id}/images`;
    const html = await (await admin.get(page)).text();
    assert.match(html, /<h1[^>]*>Habistat Heat Mat<\/h1>/);
    assert.match(html, /enctype="multipart\/form-data"/i);
    assert.match(html, /1 of 8/);

    const up = await upload(admin, page, form([{ bytes: await testJpeg(400, 300), name: "mat.jpg" }], { back: page }));
    assert.equal(up.status, 303);
    assert.equal(up.headers.get("location"), page);
    let images = await productImages(db, product.id);
    assert.equal(images.length, 2);
    const after = await (await admin.get(page)).text();
    assert.match(after, /Image uploaded/);
    assert.match(after, /2 of 8/);

    const moved = await admin.postForm(`${page}/move`, {
      index: "1",
      direction: "left",
      back: `/admin/products/${product.id}`,
    });
    assert.equal(moved.status, 303);
    assert.equal(moved.headers.get("location"), `/admin/products/${product.id}`);
    assert.deepEqual(await productImages(db, product.id), [images[1], images[0]]);

    // A PDF comes back as a red toast on the same page; a foreign back link is ignored.
    const bad = await upload(
      admin,
      page,
      form([{ bytes: PDF_BYTES, name: "x.jpg" }], { back: "https://evil.example/" }),
    );
    assert.equal(bad.status, 303);
    assert.equal(bad.headers.get("location"), page);
    assert.match(await (await admin.get(page)).text(), /Images must be JPEG, PNG or WebP files/);
    const badMove = await admin.postForm(`${page}/move`, { index: "0", direction: "up" });
    assert.equal(badMove.status, 303);
    assert.match(await (await admin.get(page)).text(), /Choose left or right/);

    images = await productImages(db, product.id);
    const del = await admin.postForm(`${page}/0/delete`, { back: page });
    assert.equal(del.status, 303);
    assert.deepEqual(await productImages(db, product.id), [images[1]]);
    assert.equal((await admin.postForm(`/admin/products/2147483648/images/0/delete`, {})).status, 400);
    assert.equal((await admin.get(`/admin/products/999999/images`)).status, 404);
  },
);

test(
  "[product images] with object storage configured, uploads go to the bucket and /media/ serves them",
  async (db, database) => {
    const s3 = startFakeS3();
    try {
      const storage = s3Storage({ ...s3 });
      const product = await createProduct(db);
      const admin = await signedIn(db, database, "admin", storage);
      const res = await upload(
        admin,
        `/api/products/${product.id}/images`,
        form([{ bytes: await testJpeg(700, 500), name: "a.jpg" }]),
      );
      assert.equal(res.status, 201);
      const [url] = (await res.json()).images;
      assert.match(url, /^\/media\/products\/[0-9a-f]{32}-700\.webp$/);
      assert.equal(s3.objects.size, 3);
      const served = await admin.get(url);
      assert.equal(served.status, 200);
      assert.equal(served.headers.get("content-type"), "image/webp");
      assert.deepEqual(new Uint8Array(await served.arrayBuffer()), s3.objects.get(url.slice("/media/".length))?.bytes);
      // A corrupt second file: nothing of the first stays behind in the bucket.
      const mixed = form([{ bytes: await testJpeg(400, 300, 9), name: "ok.jpg" }, {
        bytes: corruptJpeg(),
        name: "bad.jpg",
      }]);
      assert.equal(
        await errorOf(await upload(admin, `/api/products/${product.id}/images`, mixed), 400),
        "The image could not be read",
      );
      assert.equal(s3.objects.size, 3);
    } finally {
      await s3.close();
    }
  },
);

closeDatabase();
