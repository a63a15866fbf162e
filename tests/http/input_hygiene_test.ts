/**
 * Input hygiene at the edge: every JSON error under /api carries `message` (spec 001's client reads
 * it) beside `error`, and control characters in a URL, form or JSON body are a 400, never a 500.
 */
import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { registerCustomer } from "../helpers/accounts.ts";

const { test, closeDatabase } = useTestDatabase();

test(
  "[api errors] not found, validation, auth and refused requests all carry message and error",
  async (_db, database) => {
    const client = testClient(testApp(database));
    const cases: [Promise<Response>, number][] = [
      [client.get("/api/no-such-thing"), 404],
      [client.postJson("/api/auth/login", { username: "" }), 400],
      [client.get("/api/orders"), 401],
      [client.get("/api/audit-logs/product/1"), 401],
    ];
    for (const [pending, status] of cases) {
      const res = await pending;
      assert.equal(res.status, status);
      assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
      const body = await res.json();
      assert.equal(typeof body.error, "string");
      assert.equal(body.message, body.error);
    }
  },
);

test("[api errors] a success body is left as it is", async (_db, database) => {
  const res = await testClient(testApp(database)).get("/api/categories");
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.ok(!("message" in body) || Array.isArray(body));
});

test(
  "[api errors] a NUL or other control character in any validated text is a 400, never a 500",
  async (_db, database) => {
    const client = testClient(testApp(database));
    const cases: [string, unknown][] = [
      ["/api/auth/login", { username: "cust\u0000omer", password: "x" }],
      ["/api/auth/register", {
        username: "gecko\u0000",
        email: "a@example.com",
        password: "Gecko-Keeper1",
        confirmPassword: "Gecko-Keeper1",
        acceptTerms: true,
      }],
      ["/api/coupons/validate", { code: "WELCOME\u000010" }],
      ["/api/newsletter", { email: "a\u0001b@example.com" }],
    ];
    for (const [path, body] of cases) {
      const res = await client.postJson(path, body);
      assert.equal(res.status, 400, path);
      assert.equal((await res.json()).message, "Text must not contain control characters", path);
    }
  },
);

test(
  "[input hygiene] control characters in forms, query strings and paths are refused before any route",
  async (_db, database) => {
    const client = testClient(testApp(database));
    const form = await client.postForm("/login", { username: "cust\u0000omer", password: "x" });
    assert.equal(form.status, 400);
    assert.match(await form.text(), /Text must not contain control characters/);
    for (
      const path of ["/search?q=gecko%00", "/api/search?q=%00", "/product/%00gecko", "/api/search/suggest?q=a%01"]
    ) {
      const res = await client.get(path);
      assert.equal(res.status, 400, path);
    }
    // Tab and newline are text (multi-line fields); a plain search still works.
    assert.equal((await client.get("/search?q=uvb%09tube")).status, 200);
  },
);

test(
  "[input hygiene] a body over 1 MB is a 413 with a message, with or without a Content-Length",
  async (_db, database) => {
    const client = testClient(testApp(database));
    const big = JSON.stringify({ username: "x".repeat(3 * 1024 * 1024), password: "x" });
    const res = await client.request("/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: big,
    });
    assert.equal(res.status, 413);
    assert.equal((await res.json()).message, "The request body is too large (1 MB at most)");
    // Streamed without a length: counted while it is read.
    const stream = new Blob([big]).stream();
    const chunked = await client.request("/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: stream,
    });
    assert.equal(chunked.status, 413);
    const form = await client.postForm("/login", { username: "x".repeat(2 * 1024 * 1024), password: "x" });
    assert.equal(form.status, 413);
    // A normal body still goes through.
    assert.equal((await client.postJson("/api/auth/login", { username: "nobody", password: "x" })).status, 401);
  },
);

test("[input hygiene] ids of 2^31 or more in JSON bodies are a 400, never an int4 overflow", async (_db, database) => {
  const client = testClient(testApp(database));
  await registerCustomer(client);
  const huge = 2_147_483_648;
  const cases: [string, unknown][] = [
    ["/api/wishlist", { productId: huge }],
    ["/api/products/1/notify", { variantId: huge }],
    ["/api/loyalty/redeem", { rewardId: huge }],
    ["/api/loyalty/apply-redemption", { code: "RB-ABC", orderId: huge }],
    ["/api/cart", { productId: huge, quantity: 1 }],
    ["/api/payments/create-intent", { amount: 100, currency: "zar", metadata: { orderId: huge } }],
  ];
  for (const [path, body] of cases) {
    const res = await client.postJson(path, body);
    assert.equal(res.status, 400, `${path}: ${await res.clone().text()}`);
  }
});

closeDatabase();
