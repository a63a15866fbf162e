/**
 * A product's one edit screen and its actions: option types, generate variants, duplicate, image alt
 * text (JSON actions and their plain-form twins): who may call them, CSRF, refused input (4xx,
 * never 500), the audit trail, and the storefront's option selects.
 */
import assert from "node:assert/strict";
import { asc, eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { signedInAs } from "../helpers/staff.ts";
import { createProduct, createVariant } from "../helpers/factories.ts";
import { auditLogs, products, productVariants } from "../../db/schema/mod.ts";

const { test, closeDatabase } = useTestDatabase();

const OPTIONS = { options: [{ name: "Size", values: ["Small", "Large"] }, { name: "UVB", values: ["5%", "10%"] }] };

test(
  "[product options] a visitor gets 401, a customer 403 and a cross-site request 403 on every new write",
  async (db, database) => {
    const product = await createProduct(db, { images: ["/media/products/a.webp"] });
    const routes: [string, string, unknown][] = [
      ["PUT", `/api/products/${product.id}/options`, OPTIONS],
      ["POST", `/api/products/${product.id}/variants/generate`, {}],
      ["POST", `/api/products/${product.id}/duplicate`, {}],
      ["PUT", `/api/products/${product.id}/images/0/alt`, { alt: "A lamp" }],
    ];
    const visitor = testClient(testApp(database));
    const customer = await signedInAs(db, database, "customer");
    const admin = await signedInAs(db, database, "admin");
    for (const [method, path, body] of routes) {
      assert.equal((await visitor.postJson(path, body, method)).status, 401, `visitor ${method} ${path}`);
      assert.equal((await customer.postJson(path, body, method)).status, 403, `customer ${method} ${path}`);
      const crossSite = await admin.request(path, {
        method,
        headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
        body: JSON.stringify(body),
      });
      assert.equal(crossSite.status, 403, `cross-site ${method} ${path}`);
    }
    const forms = [`/admin/products/${product.id}/options`, `/admin/products/${product.id}/duplicate`];
    for (const path of forms) {
      const res = await admin.request(path, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
        body: "option1Name=Size&option1Values=S",
      });
      assert.equal(res.status, 403, `cross-site form ${path}`);
    }
    assert.equal((await db.select().from(products)).length, 1, "nothing was duplicated");
    assert.equal((await db.select().from(auditLogs)).length, 0);
  },
);

test(
  "[product options] refused options: a fourth option, too many values, empty values, control characters",
  async (db, database) => {
    const product = await createProduct(db);
    const admin = await signedInAs(db, database, "admin");
    const put = (body: unknown) => admin.postJson(`/api/products/${product.id}/options`, body, "PUT");
    const cases: [unknown, string][] = [
      [
        { options: [1, 2, 3, 4].map((n) => ({ name: `O${n}`, values: ["a"] })) },
        "A product can have at most 3 options",
      ],
      [{ options: [{ name: "Size", values: Array.from({ length: 21 }, (_, i) => `S${i}`) }] }, "at most 20 values"],
      [{ options: [{ name: "Size", values: ["Small", ""] }] }, "Option values cannot be empty"],
      [{ options: [{ name: "Size", values: [] }] }, "Each option needs at least one value"],
      [{ options: [{ name: "Si\u0007ze", values: ["Small"] }] }, "control characters"],
      [{ options: [{ name: "Size", values: ["Sm\u0000all"] }] }, "control characters"],
      [{ options: "Size" }, "Options must be a list"],
      [{ options: [], extra: 1 }, ""],
    ];
    for (const [body, message] of cases) {
      const res = await put(body);
      assert.equal(res.status, 400, JSON.stringify(body));
      const json = await res.json();
      assert.equal(typeof json.message, "string");
      if (message) assert.match(JSON.stringify(json), new RegExp(message.replace(/[()]/g, "\\$&")));
    }
    for (const bad of ["/api/products/0/options", "/api/products/99999999999/options", "/api/products/abc/options"]) {
      const res = await admin.postJson(bad, OPTIONS, "PUT");
      assert.ok(res.status >= 400 && res.status < 500, `${bad}: ${res.status}`);
    }
    assert.equal((await admin.postJson("/api/products/2147483647/options", OPTIONS, "PUT")).status, 404);
    const [row] = await db.select().from(products).where(eq(products.id, product.id));
    assert.deepEqual(row.options, []);
  },
);

test("[product options] set options, generate the 2x2 matrix, again adds nothing; audited", async (db, database) => {
  const product = await createProduct(db, { sku: "T5", price: "349.00" });
  const admin = await signedInAs(db, database, "admin");
  const res = await admin.postJson(`/api/products/${product.id}/options`, OPTIONS, "PUT");
  assert.equal(res.status, 200);
  assert.deepEqual((await res.json()).options, OPTIONS.options);
  const gen = await admin.postJson(`/api/products/${product.id}/variants/generate`, {});
  assert.equal(gen.status, 200);
  const body = await gen.json();
  assert.equal(body.message, "4 variants added");
  assert.deepEqual(body.created.map((v: { name: string; sku: string; price: number }) => [v.name, v.sku, v.price]), [
    ["Small / 5%", "T5-SMALL-5", 349],
    ["Small / 10%", "T5-SMALL-10", 349],
    ["Large / 5%", "T5-LARGE-5", 349],
    ["Large / 10%", "T5-LARGE-10", 349],
  ]);
  const again = await (await admin.postJson(`/api/products/${product.id}/variants/generate`, {})).json();
  assert.equal(again.message, "Every combination already has a variant");
  const actions = (await db.select().from(auditLogs).orderBy(asc(auditLogs.id))).map((e) =>
    `${e.entityType}:${e.action}`
  );
  assert.deepEqual(actions, ["product:update", ...Array(4).fill("product_variant:create")]);
  // The plain forms: options typed comma-separated, then Generate.
  const other = await createProduct(db, { sku: "MAT" });
  const saved = await admin.postForm(`/admin/products/${other.id}/options`, {
    option1Name: "Length",
    option1Values: "60 cm, 90 cm",
    option2Name: "",
    option2Values: "",
  });
  assert.equal(saved.status, 303);
  const generated = await admin.postForm(`/admin/products/${other.id}/variants/generate`, {});
  assert.equal(generated.status, 303);
  const names = (await db.select().from(productVariants).where(eq(productVariants.productId, other.id)))
    .map((v) => v.name);
  assert.deepEqual(names.sort(), ["60 cm", "90 cm"]);
  // A refused options form comes back with its values and the reason, not an error page.
  const refused = await admin.postForm(`/admin/products/${other.id}/options`, {
    option1Name: "Length",
    option1Values: "60 cm, 60 cm",
  });
  assert.equal(refused.status, 400);
  const html = await refused.text();
  assert.match(html, /Length lists 60 cm twice/);
  assert.match(html, /value="60 cm, 60 cm"/);
});

test(
  "[duplicate] POST duplicate answers the draft copy; the form redirects to the copy's edit page",
  async (db, database) => {
    const product = await createProduct(db, { name: "Basking Lamp", slug: "basking-lamp", sku: "BL-1", stock: 5 });
    await createVariant(db, product.id, { sku: "BL-1-50W", stock: 3 });
    const admin = await signedInAs(db, database, "admin");
    const res = await admin.postJson(`/api/products/${product.id}/duplicate`, {});
    assert.equal(res.status, 201);
    const copy = await res.json();
    assert.deepEqual([copy.name, copy.slug, copy.sku, copy.status, copy.stock], [
      "Copy of Basking Lamp",
      "copy-of-basking-lamp",
      "BL-1-COPY",
      "draft",
      0,
    ]);
    const form = await admin.postForm(`/admin/products/${product.id}/duplicate`, {});
    assert.equal(form.status, 303);
    const [second] = await db.select().from(products).where(eq(products.slug, "copy-of-basking-lamp-2"));
    assert.equal(form.headers.get("location"), `/admin/products/${second.id}`);
    const page = await admin.get(`/admin/products/${second.id}`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /Draft: only staff see this product/);
    // The copy is a draft: not on the storefront.
    assert.equal((await testClient(testApp(database)).get(`/product/${copy.slug}`)).status, 404);
    assert.equal((await admin.postJson("/api/products/2147483647/duplicate", {})).status, 404);
  },
);

test("[image alt] alt text by JSON and by form; refused text is a 4xx", async (db, database) => {
  const a = "/media/products/a.webp";
  const product = await createProduct(db, { images: [a] });
  const admin = await signedInAs(db, database, "admin");
  const res = await admin.postJson(`/api/products/${product.id}/images/0/alt`, { alt: "Lamp, lit" }, "PUT");
  assert.equal(res.status, 200);
  assert.deepEqual((await res.json()).imageAlts, { [a]: "Lamp, lit" });
  for (const body of [{ alt: "a\u0000b" }, { alt: "x".repeat(201) }, { alt: 5 }, { alt: "x", more: 1 }]) {
    const bad = await admin.postJson(`/api/products/${product.id}/images/0/alt`, body, "PUT");
    assert.equal(bad.status, 400, JSON.stringify(body));
  }
  assert.equal((await admin.postJson(`/api/products/${product.id}/images/3/alt`, { alt: "x" }, "PUT")).status, 404);
  assert.equal((await admin.postJson(`/api/products/${product.id}/images/9/alt`, { alt: "x" }, "PUT")).status, 400);
  const form = await admin.postForm(`/admin/products/${product.id}/images/0/alt`, {
    alt: "Lamp on a tank",
    back: `/admin/products/${product.id}`,
  });
  assert.equal(form.status, 303);
  assert.equal(form.headers.get("location"), `/admin/products/${product.id}`);
  const [row] = await db.select().from(products).where(eq(products.id, product.id));
  assert.deepEqual(row.imageAlts, { [a]: "Lamp on a tank" });
  const edit = await (await admin.get(`/admin/products/${product.id}`)).text();
  assert.match(edit, /alt="Lamp on a tank"/);
});

test(
  "[product page] a product with options shows a select per option; one without keeps the variant choice",
  async (db, database) => {
    const product = await createProduct(db, {
      slug: "t5-kit",
      options: [{ name: "Size", values: ["Small", "Large"] }, { name: "UVB", values: ["5%", "10%"] }],
    });
    for (const [size, uvb] of [["Small", "5%"], ["Small", "10%"], ["Large", "5%"], ["Large", "10%"]]) {
      await createVariant(db, product.id, { name: `${size} / ${uvb}`, optionValues: [size, uvb], stock: 2 });
    }
    const plain = await createProduct(db, { slug: "plain-kit" });
    await createVariant(db, plain.id, { name: "45 cm", stock: 2 });
    await createVariant(db, plain.id, { name: "60 cm", stock: 2 });
    const visitor = testClient(testApp(database));
    const html = await (await visitor.get("/product/t5-kit")).text();
    assert.match(html, /<select[^>]*data-option="Size"/);
    assert.match(html, /<select[^>]*data-option="UVB"/);
    assert.match(html, /<label[^>]*>Size<\/label>/);
    const plainHtml = await (await visitor.get("/product/plain-kit")).text();
    assert.doesNotMatch(plainHtml, /data-option=/);
    assert.match(plainHtml, /data-variant-option=/);
  },
);

closeDatabase();
