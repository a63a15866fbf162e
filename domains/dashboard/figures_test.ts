import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createProduct, createUser } from "../../tests/helpers/factories.ts";
import type { Db } from "../../db/client.ts";
import { orderItems, orders, products, reviews } from "../../db/schema/mod.ts";
import { dashboardFigures, saBoundaries } from "./mod.ts";

const { test, closeDatabase } = useTestDatabase();

// Tuesday 24 November 2026, 12:00 in Johannesburg.
const now = new Date("2026-11-24T10:00:00Z");
let n = 0;

async function paidOrder(db: Db, paidAt: string, total: string, values: Partial<typeof orders.$inferInsert> = {}) {
  const [row] = await db.insert(orders).values({
    orderNumber: `RB-${++n}`,
    total,
    status: "processing",
    paidAt: new Date(paidAt),
    ...values,
  }).returning();
  return row;
}

test("[dashboard] South African day, week (Monday) and month starts", () => {
  const b = saBoundaries(now);
  assert.equal(b.today.toISOString(), "2026-11-23T22:00:00.000Z");
  assert.equal(b.week.toISOString(), "2026-11-22T22:00:00.000Z");
  assert.equal(b.month.toISOString(), "2026-10-31T22:00:00.000Z");
  assert.equal(b.chartStart.toISOString(), "2026-10-25T22:00:00.000Z");
  // Just after midnight in Johannesburg is still the previous evening in UTC.
  assert.equal(saBoundaries(new Date("2026-11-30T22:30:00Z")).month.toISOString(), "2026-11-30T22:00:00.000Z");
});

test("[dashboard] sales today / this week / this month count paid orders on Johannesburg day boundaries, net of refunds", async (db) => {
  await paidOrder(db, "2026-11-23T22:00:00Z", "100.00"); // 00:00 Tuesday SAST: today
  await paidOrder(db, "2026-11-24T09:59:00Z", "50.00", { refundedAmount: "20.00" }); // today, R30 net
  await paidOrder(db, "2026-11-23T21:59:59Z", "200.00"); // 23:59:59 Monday SAST: this week, not today
  await paidOrder(db, "2026-11-22T21:59:59Z", "400.00"); // Sunday SAST: this month, not this week
  await paidOrder(db, "2026-10-31T21:59:59Z", "800.00"); // 31 October SAST: last month
  await paidOrder(db, "2026-11-24T08:00:00Z", "999.00", { status: "cancelled" }); // cancelled: never
  await db.insert(orders).values({ orderNumber: "RB-unpaid", total: "555.00" }); // unpaid: never
  await paidOrder(db, "2026-11-24T11:00:00Z", "70.00"); // after `now`: not yet

  const f = await dashboardFigures(db, now);
  assert.deepEqual(f.today, { cents: 13000, orders: 2 });
  assert.deepEqual(f.week, { cents: 33000, orders: 3 });
  assert.deepEqual(f.month, { cents: 73000, orders: 4 });
  assert.equal(f.daily.length, 30);
  assert.deepEqual(f.daily.at(-1), { day: "2026-11-24", cents: 13000, orders: 2 });
  assert.deepEqual(f.daily.at(-2), { day: "2026-11-23", cents: 20000, orders: 1 });
  assert.deepEqual(f.daily.at(-3), { day: "2026-11-22", cents: 40000, orders: 1 });
  assert.deepEqual(f.daily[0], { day: "2026-10-26", cents: 0, orders: 0 });
  assert.equal(f.daily.find((d) => d.day === "2026-10-31")?.cents, 80000);
  assert.equal(f.awaitingDispatch, 6, "paid and processing (whenever paid), not cancelled or unpaid");
});

test("[dashboard] top products by units and by revenue, low stock (not archived), pending reviews", async (db) => {
  const gecko = await createProduct(db, { name: "Gecko Hide", stock: 2 });
  const lamp = await createProduct(db, { name: "Basking Lamp", stock: 40 });
  const archived = await createProduct(db, { name: "Old Mat", stock: 0 });
  await db.update(products).set({ archivedAt: now }).where(eq(products.id, archived.id));
  const o1 = await paidOrder(db, "2026-11-20T10:00:00Z", "1000.00");
  const old = await paidOrder(db, "2026-09-01T10:00:00Z", "1000.00");
  await db.insert(orderItems).values([
    { orderId: o1.id, productId: gecko.id, name: "Gecko Hide", price: "50.00", quantity: 6 },
    { orderId: o1.id, productId: lamp.id, name: "Basking Lamp", price: "450.00", quantity: 1 },
    { orderId: old.id, productId: lamp.id, name: "Basking Lamp", price: "450.00", quantity: 99 },
  ]);
  const user = await createUser(db);
  const other = await createUser(db);
  await db.insert(reviews).values([
    { productId: gecko.id, userId: user.id, title: "Good", content: "Nice hide", rating: 5 },
    { productId: gecko.id, userId: other.id, title: "Ok", content: "Fine", rating: 4, status: "approved" },
  ]);
  const f = await dashboardFigures(db, now);
  assert.deepEqual(f.topByUnits.map((p) => [p.name, p.units, p.cents]), [["Gecko Hide", 6, 30000], [
    "Basking Lamp",
    1,
    45000,
  ]]);
  assert.deepEqual(f.topByRevenue.map((p) => p.name), ["Basking Lamp", "Gecko Hide"]);
  assert.deepEqual(f.lowStock.map((p) => p.name), ["Gecko Hide"]);
  assert.equal(f.lowStockCount, 1);
  assert.equal(f.pendingReviews, 1);
});

test("[dashboard] low stock reads each product's own alert level, else 5; 0 means only when sold out", async (db) => {
  const crickets = await createProduct(db, { name: "Crickets (tub)", stock: 12 });
  const vivarium = await createProduct(db, { name: "Vivarium 90", stock: 2 });
  const madeToOrder = await createProduct(db, { name: "Custom Stand", stock: 0 });
  await createProduct(db, { name: "Dusting Powder", stock: 5 });
  await createProduct(db, { name: "Water Bowl", stock: 6 });
  await db.update(products).set({ lowStockAt: 20 }).where(eq(products.id, crickets.id));
  await db.update(products).set({ lowStockAt: 0 }).where(eq(products.id, vivarium.id));
  await db.update(products).set({ lowStockAt: 0 }).where(eq(products.id, madeToOrder.id));
  const f = await dashboardFigures(db, now);
  assert.deepEqual(f.lowStock.map((p) => [p.name, p.stock]), [
    ["Custom Stand", 0],
    ["Dusting Powder", 5],
    ["Crickets (tub)", 12],
  ]);
  assert.equal(f.lowStockCount, 3);
});

closeDatabase();
