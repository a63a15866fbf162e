/**
 * "Buy it again" on a customer's order: POST /api/orders/{id}/buy-again and its form twin put the
 * order's lines back in the cart at today's prices; what cannot be bought now is named with why;
 * nobody else's order, and a visitor signs in first.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { accountOn } from "../helpers/staff.ts";
import { createAddress, createProduct, createVariant } from "../helpers/factories.ts";
import { placedOrder } from "../helpers/paid_orders.ts";
import { cartItems, products, productVariants, users } from "../../db/schema/mod.ts";
import { testGateway } from "../../domains/payments/mod.ts";
import { ORDER_NOT_FOUND } from "../../domains/orders/mod.ts";

const { test, closeDatabase } = useTestDatabase();

/** Keeper's order of four lines: one now sold out (the order took the last 3), one since deleted. */
async function pastOrder(db: Parameters<Parameters<typeof test>[1]>[0], userId: number) {
  const address = await createAddress(db, userId);
  await db.update(users).set({ defaultShippingAddressId: address.id }).where(eq(users.id, userId));
  const mat = await createProduct(db, { name: "Heat Mat 20W", price: "115.00", stock: 20 });
  const lamp = await createProduct(db, { name: "UVB Lamp", price: "500.00", stock: 0 });
  const t5 = await createVariant(db, lamp.id, { name: "T5 24W", price: "450.00", stock: 4 });
  const crickets = await createProduct(db, { name: "Live Crickets 50", price: "60.00", stock: 3 });
  const bowl = await createProduct(db, { name: "Water Bowl", price: "50.00", stock: 5 });
  const { order } = await placedOrder(db, [
    { productId: mat.id, quantity: 2 },
    { productId: lamp.id, variantId: t5.id, quantity: 1 },
    { productId: crickets.id, quantity: 3 },
    { productId: bowl.id, quantity: 1 },
  ], { userId, paymentMethod: testGateway().provider });
  // Paid and forgotten: the cart it was placed from is empty again.
  await db.delete(cartItems);
  await db.delete(products).where(eq(products.id, bowl.id));
  // Today's price, not the order's.
  await db.update(products).set({ salePrice: "99.00" }).where(eq(products.id, mat.id));
  return { order, mat, lamp, t5 };
}

test("[buy again] the order's lines go back in the cart at today's prices; the rest is named", async (db, database) => {
  const app = testApp(database);
  const { client: keeper, user } = await accountOn(db, app, "customer", "keeper");
  const { order, mat, lamp, t5 } = await pastOrder(db, user.id);

  const res = await keeper.postJson(`/api/orders/${order.id}/buy-again`, {});
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.deepEqual(body.added, ["Heat Mat 20W", "UVB Lamp (T5 24W)"]);
  assert.deepEqual(body.refused, [
    { name: "Live Crickets 50", message: "Live Crickets 50 is out of stock." },
    { name: "Water Bowl", message: "Water Bowl is no longer sold." },
  ]);
  const lines = await db.select().from(cartItems).where(eq(cartItems.userId, user.id)).orderBy(cartItems.productId);
  assert.deepEqual(lines.map((l) => [l.productId, l.variantId, l.quantity]), [[mat.id, null, 2], [lamp.id, t5.id, 1]]);
  assert.equal(
    body.cart.items.find((i: { productId: number }) => i.productId === mat.id).product.price,
    99,
    "today's price",
  );

  // Again and again: the lamp option has 3 left (the order took one of 4), so its line says so.
  await keeper.postJson(`/api/orders/${order.id}/buy-again`, {});
  await keeper.postJson(`/api/orders/${order.id}/buy-again`, {});
  await keeper.postJson(`/api/orders/${order.id}/buy-again`, {});
  const fifth = await (await keeper.postJson(`/api/orders/${order.id}/buy-again`, {})).json();
  assert.match(
    fifth.refused.find((r: { name: string }) => r.name.startsWith("UVB Lamp")).message,
    /^Only 3 of UVB Lamp \(T5 24W\) can be ordered, and you already have 3 in your cart\.$/,
  );
});

test(
  "[buy again] the form: to the cart with a toast; the order page offers it to its customer only",
  async (db, database) => {
    const app = testApp(database);
    const { client: keeper, user } = await accountOn(db, app, "customer", "keeper");
    const { order } = await pastOrder(db, user.id);
    const page = await (await keeper.get(`/order/${order.id}`)).text();
    assert.match(
      page,
      new RegExp(`<form action="/order/${order.id}/buy-again" method="post"><button[^>]*>[^]*?Buy it again`),
    );

    const res = await keeper.postForm(`/order/${order.id}/buy-again`, {});
    assert.equal(res.status, 303);
    assert.equal(res.headers.get("location"), "/cart");
    const cart = await (await keeper.get("/cart")).text();
    assert.match(cart, /Added to cart/);
    assert.match(cart, /2 items from this order added to your cart\. Not added: Live Crickets 50 is out of stock\./);

    // Staff reading the order see no such button (it would fill their own cart).
    const { client: admin } = await accountOn(db, app, "admin");
    assert.doesNotMatch(await (await admin.get(`/order/${order.id}`)).text(), /buy-again/);

    // Nothing can be bought: back to the order, saying so.
    await db.update(products).set({ stock: 0 });
    await db.update(productVariants).set({ stock: 0 });
    await db.delete(cartItems);
    const none = await keeper.postForm(`/order/${order.id}/buy-again`, {});
    assert.equal(none.headers.get("location"), `/order/${order.id}`);
    assert.match(await (await keeper.get(`/order/${order.id}`)).text(), /Nothing added to cart/);
  },
);

test("[buy again] someone else's order or a bad id is 404; a visitor signs in first", async (db, database) => {
  const app = testApp(database);
  const { user } = await accountOn(db, app, "customer", "keeper");
  const { order } = await pastOrder(db, user.id);
  const { client: other, user: otherUser } = await accountOn(db, app, "customer", "other");
  for (const id of [String(order.id), "99999", "abc", "2147483648"]) {
    const res = await other.postJson(`/api/orders/${id}/buy-again`, {});
    assert.equal(res.status, 404, id);
    assert.equal((await res.json()).message, ORDER_NOT_FOUND);
  }
  assert.equal((await other.postForm(`/order/${order.id}/buy-again`, {})).status, 404);
  assert.equal((await db.select().from(cartItems).where(eq(cartItems.userId, otherUser.id))).length, 0);
  const visitor = testClient(app);
  assert.equal((await visitor.postJson(`/api/orders/${order.id}/buy-again`, {})).status, 401);
  assert.match((await visitor.postForm(`/order/${order.id}/buy-again`, {})).headers.get("location") ?? "", /^\/login/);
});

closeDatabase();
