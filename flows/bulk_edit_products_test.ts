import assert from "node:assert/strict";
import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { auditLogs, cartItems, products, productVariants, stockMovements } from "../db/schema/mod.ts";
import { ConflictError, ValidationError } from "../lib/errors.ts";
import { useTestDatabase } from "../tests/helpers/db.ts";
import { createCategory, createProduct, createUser, createVariant } from "../tests/helpers/factories.ts";
import { addToCart } from "../domains/cart/mod.ts";
import { chainedMovements, racingFourPurchases } from "../tests/helpers/stock_race.ts";
import { bulkInput } from "../domains/product_bulk/mod.ts";
import { adjustedCents, bulkEditProducts } from "./bulk_edit_products.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();

const row = async (db: Db, id: number) => (await db.select().from(products).where(eq(products.id, id)))[0];
const audits = (db: Db) => db.select().from(auditLogs).orderBy(asc(auditLogs.entityId));
const bulk = (db: Db, userId: number, body: unknown) => bulkEditProducts(db, userId, bulkInput.parse(body));

Deno.test("[bulk] prices move to the cent, half up, never below R 0,01", () => {
  assert.equal(adjustedCents(9_999, { kind: "percent", percent: 10 }), 10_999); // 109.989 -> 109.99
  assert.equal(adjustedCents(1_005, { kind: "percent", percent: -50 }), 503); // 5.025 -> 5.03
  assert.equal(adjustedCents(10_000, { kind: "percent", percent: 12.5 }), 11_250);
  assert.equal(adjustedCents(1_500, { kind: "amount", amount: -2_000 }), 1);
  assert.equal(adjustedCents(1_500, { kind: "percent", percent: -99.99 }), 1);
});

test("[bulk] adjust price by percent: products, sale prices and variants, one audit entry a product", async (db) => {
  const staff = await createUser(db, { username: "anna", role: "admin" });
  const mat = await createProduct(db, { name: "Heat Mat", price: "99.99", salePrice: "89.99" });
  const lamp = await createProduct(db, { name: "Lamp", price: "200.00" });
  const v = await createVariant(db, lamp.id, { name: "50W", price: "250.00", salePrice: null });
  const out = await bulk(db, staff.id, {
    action: "adjust_price",
    ids: [mat.id, lamp.id],
    by: { kind: "percent", percent: 10 },
  });
  assert.deepEqual(out, { updated: 2, skipped: [] });
  assert.equal((await row(db, mat.id)).price, "109.99");
  assert.equal((await row(db, mat.id)).salePrice, "98.99");
  assert.equal((await row(db, lamp.id)).price, "220.00");
  const [variant] = await db.select().from(productVariants).where(eq(productVariants.id, v.id));
  assert.equal(variant.price, "275.00");
  const entries = await audits(db);
  assert.deepEqual(entries.map((e) => [e.entityType, e.entityId, e.action, e.userId]), [
    ["product", mat.id, "bulk_update", staff.id],
    ["product", lamp.id, "bulk_update", staff.id],
  ]);
  assert.deepEqual(entries[0].details!.before, { price: "99.99", salePrice: "89.99" });
  assert.deepEqual(entries[0].details!.after, { price: "109.99", salePrice: "98.99" });
  assert.deepEqual(entries[1].details!.variants, [{
    variantId: v.id,
    name: "50W",
    price: { before: "250.00", after: "275.00" },
    salePrice: { before: null, after: null },
  }]);
});

test("[bulk] one transaction: a product that cannot take the change leaves every product as it was", async (db) => {
  const staff = await createUser(db, { username: "anna", role: "admin" });
  const first = await createProduct(db, { name: "A Bowl", price: "100.00" });
  const second = await createProduct(db, { name: "B Hide", sku: "HIDE-1", price: "15.00", salePrice: "14.00" });
  const err = await bulk(db, staff.id, {
    action: "adjust_price",
    ids: [first.id, second.id],
    by: { kind: "amount", amount: -20 },
  }).catch((e) => e);
  assert.ok(err instanceof ConflictError, String(err));
  assert.match(err.message, /^B Hide \(HIDE-1\): the sale price would not be below the price/);
  // The first product was written before the second refused: the rollback takes it back.
  assert.equal((await row(db, first.id)).price, "100.00");
  assert.equal((await row(db, second.id)).price, "15.00");
  assert.deepEqual(await audits(db), []);
});

test("[bulk] set stock: recorded as bulk movements by the staff member; products sold as variants are skipped", async (db) => {
  const staff = await createUser(db, { username: "anna", role: "admin" });
  const mat = await createProduct(db, { name: "Heat Mat", stock: 3 });
  const same = await createProduct(db, { name: "Bowl", stock: 12 });
  const lamp = await createProduct(db, { name: "Lamp", stock: 5 });
  await createVariant(db, lamp.id, { stock: 5 });
  const out = await bulk(db, staff.id, { action: "set_stock", ids: [mat.id, same.id, lamp.id, 999_999], stock: 12 });
  assert.equal(out.updated, 1);
  assert.deepEqual(
    out.skipped.map((s) => [s.id, s.reason]).sort(),
    [
      [999_999, "not found"],
      [lamp.id, "sold as variants: set each variant's stock on its page"],
      [same.id, "stock already 12"],
    ].sort(),
  );
  assert.equal((await row(db, mat.id)).stock, 12);
  assert.equal((await row(db, lamp.id)).stock, 5);
  const moves = await db.select().from(stockMovements);
  assert.deepEqual(moves.map((m) => [m.productId, m.delta, m.stockAfter, m.reason, m.actorUserId]), [
    [mat.id, 9, 12, "bulk", staff.id],
  ]);
});

test("[bulk] low-stock alert: set on many, back to the shop's default with null, unchanged ones skipped", async (db) => {
  const staff = await createUser(db, { username: "anna", role: "admin" });
  const crickets = await createProduct(db, { name: "Crickets", stock: 12 });
  const worms = await createProduct(db, { name: "Mealworms", stock: 30, lowStockAt: 40 });
  const out = await bulk(db, staff.id, { action: "set_low_stock_at", ids: [crickets.id, worms.id], lowStockAt: 40 });
  assert.equal(out.updated, 1);
  assert.deepEqual(out.skipped.map((s) => [s.id, s.reason]), [[worms.id, "alert already at that level"]]);
  assert.equal((await row(db, crickets.id)).lowStockAt, 40);
  const reset = await bulk(db, staff.id, { action: "set_low_stock_at", ids: [crickets.id], lowStockAt: null });
  assert.equal(reset.updated, 1);
  assert.equal((await row(db, crickets.id)).lowStockAt, null);
  const entries = (await audits(db)).filter((e) => e.entityId === crickets.id).sort((a, b) => a.id - b.id);
  assert.deepEqual(entries.map((e) => [e.details!.before, e.details!.after]), [
    [{ lowStockAt: null }, { lowStockAt: 40 }],
    [{ lowStockAt: 40 }, { lowStockAt: null }],
  ]);
  assert.throws(() => bulkInput.parse({ action: "set_low_stock_at", ids: [crickets.id], lowStockAt: -1 }), /0 or more/);
});

test("[bulk] archive, draft, category, featured and new; archived and drafted products leave carts", async (db) => {
  const staff = await createUser(db, { username: "anna", role: "admin" });
  const shopper = await createUser(db, { username: "thandi" });
  const a = await createProduct(db, { name: "A" });
  const b = await createProduct(db, { name: "B" });
  const c = await createProduct(db, { name: "C", status: "draft" });
  await addToCart(db, { userId: shopper.id }, { productId: a.id, quantity: 1 });
  await addToCart(db, { userId: shopper.id }, { productId: b.id, quantity: 1 });
  assert.equal((await bulk(db, staff.id, { action: "archive", ids: [a.id] })).updated, 1);
  assert.notEqual((await row(db, a.id)).archivedAt, null);
  assert.equal((await bulk(db, staff.id, { action: "set_status", status: "draft", ids: [b.id, c.id] })).updated, 1);
  assert.equal((await row(db, b.id)).status, "draft");
  assert.deepEqual(await db.select().from(cartItems).where(inArray(cartItems.productId, [a.id, b.id])), []);
  const cat = await createCategory(db, { name: "Lighting" });
  assert.equal(
    (await bulk(db, staff.id, { action: "set_category", categoryId: cat.id, ids: [a.id, b.id] })).updated,
    2,
  );
  assert.equal((await row(db, b.id)).categoryId, cat.id);
  assert.equal((await bulk(db, staff.id, { action: "set_featured", value: true, ids: [a.id, b.id, c.id] })).updated, 3);
  const out = await bulk(db, staff.id, { action: "set_new", value: false, ids: [a.id] });
  assert.deepEqual(out.skipped.map((s) => s.reason), ["not new"]);
  assert.equal((await bulk(db, staff.id, { action: "unarchive", ids: [a.id] })).updated, 1);
  assert.equal((await row(db, a.id)).archivedAt, null);
  const err = await bulk(db, staff.id, { action: "set_category", categoryId: 424242, ids: [a.id] }).catch((e) => e);
  assert.ok(err instanceof ValidationError);
});

test("[bulk] all matching a filter: the list's filter picks them; more than 1000 is refused", async (db) => {
  const staff = await createUser(db, { username: "anna", role: "admin" });
  const cat = await createCategory(db, { name: "Lighting" });
  const lit = await createProduct(db, { name: "UVB Tube", categoryId: cat.id });
  const lit2 = await createProduct(db, { name: "UVB Lamp", categoryId: cat.id, stock: 0 });
  const other = await createProduct(db, { name: "Bowl" });
  const out = await bulk(db, staff.id, { action: "set_new", value: true, filter: { category: cat.id } });
  assert.equal(out.updated, 2);
  assert.equal((await row(db, other.id)).isNew, false);
  const outOfStock = await bulk(db, staff.id, {
    action: "set_featured",
    value: true,
    filter: { q: "uvb", stock: "out" },
  });
  assert.equal(outOfStock.updated, 1);
  assert.equal((await row(db, lit2.id)).featured, true);
  assert.equal((await row(db, lit.id)).featured, false);
  await db.insert(products).values(
    Array.from(
      { length: 1001 },
      (_, i) => ({ name: `Cricket ${i}`, slug: `cricket-${i}`, sku: `CR-${i}`, price: "5.00" }),
    ),
  );
  const err = await bulk(db, staff.id, { action: "archive", filter: { q: "cricket" } }).catch((e) => e);
  assert.ok(err instanceof ValidationError, String(err));
  assert.match(err.message, /^1001 products match this filter/);
});

raceTest(
  "[bulk] a bulk stock and price change racing purchases: no deadlock, the stock history chains to the stock left",
  async (db) => {
    const staff = await createUser(db, { username: "anna", role: "admin" });
    const mat = await createProduct(db, { name: "Heat Mat", stock: 10 });
    const lamp = await createProduct(db, { name: "Lamp", stock: 0, price: "200.00" });
    const w50 = await createVariant(db, lamp.id, { name: "50W", stock: 6, price: "250.00" });
    await racingFourPurchases(
      db,
      [{ productId: mat.id }, { productId: lamp.id, variantId: w50.id }],
      () => bulk(db, staff.id, { action: "set_stock", ids: [mat.id], stock: 20 }),
      () =>
        bulk(db, staff.id, { action: "adjust_price", ids: [lamp.id, mat.id], by: { kind: "percent", percent: 10 } }),
    );
    const moves = await chainedMovements(db, mat.id);
    assert.equal(moves.length, 5);
    assert.equal((await row(db, mat.id)).stock, moves.at(-1)!.stockAfter);
    const [variant] = await db.select().from(productVariants).where(eq(productVariants.id, w50.id));
    assert.deepEqual([variant.stock, variant.price], [2, "275.00"]);
  },
);

closeDatabase();
