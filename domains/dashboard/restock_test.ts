/**
 * The restock planner without HTTP (decision 0106): the rate each unit sold at over the window, how
 * long its stock lasts, what to order to last the cover, the soonest out first; only paid orders not
 * cancelled in the window; archived, draft and well-stocked units left out; variants on their own.
 */
import assert from "node:assert/strict";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createProduct, createVariant } from "../../tests/helpers/factories.ts";
import type { Db } from "../../db/client.ts";
import { orderItems, orders, purchaseOrderLines, purchaseOrders } from "../../db/schema/mod.ts";
import { parseCsv } from "../../lib/csv.ts";
import { restockCsv, restockPlan, restockQuery } from "./mod.ts";

const { test, closeDatabase } = useTestDatabase();

// Sunday 29 November 2026, 12:00 in Johannesburg.
const now = new Date("2026-11-29T10:00:00Z");
const DAY = 24 * 3600_000;
let n = 0;

/** An order of `lines` paid `daysAgo` days before now (status and payment as given). */
async function sold(
  db: Db,
  daysAgo: number,
  lines: { productId: number; variantId?: number; quantity: number }[],
  values: Partial<typeof orders.$inferInsert> = {},
) {
  const [order] = await db.insert(orders).values({
    orderNumber: `RB-R${++n}`,
    total: "100.00",
    status: "processing",
    paidAt: new Date(now.getTime() - daysAgo * DAY),
    ...values,
  }).returning();
  await db.insert(orderItems).values(lines.map((l) => ({ orderId: order.id, name: "x", price: "10.00", ...l })));
}

const plan = (db: Db, q: Record<string, string> = {}) => restockPlan(db, restockQuery.parse(q), { now });

test("[restock] rate over the window, days left, what to order; soonest out first; variants apart", async (db) => {
  const crickets = await createProduct(db, { name: "Crickets tub", sku: "CRK", stock: 10 });
  const hide = await createProduct(db, { name: "Cork hide", sku: "CORK", stock: 0 });
  const vivarium = await createProduct(db, { name: "Vivarium 90", sku: "VIV", stock: 1 });
  const lamp = await createProduct(db, { name: "UVB tube", sku: "UVB", stock: 52 });
  const ten = await createVariant(db, lamp.id, { name: "10%", sku: "UVB-10", stock: 2 });
  const six = await createVariant(db, lamp.id, { name: "6%", sku: "UVB-6", stock: 50 });
  await sold(db, 2, [{ productId: crickets.id, quantity: 40 }, { productId: hide.id, quantity: 1 }]);
  await sold(db, 20, [{ productId: crickets.id, quantity: 20 }, { productId: vivarium.id, quantity: 1 }]);
  await sold(db, 5, [{ productId: lamp.id, variantId: ten.id, quantity: 3 }, {
    productId: lamp.id,
    variantId: six.id,
    quantity: 3,
  }]);
  // Not counted: before the window, cancelled, unpaid.
  await sold(db, 31, [{ productId: vivarium.id, quantity: 9 }]);
  await sold(db, 1, [{ productId: vivarium.id, quantity: 9 }], { status: "cancelled" });
  await sold(db, 1, [{ productId: vivarium.id, quantity: 9 }], { status: "pending", paidAt: null });

  const p = await plan(db);
  assert.deepEqual([p.days, p.cover, p.total], [30, 30, 3]);
  assert.deepEqual(p.rows.map((r) => [r.sku, r.stock, r.sold, r.perWeek, r.coverDays, r.runsOutOn, r.order]), [
    ["CORK", 0, 1, 0.2, 0, "2026-11-29", 1],
    ["CRK", 10, 60, 14, 5, "2026-12-04", 50],
    ["UVB-10", 2, 3, 0.7, 20, "2026-12-19", 1],
  ], "the vivarium's 1 left lasts the 30 days of its 1 sale; the 6% tube has plenty");
  assert.deepEqual([p.rows[2].name, p.rows[2].variantName, p.rows[2].variantId], ["UVB tube", "10%", ten.id]);
  assert.equal(p.rows[1].variantId, null);

  // A longer cover needs more: the vivarium now too; a shorter window reads a faster rate.
  const longer = await plan(db, { cover: "60" });
  assert.deepEqual(longer.rows.map((r) => [r.sku, r.order]), [["CORK", 2], ["CRK", 110], ["UVB-10", 4], ["VIV", 1]]);
  const lastWeek = await plan(db, { days: "7" });
  assert.deepEqual(lastWeek.rows.map((r) => [r.sku, r.sold, r.order]), [["CORK", 1, 5], ["CRK", 40, 162], [
    "UVB-10",
    3,
    11,
  ]]);
});

test("[restock] archived and draft products and variantless lines of variant products are not listed; a limit keeps the total", async (db) => {
  const archived = await createProduct(db, { name: "Old mat", stock: 0, archivedAt: new Date() });
  const draft = await createProduct(db, { name: "New mat", stock: 0, status: "draft" });
  const a = await createProduct(db, { name: "A", stock: 0 });
  const b = await createProduct(db, { name: "B", stock: 0 });
  // A line without a variant of a product now sold as variants (its variant since deleted): not its stock.
  const tank = await createProduct(db, { name: "Tank", stock: 0 });
  await createVariant(db, tank.id, { name: "45cm", stock: 0 });
  await sold(db, 1, [archived, draft, a, b, tank].map((p) => ({ productId: p.id, quantity: 1 })));
  const p = await restockPlan(db, restockQuery.parse({}), { now, limit: 1 });
  assert.deepEqual([p.total, p.rows.map((r) => r.name)], [2, ["A"]]);
});

test("[restock] units awaited on open purchase orders are on order: added to the stock, taken off the order", async (db) => {
  const crickets = await createProduct(db, { name: "Crickets tub", sku: "CRK", stock: 10 });
  const lamp = await createProduct(db, { name: "UVB tube", sku: "UVB", stock: 2 });
  const ten = await createVariant(db, lamp.id, { name: "10%", sku: "UVB-10", stock: 2 });
  await sold(db, 2, [{ productId: crickets.id, quantity: 60 }, { productId: lamp.id, variantId: ten.id, quantity: 6 }]);
  const ordered = async (status: "open" | "received" | "closed" | "cancelled", lines: object[]) => {
    const [po] = await db.insert(purchaseOrders).values({ supplier: "Wholesale", status }).returning();
    await db.insert(purchaseOrderLines).values(
      lines.map((l) => ({
        purchaseOrderId: po.id,
        sku: "x",
        name: "x",
        ...l,
      })) as (typeof purchaseOrderLines.$inferInsert)[],
    );
  };
  // Open: 30 crickets of which 10 came (20 awaited), and 4 more; a line received beyond its order counts 0.
  await ordered("open", [
    { productId: crickets.id, ordered: 30, received: 10 },
    { productId: lamp.id, variantId: ten.id, ordered: 2, received: 3 },
  ]);
  await ordered("open", [{ productId: crickets.id, ordered: 4 }]);
  // Not awaited: received in full, closed with units outstanding, cancelled.
  await ordered("received", [{ productId: crickets.id, ordered: 5, received: 5 }]);
  await ordered("closed", [{ productId: crickets.id, ordered: 50, received: 0 }]);
  await ordered("cancelled", [{ productId: lamp.id, variantId: ten.id, ordered: 50 }]);
  const p = await plan(db);
  assert.deepEqual(p.rows.map((r) => [r.sku, r.stock, r.onOrder, r.order]), [
    ["CRK", 10, 24, 26],
    ["UVB-10", 2, 0, 4],
  ], "the soonest out on the stock on hand first");
  // Enough on order: no longer listed.
  await ordered("open", [{ productId: crickets.id, ordered: 26 }]);
  assert.deepEqual((await plan(db)).rows.map((r) => r.sku), ["UVB-10"]);
});

test("[restock] each unit's last supplier (its latest purchase order not cancelled), and the plan by supplier", async (db) => {
  const crickets = await createProduct(db, { name: "Crickets tub", sku: "CRK", stock: 0 });
  const lamp = await createProduct(db, { name: "UVB tube", sku: "UVB", stock: 0 });
  const ten = await createVariant(db, lamp.id, { name: "10%", sku: "UVB-10", stock: 0 });
  const six = await createVariant(db, lamp.id, { name: "6%", sku: "UVB-6", stock: 0 });
  const hide = await createProduct(db, { name: "Cork hide", sku: "CORK", stock: 0 });
  await sold(db, 2, [crickets, hide].map((p) => ({ productId: p.id, quantity: 30 })));
  await sold(db, 2, [ten, six].map((v) => ({ productId: lamp.id, variantId: v.id, quantity: 30 })));
  let day = 0;
  const ordered = async (supplier: string, status: "received" | "cancelled", lines: object[]) => {
    const [po] = await db.insert(purchaseOrders).values({
      supplier,
      status,
      createdAt: new Date(now.getTime() - 40 * DAY + ++day * DAY),
    }).returning();
    await db.insert(purchaseOrderLines).values(
      lines.map((l) => ({
        purchaseOrderId: po.id,
        sku: "x",
        name: "x",
        ordered: 1,
        received: 1,
        ...l,
      })) as (typeof purchaseOrderLines.$inferInsert)[],
    );
  };
  await ordered("Bugs & Co", "received", [{ productId: crickets.id }, { productId: lamp.id, variantId: ten.id }]);
  await ordered("Lamp House", "received", [{ productId: lamp.id, variantId: ten.id }]);
  await ordered("Bugs & Co", "cancelled", [{ productId: lamp.id, variantId: six.id }]);
  const p = await plan(db);
  assert.deepEqual(
    p.rows.map((r) => [r.sku, r.lastSupplier]).sort(),
    [["CORK", null], ["CRK", "Bugs & Co"], ["UVB-10", "Lamp House"], ["UVB-6", null]],
    "the latest wins; a cancelled order is not where it comes from; never ordered is null",
  );
  assert.equal(p.supplier, null);
  const bugs = await plan(db, { supplier: " Bugs & Co " });
  assert.deepEqual([bugs.supplier, bugs.total, bugs.rows.map((r) => r.sku)], ["Bugs & Co", 1, ["CRK"]]);
  assert.deepEqual((await plan(db, { supplier: "" })).total, 4, "empty is every supplier");
  for (
    const [bad, message] of [["x".repeat(121), "Supplier is at most 120 characters"], [
      "a\u0000",
      "Supplier must not contain control characters",
    ]]
  ) {
    const r = restockQuery.safeParse({ supplier: bad });
    assert.equal(r.success ? "" : r.error.issues[0].message, message);
  }
});

test("[restock] the CSV lists every unit to order, for a supplier", async (db) => {
  const worms = await createProduct(db, { name: "Mealworms, 100", sku: "MW-100", stock: 3 });
  await sold(db, 3, [{ productId: worms.id, quantity: 30 }]);
  const [header, row] = parseCsv(await restockCsv(db, restockQuery.parse({ cover: "14" }), now));
  assert.deepEqual(header, [
    "SKU",
    "Product",
    "Variant",
    "Last supplier",
    "In stock",
    "On order",
    "Sold in 30 days",
    "Per week",
    "Days left",
    "Runs out",
    "Order",
  ]);
  assert.deepEqual(row, ["MW-100", "Mealworms, 100", "", "", "3", "0", "30", "7", "3", "2026-12-02", "11"]);
});

Deno.test("[restock] days and cover are whole days from 1 to 365; empty is 30", () => {
  assert.deepEqual(restockQuery.parse({ days: "", cover: "7" }), { days: 30, cover: 7 });
  for (const bad of ["0", "366", "1.5", "-3", "abc", "9999"]) {
    const r = restockQuery.safeParse({ days: bad });
    assert.equal(r.success, false, bad);
    assert.equal(r.error!.issues[0].message, "days must be a whole number of days from 1 to 365");
  }
});

closeDatabase();
