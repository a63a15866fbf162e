import assert from "node:assert/strict";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import {
  createCategory,
  createCoupon,
  createProduct,
  createSubcategory,
  createUser,
  createVariant,
  FREESHIP,
  WELCOME10,
} from "../../tests/helpers/factories.ts";
import { createSession } from "../auth/mod.ts";
import { eq, isNotNull } from "drizzle-orm";
import { cartCoupons, cartItems, coupons, orders, products } from "../../db/schema/mod.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import type { Db } from "../../db/client.ts";
import {
  addOffer,
  addToCart,
  applyCoupon,
  cartItemCount,
  checkCoupon,
  clearCart,
  getCart,
  mergeGuestCart,
  removeCartItem,
  updateCartItem,
} from "./mod.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();

async function guest(db: Db) {
  return { sessionId: (await createSession(db, { userId: null })).session.id };
}

test("[cart] adding the same product again raises its quantity; totals come from the database", async (db) => {
  const owner = await guest(db);
  const p = await createProduct(db, { name: "Heat Mat", price: "349.00", salePrice: "299.50", stock: 10 });
  await addToCart(db, owner, { productId: p.id, quantity: 2 });
  await addToCart(db, owner, { productId: p.id, quantity: 1 });
  const cart = await getCart(db, owner);
  assert.equal(cart.lines.length, 1);
  assert.equal(cart.lines[0].quantity, 3);
  assert.equal(cart.lines[0].unitPriceCents, 29950);
  assert.equal(cart.lines[0].regularUnitPriceCents, 34900);
  assert.equal(cart.subtotalCents, 89850);
  assert.equal(cart.totalCents, 89850);
  assert.equal(cart.itemCount, 3);
  assert.equal(await cartItemCount(db, owner), 3);
});

test("[cart] a quantity above stock is refused with a clear message; quantity 0 removes the line", async (db) => {
  const owner = await guest(db);
  const p = await createProduct(db, { name: "Dimming Thermostat", stock: 3 });
  await assert.rejects(
    addToCart(db, owner, { productId: p.id, quantity: 4 }),
    (e: Error) => e instanceof ConflictError && e.message === "Only 3 of Dimming Thermostat can be ordered.",
  );
  const { lineId } = await addToCart(db, owner, { productId: p.id, quantity: 2 });
  await assert.rejects(
    addToCart(db, owner, { productId: p.id, quantity: 2 }),
    (e: Error) => e instanceof ConflictError && /you already have 2 in your cart/.test(e.message),
  );
  await assert.rejects(updateCartItem(db, owner, lineId, 5), ConflictError);
  await updateCartItem(db, owner, lineId, 0);
  assert.equal((await getCart(db, owner)).lines.length, 0);
  const gone = await createProduct(db, { name: "Sold Out Hide", stock: 0 });
  await assert.rejects(addToCart(db, owner, { productId: gone.id, quantity: 1 }), /out of stock/);
});

test("[cart] variants: required when the product has them, must belong to it; pre-orders priced with their discount", async (db) => {
  const owner = await guest(db);
  const lamp = await createProduct(db, { name: "Basking Lamp", stock: 0 });
  const w50 = await createVariant(db, lamp.id, { name: "50W", price: "199.00", stock: 5 });
  const pre = await createVariant(db, lamp.id, {
    name: "150W",
    price: "2199.00",
    stock: 0,
    preorder: true,
    preorderDiscount: "10.00",
  });
  const other = await createProduct(db);
  const otherVariant = await createVariant(db, other.id);
  await assert.rejects(addToCart(db, owner, { productId: lamp.id, quantity: 1 }), ValidationError);
  await assert.rejects(
    addToCart(db, owner, { productId: lamp.id, variantId: otherVariant.id, quantity: 1 }),
    ValidationError,
  );
  await addToCart(db, owner, { productId: lamp.id, variantId: w50.id, quantity: 1 });
  await addToCart(db, owner, { productId: lamp.id, variantId: pre.id, quantity: 2 });
  const cart = await getCart(db, owner);
  assert.deepEqual(cart.lines.map((l) => [l.product.variantName, l.unitPriceCents]), [["50W", 19900], [
    "150W",
    197910,
  ]]);
  assert.equal(cart.subtotalCents, 19900 + 2 * 197910);
  await assert.rejects(addToCart(db, owner, { productId: lamp.id, variantId: pre.id, quantity: 9 }), /Only 10/);
});

raceTest("[cart] 50 concurrent adds of one unit never exceed the stock", async (db) => {
  const owner = await guest(db);
  const p = await createProduct(db, { name: "Feeder Tongs", stock: 7 });
  const results = await Promise.allSettled(
    Array.from({ length: 50 }, () => addToCart(db, owner, { productId: p.id, quantity: 1 })),
  );
  assert.equal(results.filter((r) => r.status === "fulfilled").length, 7);
  assert.ok(
    results.filter((r) => r.status === "rejected").every((r) =>
      (r as PromiseRejectedResult).reason instanceof ConflictError
    ),
  );
  assert.equal((await getCart(db, owner)).lines[0].quantity, 7);
});

test("[cart] another owner's line is NotFound", async (db) => {
  const a = await guest(db);
  const b = await guest(db);
  const p = await createProduct(db);
  const { lineId } = await addToCart(db, a, { productId: p.id, quantity: 1 });
  await assert.rejects(updateCartItem(db, b, lineId, 2), NotFoundError);
  await assert.rejects(removeCartItem(db, b, lineId), NotFoundError);
  assert.equal((await getCart(db, a)).lines[0].quantity, 1);
});

test("[cart] coupons: applied to the cart, re-checked on every read, cleared with the cart", async (db) => {
  const owner = await guest(db);
  const cat = await createCategory(db);
  const p = await createProduct(db, { name: "UVB Tube", price: "400.00", stock: 20, categoryId: cat.id });
  await createCoupon(db, FREESHIP);
  await db.insert(coupons).values({ code: "TENOFF", description: "10% off", type: "percentage", value: "10" });
  const { lineId } = await addToCart(db, owner, { productId: p.id, quantity: 1 });
  const early = await checkCoupon(db, owner, "freeship");
  assert.ok(!early.valid && /Spend at least R\s500,00/.test(early.message));
  await updateCartItem(db, owner, lineId, 2);
  const applied = await applyCoupon(db, owner, "freeship");
  assert.equal(applied.coupon.code, "FREESHIP");
  assert.equal((await getCart(db, owner)).freeShipping, true);
  // Back under the minimum: the coupon no longer applies and is removed with a notice.
  await updateCartItem(db, owner, lineId, 1);
  const after = await getCart(db, owner);
  assert.equal(after.coupon, null);
  assert.match(after.couponNotice ?? "", /Coupon FREESHIP was removed: Spend at least/);
  await applyCoupon(db, owner, "TENOFF");
  const ten = await getCart(db, owner);
  assert.equal(ten.discountCents, 4000);
  assert.equal(ten.totalCents, 36000);
  await clearCart(db, owner);
  await addToCart(db, owner, { productId: p.id, quantity: 1 });
  assert.equal((await getCart(db, owner)).coupon, null, "clearing the cart clears the coupon");
  await assert.rejects(applyCoupon(db, owner, "NOPE"), /This coupon code is not valid\./);
});

test("[cart] a category coupon covers products in that category's sub-categories (decision 0002)", async (db) => {
  const owner = await guest(db);
  const health = await createCategory(db, { name: "Health & Hygiene" });
  const cleaning = await createSubcategory(db, health, { name: "Cleaning & Maintenance" });
  const other = await createCategory(db, { name: "Feeding Supplies" });
  const spray = await createProduct(db, { name: "Enclosure Spray", price: "200.00", categoryId: cleaning.id });
  const tongs = await createProduct(db, { name: "Feeder Tongs", price: "100.00", categoryId: other.id });
  const [hygiene] = await db.insert(coupons).values({
    code: "HYGIENE20",
    description: "20% off health and hygiene",
    type: "percentage",
    value: "20",
    categoryId: health.id,
  }).returning();
  await addToCart(db, owner, { productId: tongs.id, quantity: 1 });
  const none = await checkCoupon(db, owner, "HYGIENE20");
  assert.ok(!none.valid && none.message === "This coupon doesn't apply to the items in your cart.");
  await addToCart(db, owner, { productId: spray.id, quantity: 1 });
  const check = await checkCoupon(db, owner, "hygiene20");
  assert.ok(check.valid, check.valid ? "" : check.message);
  assert.equal(check.discountCents, 4000, "20% of the sub-category's R200 line only");
  await applyCoupon(db, owner, "HYGIENE20");
  const cart = await getCart(db, owner);
  assert.deepEqual([cart.coupon?.code, cart.discountCents], ["HYGIENE20", 4000]);
  // A coupon for the sub-category itself still covers only that sub-category.
  await db.update(coupons).set({ categoryId: cleaning.id }).where(eq(coupons.id, hygiene.id));
  assert.equal((await getCart(db, owner)).discountCents, 4000);
});

test("[cart] a first-order coupon survives the customer's pending order; placement's option counts it", async (db) => {
  const u = await createUser(db);
  const owner = { userId: u.id };
  const p = await createProduct(db, { price: "400.00" });
  await createCoupon(db, WELCOME10);
  await addToCart(db, owner, { productId: p.id, quantity: 1 });
  await applyCoupon(db, owner, "WELCOME10");
  await db.insert(orders).values({ userId: u.id, orderNumber: "RB-PENDING", total: "50.00" });
  const preview = await getCart(db, owner);
  assert.deepEqual([preview.coupon?.code, preview.couponNotice], ["WELCOME10", null], "the cart keeps it");
  const placing = await getCart(db, owner, new Date(), { countPendingOrders: true });
  assert.equal(placing.coupon, null);
  assert.equal(placing.couponNotice, "Coupon WELCOME10 was removed: This coupon is only for your first order.");
});

test("[cart] merge on login: quantities add, capped at stock; the guest coupon moves over", async (db) => {
  const u = await createUser(db, { username: "keeper" });
  const g = await guest(db);
  const a = await createProduct(db, { name: "Hide", stock: 4 });
  const b = await createProduct(db, { name: "Dish", stock: 10 });
  await db.insert(coupons).values({ code: "TENOFF", description: "10% off", type: "percentage", value: "10" });
  await addToCart(db, { userId: u.id }, { productId: a.id, quantity: 3 });
  await addToCart(db, g, { productId: a.id, quantity: 3 });
  await addToCart(db, g, { productId: b.id, quantity: 2 });
  await applyCoupon(db, g, "TENOFF");
  const problems = await mergeGuestCart(db, g.sessionId, u.id);
  assert.deepEqual(problems, ["Hide"]);
  const cart = await getCart(db, { userId: u.id });
  assert.deepEqual(cart.lines.map((l) => [l.product.name, l.quantity]).sort(), [["Dish", 2], ["Hide", 4]]);
  assert.equal(cart.coupon?.code, "TENOFF");
  assert.equal((await getCart(db, g)).lines.length, 0);
});

raceTest(
  "[cart] two merges of one guest cart at once (a double-submitted login) move every line exactly once",
  async (db) => {
    const u = await createUser(db, { username: "doubleclick" });
    const g = await guest(db);
    const hide = await createProduct(db, { name: "Hide", stock: 4 });
    const dish = await createProduct(db, { name: "Dish", stock: 10 });
    const lamp = await createProduct(db, { name: "Lamp", stock: 10 });
    const w75 = await createVariant(db, lamp.id, { name: "75W", stock: 6 });
    await db.insert(coupons).values({ code: "TENOFF", description: "10% off", type: "percentage", value: "10" });
    await addToCart(db, { userId: u.id }, { productId: hide.id, quantity: 3 });
    await addToCart(db, g, { productId: hide.id, quantity: 3 });
    await addToCart(db, g, { productId: dish.id, quantity: 2 });
    await addToCart(db, g, { productId: lamp.id, variantId: w75.id, quantity: 5 });
    await applyCoupon(db, g, "TENOFF");
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => mergeGuestCart(db, g.sessionId, u.id)));
    assert.deepEqual(
      results.map((r) => r.status),
      ["fulfilled", "fulfilled", "fulfilled", "fulfilled"],
      "no merge trips the unique index (which would show 'Cart Sync Issue')",
    );
    const cart = await getCart(db, { userId: u.id });
    assert.deepEqual(
      cart.lines.map((l) => [l.product.name, l.product.variantName, l.quantity]).sort(),
      [["Dish", null, 2], ["Hide", null, 4], ["Lamp", "75W", 5]],
      "guest quantities added once, 3 + 3 hides capped at the 4 in stock",
    );
    assert.equal(cart.coupon?.code, "TENOFF");
    assert.equal((await db.select().from(cartItems).where(isNotNull(cartItems.sessionId))).length, 0, "no orphans");
    assert.equal((await db.select().from(cartCoupons)).length, 1);
  },
);

raceTest("[cart] concurrent applies of coupons leave exactly one on the cart", async (db) => {
  const u = await createUser(db);
  const g = await guest(db);
  const p = await createProduct(db, { price: "500.00", stock: 10 });
  await db.insert(coupons).values([
    { code: "TENOFF", description: "10% off", type: "percentage", value: "10", userLimit: 5 },
    { code: "FIVEOFF", description: "5% off", type: "percentage", value: "5", userLimit: 5 },
  ]);
  for (const owner of [g, { userId: u.id }]) {
    await addToCart(db, owner, { productId: p.id, quantity: 1 });
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => applyCoupon(db, owner, i % 2 ? "FIVEOFF" : "TENOFF")),
    );
    assert.ok(results.every((r) => r.status === "fulfilled"), "no unique-constraint failure");
    const cart = await getCart(db, owner);
    assert.ok(cart.coupon && ["TENOFF", "FIVEOFF"].includes(cart.coupon.code));
  }
  assert.equal((await db.select().from(cartCoupons)).length, 2, "one row per cart");
});

test("[cart] a line above the current stock can be stepped down (brought to the stock) but not raised", async (db) => {
  const owner = await guest(db);
  const p = await createProduct(db, { name: "Heat Mat", stock: 10 });
  const { lineId } = await addToCart(db, owner, { productId: p.id, quantity: 5 });
  await db.update(products).set({ stock: 2 }).where(eq(products.id, p.id));
  const line = async () => (await getCart(db, owner)).lines[0];
  assert.deepEqual([(await line()).quantity, (await line()).product.maxQuantity], [5, 2]);
  await assert.rejects(updateCartItem(db, owner, lineId, 6), (e: Error) => e instanceof ConflictError);
  assert.equal(await updateCartItem(db, owner, lineId, 4), 2, "a decrease is clamped to what may be ordered");
  assert.equal((await line()).quantity, 2);
  await db.update(products).set({ stock: 0 }).where(eq(products.id, p.id));
  assert.equal(await updateCartItem(db, owner, lineId, 1), 1, "never below 1: removing stays the shopper's choice");
  await assert.rejects(updateCartItem(db, owner, lineId, 2), ConflictError);
  await updateCartItem(db, owner, lineId, 0);
  assert.equal((await getCart(db, owner)).lines.length, 0);
});

test("[cart] a guest's first-order coupon is flagged as provisional; a signed-in customer's is not", async (db) => {
  const g = await guest(db);
  const u = await createUser(db);
  const p = await createProduct(db, { price: "300.00" });
  await db.insert(coupons).values([
    { code: "WELCOME10", description: "10% off", type: "first_time", value: "10", firstTimeOnly: true },
    { code: "TENOFF", description: "10% off", type: "percentage", value: "10" },
  ]);
  await addToCart(db, g, { productId: p.id, quantity: 1 });
  await addToCart(db, { userId: u.id }, { productId: p.id, quantity: 1 });
  await applyCoupon(db, g, "WELCOME10");
  assert.deepEqual([(await getCart(db, g)).couponNeedsSignIn, (await getCart(db, g)).discountCents], [true, 3000]);
  await applyCoupon(db, g, "TENOFF");
  assert.equal((await getCart(db, g)).couponNeedsSignIn, false);
  await applyCoupon(db, { userId: u.id }, "WELCOME10");
  assert.equal((await getCart(db, { userId: u.id })).couponNeedsSignIn, false);
});

test("[cart] addOffer: what /cart?product= may offer to add", async (db) => {
  const mat = await createProduct(db, { name: "Heat Mat", slug: "heat-mat", stock: 3 });
  const gone = await createProduct(db, { name: "Sold Out Hide", slug: "sold-out-hide", stock: 0 });
  const lamp = await createProduct(db, { name: "Basking Lamp", slug: "basking-lamp", stock: 0 });
  await createVariant(db, lamp.id, { name: "50W", price: "199.00", stock: 0 });
  const w75 = await createVariant(db, lamp.id, { name: "75W", price: "229.00", stock: 4 });
  const pre = await createVariant(db, lamp.id, { name: "150W", price: "999.00", stock: 0, preorder: true });
  const soldOutOptions = await createProduct(db, { name: "Mister", slug: "mister", stock: 5 });
  await createVariant(db, soldOutOptions.id, { stock: 0 });
  assert.deepEqual(await addOffer(db, mat.id), {
    status: "available",
    productId: mat.id,
    name: "Heat Mat",
    slug: "heat-mat",
    variants: [],
  });
  assert.deepEqual(await addOffer(db, gone.id), {
    status: "out_of_stock",
    name: "Sold Out Hide",
    slug: "sold-out-hide",
  });
  assert.deepEqual((await addOffer(db, lamp.id) as { variants: unknown[] }).variants, [
    { id: w75.id, name: "75W" },
    { id: pre.id, name: "150W" },
  ]);
  assert.equal((await addOffer(db, soldOutOptions.id)).status, "out_of_stock");
  assert.deepEqual(await addOffer(db, 999999), { status: "unknown" });
});

closeDatabase();
