import assert from "node:assert/strict";
import { asc, eq, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.ts";
import { products, stockMovements } from "../../db/schema/mod.ts";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createProduct, createUser, createVariant } from "../../tests/helpers/factories.ts";
import { testConfig } from "../../tests/helpers/app.ts";
import { customer, FREE_DELIVERY, paidOrder, placedOrder } from "../../tests/helpers/paid_orders.ts";
import {
  createProduct as staffCreateProduct,
  createVariant as staffCreateVariant,
  deleteVariant,
  updateProduct,
  updateVariant,
} from "../catalog_admin/mod.ts";
import { catalogAdminSchemas } from "../catalog_admin/mod.ts";
import { cancelOrder } from "../orders/mod.ts";
import { testGateway } from "../payments/mod.ts";
import { listStockHistory, movementText } from "./mod.ts";
import { refundOrder } from "../../flows/refund_order.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();
const config = testConfig();

async function movements(db: Db, productId: number) {
  return await db.select({
    variantId: stockMovements.variantId,
    delta: stockMovements.delta,
    stockAfter: stockMovements.stockAfter,
    reason: stockMovements.reason,
    orderId: stockMovements.orderId,
    actorUserId: stockMovements.actorUserId,
    note: stockMovements.note,
  }).from(stockMovements).where(eq(stockMovements.productId, productId)).orderBy(asc(stockMovements.id));
}

test("[stock history] a sale leaves one row a line (product and variant) with the order and the stock left", async (db) => {
  const mat = await createProduct(db, { name: "Heat Mat", stock: 10 });
  const lamp = await createProduct(db, { name: "Basking Lamp", stock: 0 });
  const w50 = await createVariant(db, lamp.id, { name: "50W", stock: 4 });
  const { order } = await placedOrder(db, [
    { productId: mat.id, quantity: 2 },
    { productId: lamp.id, variantId: w50.id, quantity: 3 },
  ], { paymentMethod: "test", delivery: FREE_DELIVERY });
  assert.deepEqual(await movements(db, mat.id), [
    { variantId: null, delta: -2, stockAfter: 8, reason: "sale", orderId: order.id, actorUserId: null, note: null },
  ]);
  assert.deepEqual(await movements(db, lamp.id), [
    { variantId: w50.id, delta: -3, stockAfter: 1, reason: "sale", orderId: order.id, actorUserId: null, note: null },
  ]);
  // Both lines' rows came from ONE insert (rows of one statement share its command id, cmin): a
  // purchase adds one statement to checkout, however many lines it has.
  const commands = await db.execute<{ n: number }>(
    sql`select count(distinct cmin::text)::int as n from ${stockMovements} where ${stockMovements.orderId} = ${order.id}`,
  );
  assert.equal(Number(rowsOf<{ n: number }>(commands)[0].n), 1);
  const page = await listStockHistory(db, mat.id, { page: 1, pageSize: 10 });
  assert.equal(page.items[0].orderNumber, order.orderNumber);
  assert.match(
    movementText(page.items[0]),
    new RegExp(`^-2 \\(sale, order ${order.orderNumber}\\) -> 8 left, \\d+ \\w+ \\d\\d:\\d\\d$`),
  );
});

test("[stock history] a cancelled order's units come back as cancel_release rows, with the staff member when one cancelled", async (db) => {
  const mat = await createProduct(db, { name: "Heat Mat", stock: 5 });
  const { order } = await placedOrder(db, [{ productId: mat.id, quantity: 2 }], { paymentMethod: "test" });
  const staff = await createUser(db, { username: "anna", role: "admin" });
  assert.equal(await cancelOrder(db, order.id, "Changed my mind", new Date(), { actorUserId: staff.id }), true);
  const rows = await movements(db, mat.id);
  assert.deepEqual(rows.map((r) => [r.reason, r.delta, r.stockAfter, r.orderId, r.actorUserId]), [
    ["sale", -2, 3, order.id, null],
    ["cancel_release", 2, 5, order.id, staff.id],
  ]);
});

test("[stock history] a refund's restock is a refund_restock row by the staff member who refunded", async (db) => {
  const tube = await createProduct(db, { name: "UVB Tube", price: "450.00", stock: 10 });
  const gateway = testGateway();
  const { order } = await paidOrder(db, gateway, [{ productId: tube.id, quantity: 2 }], { delivery: FREE_DELIVERY });
  const staff = await createUser(db, { username: "sipho", role: "admin" });
  await refundOrder(db, gateway, {
    orderId: order.id,
    amountCents: 45_000,
    reason: "One tube arrived broken",
    restock: [{ orderItemId: order.items[0].id, quantity: 1 }],
    userId: staff.id,
  }, { shop: config.shop, siteUrl: config.siteUrl });
  const rows = await movements(db, tube.id);
  assert.deepEqual(rows.at(-1), {
    variantId: null,
    delta: 1,
    stockAfter: 9,
    reason: "refund_restock",
    orderId: order.id,
    actorUserId: staff.id,
    note: null,
  });
  const page = await listStockHistory(db, tube.id, { page: 1, pageSize: 10 });
  assert.match(
    movementText(page.items[0]),
    new RegExp(`^\\+1 \\(refund restock, order ${order.orderNumber}, by sipho\\) -> 9 left`),
  );
});

/** Anna, an admin, and a product she creates from the back office's `fields` (its first stock row is hers). */
async function productByStaff(db: Db, fields: { name: string; sku: string; price: number; stock: number }) {
  const staff = await createUser(db, { username: "anna", role: "admin" });
  const p = await staffCreateProduct(db, staff.id, catalogAdminSchemas.productCreateBody.parse(fields));
  return { staff, p };
}

test("[stock history] staff edits: a new product, a stock edit, a variant's create, edit and delete; other edits leave none", async (db) => {
  const { staff, p } = await productByStaff(db, { name: "Water Bowl", sku: "WB-1", price: 99, stock: 6 });
  await updateProduct(db, staff.id, p.id, { stock: 4 });
  await updateProduct(db, staff.id, p.id, { name: "Water Bowl Large" });
  assert.deepEqual((await movements(db, p.id)).map((r) => [r.reason, r.delta, r.stockAfter, r.actorUserId, r.note]), [
    ["staff_edit", 6, 6, staff.id, "new product"],
    ["staff_edit", -2, 4, staff.id, null],
  ]);

  const lamp = await createProduct(db, { name: "Lamp", stock: 0 });
  const v = await staffCreateVariant(
    db,
    staff.id,
    lamp.id,
    catalogAdminSchemas.variantCreateBody.parse({ name: "75W", sku: "L-75", price: 199, stock: 3 }),
  );
  await updateVariant(db, staff.id, v.id, { stock: 8 });
  await updateVariant(db, staff.id, v.id, { name: "75 W" });
  await deleteVariant(db, staff.id, v.id);
  assert.deepEqual((await movements(db, lamp.id)).map((r) => [r.variantId, r.delta, r.stockAfter, r.note]), [
    [null, 3, 3, "new variant"],
    [null, 5, 8, null],
    [null, -8, 0, "variant 75 W deleted"],
  ]);
  const page = await listStockHistory(db, p.id, { page: 1, pageSize: 10 });
  assert.match(movementText(page.items[0]), /^-2 \(staff edit, by anna\) -> 4 left, /);
});

test("[stock history] pages newest first, with hasMore", async (db) => {
  const { staff, p } = await productByStaff(db, { name: "Hide", sku: "H-1", price: 50, stock: 1 });
  for (let s = 2; s <= 5; s++) await updateProduct(db, staff.id, p.id, { stock: s });
  const first = await listStockHistory(db, p.id, { page: 1, pageSize: 2 });
  assert.deepEqual(first.items.map((m) => m.stockAfter), [5, 4]);
  assert.equal(first.hasMore, true);
  const last = await listStockHistory(db, p.id, { page: 3, pageSize: 2 });
  assert.deepEqual(last.items.map((m) => m.stockAfter), [1]);
  assert.equal(last.hasMore, false);
});

raceTest(
  "[stock history] shoppers racing for the last units: one row per unit sold, stock after 2, 1, 0, never below",
  async (db) => {
    const mat = await createProduct(db, { name: "Last Heat Mats", stock: 3 });
    const buyers = await Promise.all([1, 2, 3, 4, 5].map((n) => customer(db, { username: `buyer${n}` })));
    const results = await Promise.allSettled(
      buyers.map((b) => placedOrder(db, [{ productId: mat.id, quantity: 1 }], { userId: b.id, paymentMethod: "test" })),
    );
    assert.equal(results.filter((r) => r.status === "fulfilled").length, 3);
    const rows = await movements(db, mat.id);
    assert.deepEqual(rows.map((r) => r.delta), [-1, -1, -1]);
    assert.deepEqual(rows.map((r) => r.stockAfter).sort(), [0, 1, 2]);
    assert.equal(new Set(rows.map((r) => r.orderId)).size, 3);
    const [left] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, mat.id));
    assert.equal(left.stock, 0);
  },
);

closeDatabase();
