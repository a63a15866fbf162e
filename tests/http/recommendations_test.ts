/** /api/recommendations/*: statuses, defaults and limits, the product never in its own lists, view tracking, staff rebuild. */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { createCategory, createProduct } from "../helpers/factories.ts";
import { signedInAs } from "../helpers/staff.ts";
import type { Db } from "../../db/client.ts";
import { browsingHistory, productRecommendationLists, products } from "../../db/schema/mod.ts";

const { test, closeDatabase } = useTestDatabase();

async function catalogue(db: Db, n = 12) {
  const cat = await createCategory(db, { slug: "heating-lighting", name: "Heating & Lighting" });
  const list = [];
  for (let i = 0; i < n; i++) {
    list.push(await createProduct(db, { name: `Heat Lamp ${i}`, price: `${100 + i * 10}.00`, categoryId: cat.id }));
  }
  return { cat, list };
}

test(
  "[recommendations api] each list answers product JSON with the spec's default length, never the product itself",
  async (db, database) => {
    const { list } = await catalogue(db);
    const client = testClient(testApp(database));
    const id = list[5].id;
    for (
      const [path, expected] of [["similar", 6], ["frequently-bought", 4], ["cross-sell", 4], ["up-sell", 4]] as const
    ) {
      const res = await client.get(`/api/recommendations/${path}/${id}`);
      assert.equal(res.status, 200, path);
      const body = await res.json() as { id: number; price: number; slug: string }[];
      assert.equal(body.length, expected, path);
      assert.ok(body.every((p) => p.id !== id), `${path} never holds the product`);
      assert.ok(typeof body[0].slug === "string" && typeof body[0].price === "number");
    }
    const up = await (await client.get(`/api/recommendations/up-sell/${id}?limit=24`)).json() as { price: number }[];
    assert.equal(up.length, 6, "the six dearer products of the category, no cheaper one");
    assert.ok(up.every((p) => p.price >= 150));
    assert.equal((await (await client.get(`/api/recommendations/similar/${id}?limit=2`)).json()).length, 2);
    const trending = await client.get("/api/recommendations/trending");
    assert.equal((await trending.json()).length, 8);
  },
);

test("[recommendations api] hostile and unknown inputs answer 4xx, never 500", async (db, database) => {
  const { list } = await catalogue(db, 2);
  await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, list[1].id));
  const client = testClient(testApp(database));
  for (
    const path of [
      "/api/recommendations/similar/abc",
      "/api/recommendations/similar/0",
      "/api/recommendations/similar/2147483648",
      `/api/recommendations/similar/${list[0].id}?limit=0`,
      `/api/recommendations/similar/${list[0].id}?limit=25`,
      `/api/recommendations/similar/${list[0].id}?limit=x`,
      `/api/recommendations/up-sell/${list[0].id}?other=1`,
      "/api/recommendations/trending?categoryId=-1",
      "/api/recommendations/trending?limit=1e3",
    ]
  ) {
    assert.equal((await client.get(path)).status, 400, path);
  }
  assert.equal((await client.get(`/api/recommendations/similar/${list[1].id}`)).status, 404, "archived");
  assert.equal((await client.get("/api/recommendations/frequently-bought/999999")).status, 404);
  assert.equal((await client.get("/api/recommendations/trending?categoryId=999999")).status, 404);
  for (
    const body of [
      { productId: "x", timeSpent: 1 },
      { productId: 2 ** 31, timeSpent: 1 },
      { productId: list[0].id, timeSpent: "long" },
      { productId: list[0].id, timeSpent: 1, extra: true },
      [],
    ]
  ) {
    assert.equal((await client.postJson("/api/recommendations/track-view", body)).status, 400, JSON.stringify(body));
  }
  const archived = await client.postJson("/api/recommendations/track-view", { productId: list[1].id, timeSpent: 5 });
  assert.equal(archived.status, 404);
  assert.equal((await db.select().from(browsingHistory)).length, 0);
});

test(
  "[recommendations api] track-view keeps a visitor under an anonymous cookie and a customer under the account",
  async (db, database) => {
    const { list } = await catalogue(db, 2);
    const app = testApp(database);
    const visitor = testClient(app);
    const first = await visitor.postJson("/api/recommendations/track-view", { productId: list[0].id, timeSpent: 9999 });
    assert.equal(first.status, 200);
    const vid = visitor.cookies.get("rb_vid");
    assert.ok(vid && vid.length >= 16);
    await visitor.postJson("/api/recommendations/track-view", { productId: list[0].id, timeSpent: 30 });
    const customer = await signedInAs(db, database, "customer", app);
    await customer.postJson("/api/recommendations/track-view", { productId: list[0].id, timeSpent: 12.6 });
    const rows = await db.select().from(browsingHistory).orderBy(browsingHistory.id);
    assert.equal(rows.length, 2);
    assert.deepEqual([rows[0].sessionId, rows[0].userId, rows[0].viewCount, rows[0].timeSpent], [vid, null, 1, 3600]);
    assert.deepEqual([rows[1].userId, rows[1].viewCount, rows[1].timeSpent], [customer.userId, 1, 13]);
  },
);

test(
  "[recommendations api] personalized needs a sign-in; rebuild is staff only and answers counts",
  async (db, database) => {
    await catalogue(db, 10);
    const app = testApp(database);
    const visitor = testClient(app);
    assert.equal((await visitor.get("/api/recommendations/personalized")).status, 401);
    assert.equal((await visitor.postJson("/api/admin/recommendations/rebuild", {})).status, 401);
    const customer = await signedInAs(db, database, "customer", app);
    const mine = await customer.get("/api/recommendations/personalized");
    assert.equal(mine.status, 200);
    assert.equal((await mine.json()).length, 8);
    assert.equal((await customer.postJson("/api/admin/recommendations/rebuild", {})).status, 403);
    for (const role of ["admin", "super_admin"] as const) {
      const staff = await signedInAs(db, database, role, app);
      const res = await staff.postJson("/api/admin/recommendations/rebuild", {});
      assert.equal(res.status, 200, role);
      const body = await res.json();
      assert.equal(body.counts.category_popular, 10);
      // Each product's candidates are its 10 nearest dearer and 6 nearest cheaper products of the
      // category (decision 0059): the three dearest have 6, 7 and 8 entries, the others all 9.
      assert.equal(body.counts.similar_products, 10 * 9 - 3 - 2 - 1);
    }
    const stored = await db.select({ list: productRecommendationLists.similarProducts }).from(
      productRecommendationLists,
    );
    assert.equal(stored.length, 10, "one row per product");
    assert.equal(
      stored.reduce((n, r) => n + r.list.length, 0),
      84,
      "a second rebuild replaced the lists, it did not add to them",
    );
  },
);

closeDatabase();
