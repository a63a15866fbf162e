import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { registerCustomer } from "../helpers/accounts.ts";
import { createProduct, createVariant } from "../helpers/factories.ts";
import { coupons } from "../../db/schema/mod.ts";
import type { Db } from "../../db/client.ts";

const { test, closeDatabase } = useTestDatabase();

async function shop(db: Db) {
  const mat = await createProduct(db, { name: "Heat Mat", slug: "heat-mat", price: "349.00", stock: 10 });
  const tongs = await createProduct(db, { name: "Feeder Tongs", slug: "feeder-tongs", price: "99.00", stock: 3 });
  const lamp = await createProduct(db, { name: "Basking Lamp", slug: "basking-lamp", price: "199.00", stock: 5 });
  const w75 = await createVariant(db, lamp.id, { name: "75W", price: "229.00", stock: 5 });
  await db.insert(coupons).values([
    {
      code: "WELCOME10",
      description: "10% off your first order",
      type: "first_time",
      value: "10",
      firstTimeOnly: true,
    },
    { code: "TENOFF", description: "10% off", type: "percentage", value: "10", userLimit: 5 },
    { code: "BUY2GET1", description: "Buy 2 get 1 free", type: "buy_x_get_y", value: "2", userLimit: 3 },
  ]);
  return { mat, tongs, lamp, w75 };
}

test("[cart api] a guest's cart lives on a guest session; totals are the server's", async (db, database) => {
  const { mat, lamp, w75 } = await shop(db);
  const guest = testClient(testApp(database));
  const empty = await (await guest.get("/api/cart")).json();
  assert.deepEqual([empty.items, empty.total], [[], 0]);
  assert.equal(guest.cookies.size, 0, "reading an empty cart starts no session");
  const add = await guest.postJson("/api/cart", { productId: mat.id, quantity: 2 });
  assert.equal(add.status, 201);
  assert.ok(guest.cookies.get("sid"), "the first add starts a guest session");
  await guest.postJson("/api/cart", { productId: lamp.id, variantId: w75.id, quantity: 1 });
  const cart = await (await guest.get("/api/cart")).json();
  assert.deepEqual(
    cart.items.map((i: { product: { name: string }; quantity: number }) => [i.product.name, i.quantity]),
    [
      ["Heat Mat", 2],
      ["Basking Lamp", 1],
    ],
  );
  assert.equal(cart.subtotal, 927);
  assert.equal(cart.itemCount, 3);
  const page = await (await guest.get("/categories")).text();
  assert.match(page, /data-cart-count="true"[^>]*>3</, "the header badge shows the quantity");
});

test(
  "[cart api] quantity rules: above stock is 409, 0 removes, bad input 400, others' lines 404",
  async (db, database) => {
    const { tongs } = await shop(db);
    const app = testApp(database);
    const a = testClient(app);
    const tooMany = await a.postJson("/api/cart", { productId: tongs.id, quantity: 4 });
    assert.equal(tooMany.status, 409);
    assert.equal((await tooMany.json()).error, "Only 3 of Feeder Tongs can be ordered.");
    const added = await (await a.postJson("/api/cart", { productId: tongs.id, quantity: 1 })).json();
    const lineId = added.cart.items[0].id;
    assert.equal((await a.postJson("/api/cart", { productId: tongs.id, quantity: 0 })).status, 400);
    assert.equal((await a.postJson("/api/cart", { productId: "x", quantity: 1 })).status, 400);
    assert.equal((await a.postJson("/api/cart", { productId: 999999, quantity: 1 })).status, 404);
    const b = testClient(app);
    await b.postJson("/api/cart", { productId: tongs.id, quantity: 1 });
    assert.equal(
      (await b.postJson(`/api/cart/${lineId}`, { quantity: 2 }, "PUT")).status,
      404,
      "another session's line",
    );
    assert.equal((await b.request(`/api/cart/${lineId}`, { method: "DELETE" })).status, 404);
    const patched = await a.postJson(`/api/cart/${lineId}`, { quantity: 3 }, "PATCH");
    assert.equal((await patched.json()).items[0].quantity, 3);
    const removed = await a.postJson(`/api/cart/${lineId}`, { quantity: 0 }, "PUT");
    assert.deepEqual((await removed.json()).items, []);
  },
);

test(
  "[coupons api] a fake cartTotal changes nothing; apply, validate and remove answer as the spec reads",
  async (db, database) => {
    const { mat } = await shop(db);
    const guest = testClient(testApp(database));
    await guest.postJson("/api/cart", { productId: mat.id, quantity: 1 });
    const applied = await guest.postJson("/api/cart/apply-coupon", { code: "tenoff", cartTotal: 1000000 });
    assert.equal(applied.status, 200);
    const body = await applied.json();
    assert.equal(body.success, true);
    assert.equal(body.coupon.code, "TENOFF");
    assert.equal(body.discount, 34.9, "10% of the server's R349, not of the client's total");
    assert.equal(body.cart.total, 314.1);
    const validate = await (await guest.postJson("/api/coupons/validate", { code: "BUY2GET1", cartTotal: 99999 }))
      .json();
    assert.deepEqual([validate.valid, validate.isValid, validate.message], [
      false,
      false,
      "Add 3 qualifying items to get one free.",
    ]);
    const firstOrder = await guest.postJson("/api/coupons/apply", { code: "WELCOME10" });
    assert.equal(firstOrder.status, 200, "a guest may hold a first-order coupon until signing in");
    assert.match((await firstOrder.json()).message, /Sign in or create an account at checkout/);
    const removed = await (await guest.postJson("/api/coupons/remove", {})).json();
    assert.equal(removed.message, "The coupon has been removed from your cart.");
    assert.equal(removed.cart.coupon, null);
  },
);

test("[cart] signing in merges the guest cart and keeps its coupon", async (db, database) => {
  const { mat, tongs } = await shop(db);
  const app = testApp(database);
  const client = testClient(app);
  await registerCustomer(client);
  await client.postJson("/api/cart", { productId: tongs.id, quantity: 2 });
  await client.postJson("/api/auth/logout", {});
  // As a guest again: three items and a coupon.
  await client.postJson("/api/cart", { productId: tongs.id, quantity: 2 });
  await client.postJson("/api/cart", { productId: mat.id, quantity: 1 });
  await client.postJson("/api/cart/apply-coupon", { code: "WELCOME10" }).then((r) => assert.equal(r.status, 200));
  const guestSid = client.cookies.get("sid");
  const login = await client.postJson("/api/auth/login", { username: "keeper", password: "Gecko-Keeper1" });
  assert.equal(login.status, 200);
  assert.notEqual(client.cookies.get("sid"), guestSid);
  const cart = await (await client.get("/api/cart")).json();
  assert.deepEqual(
    cart.items.map((i: { product: { name: string }; quantity: number }) => [i.product.name, i.quantity]).sort(),
    [["Feeder Tongs", 3], ["Heat Mat", 1]],
    "2 + 2 tongs capped at the 3 in stock",
  );
  assert.equal(cart.coupon.code, "WELCOME10", "a first order: the coupon still applies after signing in");
  assert.equal(cart.discount, 64.6, "10% of 3 × R99 + R349");
});

test("[cart pages] every action works as a plain form, with the spec's toasts", async (db, database) => {
  const { mat, tongs } = await shop(db);
  const client = testClient(testApp(database));
  const empty = await (await client.get("/cart")).text();
  assert.match(empty, /Your Cart is Empty/);
  assert.match(empty, /Start Shopping/);
  const add = await client.request("/cart", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Referer: "http://localhost:8000/product/heat-mat" },
    body: new URLSearchParams({ productId: String(mat.id), quantity: "2" }).toString(),
  });
  assert.equal(add.status, 303);
  assert.equal(add.headers.get("location"), "/product/heat-mat");
  assert.match(await (await client.get("/categories")).text(), /2 × Heat Mat added to your cart\./);
  await client.postForm("/cart", { productId: String(tongs.id), quantity: "1" });
  let html = await (await client.get("/cart")).text();
  assert.match(html, /Order Summary/);
  assert.match(html, /Calculated at checkout/);
  assert.match(html, /href="\/checkout"[^>]*>Proceed to Checkout/);
  assert.match(html, /href="\/product\/heat-mat"/);
  const lineId = html.match(/action="\/cart\/items\/(\d+)"/)![1];
  await client.postForm(`/cart/items/${lineId}`, { quantity: "3" });
  await client.postForm("/cart/coupon", { code: "tenoff" });
  html = await (await client.get("/cart")).text();
  assert.match(html, /Coupon Applied/);
  assert.match(html, /Discount \(TENOFF\)/);
  await client.postForm("/cart/coupon/remove", {});
  html = await (await client.get("/cart")).text();
  assert.match(html, /The coupon has been removed from your cart\./);
  await client.postForm("/cart/coupon", { code: "NOPE" });
  assert.match(await (await client.get("/cart")).text(), /Invalid Coupon/);
  const tooMany = await client.postForm("/cart", { productId: String(tongs.id), quantity: "9" });
  assert.equal(tooMany.status, 303);
  assert.match(await (await client.get("/cart")).text(), /Failed to add item to cart/);
  await client.postForm(`/cart/items/${lineId}/remove`, {});
  await client.postForm("/cart/clear", {});
  assert.match(await (await client.get("/cart")).text(), /Your Cart is Empty/);
});

closeDatabase();
