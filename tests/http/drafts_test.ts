/**
 * Draft products (issue 32 item 2, decision 0069): a draft is never shown to shoppers, in every
 * place the storefront shows products (one row of the table each), while staff create, see and
 * publish it in the admin, the publishing audited like any other edit.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { type TestClient, testClient } from "../helpers/client.ts";
import { signedInAs } from "../helpers/staff.ts";
import { createCategory, createProduct } from "../helpers/factories.ts";
import { auditLogs, productRecommendationLists, products } from "../../db/schema/mod.ts";
import { rebuildRecommendations } from "../../domains/recommendations/build.ts";
import { findByRetailerIds } from "../../domains/feeds/mod.ts";
import type { Db } from "../../db/client.ts";

const { test, closeDatabase } = useTestDatabase();

const DRAFT = { name: "Cork Bark Hide", slug: "cork-bark-hide", sku: "CORK-HIDE" };

/** Whether a response's text names the draft (by name, slug or SKU). */
const names = (text: string) => /Cork Bark Hide|cork-bark-hide|CORK-HIDE/.test(text);

type Place = [place: string, shown: (ctx: { visitor: TestClient; customer: TestClient; db: Db }) => Promise<boolean>];

/** Every place a shopper meets products, and whether the draft shows there. */
const PLACES: Place[] = [
  ["product page", async ({ visitor }) => (await visitor.get(`/product/${DRAFT.slug}`)).status !== 404],
  ["AMP product page", async ({ visitor }) => (await visitor.get(`/product/${DRAFT.slug}/amp`)).status !== 404],
  [
    "product API by slug",
    async ({ visitor }) => (await visitor.get(`/api/products/slug/${DRAFT.slug}`)).status !== 404,
  ],
  ["category listing", async ({ visitor }) => names(await (await visitor.get("/category/hides")).text())],
  ["products API listing", async ({ visitor }) => names(await (await visitor.get("/api/products")).text())],
  ["featured list", async ({ visitor }) => names(await (await visitor.get("/api/products/featured")).text())],
  ["new arrivals list", async ({ visitor }) => names(await (await visitor.get("/api/products/new")).text())],
  ["home page", async ({ visitor }) => names(await (await visitor.get("/")).text())],
  ["search", async ({ visitor }) => names(await (await visitor.get("/api/search?q=hide")).text())],
  ["search page", async ({ visitor }) => names(await (await visitor.get("/search?q=hide")).text())],
  ["search suggestions", async ({ visitor }) => names(await (await visitor.get("/api/search/suggest?q=cork")).text())],
  [
    "category counts",
    async ({ visitor }) => (await (await visitor.get("/api/categories")).json())[0].productCount !== 1,
  ],
  ["sitemap", async ({ visitor }) => {
    // A small shop's sitemap is one file; a large one's an index of files: read them all.
    const index = await (await visitor.get("/sitemap.xml")).text();
    const files = [...index.matchAll(/<loc>https?:\/\/[^/]+(\/sitemaps\/[^<]+)<\/loc>/g)].map((m) => m[1]);
    const texts = await Promise.all(files.map(async (f) => await (await visitor.get(f)).text()));
    return [index, ...texts].some(names);
  }],
  ["Google XML feed", async ({ visitor }) => names(await (await visitor.get("/feeds/google.xml")).text())],
  ["Meta CSV feed", async ({ visitor }) => names(await (await visitor.get("/feeds/meta.csv")).text())],
  ["Meta commerce API", async ({ visitor }) => names(await (await visitor.get("/api/meta-commerce/products")).text())],
  ["similar products (stored lists)", async ({ visitor, db }) => {
    const [other] = await db.select().from(products).where(eq(products.slug, "coconut-hide"));
    return names(await (await visitor.get(`/api/recommendations/similar/${other.id}?limit=24`)).text());
  }],
  [
    "trending",
    async ({ visitor }) => names(await (await visitor.get("/api/recommendations/trending?limit=24")).text()),
  ],
  ["cart add", async ({ customer, db }) => {
    const [draft] = await db.select().from(products).where(eq(products.slug, DRAFT.slug));
    const res = await customer.postJson("/api/cart", { productId: draft.id });
    if (res.status === 404) assert.equal((await res.json()).error, "Product not found");
    return res.status !== 404;
  }],
  ["wishlist add", async ({ customer, db }) => {
    const [draft] = await db.select().from(products).where(eq(products.slug, DRAFT.slug));
    return (await customer.postJson("/api/wishlist", { productId: draft.id })).status !== 404;
  }],
  ["WhatsApp retailer-id matching", async ({ db }) => (await findByRetailerIds(db, [DRAFT.sku])).size > 0],
];

test("[drafts] a draft is absent from every place a shopper meets products", async (db, database) => {
  const app = testApp(database);
  const cat = await createCategory(db, { name: "Hides", slug: "hides" });
  const draft = await createProduct(db, { ...DRAFT, categoryId: cat.id, featured: true, isNew: true });
  await createProduct(db, { name: "Coconut Hide", slug: "coconut-hide", sku: "COCO-HIDE", categoryId: cat.id });
  // The recommendations job ran while it was active: its stored lists hold it.
  await rebuildRecommendations(db);
  const stored = await db.select().from(productRecommendationLists);
  assert.ok(stored.some((l) => l.similarProducts.includes(draft.id)), "the stored lists hold the product");
  await db.update(products).set({ status: "draft" }).where(eq(products.id, draft.id));

  const ctx = {
    db,
    visitor: testClient(app),
    customer: await signedInAs(db, database, "customer", app),
  };
  const shownIn: string[] = [];
  for (const [place, shown] of PLACES) if (await shown(ctx)) shownIn.push(place);
  assert.deepEqual(shownIn, [], "the draft was shown in these places");

  // The same reads do show it once it is active: the table's checks can see a product.
  await db.update(products).set({ status: "active" }).where(eq(products.id, draft.id));
  const fresh = { ...ctx, visitor: testClient(testApp(database)) };
  const hiddenIn: string[] = [];
  for (const [place, shown] of PLACES) if (!await shown(fresh)) hiddenIn.push(place);
  assert.deepEqual(hiddenIn, [], "the active product was missing from these places");
});

test("[drafts] staff create a draft, see it in the admin, publish it (audited), and shoppers then see it", async (
  db,
  database,
) => {
  const app = testApp(database);
  const admin = await signedInAs(db, database, "admin", app);
  const visitor = testClient(app);
  const cat = await createCategory(db, { name: "Hides", slug: "hides" });

  const bad = await admin.postJson("/api/products", { name: "X", sku: "X-1", price: 1, status: "hidden" });
  assert.equal(bad.status, 400);
  assert.match(JSON.stringify(await bad.json()), /Status must be draft or active/);
  const badTime = await admin.postJson("/api/products", { name: "X", sku: "X-1", price: 1, publishAt: "soon" });
  assert.equal(badTime.status, 400);
  assert.match(JSON.stringify(await badTime.json()), /Publish at must be a date and time such as 2026-12-01T09:00/);
  const scheduled = await admin.postJson("/api/products", {
    name: "Heat Mat",
    sku: "MAT-1",
    price: 299,
    status: "draft",
    publishAt: "2026-12-01T09:00",
  });
  const mat = await scheduled.json();
  assert.equal(mat.publishAt, "2026-12-01T07:00:00.000Z", "a time without an offset is South African time");
  assert.match(
    await (await admin.get(`/admin/products/${mat.id}`)).text(),
    /name="publishAt"[^>]*value="2026-12-01T09:00"|value="2026-12-01T09:00"[^>]*name="publishAt"/,
  );
  const plain = await admin.postJson("/api/products", { name: "Water Bowl", sku: "BOWL-1", price: 49 });
  assert.equal((await plain.json()).status, "active", "active unless given");

  const created = await admin.postJson("/api/products", {
    name: DRAFT.name,
    sku: DRAFT.sku,
    price: 189.9,
    stock: 5,
    categoryId: cat.id,
    status: "draft",
  });
  assert.equal(created.status, 201);
  const product = await created.json();
  assert.equal(product.status, "draft");
  assert.equal((await visitor.get(`/product/${product.slug}`)).status, 404);

  // The admin list shows it with its status, and filters by status.
  const list = await (await admin.get("/admin/products")).text();
  assert.match(list, new RegExp(`data-product-row="${product.id}"`));
  const drafts = await (await admin.get("/admin/products?status=draft")).text();
  assert.match(drafts, /Cork Bark Hide/);
  assert.doesNotMatch(drafts, /Water Bowl/);
  assert.match(drafts, /Heat Mat/);
  const active = await (await admin.get("/admin/products?status=active")).text();
  assert.doesNotMatch(active, /Cork Bark Hide/);
  assert.match(active, /Water Bowl/);
  assert.equal((await admin.get("/admin/products?status=gone")).status, 400);
  const edit = await (await admin.get(`/admin/products/${product.id}`)).text();
  assert.match(edit, /<option value="draft" selected="">Draft/);
  assert.match(edit, /Draft: only staff see this product/);
  assert.equal((await admin.get(`/api/products/${product.id}/with-variants`)).status, 200, "staff read it");

  // Publishing through the product form (every field posted, as the browser does).
  const form: Record<string, string> = {};
  for (const m of edit.matchAll(/<input[^>]* name="([^"]+)"[^>]*value="([^"]*)"/g)) form[m[1]] = m[2];
  const saved = await admin.postForm(`/admin/products/${product.id}`, {
    ...form,
    name: DRAFT.name,
    sku: DRAFT.sku,
    price: "189.90",
    description: "",
    categoryId: String(cat.id),
    status: "active",
  });
  assert.equal(saved.status, 303, await saved.clone().text());
  const page = await visitor.get(`/product/${product.slug}`);
  assert.equal(page.status, 200);
  assert.match(await (await visitor.get("/api/search?q=cork")).text(), /Cork Bark Hide/);

  const entries = await db.select().from(auditLogs).where(eq(auditLogs.entityId, product.id));
  const publish = entries.find((e) => e.action === "update");
  assert.ok(publish, "the publishing is audited");
  assert.deepEqual((publish.details as { changes: Record<string, unknown> }).changes.status, {
    before: "draft",
    after: "active",
  });

  // Back to draft through the API: off the shop again, audited, and out of carts.
  const customer = await signedInAs(db, database, "customer", app);
  assert.equal((await customer.postJson("/api/cart", { productId: product.id })).status, 201);
  const back = await admin.postJson(`/api/products/${product.id}`, { status: "draft" }, "PUT");
  assert.equal(back.status, 200);
  assert.equal((await visitor.get(`/product/${product.slug}`)).status, 404);
  assert.doesNotMatch(await (await customer.get("/api/cart")).text(), /Cork Bark Hide/);
});

closeDatabase();
