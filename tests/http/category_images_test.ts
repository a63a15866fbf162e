/** A category's picture over HTTP: the API, the admin forms, who may call them, and the storefront card. */
import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { createCategory } from "../helpers/factories.ts";
import { PDF_BYTES, testJpeg, testPng } from "../helpers/images.ts";
import { adminWithStorage, errorOf, form, outsiders, upload } from "../helpers/uploads.ts";
import { listAuditFor } from "../../domains/admin_audit/mod.ts";
import { storedKeysOf } from "../../domains/media/mod.ts";

const { test, closeDatabase } = useTestDatabase();

test("[category image] only staff may change it: visitors 401, customers 403", async (db, database) => {
  const category = await createCategory(db);
  const { visitor, customer } = await outsiders(db, database);
  const body = () => form([{ bytes: PDF_BYTES, name: "x.jpg" }]);
  for (const [client, status] of [[visitor, 401], [customer, 403]] as const) {
    await errorOf(await upload(client, `/api/categories/${category.id}/image`, body()), status);
    await errorOf(await client.request(`/api/categories/${category.id}/image`, { method: "DELETE" }), status);
  }
  const c = await customer.request(`/admin/categories/${category.id}/image`, { method: "POST", body: body() });
  assert.equal(c.status, 303);
  assert.equal(c.headers.get("location"), "/");
  assert.equal((await visitor.get("/api/categories")).status, 200);
});

test(
  "[category image] an upload replaces the picture, the old files go, the card shows srcset",
  async (db, database) => {
    const category = await createCategory(db, { name: "Heating & Lighting", slug: "heating-lighting" });
    const { storage, admin } = await adminWithStorage(db, database);
    const path = `/api/categories/${category.id}/image`;
    const first = await upload(admin, path, form([{ bytes: await testJpeg(1400, 700), name: "banner.jpg" }]));
    assert.equal(first.status, 200);
    const { image } = await first.json();
    assert.match(image, /^\/media\/categories\/[0-9a-f]{32}-1200\.webp$/);
    for (const key of storedKeysOf(storage, image)) assert.ok(await storage.get(key), key);
    const home = await (await admin.get("/categories")).text();
    const base = image.replace(/-1200\.webp$/, "");
    assert.ok(home.includes(`${base}-320.webp 320w, ${base}-640.webp 640w, ${base}-1200.webp 1200w`), "card srcset");

    const second = await upload(
      admin,
      path,
      form([{ bytes: await testPng(300, 150), name: "b.png", type: "image/png" }]),
    );
    assert.equal(second.status, 200);
    const replaced = (await second.json()).image;
    assert.match(replaced, /-300\.webp$/);
    for (const key of storedKeysOf(storage, image)) assert.equal(await storage.get(key), null, `${key} deleted`);

    assert.equal((await admin.request(path, { method: "DELETE" })).status, 200);
    for (const key of storedKeysOf(storage, replaced)) assert.equal(await storage.get(key), null, `${key} deleted`);
    const log = await listAuditFor(db, "category", category.id);
    assert.deepEqual(log.map((e) => e.action), ["image_removed", "image_changed", "image_changed"]);
    assert.deepEqual(log[0].details, { changes: { image: { before: replaced, after: null } } });

    // Hostile and wrong inputs.
    assert.equal(
      await errorOf(await upload(admin, path, form([{ bytes: PDF_BYTES, name: "x.jpg" }])), 400),
      "Images must be JPEG, PNG or WebP files",
    );
    const two = form([{ bytes: await testJpeg(50, 50), name: "a.jpg" }, {
      bytes: await testJpeg(60, 60),
      name: "b.jpg",
    }]);
    await errorOf(await upload(admin, path, two), 400);
    await errorOf(
      await upload(admin, "/api/categories/2147483648/image", form([{ bytes: PDF_BYTES, name: "x" }])),
      400,
    );
    await errorOf(
      await upload(admin, "/api/categories/999999/image", form([{ bytes: await testJpeg(50, 50), name: "a.jpg" }])),
      404,
    );

    // The form route: back to the edit page with a toast.
    const page = `/admin/categories/${category.id}`;
    const posted = await upload(
      admin,
      `${page}/image`,
      form([{ bytes: await testJpeg(200, 100), name: "c.jpg" }], { back: "/admin/categories" }),
    );
    assert.equal(posted.status, 303);
    assert.equal(posted.headers.get("location"), "/admin/categories");
    const bad = await upload(admin, `${page}/image`, form([{ bytes: PDF_BYTES, name: "c.jpg" }], { back: "//evil" }));
    assert.equal(bad.headers.get("location"), page);
    const removed = await admin.postForm(`${page}/image/delete`, { back: page });
    assert.equal(removed.status, 303);
    assert.equal((await listAuditFor(db, "category", category.id))[0].action, "image_removed");
  },
);

closeDatabase();
