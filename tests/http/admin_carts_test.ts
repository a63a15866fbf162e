/** /admin/carts and GET /api/admin/carts: the carts signed-in customers left open, for staff only. */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { accountOn } from "../helpers/staff.ts";
import { createProduct, createUser } from "../helpers/factories.ts";
import { cartItems, cartReminders, products } from "../../db/schema/mod.ts";
import { addToCart } from "../../domains/cart/mod.ts";

const { test, closeDatabase } = useTestDatabase();

test("[admin carts] open carts: newest change first, value at today's prices, last reminder", async (db, database) => {
  const app = testApp(database);
  const { client: admin } = await accountOn(db, app, "admin");
  const mat = await createProduct(db, { name: "Heat Mat 20W", price: "115.00", stock: 9 });
  const lamp = await createProduct(db, { name: "UVB Lamp", price: "450.00", stock: 9 });
  const thandi = await createUser(db, { username: "thandi", firstName: "Thandi", lastName: "Nkosi" });
  const sipho = await createUser(db, { username: "sipho" });
  await addToCart(db, { userId: thandi.id }, { productId: mat.id, quantity: 2 });
  await addToCart(db, { userId: thandi.id }, { productId: lamp.id, quantity: 1 });
  await addToCart(db, { userId: sipho.id }, { productId: mat.id, quantity: 1 });
  await db.update(cartItems).set({ updatedAt: new Date("2026-11-20T08:00:00Z") }).where(
    eq(cartItems.userId, thandi.id),
  );
  await db.update(cartItems).set({ updatedAt: new Date("2026-11-21T08:00:00Z") }).where(eq(cartItems.userId, sipho.id));
  await db.insert(cartReminders).values({
    userId: thandi.id,
    cartChangedAt: new Date("2026-11-20T08:00:00Z"),
    sentAt: new Date("2026-11-20T12:00:00Z"),
  });
  await db.update(products).set({ salePrice: "99.00" }).where(eq(products.id, mat.id));

  const res = await admin.get("/api/admin/carts");
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.total, 2);
  assert.deepEqual(body.items.map((c: { username: string }) => c.username), ["sipho", "thandi"], "newest change first");
  assert.deepEqual(body.items[1], {
    userId: thandi.id,
    username: "thandi",
    email: thandi.email,
    name: "Thandi Nkosi",
    lines: 2,
    units: 3,
    value: 648,
    changedAt: "2026-11-20T08:00:00.000Z",
    remindedAt: "2026-11-20T12:00:00.000Z",
  });
  assert.equal(body.items[0].remindedAt, null);

  const page = await (await admin.get("/admin/carts")).text();
  assert.match(page, /<h1[^>]*>Open carts<\/h1>/);
  assert.match(page, new RegExp(`data-cart-value="${thandi.id}"[^>]*>R\\s648,00<`));
  assert.match(page, /Sent 20 Nov 2026/);
  assert.match(page, /Not sent/);
  assert.match(page, /href="\/admin\/carts"[^>]*>Open carts</, "the sidebar links the page");
  assert.match(page, new RegExp(`href="/admin/users/${thandi.id}"`));
});

test("[admin carts] staff only; a bad page is a 400; no carts says so", async (db, database) => {
  const app = testApp(database);
  const { client: admin } = await accountOn(db, app, "admin");
  const { client: customer } = await accountOn(db, app, "customer");
  const visitor = testClient(app);
  assert.equal((await visitor.get("/api/admin/carts")).status, 401);
  assert.equal((await customer.get("/api/admin/carts")).status, 403);
  assert.equal((await customer.get("/admin/carts")).headers.get("location"), "/");
  for (const q of ["page=0", "page=abc", "page=10001", "page=1%00"]) {
    const res = await admin.get(`/api/admin/carts?${q}`);
    assert.equal(res.status, 400, q);
    assert.ok((await res.json()).message);
    assert.equal((await admin.get(`/admin/carts?${q}`)).status, 400, q);
  }
  assert.match(await (await admin.get("/admin/carts")).text(), /No signed-in customer has anything in their cart\./);
});

closeDatabase();
