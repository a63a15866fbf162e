/** /admin/restock, its CSV and GET /api/admin/reports/restock: what to reorder, for staff only. */
import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { accountOn } from "../helpers/staff.ts";
import { createProduct, createVariant } from "../helpers/factories.ts";
import { orderItems, orders } from "../../db/schema/mod.ts";
import { parseCsv } from "../../lib/csv.ts";
import type { Db } from "../../db/client.ts";

const { test, closeDatabase } = useTestDatabase();

async function paidYesterday(db: Db, lines: { productId: number; variantId?: number; quantity: number }[]) {
  const [order] = await db.insert(orders).values({
    orderNumber: `RB-${crypto.randomUUID().slice(0, 8)}`,
    total: "100.00",
    status: "processing",
    paidAt: new Date(Date.now() - 24 * 3600_000),
  }).returning();
  await db.insert(orderItems).values(lines.map((l) => ({ orderId: order.id, name: "x", price: "10.00", ...l })));
}

test("[admin restock] the plan as JSON, as a page and as a CSV", async (db, database) => {
  const app = testApp(database);
  const { client: admin } = await accountOn(db, app, "admin");
  const crickets = await createProduct(db, { name: "Crickets tub", sku: "CRK", stock: 10 });
  const lamp = await createProduct(db, { name: "UVB tube", sku: "UVB", stock: 2 });
  const ten = await createVariant(db, lamp.id, { name: "10%", sku: "UVB-10", stock: 0 });
  await createProduct(db, { name: "Cork hide", sku: "CORK", stock: 40 });
  await paidYesterday(db, [{ productId: crickets.id, quantity: 30 }, {
    productId: lamp.id,
    variantId: ten.id,
    quantity: 2,
  }]);

  const res = await admin.get("/api/admin/reports/restock?cover=14");
  assert.equal(res.status, 200);
  const plan = await res.json();
  assert.deepEqual([plan.days, plan.cover, plan.total], [30, 14, 2]);
  assert.deepEqual(plan.rows.map((r: { sku: string; stock: number; order: number }) => [r.sku, r.stock, r.order]), [
    ["UVB-10", 0, 1],
    ["CRK", 10, 4],
  ], "sold out first; 30 a month is 14 for two weeks, 10 in stock");

  const page = await (await admin.get("/admin/restock?cover=14")).text();
  assert.match(page, /<h1[^>]*>Restock<\/h1>/);
  assert.match(page, /data-restock-order="CRK"[^>]*>4</);
  assert.match(page, /Sold out/);
  assert.match(page, /2 items need(<!-- -->)? ordering to last (<!-- -->)?14(<!-- -->)? days/);
  assert.match(page, /href="\/admin\/restock\/restock\.csv\?days=30&amp;cover=14"/);
  assert.match(page, /href="\/admin\/restock"[^>]*>Restock</, "the sidebar links the page");
  assert.doesNotMatch(page, /Cork hide/, "what did not sell is left to the low-stock alert");

  const csv = await admin.get("/admin/restock/restock.csv?cover=14");
  assert.equal(csv.status, 200);
  assert.match(csv.headers.get("content-disposition")!, /^attachment; filename="restock-\d{4}-\d{2}-\d{2}\.csv"$/);
  const [header, ...rows] = parseCsv(await csv.text());
  assert.equal(header[0], "SKU");
  assert.deepEqual(rows.map((r) => [r[0], r.at(-1)]), [["UVB-10", "1"], ["CRK", "4"]]);
});

test(
  "[admin restock] staff only; days and cover out of range are a 400; nothing to order says so",
  async (db, database) => {
    const app = testApp(database);
    const { client: admin } = await accountOn(db, app, "admin");
    const { client: customer } = await accountOn(db, app, "customer");
    const visitor = testClient(app);
    assert.equal((await visitor.get("/api/admin/reports/restock")).status, 401);
    assert.equal((await customer.get("/api/admin/reports/restock")).status, 403);
    assert.equal((await customer.get("/admin/restock")).headers.get("location"), "/");
    assert.equal((await customer.get("/admin/restock/restock.csv")).headers.get("location"), "/");
    for (const q of ["days=0", "cover=366", "days=abc", "cover=1%00", "days=1.5"]) {
      const res = await admin.get(`/api/admin/reports/restock?${q}`);
      assert.equal(res.status, 400, q);
      assert.match((await res.json()).message, /must be a whole number of days from 1 to 365|control characters/);
      assert.equal((await admin.get(`/admin/restock?${q}`)).status, 400, q);
      assert.equal((await admin.get(`/admin/restock/restock.csv?${q}`)).status, 400, q);
    }
    assert.match(
      (await (await admin.get("/admin/restock")).text()).replaceAll("<!-- -->", ""),
      /Everything that sold in the last 30 days has stock for 30 days at that rate\./,
    );
  },
);

closeDatabase();
