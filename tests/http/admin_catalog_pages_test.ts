/**
 * The catalogue's admin pages: who gets in, the dashboard's Products & Variants tab, /admin/products
 * (filters, forms without JavaScript, field errors, 409s, archive) and /admin/categories (upload,
 * delete refused while in use).
 */
import assert from "node:assert/strict";
import { testPng } from "../helpers/images.ts";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { signedInAs } from "../helpers/staff.ts";
import { createCategory, createProduct, createSubcategory, createVariant } from "../helpers/factories.ts";
import { failingDatabase, loggedWhile, productListReads } from "../helpers/failing_db.ts";
import { auditLogs, categories, products, users } from "../../db/schema/mod.ts";
import { memoryStorage } from "../../lib/storage.ts";

const { test, closeDatabase } = useTestDatabase();

const productForm = {
  name: "Exo Terra Water Dish Large",
  sku: "EXO-DISH-L",
  slug: "",
  description: "A heavy resin dish.",
  price: "189.90",
  salePrice: "",
  stock: "12",
  categoryId: "",
  brand: "Exo Terra",
  pudoEligible: "on",
};

test(
  "[admin catalogue pages] visitors are sent to sign in, customers refused, admin and super_admin let in",
  async (db, database) => {
    const product = await createProduct(db);
    const category = await createCategory(db);
    const pages = [
      "/admin/products",
      "/admin/products/new",
      `/admin/products/${product.id}`,
      "/admin/categories",
      "/admin/categories/new",
      `/admin/categories/${category.id}`,
      `/admin?tab=products&product=${product.id}`,
    ];
    const visitor = testClient(testApp(database));
    for (const path of pages) {
      const res = await visitor.get(path);
      assert.equal(res.status, 303, path);
      assert.equal(res.headers.get("location"), `/login?redirect=${encodeURIComponent(path)}`);
    }
    assert.match(await (await visitor.get("/login")).text(), /Authentication Required/);
    for (const path of ["/admin/products", `/admin/products/${product.id}/archive`, "/admin/categories"]) {
      assert.equal((await visitor.postForm(path, { name: "x" })).status, 303, `POST ${path}`);
    }
    const customer = await signedInAs(db, database, "customer");
    for (const path of pages) {
      const res = await customer.get(path);
      assert.equal(res.status, 303, path);
      assert.equal(res.headers.get("location"), "/");
    }
    assert.equal((await customer.postForm(`/admin/products/${product.id}/archive`, {})).status, 303);
    assert.equal((await customer.postForm(`/admin/categories/${category.id}/delete`, {})).status, 303);
    assert.match(await (await customer.get("/")).text(), /Access Denied/);
    const [still] = await db.select().from(products).where(eq(products.id, product.id));
    assert.equal(still.archivedAt, null);
    assert.equal((await db.select().from(categories)).length, 1);

    for (const role of ["admin", "super_admin"] as const) {
      const staff = await signedInAs(db, database, role);
      for (const path of pages) assert.equal((await staff.get(path)).status, 200, `${role} ${path}`);
    }
  },
);

test(
  "[admin catalogue pages] the dashboard tab lists products and opens the variant editor of the chosen one",
  async (db, database) => {
    const admin = await signedInAs(db, database, "admin");
    const long = "Full-spectrum UVB for desert species. ".repeat(6);
    const lamp = await createProduct(db, { name: "Desert UVB Lamp", featured: true, isNew: true, description: long });
    await createVariant(db, lamp.id, { name: "T5 24W", sku: "UVB-24", price: "450.00", salePrice: "399.00", stock: 3 });
    await createVariant(db, lamp.id, { name: "T5 54W", sku: "UVB-54", price: "650.00", stock: 0 });
    await createVariant(db, lamp.id, { name: "T5 80W", sku: "UVB-80", price: "850.00", stock: 0, preorder: true });
    const bare = await createProduct(db, { name: "Bare Product" });

    await db.update(users).set({ firstName: "Pieter" }).where(eq(users.username, "admin"));
    const tab = await (await admin.get("/admin")).text();
    assert.match(tab, /Hello admin, signed in as Admin\./, "spec 001: the greeting shows the username and role");
    assert.match(tab, /Products &amp; Variants/);
    assert.match(tab, /Select a product to view and manage variants/);
    assert.match(tab, new RegExp(`href="/admin\\?tab=products&amp;product=${lamp.id}"`));
    assert.match(tab, /Desert UVB Lamp[\s\S]*?ID: <!-- -->\d+[\s\S]*?Featured[\s\S]*?New/);

    const html = await (await admin.get(`/admin?tab=products&product=${lamp.id}`)).text();
    assert.match(html, /data-island="VariantEditor"/);
    assert.match(html, new RegExp(`${long.slice(0, 100).trim()}`));
    assert.match(html, /Full-spectrum UVB for de\.\.\.<\/p>/, "the description is cut to 100 characters");
    assert.match(html, />Audit Logs</);
    assert.match(html, />Add Variant</);
    for (const th of ["Name", "SKU", "Price", "Stock", "Status", "Actions"]) {
      assert.match(
        html,
        new RegExp(`>${th}</th>`),
      );
    }
    assert.match(html, /R\s399,00[\s\S]*?<s[^>]*>R\s450,00<\/s>/, "sale price with the regular price struck through");
    assert.match(html, /UVB-24[\s\S]*?In Stock/);
    assert.match(html, /UVB-54[\s\S]*?Out of Stock/);
    assert.match(html, /UVB-80[\s\S]*?Pre-order/);

    const empty = await (await admin.get(`/admin?tab=products&product=${bare.id}`)).text();
    assert.match(empty, /This product has no variants yet/);
    assert.match(empty, /Add First Variant/);

    // Without JavaScript the audit log opens from the link.
    await admin.postJson(`/api/products/${lamp.id}`, { price: 10 }, "PUT");
    const audit = await (await admin.get(`/admin?tab=products&product=${lamp.id}&audit=product`)).text();
    assert.match(audit, /Audit Logs: Desert UVB Lamp/);
    assert.match(audit, />Date<\/th>[\s\S]*>User<\/th>[\s\S]*>Action<\/th>[\s\S]*>Details<\/th>/);
    assert.match(audit, />update</);
    const none = await (await admin.get(`/admin?tab=products&product=${bare.id}&audit=product`)).text();
    assert.match(none, /No audit logs found/);
    assert.equal((await admin.get("/admin?tab=products&product=99999999999")).status, 200);
    const found = await (await admin.get("/admin?tab=products&q=bare")).text();
    assert.deepEqual([...found.matchAll(/data-product-id="(\d+)"/g)].map((m) => Number(m[1])), [bare.id]);
    assert.equal(
      (await admin.get("/admin?tab=products&q=%00")).status,
      400,
      "a control character is refused at the edge",
    );
  },
);

test(
  "[admin catalogue pages] the product list says 'Error loading products' when it cannot be read",
  async (db, database) => {
    await createProduct(db);
    const app = testApp(failingDatabase(database, productListReads));
    const admin = await signedInAs(db, database, "admin", app);
    const { result: html, logged } = await loggedWhile(async () => await (await admin.get("/admin")).text());
    assert.match(html, /Error loading products/);
    assert.equal(logged[0]?.message, "admin product list failed", "the failure is logged for staff to find");
  },
);

test(
  "[admin catalogue pages] /admin/products filters by name or SKU, category, stock and archived, and pages",
  async (db, database) => {
    const admin = await signedInAs(db, database, "admin");
    const lights = await createCategory(db, { name: "Lights", slug: "lights" });
    await createProduct(db, { name: "Basking Spot 75W", sku: "SPOT-75", categoryId: lights.id, stock: 3 });
    await createProduct(db, { name: "Ceramic Heater", sku: "CHE-100", stock: 0 });
    // Low at 20 (its own alert), and one that is never low while in stock (alert 0).
    await createProduct(db, { name: "Crickets Tub", sku: "CRK-50", stock: 12, lowStockAt: 20 });
    await createProduct(db, { name: "Cork Bark", sku: "CORK-1", stock: 2, lowStockAt: 0 });
    await createProduct(db, { name: "Old Heat Mat", sku: "MAT-OLD", stock: 40, archivedAt: new Date() });
    // 43 in all, but the large size is down to 3: low (decision 0111); a pre-order size at 0 is not.
    const mats = await createProduct(db, { name: "Heat Mat Range", sku: "MAT-R", stock: 43 });
    await createVariant(db, mats.id, { name: "Small", sku: "MAT-R-S", stock: 40 });
    await createVariant(db, mats.id, { name: "Large", sku: "MAT-R-L", stock: 3 });
    await createVariant(db, mats.id, { name: "XL", sku: "MAT-R-XL", stock: 0, preorder: true });
    for (let i = 0; i < 23; i++) await createProduct(db, { name: `Zz Filler ${i}`, sku: `FILL-${i}`, stock: 50 });
    const names = (html: string) =>
      [...html.matchAll(/data-product-row="\d+"[\s\S]*?class="font-semibold[^"]*">([^<]+)</g)].map((m) => m[1]);

    assert.deepEqual(names(await (await admin.get("/admin/products?q=spot")).text()), ["Basking Spot 75W"]);
    assert.deepEqual(names(await (await admin.get("/admin/products?q=che-1")).text()), ["Ceramic Heater"]);
    assert.deepEqual(names(await (await admin.get(`/admin/products?category=${lights.id}`)).text()), [
      "Basking Spot 75W",
    ]);
    const low = await (await admin.get("/admin/products?stock=low")).text();
    assert.deepEqual(names(low), ["Basking Spot 75W", "Crickets Tub", "Heat Mat Range"]);
    assert.match(low, /12(<!-- -->)? \(low\)/, "low at its own alert level");
    assert.match(low, /43 \(a variant at 3\)/, "the total says a variant made it low");
    // Its page's variant table marks the Large, not the Small nor the pre-order XL.
    const page = await (await admin.get(`/admin/products/${mats.id}`)).text();
    assert.deepEqual([...page.matchAll(/data-variant-low[^>]*>([^<]+)</g)].map((m) => m[1]), ["3 (low)"]);
    assert.deepEqual(names(await (await admin.get("/admin/products?stock=out")).text()), ["Ceramic Heater"]);
    assert.deepEqual(names(await (await admin.get("/admin/products?archived=archived")).text()), ["Old Heat Mat"]);
    assert.deepEqual(names(await (await admin.get("/admin/products?q=%25")).text()), [], "% is a plain character");
    const first = await (await admin.get("/admin/products")).text();
    assert.equal(names(first).length, 25);
    assert.match(first, /28 products/);
    assert.match(first, /href="\/admin\/products\?page=2"/);
    assert.equal(names(await (await admin.get("/admin/products?page=2")).text()).length, 3);
    assert.equal((await admin.get("/admin/products?stock=lots")).status, 400);
    assert.equal((await admin.get("/admin/products?q=a%00b")).status, 400);
  },
);

test(
  "[admin catalogue pages] a product is created, edited and archived with plain form posts",
  async (db, database) => {
    const admin = await signedInAs(db, database, "admin");
    const res = await admin.postForm("/admin/products", { ...productForm, featured: "on" });
    assert.equal(res.status, 303);
    const location = res.headers.get("location")!;
    assert.match(location, /^\/admin\/products\/\d+$/);
    const id = Number(location.split("/").pop());
    const [created] = await db.select().from(products).where(eq(products.id, id));
    assert.equal(created.slug, "exo-terra-water-dish-large");
    assert.equal(created.price, "189.90");
    assert.equal(created.featured, true);
    assert.equal(created.isNew, false);
    assert.equal(created.stock, 12);
    const page = await (await admin.get(location)).text();
    assert.match(page, /Product created/);
    assert.match(page, /value="189.90"/);
    assert.match(page, /Images/, "the images panel is on the edit page");

    // Field errors come back on the form with the values sent.
    const bad = await admin.postForm("/admin/products", { ...productForm, sku: "NEW-1", price: "-3" });
    assert.equal(bad.status, 400);
    const badHtml = await bad.text();
    assert.match(badHtml, /Price must be 0 or more/);
    assert.match(badHtml, /value="NEW-1"/);
    const taken = await admin.postForm("/admin/products", { ...productForm, name: "Another dish" });
    assert.equal(taken.status, 409);
    assert.match(await taken.text(), /A product with SKU EXO-DISH-L already exists/);

    // Edit: every field of the form, flags off when unticked.
    const edit = await admin.postForm(location, {
      ...productForm,
      price: "199.00",
      salePrice: "179.00",
      metaTitle: "Large water dish",
      fbGtin: "6001234567890",
      googleProductCategoryId: "5026",
      weight: "1.2",
      length: "30",
      width: "25",
      height: "6",
      lowStockAt: "15",
    });
    assert.equal(edit.status, 303);
    const [edited] = await db.select().from(products).where(eq(products.id, id));
    assert.equal(edited.salePrice, "179.00");
    assert.equal(edited.featured, false);
    assert.equal(edited.fbGtin, "6001234567890");
    assert.equal(edited.weight, "1.200");
    assert.equal(edited.lowStockAt, 15);
    const after = await (await admin.get(location)).text();
    assert.match(after, /Product saved/);
    assert.match(after, /name="lowStockAt"[^>]*value="15"|value="15"[^>]*name="lowStockAt"/);
    const priceChange = /data-audit-change="price">([^<]*)</.exec(after)?.[1] ?? "";
    assert.match(priceChange, /189,90.*-&gt;.*199,00/, "the audit log reads the old price -> the new one");
    assert.match(after, /data-raw-details/, "the raw entry one click away");

    // A product with variants has no stock field; its stock follows the variants.
    await createVariant(db, id, { stock: 2 });
    assert.doesNotMatch(await (await admin.get(location)).text(), /name="stock"/);

    const archive = await admin.postForm(`${location}/archive`, {});
    assert.equal(archive.status, 303);
    assert.match(await (await admin.get(location)).text(), /Archived: this product is hidden/);
    assert.equal((await testClient(testApp(database)).get(`/product/${edited.slug}`)).status, 404);
    assert.equal((await admin.postForm(`${location}/unarchive`, {})).status, 303);
    assert.equal((await testClient(testApp(database)).get(`/product/${edited.slug}`)).status, 200);
    const actions = (await db.select().from(auditLogs).where(eq(auditLogs.entityId, id))).map((a) => a.action);
    assert.deepEqual(actions.sort(), ["archive", "create", "unarchive", "update"]);
  },
);

test(
  "[admin catalogue pages] categories: upload an image, refuse deleting a used one, delete an unused one",
  async (db, database) => {
    const storage = memoryStorage();
    const app = testApp(database, {}, storage);
    const admin = await signedInAs(db, database, "admin", app);
    const png = await testPng(40, 30);
    const form = new FormData();
    form.set("name", "Feeding Supplies");
    form.set("position", "4");
    form.set("imageFile", new File([png as Uint8Array<ArrayBuffer>], "feed.png", { type: "image/png" }));
    const res = await admin.request("/admin/categories", { method: "POST", body: form });
    assert.equal(res.status, 303);
    const [cat] = await db.select().from(categories).where(eq(categories.slug, "feeding-supplies"));
    assert.match(cat.image ?? "", /^\/media\/categories\/[0-9a-f]+-\d+\.webp$/);
    assert.equal((await app.request(cat.image!)).status, 200, "the uploaded image is served");
    assert.match(await (await admin.get("/admin/categories")).text(), /Feeding Supplies/);

    const notImage = new FormData();
    notImage.set("name", "Fake");
    notImage.set("imageFile", new File([new TextEncoder().encode("<svg/>")], "x.png"));
    const refused = await admin.request("/admin/categories", { method: "POST", body: notImage });
    assert.equal(refused.status, 400);
    assert.match(await refused.text(), /Images must be JPEG, PNG or WebP files/);

    await createProduct(db, { categoryId: cat.id });
    const del = await admin.postForm(`/admin/categories/${cat.id}/delete`, {});
    assert.equal(del.status, 303);
    assert.equal(del.headers.get("location"), `/admin/categories/${cat.id}`);
    assert.match(await (await admin.get(del.headers.get("location")!)).text(), /1 product uses it/);
    await db.update(products).set({ categoryId: null });
    assert.equal((await admin.postForm(`/admin/categories/${cat.id}/delete`, {})).status, 303);
    assert.equal((await db.select().from(categories)).length, 0);

    const loop = await createCategory(db, { name: "Parent", slug: "parent" });
    const child = await createSubcategory(db, loop, { name: "Child", slug: "child" });
    const edit = await admin.postForm(`/admin/categories/${loop.id}`, {
      name: "Parent",
      slug: "parent",
      parentId: String(child.id),
      position: "0",
    });
    assert.equal(edit.status, 400);
    assert.match(await edit.text(), /cannot be placed inside itself/);
  },
);

closeDatabase();
