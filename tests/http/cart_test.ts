import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { registerCustomer } from "../helpers/accounts.ts";
import { createProduct, createVariant, FREESHIP } from "../helpers/factories.ts";
import { eq } from "drizzle-orm";
import { coupons, products } from "../../db/schema/mod.ts";
import type { Database, Db } from "../../db/client.ts";
import { ApiError } from "../../client/api.ts";
import { addedToast } from "../../client/cart.ts";
import { couponFailure } from "../../client/cart_texts.ts";
import { stockWarning } from "../../components/cart/CartLines.tsx";

/** The server-rendered toast of a page: [title, description], or null. */
function toastOf(html: string): [string, string | null] | null {
  const card = html.match(/<div[^>]*data-toast[^>]*>([\s\S]*?)<\/div>/);
  if (!card) return null;
  const texts = [...card[1].matchAll(/<p[^>]*>([\s\S]*?)<\/p>/g)].map((m) => unescape(m[1]));
  return [texts[0], texts[1] ?? null];
}

function unescape(html: string): string {
  return html.replace(/<!-- -->/g, "").replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
}

const { test, raceTest, closeDatabase } = useTestDatabase();

type Lines = [productId: number, quantity: number][];

/**
 * A client of customer "keeper", who registered, put `saved` in their cart and signed out, then as a
 * guest again put `guest` in a new cart.
 */
async function guestAgain(database: Database, saved: Lines, guest: Lines) {
  const client = testClient(testApp(database));
  await registerCustomer(client);
  for (const [productId, quantity] of saved) await client.postJson("/api/cart", { productId, quantity });
  await client.postJson("/api/auth/logout", {});
  for (const [productId, quantity] of guest) await client.postJson("/api/cart", { productId, quantity });
  return client;
}

/** The shop, and a guest's client whose cart holds one heat mat, added by the plain form. */
async function guestWithHeatMat(db: Db, database: Database) {
  const { mat } = await shop(db);
  const client = testClient(testApp(database));
  await client.postForm("/cart", { productId: String(mat.id), quantity: "1" });
  return client;
}

/** A cart's lines as [product name, quantity], sorted. */
const linesOf = (cart: { items: { product: { name: string }; quantity: number }[] }) =>
  cart.items.map((i) => [i.product.name, i.quantity]).sort();

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
  // As a guest again: three items and a coupon.
  const client = await guestAgain(database, [[tongs.id, 2]], [[tongs.id, 2], [mat.id, 1]]);
  await client.postJson("/api/cart/apply-coupon", { code: "WELCOME10" }).then((r) => assert.equal(r.status, 200));
  const guestSid = client.cookies.get("sid");
  const login = await client.postJson("/api/auth/login", { username: "keeper", password: "Gecko-Keeper1" });
  assert.equal(login.status, 200);
  assert.notEqual(client.cookies.get("sid"), guestSid);
  const cart = await (await client.get("/api/cart")).json();
  assert.deepEqual(
    linesOf(cart),
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
  // A small cart pays standard delivery (R95 by default) and is told how much more makes it free.
  assert.match(html, /data-delivery[^>]*>R(\s|&nbsp;| )95,00</);
  assert.match(html, /more for free delivery\./);
  assert.match(html, /data-coupon-hints/, "the spec's coupon hints under the coupon box");
  assert.match(
    html,
    /WELCOME10.*10% off the first order.*FREESHIP.*free shipping on orders over R500.*BUY2GET1.*buy 2 get 1 free/s,
  );
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

test(
  "[cart pages] /cart?product={id} (the AMP page's Add to Cart) asks to confirm, then adds by a same-origin post",
  async (db, database) => {
    const { mat, lamp, w75 } = await shop(db);
    const gone = await createProduct(db, { name: "Sold Out Hide", slug: "sold-out-hide", stock: 0 });
    const app = testApp(database);
    const client = testClient(app);
    const res = await client.get(`/cart?product=${mat.id}`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /text\/html/);
    const html = await res.text();
    assert.match(html, /Add <a href="\/product\/heat-mat"[^>]*>Heat Mat<\/a> to your cart\?/);
    const box = html.match(/<form[^>]*action="\/cart" method="post">[\s\S]*?<\/form>/)![0];
    assert.match(box, /name="productId" value="\d+"/);
    assert.match(box, /<button type="submit"[^>]*>Add to Cart<\/button>/);
    assert.match(box, /href="\/"[^>]*>Continue Shopping<\/a>/);
    assert.match(html, /Your Cart is Empty/, "opening the link adds nothing by itself");
    assert.equal(client.cookies.size, 0, "nor starts a session");

    const fields = Object.fromEntries(
      [...box.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    assert.deepEqual(fields, { productId: String(mat.id), quantity: "1", redirect: "/cart" });
    const forged = await testClient(app, { origin: "https://evil.example" }).postForm("/cart", fields);
    assert.equal(forged.status, 403, "another site cannot add through the same form");
    const added = await client.postForm("/cart", fields);
    assert.equal(added.status, 303);
    assert.equal(added.headers.get("location"), "/cart", "back to the plain cart, not to the box again");
    const cart = await (await client.get("/cart")).text();
    assert.deepEqual(toastOf(cart), ["Added to cart", "1 × Heat Mat added to your cart."]);
    assert.doesNotMatch(cart, /to your cart\?/);
    assert.equal((await (await client.get("/api/cart")).json()).itemCount, 1);

    // A product with options offers the ones that can be ordered.
    const options = await (await client.get(`/cart?product=${lamp.id}`)).text();
    assert.match(options, /<select[^>]*name="variantId"[^>]*><option value="\d+">75W<\/option><\/select>/);
    await client.postForm("/cart", {
      productId: String(lamp.id),
      quantity: "1",
      variantId: String(w75.id),
      redirect: "/cart",
    });
    assert.equal((await (await client.get("/api/cart")).json()).itemCount, 2);

    for (const bad of ["999999", "abc", "0", "-1", "99999999999"]) {
      const page = await client.get(`/cart?product=${bad}`);
      assert.equal(page.status, 200);
      const text = await page.text();
      assert.match(text, /That product could not be found, so nothing was added to your cart\./, bad);
      assert.doesNotMatch(text, /Add to Cart<\/button>/);
    }
    const soldOut = await (await client.get(`/cart?product=${gone.id}`)).text();
    assert.match(soldOut, /Sold Out Hide<\/a> is out of stock, so it was not added to your cart\./);
    assert.doesNotMatch(soldOut, /Add to Cart<\/button>/);
  },
);

test(
  "[cart] a guest's first-order coupon says to sign in: on apply, on blur, in the cart data and on /cart",
  async (db, database) => {
    const client = await guestWithHeatMat(db, database);
    const blur = await (await client.postJson("/api/coupons/validate", { code: "welcome10" })).json();
    assert.equal(blur.message, "Sign in or create an account at checkout to confirm this is your first order.");
    await client.postForm("/cart/coupon", { code: "welcome10" });
    const html = await (await client.get("/cart")).text();
    assert.deepEqual(toastOf(html), [
      "Coupon Applied",
      "Coupon WELCOME10 has been applied to your cart. Sign in or create an account at checkout to confirm this is your first order.",
    ]);
    assert.match(
      html,
      /data-coupon-note="true">Sign in or create an account at checkout to confirm this is your first order\.<\/p>/,
    );
    assert.equal((await (await client.get("/api/cart")).json()).couponNeedsSignIn, true);
    await registerCustomer(client);
    const signedIn = await (await client.get("/api/cart")).json();
    assert.deepEqual([signedIn.coupon?.code, signedIn.couponNeedsSignIn], ["WELCOME10", false]);
    assert.doesNotMatch(await (await client.get("/cart")).text(), /data-coupon-note/);
  },
);

test(
  "[cart pages] a coupon dropped on re-check is told on /cart (toast and inline) and with the next add",
  async (db, database) => {
    const { mat, tongs } = await shop(db);
    await db.insert(coupons).values(FREESHIP);
    const client = testClient(testApp(database));
    await client.postForm("/cart", { productId: String(mat.id), quantity: "2" });
    await client.postForm("/cart/coupon", { code: "FREESHIP" });
    let html = await (await client.get("/cart")).text();
    // FREESHIP takes nothing off the goods: it shows as the applied coupon and a free delivery line.
    assert.match(html, /<strong>FREESHIP<\/strong>/);
    assert.match(html, /data-delivery="true"[^>]*>Free</);
    // Without JavaScript: one fewer mat takes the cart under R500.
    const lineId = html.match(/action="\/cart\/items\/(\d+)"/)![1];
    await client.postForm(`/cart/items/${lineId}`, { quantity: "1" });
    html = await (await client.get("/cart")).text();
    const notice = "Coupon FREESHIP was removed: Spend at least R 500,00 to use this coupon.";
    assert.deepEqual(toastOf(html)?.map((t) => t?.replace(/\s/g, " ")), ["Coupon Removed", notice]);
    assert.match(
      html.replace(/\u00a0|\u202f/g, " "),
      /data-coupon-notice="true">Coupon FREESHIP was removed: Spend at least/,
    );
    // Dropped while adding from a product card: the add's answer carries it and the toast tells it.
    await client.postForm("/cart/items/" + lineId, { quantity: "2" });
    await client.postForm("/cart/coupon", { code: "FREESHIP" });
    await db.update(coupons).set({ endDate: new Date(Date.now() - 60_000) }).where(eq(coupons.code, "FREESHIP"));
    const add = await (await client.postJson("/api/cart", { productId: tongs.id, quantity: 1 })).json();
    assert.equal(add.cart.couponNotice, "Coupon FREESHIP was removed: This coupon has expired.");
    assert.deepEqual(addedToast(1, add.added.name, add.cart), {
      title: "Added to cart",
      description: "1 × Feeder Tongs added to your cart. Coupon FREESHIP was removed: This coupon has expired.",
      variant: "success",
    });
    assert.equal(
      addedToast(1, "Feeder Tongs", { itemCount: 1, couponNotice: null }).description,
      "1 × Feeder Tongs added to your cart.",
    );
  },
);

test(
  "[cart pages] coupon texts are the spec's: the toast says 'Invalid Coupon', the reason goes under the box",
  async (db, database) => {
    const client = await guestWithHeatMat(db, database);
    await client.postForm("/cart/coupon", { code: "buy2get1" });
    const html = await (await client.get("/cart")).text();
    assert.deepEqual(toastOf(html), ["Invalid Coupon", "This coupon cannot be applied to your cart."]);
    assert.match(html, /id="coupon-message"[^>]*>Add 3 qualifying items to get one free\.<\/p>/);
    assert.match(html, /id="coupon-code"[^>]*value="BUY2GET1"/, "the refused code stays in the box");
    assert.doesNotMatch(await (await client.get("/cart")).text(), /Add 3 qualifying items/, "shown once");
    // The island: a refusal (4xx) vs a server or network failure.
    assert.deepEqual(couponFailure(new ApiError("This coupon has expired.", 400, null)), {
      toast: {
        title: "Invalid Coupon",
        description: "This coupon cannot be applied to your cart.",
        variant: "destructive",
      },
      inline: "This coupon has expired.",
    });
    assert.equal(
      couponFailure(new ApiError("500: Internal Server Error", 500, null)).toast.title,
      "Failed to apply coupon",
    );
    assert.equal(couponFailure(new TypeError("Failed to fetch")).toast.title, "Failed to apply coupon");
    assert.equal(couponFailure(new TypeError("Failed to fetch")).inline, "Failed to apply coupon");
  },
);

test("[cart] a line above the current stock is flagged and can be stepped down", async (db, database) => {
  const { mat } = await shop(db);
  const client = testClient(testApp(database));
  const added = await (await client.postJson("/api/cart", { productId: mat.id, quantity: 5 })).json();
  const lineId = added.cart.items[0].id;
  await db.update(products).set({ stock: 2 }).where(eq(products.id, mat.id));
  const html = await (await client.get("/cart")).text();
  assert.match(html, /data-stock-warning="true">Only 2 left: please lower the quantity\.<\/p>/);
  assert.match(
    html,
    /value="2"[^>]*aria-label="One fewer Heat Mat"/,
    "minus goes straight to the stock",
  );
  assert.equal((await client.postJson(`/api/cart/${lineId}`, { quantity: 6 }, "PUT")).status, 409);
  const down = await client.postJson(`/api/cart/${lineId}`, { quantity: 4 }, "PUT");
  assert.equal(down.status, 200);
  assert.equal((await down.json()).items[0].quantity, 2);
  assert.doesNotMatch(await (await client.get("/cart")).text(), /data-stock-warning/);
  // Without JavaScript too.
  await db.update(products).set({ stock: 1 }).where(eq(products.id, mat.id));
  await client.postForm(`/cart/items/${lineId}`, { quantity: "1" });
  assert.equal((await (await client.get("/api/cart")).json()).items[0].quantity, 1);
  assert.equal(
    stockWarning({ quantity: 1, product: { stock: 0, preorder: false } as never }),
    "Out of stock: please remove this item.",
  );
});

raceTest("[coupons api] concurrent applies all succeed and leave one coupon", async (db, database) => {
  const { mat } = await shop(db);
  const client = testClient(testApp(database));
  await client.postJson("/api/cart", { productId: mat.id, quantity: 1 });
  const answers = await Promise.all(
    Array.from(
      { length: 8 },
      (_, i) => client.postJson("/api/cart/apply-coupon", { code: i % 2 ? "TENOFF" : "BUY2GET1" }),
    ),
  );
  // BUY2GET1 needs three items: refused with 400, never a 500.
  assert.deepEqual(answers.map((r) => r.status), [400, 200, 400, 200, 400, 200, 400, 200]);
  const both = await Promise.all(
    Array.from({ length: 6 }, () => client.postJson("/api/coupons/apply", { code: "TENOFF" })),
  );
  assert.ok(both.every((r) => r.status === 200));
  assert.equal((await (await client.get("/api/cart")).json()).coupon.code, "TENOFF");
});

test(
  "[coupons api] 30 refused codes per IP in 10 minutes, on every way in; then 429 with Retry-After",
  async (db, database) => {
    const { mat } = await shop(db);
    const app = testApp(database, { TRUST_PROXY: "true" });
    const from = (ip: string) => ({ "Content-Type": "application/json", "X-Forwarded-For": ip });
    const guesser = testClient(app);
    await guesser.postJson("/api/cart", { productId: mat.id, quantity: 1 });
    const post = (path: string, code: string, ip = "198.51.100.7") =>
      guesser.request(path, { method: "POST", headers: from(ip), body: JSON.stringify({ code }) });
    // Codes that apply cost nothing: the cart re-applies its code after every change.
    for (let i = 0; i < 40; i++) assert.equal((await post("/api/cart/apply-coupon", "TENOFF")).status, 200);
    // Refused codes count, on all three endpoints and the no-JS form alike.
    const ways = ["/api/coupons/validate", "/api/cart/apply-coupon", "/api/coupons/apply"];
    for (let i = 0; i < 29; i++) {
      const res = await post(ways[i % 3], `GUESS${i}`);
      assert.equal(res.status, ways[i % 3] === "/api/coupons/validate" ? 200 : 400, `guess ${i}`);
    }
    const form = await guesser.request("/cart/coupon", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "198.51.100.7" },
      body: "code=GUESS29",
    });
    assert.equal(form.status, 303);
    assert.equal(
      toastOf(await (await guesser.get("/cart")).text())?.[0],
      "Invalid Coupon",
      "the 30th is refused as usual",
    );
    for (const path of ways) {
      const res = await post(path, path.endsWith("validate") ? "GUESS30" : "TENOFF");
      assert.equal(res.status, 429, path);
      assert.match(res.headers.get("content-type") ?? "", /application\/json/);
      assert.ok(Number(res.headers.get("retry-after")) > 0 && Number(res.headers.get("retry-after")) <= 600);
      assert.match((await res.json()).error, /^Too many attempts\. Please try again in 10 minutes\.$/);
    }
    // The no-JS form says so in its toast, and the cart is unchanged.
    const limited = await guesser.request("/cart/coupon", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "198.51.100.7" },
      body: "code=TENOFF",
    });
    assert.equal(limited.status, 303);
    assert.deepEqual(toastOf(await (await guesser.get("/cart")).text()), [
      "Failed to apply coupon",
      "Too many attempts. Please try again in 10 minutes.",
    ]);
    // Another address is not held back.
    assert.equal((await post("/api/coupons/apply", "TENOFF", "198.51.100.8")).status, 200);
  },
);

raceTest(
  "[cart] two logins sent at once with one guest cart merge it once, without 'Cart Sync Issue'",
  async (db, database) => {
    const { mat, tongs } = await shop(db);
    const client = await guestAgain(database, [[mat.id, 1]], [[mat.id, 2], [tongs.id, 1]]);
    const body = { username: "keeper", password: "Gecko-Keeper1" };
    const logins = await Promise.all([
      client.postJson("/api/auth/login", body),
      client.postJson("/api/auth/login", body),
    ]);
    assert.deepEqual(logins.map((r) => r.status), [200, 200]);
    for (const r of logins) {
      assert.ok(!r.headers.getSetCookie().some((c) => c.startsWith("flash=") && c.includes("Cart%20Sync")));
    }
    const cart = await (await client.get("/api/cart")).json();
    assert.deepEqual(
      linesOf(cart),
      [["Feeder Tongs", 1], ["Heat Mat", 3]],
    );
  },
);

closeDatabase();
