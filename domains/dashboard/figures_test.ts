import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createProduct, createUser, createVariant } from "../../tests/helpers/factories.ts";
import { type Db, rowsOf } from "../../db/client.ts";
import { orderItems, orders, products, productVariants, reviews } from "../../db/schema/mod.ts";
import { dashboardFigures, lowVariantsText, saBoundaries } from "./mod.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();

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

test("[dashboard] a product sold in variants is low when one variant is, at the product's level; pre-orders aside", async (db) => {
  const mats = await createProduct(db, { name: "Heat Mat Range", stock: 43 });
  const small = await createVariant(db, mats.id, { name: "Small", stock: 40 });
  const large = await createVariant(db, mats.id, { name: "Large", stock: 3 });
  const xl = await createVariant(db, mats.id, { name: "XL", stock: 0, preorder: true });
  await createProduct(db, { name: "Basking Bulb", stock: 2 });
  await createProduct(db, { name: "Water Bowl", stock: 30 });
  const lowest = async () =>
    (await db.select({ n: products.lowestVariantStock }).from(products).where(eq(products.id, mats.id)))[0].n;
  const listed = async () => {
    const f = await dashboardFigures(db, now);
    return {
      rows: f.lowStock.map((p) => [p.name, p.stock, lowVariantsText(p.lowVariants)]),
      count: f.lowStockCount,
    };
  };

  assert.equal(await lowest(), 3, "the database keeps the emptiest in-stock-kept variant");
  assert.deepEqual(await listed(), {
    rows: [["Basking Bulb", 2, ""], ["Heat Mat Range", 43, "Large 3 left"]],
    count: 2,
  });

  await db.update(productVariants).set({ stock: 10 }).where(eq(productVariants.id, large.id));
  assert.equal(await lowest(), 10);
  assert.deepEqual(await listed(), { rows: [["Basking Bulb", 2, ""]], count: 1 }, "the pre-order XL at 0 is not low");

  await db.update(products).set({ lowStockAt: 12 }).where(eq(products.id, mats.id));
  assert.deepEqual((await listed()).rows[1], ["Heat Mat Range", 43, "Large 10 left"], "the level applies per variant");

  await db.update(productVariants).set({ preorder: false }).where(eq(productVariants.id, xl.id));
  assert.equal(await lowest(), 0);
  assert.deepEqual((await listed()).rows[0], ["Heat Mat Range", 43, "XL sold out, Large 10 left"], "emptiest first");

  await db.delete(productVariants).where(eq(productVariants.id, xl.id));
  await db.delete(productVariants).where(eq(productVariants.id, large.id));
  assert.equal(await lowest(), 40);
  await db.delete(productVariants).where(eq(productVariants.id, small.id));
  assert.equal(await lowest(), null, "no variants left: the product's own stock counts again");
});

raceTest(
  "[dashboard] a variant written without the product's lock still leaves the product's lowest variant right",
  async (db) => {
    const range = await createProduct(db, { name: "Heat Mat Range", stock: 50 });
    const small = await createVariant(db, range.id, { name: "Small", stock: 40 });
    const large = await createVariant(db, range.id, { name: "Large", stock: 10 });
    let updated!: () => void, release!: () => void;
    const smallSold = new Promise<void>((r) => (updated = r));
    const gate = new Promise<void>((r) => (release = r));
    // A sale holds the product's lock (checkout's order) and takes the Small down to 1 ...
    const sale = db.transaction(async (tx) => {
      await tx.execute(sql`select id from ${products} where ${products.id} = ${range.id} for update`);
      await tx.update(productVariants).set({ stock: 1 }).where(eq(productVariants.id, small.id));
      updated();
      await gate;
    });
    await smallSold;
    // ... while a manual fix sets the Large to 2 without it, and waits for the sale's lock.
    const fix = Promise.resolve(db.update(productVariants).set({ stock: 2 }).where(eq(productVariants.id, large.id)));
    for (let i = 0; i < 100; i++) {
      const [{ n }] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from pg_locks where not granted`),
      );
      if (n > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    release();
    await sale;
    await fix;
    const [row] = await db.select({ n: products.lowestVariantStock }).from(products).where(eq(products.id, range.id));
    assert.equal(row.n, 1, "the Small's 1, committed while the fix waited, is the lowest");
  },
);

closeDatabase();
