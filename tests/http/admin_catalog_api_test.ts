/**
 * The catalogue's staff API: who may write, what a product, variant and category write answers,
 * 409s on taken keys, hostile inputs, the audit trail and archived products leaving the storefront.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { signedInAs } from "../helpers/staff.ts";
import { createCategory, createProduct, createVariant } from "../helpers/factories.ts";
import { auditLogs, cartItems, orderItems, products } from "../../db/schema/mod.ts";
import { customerWithOrder } from "../helpers/orders.ts";

const { test, closeDatabase } = useTestDatabase();

const newProduct = { name: "Arcadia T5 UVB Kit 12%", sku: "ARC-T5-12", price: 899.5, description: "A UVB kit." };
const newVariant = {
  name: "60 cm",
  sku: "ARC-T5-60",
  price: 950,
  salePrice: null,
  stock: 4,
  dimensions: "60x45x45cm",
  preorder: false,
  preorderDiscount: null,
  arrivalDate: null,
};

test("[admin catalogue api] a visitor gets 401 and a customer 403 on every write route", async (db, database) => {
  const product = await createProduct(db);
  const variant = await createVariant(db, product.id);
  const category = await createCategory(db);
  const routes: [string, string, unknown][] = [
    ["POST", "/api/products", newProduct],
    ["PUT", `/api/products/${product.id}`, { name: "Changed" }],
    ["DELETE", `/api/products/${product.id}`, undefined],
    ["POST", `/api/products/${product.id}/variants`, newVariant],
    ["PUT", `/api/variants/${variant.id}`, { price: 1 }],
    ["DELETE", `/api/variants/${variant.id}`, undefined],
    ["POST", "/api/categories", { name: "Snakes" }],
    ["PUT", `/api/categories/${category.id}`, { name: "Changed" }],
    ["DELETE", `/api/categories/${category.id}`, undefined],
  ];
  const visitor = testClient(testApp(database));
  const customer = await signedInAs(db, database, "customer");
  for (const [method, path, body] of routes) {
    const v = await visitor.postJson(path, body ?? {}, method);
    assert.equal(v.status, 401, `visitor ${method} ${path}`);
    assert.equal((await v.json()).error, "Please login to access this page.");
    // A bad body must not reveal the route's rules to a customer either: the guard runs first.
    const c = await customer.postJson(path, body ?? {}, method);
    assert.equal(c.status, 403, `customer ${method} ${path}`);
  }
  const [after] = await db.select().from(products).where(eq(products.id, product.id));
  assert.equal(after.name, product.name);
  assert.equal(after.archivedAt, null);
  assert.equal((await db.select().from(auditLogs)).length, 0);
  // Public reads stay public.
  assert.equal((await visitor.get("/api/products")).status, 200);
  assert.equal((await visitor.get("/api/categories")).status, 200);
  assert.equal((await visitor.get(`/api/products/${product.id}/with-variants`)).status, 200);
});

test(
  "[admin catalogue api] create, edit and archive a product; the audit trail holds before and after",
  async (db, database) => {
    const admin = await signedInAs(db, database, "admin");
    const cat = await createCategory(db, { name: "Lighting", slug: "lighting" });
    const res = await admin.postJson("/api/products", { ...newProduct, categoryId: cat.id, featured: true });
    assert.equal(res.status, 201);
    assert.match(res.headers.get("content-type") ?? "", /application\/json/);
    const created = await res.json();
    assert.equal(created.slug, "arcadia-t5-uvb-kit-12");
    assert.equal(created.price, 899.5);
    assert.equal(created.featured, true);
    assert.equal(created.pudoEligible, true);
    assert.ok(created.id > 0);

    const put = await admin.postJson(
      `/api/products/${created.id}`,
      { price: 999, metaTitle: "UVB kit", weight: 1.25 },
      "PUT",
    );
    assert.equal(put.status, 200);
    const updated = await put.json();
    assert.equal(updated.price, 999);
    assert.equal(updated.name, newProduct.name, "a partial body leaves the other fields");
    assert.equal(updated.weight, 1.25);

    const audit = await (await admin.get(`/api/audit-logs/product/${created.id}`)).json();
    assert.deepEqual(audit.items.map((e: { action: string }) => e.action), ["update", "create"]);
    assert.equal(audit.items[0].userId, admin.userId);
    assert.deepEqual(audit.items[0].details.changes.price, { before: "899.50", after: "999.00" });
    assert.deepEqual(audit.items[0].details.changes.metaTitle, { before: null, after: "UVB kit" });
    assert.equal(audit.items[0].details.changes.name, undefined, "unchanged fields are not listed");
    assert.equal(audit.items[1].details.sku, "ARC-T5-12");

    const del = await admin.postJson(`/api/products/${created.id}`, {}, "DELETE");
    assert.equal(del.status, 200);
    const [row] = await db.select().from(products).where(eq(products.id, created.id));
    assert.ok(row.archivedAt, "DELETE archives, it does not delete");
    const afterArchive = await (await admin.get(`/api/audit-logs/product/${created.id}`)).json();
    assert.equal(afterArchive.items[0].action, "archive");

    // super_admin has every admin right.
    const boss = await signedInAs(db, database, "super_admin");
    const again = await boss.postJson("/api/products", { name: "Gecko Hide", sku: "HIDE-1", price: 120 });
    assert.equal(again.status, 201);
  },
);

test("[admin catalogue api] taken SKU and slug are 409 with a clear message", async (db, database) => {
  const admin = await signedInAs(db, database, "admin");
  await createProduct(db, { sku: "TAKEN-1", slug: "taken-slug" });
  const sku = await admin.postJson("/api/products", { ...newProduct, sku: "TAKEN-1" });
  assert.equal(sku.status, 409);
  assert.deepEqual(
    await sku.json(),
    {
      error: "A product with SKU TAKEN-1 already exists",
      message: "A product with SKU TAKEN-1 already exists",
      code: "duplicate_sku",
      field: "sku",
    },
    "a stable code and the field it concerns beside the text",
  );
  const slug = await admin.postJson("/api/products", { ...newProduct, slug: "taken-slug" });
  assert.equal(slug.status, 409);
  assert.deepEqual(
    { ...await slug.json(), message: undefined },
    {
      error: "A product with slug taken-slug already exists",
      message: undefined,
      code: "duplicate_slug",
      field: "slug",
    },
  );
  const mine = await (await admin.postJson("/api/products", newProduct)).json();
  const put = await admin.postJson(`/api/products/${mine.id}`, { sku: "TAKEN-1" }, "PUT");
  assert.equal(put.status, 409);

  // Variant SKUs are unique across every product.
  const other = await createProduct(db);
  await createVariant(db, other.id, { sku: "VAR-TAKEN" });
  const v = await admin.postJson(`/api/products/${mine.id}/variants`, { ...newVariant, sku: "VAR-TAKEN" });
  assert.equal(v.status, 409);
  const variantClash = await v.json();
  assert.equal(variantClash.error, "A variant with SKU VAR-TAKEN already exists");
  assert.equal(variantClash.code, "duplicate_sku");

  await createCategory(db, { slug: "snakes" });
  const cat = await admin.postJson("/api/categories", { name: "Snakes" });
  assert.equal(cat.status, 409);
  const categoryClash = await cat.json();
  assert.equal(categoryClash.error, "A category with slug snakes already exists");
  assert.equal(categoryClash.field, "slug");
});

test(
  "[admin catalogue api] hostile and wrong inputs are 4xx with the field's message, never 500",
  async (db, database) => {
    const admin = await signedInAs(db, database, "admin");
    const product = await createProduct(db, { price: "100.00" });
    const variant = await createVariant(db, product.id);
    const cases: [string, string, unknown, RegExp][] = [
      ["POST", "/api/products", { ...newProduct, price: -1 }, /^Price must be 0 or more$/],
      ["POST", "/api/products", { ...newProduct, salePrice: 899.5 }, /^Sale price must be below the price$/],
      ["POST", "/api/products", { ...newProduct, sku: "X".repeat(65) }, /^SKU must be 1 to 64 characters$/],
      ["POST", "/api/products", { ...newProduct, sku: "" }, /^SKU must be 1 to 64 characters$/],
      ["POST", "/api/products", { ...newProduct, name: "Bad\u0000name" }, /control characters/],
      ["POST", "/api/products", { ...newProduct, price: "12abc" }, /Price must be/],
      ["POST", "/api/products", { ...newProduct, stock: 1.5 }, /Stock must be a whole number/],
      ["POST", "/api/products", { ...newProduct, stock: -2 }, /Stock must be 0 or more/],
      ["POST", "/api/products", { ...newProduct, featured: "yes" }, /Featured must be true or false/],
      ["POST", "/api/products", { ...newProduct, categoryId: 2_147_483_648 }, /Category must be/],
      ["POST", "/api/products", { ...newProduct, categoryId: 999 }, /Category not found/],
      ["POST", "/api/products", { ...newProduct, extra: 1 }, /./],
      ["POST", "/api/products", [1, 2], /./],
      ["PUT", `/api/products/${product.id}`, { salePrice: 150 }, /^Sale price must be below the price$/],
      ["PUT", "/api/products/2147483648", { name: "x" }, /id must be a positive whole number/],
      ["PUT", "/api/products/999999", { name: "x" }, /Product Not Found/],
      ["POST", `/api/products/${product.id}/variants`, { ...newVariant, name: "" }, /^Name and SKU are required$/],
      ["POST", `/api/products/${product.id}/variants`, { ...newVariant, price: -5 }, /^Price must be 0 or more$/],
      ["POST", `/api/products/${product.id}/variants`, { ...newVariant, stock: -1 }, /Stock must be 0 or more/],
      ["POST", `/api/products/${product.id}/variants`, { ...newVariant, arrivalDate: "2026-02-31x" }, /arrival date/],
      ["POST", `/api/products/${product.id}/variants`, { ...newVariant, preorderDiscount: 101 }, /between 0 and 100/],
      ["POST", "/api/products/999999/variants", newVariant, /Product Not Found/],
      ["PUT", `/api/variants/${variant.id}`, { sku: "A\u0000B" }, /control characters/],
      ["PUT", `/api/variants/${variant.id}`, { salePrice: 500 }, /^Sale price must be below the price$/],
      ["DELETE", "/api/variants/99999999999", undefined, /id must be/],
      ["POST", "/api/categories", { name: "x", parentId: true }, /Parent category must be/],
      ["POST", "/api/categories", { name: "x", parentId: 424242 }, /Parent category not found/],
      ["POST", "/api/categories", { name: "x", image: "javascript:alert(1)" }, /Image must be/],
      ["POST", "/api/categories", { name: "!!!" }, /Slug is required/],
    ];
    for (const [method, path, body, message] of cases) {
      const res = await admin.postJson(path, body ?? {}, method);
      assert.ok(res.status >= 400 && res.status < 500, `${method} ${path} ${JSON.stringify(body)} -> ${res.status}`);
      const json = await res.json();
      assert.match(json.error, message, `${method} ${path} ${JSON.stringify(body)}`);
    }
    const malformed = await admin.request("/api/products", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    assert.equal(malformed.status, 400);
    const huge = await admin.postJson("/api/products", { ...newProduct, description: "x".repeat(70_000) });
    assert.equal(huge.status, 400);
    assert.equal((await db.select().from(auditLogs)).length, 0, "refused writes leave no audit entry");
  },
);

test("[admin catalogue api] variant writes keep the product's stock the sum of its variants", async (db, database) => {
  const admin = await signedInAs(db, database, "admin");
  const product = await createProduct(db, { stock: 0 });
  const stockOf = async () => (await db.select().from(products).where(eq(products.id, product.id)))[0].stock;

  const a = await admin.postJson(`/api/products/${product.id}/variants`, newVariant);
  assert.equal(a.status, 201);
  const va = await a.json();
  assert.ok(va.id > 0);
  assert.equal(va.dimensions, "60x45x45cm");
  assert.equal(await stockOf(), 4);
  const pre = await admin.postJson(`/api/products/${product.id}/variants`, {
    ...newVariant,
    name: "120 cm",
    sku: "ARC-T5-120",
    stock: 0,
    preorder: true,
    preorderDiscount: 10,
    arrivalDate: "2027-01-15",
  });
  assert.equal(pre.status, 201);
  const vp = await pre.json();
  assert.equal(vp.preorder, true);
  assert.equal(vp.arrivalDate, "2027-01-15");
  assert.equal(await stockOf(), 4);

  const put = await admin.postJson(`/api/variants/${va.id}`, { stock: 9, salePrice: 899 }, "PUT");
  assert.equal(put.status, 200);
  assert.equal((await put.json()).salePrice, 899);
  assert.equal(await stockOf(), 9);

  // Staff cannot set a figure that contradicts the variants.
  const direct = await admin.postJson(`/api/products/${product.id}`, { stock: 50 }, "PUT");
  assert.equal(direct.status, 400);
  assert.equal((await direct.json()).error, "The stock of a product with variants is the sum of its variants' stock");

  const full = await (await admin.get(`/api/products/${product.id}/with-variants`)).json();
  assert.deepEqual(full.variants.map((v: { sku: string }) => v.sku).sort(), ["ARC-T5-120", "ARC-T5-60"]);

  const del = await admin.postJson(`/api/variants/${va.id}`, {}, "DELETE");
  assert.equal(del.status, 200);
  assert.equal(await stockOf(), 0);
  assert.equal((await admin.postJson(`/api/variants/${va.id}`, {}, "DELETE")).status, 404);

  const audit = await (await admin.get(`/api/audit-logs/product_variant/${va.id}`)).json();
  assert.deepEqual(audit.items.map((e: { action: string }) => e.action), ["delete", "update", "create"]);
  assert.deepEqual(audit.items[1].details.changes.stock, { before: 4, after: 9 });
  assert.deepEqual(audit.items[1].details.changes.salePrice, { before: null, after: "899.00" });
  assert.equal(audit.items[0].details.sku, "ARC-T5-60");
});

test(
  "[admin catalogue api] categories: create, edit, delete refused while in use, never their own ancestor",
  async (db, database) => {
    const app = testApp(database);
    const admin = await signedInAs(db, database, "admin", app);
    // The header reads the cached list: warm it, then a write must show at once.
    assert.doesNotMatch(await (await admin.get("/")).text(), /Bioactive Supplies/);
    const res = await admin.postJson("/api/categories", { name: "Bioactive Supplies", position: 3 });
    assert.equal(res.status, 201);
    const top = await res.json();
    assert.equal(top.slug, "bioactive-supplies");
    assert.equal(top.level, 1);
    assert.match(await (await admin.get("/")).text(), /Bioactive Supplies/);

    const child = await (await admin.postJson("/api/categories", { name: "Springtails", parentId: top.id })).json();
    assert.equal(child.level, 2);
    const loop = await admin.postJson(`/api/categories/${top.id}`, { parentId: child.id }, "PUT");
    assert.equal(loop.status, 400);
    assert.match((await loop.json()).error, /cannot be placed inside itself/);
    const self = await admin.postJson(`/api/categories/${top.id}`, { parentId: top.id }, "PUT");
    assert.equal(self.status, 400);

    const edit = await admin.postJson(
      `/api/categories/${child.id}`,
      { description: "Clean-up crew", position: 7 },
      "PUT",
    );
    assert.equal(edit.status, 200);
    assert.equal((await edit.json()).position, 7);

    const withChild = await admin.postJson(`/api/categories/${top.id}`, {}, "DELETE");
    assert.equal(withChild.status, 409);
    assert.match((await withChild.json()).error, /sub-categor/);
    await createProduct(db, { categoryId: child.id, archivedAt: new Date() });
    const used = await admin.postJson(`/api/categories/${child.id}`, {}, "DELETE");
    assert.equal(used.status, 409);
    assert.equal(
      (await used.json()).error,
      "Springtails cannot be deleted: 1 product uses it. Move it to another category first.",
    );
    await db.update(products).set({ categoryId: null });
    assert.equal((await admin.postJson(`/api/categories/${child.id}`, {}, "DELETE")).status, 200);
    assert.equal((await admin.postJson(`/api/categories/${top.id}`, {}, "DELETE")).status, 200);
    const audit = await (await admin.get(`/api/audit-logs/category/${child.id}`)).json();
    assert.deepEqual(audit.items.map((e: { action: string }) => e.action), ["delete", "update", "create"]);
    assert.deepEqual(audit.items[1].details.changes.position, { before: 0, after: 7 });
  },
);

test("[admin catalogue api] an archived product leaves the storefront, carts and wishlists", async (db, database) => {
  const app = testApp(database);
  const admin = await signedInAs(db, database, "admin", app);
  const customer = await signedInAs(db, database, "customer", app);
  const cat = await createCategory(db, { name: "Hides", slug: "hides" });
  const gone = await createProduct(db, {
    name: "Cork Bark Hide",
    slug: "cork-bark-hide",
    categoryId: cat.id,
    featured: true,
    isNew: true,
  });
  await createProduct(db, { name: "Coconut Hide", slug: "coconut-hide", categoryId: cat.id });
  assert.equal((await customer.postJson("/api/cart", { productId: gone.id })).status, 201);

  assert.equal((await admin.postJson(`/api/products/${gone.id}`, {}, "DELETE")).status, 200);
  assert.equal((await db.select().from(cartItems).where(eq(cartItems.productId, gone.id))).length, 0);

  const visitor = testClient(app);
  assert.equal((await visitor.get("/product/cork-bark-hide")).status, 404);
  assert.equal((await visitor.get("/product/cork-bark-hide/amp")).status, 404);
  assert.equal((await visitor.get(`/api/products/${gone.id}`)).status, 404);
  assert.equal((await visitor.get("/api/products/slug/cork-bark-hide")).status, 404);
  assert.equal((await visitor.get(`/api/products/${gone.id}/with-variants`)).status, 404);
  assert.equal((await admin.get(`/api/products/${gone.id}/with-variants`)).status, 200, "staff still see it");
  const names = (list: { name: string }[]) => list.map((p) => p.name);
  assert.deepEqual(names((await (await visitor.get("/api/products")).json()).items), ["Coconut Hide"]);
  assert.deepEqual(names(await (await visitor.get("/api/products/featured")).json()), []);
  assert.deepEqual(names(await (await visitor.get("/api/products/new")).json()), []);
  assert.deepEqual(names((await (await visitor.get("/api/search?q=hide")).json()).items), ["Coconut Hide"]);
  assert.doesNotMatch(JSON.stringify(await (await visitor.get("/api/search/suggest?q=cork")).json()), /Cork/);
  assert.doesNotMatch(await (await visitor.get("/category/hides")).text(), /Cork Bark Hide/);
  assert.doesNotMatch(await (await visitor.get("/")).text(), /Cork Bark Hide/);
  assert.doesNotMatch(await (await visitor.get("/sitemap.xml")).text(), /cork-bark-hide/);
  const cats = await (await visitor.get("/api/categories")).json();
  assert.equal(cats[0].productCount, 1);

  const add = await customer.postJson("/api/cart", { productId: gone.id });
  assert.equal(add.status, 404);
  const wish = await customer.postJson("/api/wishlist", { productId: gone.id });
  assert.equal(wish.status, 404);
});

test("[admin catalogue api] an archived product's old orders still show their lines", async (db, database) => {
  const app = testApp(database);
  const buyer = testClient(app);
  const { order } = await customerWithOrder(db, buyer);
  const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const admin = await signedInAs(db, database, "admin", app);
  assert.equal((await admin.postJson(`/api/products/${line.productId}`, {}, "DELETE")).status, 200);
  const res = await buyer.get(`/api/orders/${order.id}`);
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.deepEqual(body.items.map((i: { name: string; quantity: number }) => [i.name, i.quantity]), [[
    "UVB Tube T5 24W",
    2,
  ]]);
  assert.match(await (await buyer.get(`/order/${order.id}`)).text(), /UVB Tube T5 24W/);
});

test("[admin catalogue api] staff set a replacement interval on a product and a category", async (db, database) => {
  const admin = await signedInAs(db, database, "admin");
  const made = await admin.postJson("/api/products", { ...newProduct, replacementMonths: 12 });
  assert.equal(made.status, 201);
  const product = await made.json();
  assert.equal(product.replacementMonths, 12);
  const cleared = await (await admin.postJson(`/api/products/${product.id}`, { replacementMonths: null }, "PUT"))
    .json();
  assert.equal(cleared.replacementMonths, null);
  const bad = await admin.postJson(`/api/products/${product.id}`, { replacementMonths: 0 }, "PUT");
  assert.equal(bad.status, 400);
  assert.match((await bad.json()).error, /Replace every \(months\)/);

  const cat = await (await admin.postJson("/api/categories", { name: "Water care", replacementMonths: 3 })).json();
  assert.equal(cat.replacementMonths, 3);
  const none = await (await admin.postJson("/api/categories", { name: "Hides" })).json();
  assert.equal(none.replacementMonths, null);
});

test(
  "[admin catalogue api] a product's low-stock alert level: set, cleared, 0 allowed, out of range refused",
  async (db, database) => {
    const admin = await signedInAs(db, database, "admin");
    const made = await admin.postJson("/api/products", { ...newProduct, sku: "CRK-TUB", lowStockAt: 20 });
    assert.equal(made.status, 201);
    const product = await made.json();
    assert.equal(product.lowStockAt, 20);
    const put = (body: unknown) => admin.postJson(`/api/products/${product.id}`, body, "PUT");
    assert.equal((await (await put({ lowStockAt: 0 })).json()).lowStockAt, 0, "0: low only when sold out");
    assert.equal((await (await put({ lowStockAt: null })).json()).lowStockAt, null, "null: the shop's default");
    for (
      const [value, message] of [[-1, /Low-stock alert must be 0 or more/], [1_000_001, /1000000 or less/], [
        2.5,
        /whole number/,
      ]] as const
    ) {
      const bad = await put({ lowStockAt: value });
      assert.equal(bad.status, 400);
      assert.match((await bad.json()).message, message);
    }
    const publicJson = await (await admin.get(`/api/products/${product.id}`)).json();
    assert.equal(publicJson.sku, "CRK-TUB");
    assert.equal("lowStockAt" in publicJson, false, "the public product answer does not show the reorder point");
  },
);

closeDatabase();
