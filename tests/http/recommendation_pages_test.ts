/** Recommendations on pages: the product page's two sections and 'Add all to cart', the home row, the staff page. */
import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { createCategory, createProducts, createVariant } from "../helpers/factories.ts";
import { signedInAs } from "../helpers/staff.ts";
import type { Db } from "../../db/client.ts";
import { cartItems, orderItems, orders, productRecommendationLists, recommendations } from "../../db/schema/mod.ts";

const { test, closeDatabase } = useTestDatabase();

async function shop(db: Db) {
  const heating = await createCategory(db, { slug: "heating-lighting", name: "Heating & Lighting" });
  const feeding = await createCategory(db, { slug: "feeding-supplies", name: "Feeding Supplies" });
  const [mat, stat, lamp, tongs, calcium] = await createProducts(db, [
    { name: "Habistat Heat Mat", slug: "heat-mat", price: "300.00", categoryId: heating.id },
    { name: "Habistat Mat Stat Thermostat", slug: "mat-stat", price: "450.00", categoryId: heating.id },
    { name: "Basking Lamp", slug: "lamp", price: "150.00", categoryId: heating.id },
    { name: "Feeder Tongs", slug: "tongs", price: "90.00", categoryId: feeding.id },
    { name: "Calcium Powder", slug: "calcium", price: "120.00", categoryId: feeding.id },
  ]);
  await createVariant(db, calcium.id, { name: "100g", stock: 0 });
  const calcium250 = await createVariant(db, calcium.id, { name: "250g", stock: 4 });
  // Two paid orders put the tongs and calcium with the heat mat.
  for (let i = 0; i < 2; i++) {
    const [o] = await db.insert(orders).values({
      orderNumber: `RB-P-${i}`,
      total: "1.00",
      status: "processing",
      paidAt: new Date(),
    })
      .returning();
    for (const p of [mat, tongs, calcium]) {
      await db.insert(orderItems).values({ orderId: o.id, productId: p.id, name: p.name, price: p.price, quantity: 1 });
    }
  }
  return { mat, stat, lamp, tongs, calcium, calcium250 };
}

function section(html: string, heading: string): string {
  const start = html.indexOf(`>${heading}</h2>`);
  assert.ok(start >= 0, `section ${heading}`);
  return html.slice(start, html.indexOf("</section>", start));
}

test(
  "[recommendation pages] product page: Similar Products and Frequently Bought Together, neither holding the product",
  async (db, database) => {
    const s = await shop(db);
    const client = testClient(testApp(database));
    const html = await (await client.get("/product/heat-mat")).text();
    const similar = section(html, "Similar Products");
    assert.match(similar, /href="\/product\/mat-stat"/);
    assert.doesNotMatch(similar, /href="\/product\/heat-mat"/);
    const together = section(html, "Frequently Bought Together");
    const order = [...together.matchAll(/href="\/product\/([a-z-]+)"/g)].map((m) => m[1]);
    // Bought together first (tied: the older product first), then the heat mat's complement, a thermostat.
    assert.deepEqual([...new Set(order)].slice(0, 3), ["tongs", "calcium", "mat-stat"]);
    assert.ok(!order.includes("heat-mat"));
    assert.match(together, /action="\/recommendations\/add-to-cart"/);
    assert.match(together, /Add all to cart/);
    assert.match(html, /data-island="ViewTracker"|ViewTracker/);
    assert.ok(s);
  },
);

test(
  "[recommendation pages] 'Add all to cart' adds one of each (a product with options: its first in stock) and returns to the product",
  async (db, database) => {
    const s = await shop(db);
    const client = testClient(testApp(database));
    const body = new URLSearchParams();
    body.append("from", String(s.mat.id));
    for (const p of [s.tongs, s.calcium, s.stat]) body.append("productId", String(p.id));
    const res = await client.request("/recommendations/add-to-cart", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body,
    });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get("location"), "/product/heat-mat");
    const lines = await db.select().from(cartItems);
    assert.equal(lines.length, 3);
    assert.equal(lines.find((l) => l.productId === s.calcium.id)?.variantId, s.calcium250.id);
    const page = await (await client.get("/product/heat-mat")).text();
    assert.match(page, /3 items added to your cart\./);
    // Hostile: no products, a bad id, too many.
    for (const ids of [[], ["x"], ["2147483648"], Array.from({ length: 9 }, () => String(s.tongs.id))]) {
      const form = new URLSearchParams(ids.map((id) => ["productId", id]));
      const r = await client.request("/recommendations/add-to-cart", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: form,
      });
      assert.equal(r.status, 303, ids.join(","));
    }
    assert.equal((await db.select().from(cartItems)).length, 3);
  },
);

test(
  "[recommendation pages] home: 'Trending Now' for visitors, 'Recommended for you' for a signed-in customer",
  async (db, database) => {
    await shop(db);
    const app = testApp(database);
    const visitor = await (await testClient(app).get("/")).text();
    assert.match(visitor, />Trending Now<\/h2>/);
    assert.doesNotMatch(visitor, /Recommended for you/);
    const customer = await signedInAs(db, database, "customer", app);
    const mine = await (await customer.get("/")).text();
    assert.match(mine, />Recommended for you<\/h2>/);
    assert.match(section(mine, "Recommended for you"), /href="\/product\//);
  },
);

test(
  "[recommendation pages] /admin/recommendations: staff rebuild with a form; customers are turned away",
  async (db, database) => {
    await shop(db);
    const app = testApp(database);
    const customer = await signedInAs(db, database, "customer", app);
    assert.equal((await customer.postForm("/admin/recommendations/rebuild", {})).status, 303);
    assert.equal((await db.select().from(recommendations)).length, 0);
    const admin = await signedInAs(db, database, "admin", app);
    const page = await (await admin.get("/admin/recommendations")).text();
    assert.match(page, /Rebuild recommendations/);
    assert.match(page, /Never/);
    const res = await admin.postForm("/admin/recommendations/rebuild", {});
    assert.equal(res.status, 303);
    const after = await (await admin.get("/admin/recommendations")).text();
    assert.match(after, /Recommendations rebuilt/);
    // A product's lists are one row per product (decision 0059).
    const lists = await db.select({ bought: productRecommendationLists.boughtTogether }).from(
      productRecommendationLists,
    );
    assert.ok(lists.some((l) => l.bought.length > 0));
  },
);

closeDatabase();
