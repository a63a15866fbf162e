/** /admin/restock, its CSV and GET /api/admin/reports/restock: what to reorder, for staff only. */
import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { accountOn } from "../helpers/staff.ts";
import { createProduct, createVariant, paidYesterday } from "../helpers/factories.ts";
import { products } from "../../db/schema/mod.ts";
import { eq } from "drizzle-orm";
import { parseCsv } from "../../lib/csv.ts";

const { test, closeDatabase } = useTestDatabase();

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

test(
  "[admin restock] a delivery booked in: by JSON, by the form (filled in from the plan), refused lines kept",
  async (db, database) => {
    const app = testApp(database);
    const { client: admin } = await accountOn(db, app, "admin");
    const { client: customer } = await accountOn(db, app, "customer");
    const crickets = await createProduct(db, { name: "Crickets tub", sku: "CRK", stock: 10 });
    await paidYesterday(db, [{ productId: crickets.id, quantity: 30 }]);

    const body = { lines: [{ sku: "CRK", quantity: 5 }], reference: "INV-1" };
    assert.equal((await testClient(app).postJson("/api/admin/stock/receive", body)).status, 401);
    assert.equal((await customer.postJson("/api/admin/stock/receive", body)).status, 403);
    const res = await admin.postJson("/api/admin/stock/receive", body);
    assert.equal(res.status, 200);
    const out = await res.json();
    assert.deepEqual([out.units, out.lines[0].sku, out.lines[0].stockAfter], [5, "CRK", 15]);
    for (
      const bad of [{ lines: [] }, { lines: [{ sku: "CRK", quantity: 0 }] }, { lines: "CRK, 5" }, { ...body, extra: 1 }]
    ) {
      const refused = await admin.postJson("/api/admin/stock/receive", bad);
      assert.equal(refused.status, 400, JSON.stringify(bad));
      assert.ok((await refused.json()).message);
    }

    // The form, filled in from the plan: 30 a month less the 15 in stock.
    const filled = await (await admin.get("/admin/restock/receive?days=30&cover=30")).text();
    assert.match(filled, /<textarea[^>]*name="lines"[^>]*>CRK, 15<\/textarea>/);
    assert.match(filled, /Filled in from the restock plan/);
    const sent = await admin.postForm("/admin/restock/receive", { lines: "crk\t15", reference: "INV-2" });
    assert.equal(sent.status, 303);
    assert.equal(sent.headers.get("location"), "/admin/restock");
    const after = (await (await admin.get("/admin/restock")).text()).replaceAll("<!-- -->", "");
    assert.match(after, /Stock booked in/);
    assert.match(after, /1 line, 15 units \(INV-2\)\./);
    assert.match(after, /Everything that sold in the last 30 days has stock for 30 days/);
    const history = await (await admin.get(`/api/admin/products/${crickets.id}/stock-history`)).json();
    assert.match(history.items[0].text, /^\+15 \(received, by \w+, INV-2\) -> 30 left, /);

    const refused = await admin.postForm("/admin/restock/receive", {
      lines: "CRK, 2\nGONE, 3\nCRK twelve",
      reference: "",
    });
    assert.equal(refused.status, 400);
    const html = await refused.text();
    assert.match(html, /Line 3: write the SKU, then the quantity/);
    assert.match(html, /CRK, 2\nGONE, 3\nCRK twelve<\/textarea>/, "the text comes back as sent");
    const unknown = await (await admin.postForm("/admin/restock/receive", { lines: "CRK, 2\nGONE, 3", reference: "" }))
      .text();
    assert.match(unknown, /Line 2: no product or variant has the SKU GONE/);
    const [{ stock }] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, crickets.id));
    assert.equal(stock, 30, "refused deliveries wrote nothing");
  },
);

test(
  "[admin restock] the plan's CSV, downloaded and posted back whole, books its Order column in",
  async (db, database) => {
    const app = testApp(database);
    const { client: admin } = await accountOn(db, app, "admin");
    const crickets = await createProduct(db, { name: "Crickets, large", sku: "CRK", stock: 10 });
    const lamp = await createProduct(db, { name: "UVB tube", sku: "UVB", stock: 0 });
    const ten = await createVariant(db, lamp.id, { name: "10%", sku: "UVB-10", stock: 0 });
    await paidYesterday(db, [{ productId: crickets.id, quantity: 30 }, {
      productId: lamp.id,
      variantId: ten.id,
      quantity: 2,
    }]);
    const csv = await (await admin.get("/admin/restock/restock.csv?cover=30")).text();
    const sent = await admin.postForm("/admin/restock/receive", { lines: csv, reference: "INV-9" });
    assert.equal(sent.status, 303);
    const after = (await (await admin.get("/admin/restock")).text()).replaceAll("<!-- -->", "");
    assert.match(after, /2 lines, 22 units \(INV-9\)\./, "20 crickets and 2 lamps, as the plan said");
    const stock = async (id: number) =>
      (await db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;
    assert.deepEqual([await stock(crickets.id), await stock(lamp.id)], [30, 2]);
  },
);

closeDatabase();
