import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { CUSTOMER_PASSWORD, registerCustomer } from "../helpers/accounts.ts";
import { createProduct } from "../helpers/factories.ts";

const { test, closeDatabase } = useTestDatabase();

test("[wishlist api] add, check, list, remove; visitors get 401; adding twice is harmless", async (db, database) => {
  const hide = await createProduct(db, { name: "Cork Hide", slug: "cork-hide" });
  const app = testApp(database);
  const visitor = testClient(app);
  assert.equal((await visitor.get("/api/wishlist")).status, 401);
  assert.equal((await visitor.postJson("/api/wishlist", { productId: hide.id })).status, 401);
  const me = testClient(app);
  await registerCustomer(me);
  assert.equal((await me.postJson("/api/wishlist", { productId: hide.id })).status, 201);
  assert.equal((await me.postJson("/api/wishlist", { productId: hide.id })).status, 200);
  assert.equal((await me.postJson("/api/wishlist", { productId: 999999 })).status, 404);
  assert.deepEqual(await (await me.get(`/api/wishlist/check/${hide.id}`)).json(), { inWishlist: true });
  const list = await (await me.get("/api/wishlist")).json();
  // An entry is the product: its id is the one DELETE takes.
  assert.deepEqual(list.map((e: { id: number; name: string }) => [e.id, e.name]), [[hide.id, "Cork Hide"]]);
  assert.equal((await me.request(`/api/wishlist/${hide.id}`, { method: "DELETE" })).status, 200);
  assert.equal((await me.request(`/api/wishlist/${hide.id}`, { method: "DELETE" })).status, 404);
  assert.deepEqual(await (await me.get(`/api/wishlist/check/${hide.id}`)).json(), { inWishlist: false });
});

test("[wishlist] a visitor who saves a product signs in and finds it saved", async (db, database) => {
  const hide = await createProduct(db, { name: "Cork Hide", slug: "cork-hide" });
  const app = testApp(database);
  await registerCustomer(testClient(app));
  const visitor = testClient(app);
  const page = await (await visitor.get("/product/cork-hide")).text();
  assert.match(page, /data-island="WishlistButton"/);
  assert.match(page, />Add to Wishlist</);
  const toggle = await visitor.postForm("/wishlist/toggle", {
    productId: String(hide.id),
    returnPath: "/product/cork-hide",
  });
  assert.equal(toggle.status, 303);
  const login = toggle.headers.get("location")!;
  assert.match(login, /^\/login\?wishlist=true&returnPath=%2Fproduct%2Fcork-hide&addToWishlist=\d+$/);
  assert.match(await (await visitor.get(login)).text(), /Please log in to add items to your wishlist\./);
  const signedIn = await visitor.postForm(login, { username: "keeper", password: CUSTOMER_PASSWORD });
  assert.equal(signedIn.status, 303);
  assert.equal(signedIn.headers.get("location"), "/product/cork-hide");
  const after = await (await visitor.get("/product/cork-hide")).text();
  assert.match(after, /Added to Wishlist/);
  assert.match(after, />In Wishlist</);
  const wishlist = await (await visitor.get("/wishlist")).text();
  assert.match(wishlist, /Cork Hide/);
  await visitor.postForm(`/wishlist/${hide.id}/remove`, {});
  assert.match(await (await visitor.get("/wishlist")).text(), /Your wishlist is empty/);
  const anonymous = await testClient(app).get("/wishlist");
  assert.equal(anonymous.status, 303);
  assert.equal(anonymous.headers.get("location"), "/login?redirect=%2Fwishlist");
});

test(
  "[wishlist] the heart refuses an unknown product both ways and a visitor's bad id, and saves nothing",
  async (_db, database) => {
    const app = testApp(database);
    const visitor = testClient(app);
    assert.equal((await visitor.postJson("/api/wishlist/toggle", { productId: 1 })).status, 401);
    assert.equal((await visitor.postForm("/wishlist/toggle", { productId: "x", returnPath: "/" })).status, 400);
    const me = testClient(app);
    await registerCustomer(me);
    const json = await me.postJson("/api/wishlist/toggle", { productId: 999999 });
    assert.equal(json.status, 404);
    assert.equal((await json.json()).message, "Product not found");
    const form = await me.postForm("/wishlist/toggle", { productId: "999999", returnPath: "/products" });
    assert.equal(form.status, 303);
    assert.equal(form.headers.get("location"), "/products");
    assert.match(await (await me.get("/products")).text(), /Product not found/);
    const outside = await me.postForm("/wishlist/toggle", {
      productId: "999999",
      returnPath: "https://elsewhere.example/",
    });
    assert.equal(outside.headers.get("location"), "/wishlist");
    assert.deepEqual(await (await me.get("/api/wishlist")).json(), []);
  },
);

closeDatabase();
