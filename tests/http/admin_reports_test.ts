/**
 * /admin/reports and its twins: the VAT of the invoices and credit notes issued in a period (South
 * African days, both included), what each product sold in orders paid in it, the two CSV downloads,
 * the period's refusals, and staff only.
 */
import assert from "node:assert/strict";
import { eq, inArray } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { accountOn } from "../helpers/staff.ts";
import { createCategory, createProduct, createSubcategory } from "../helpers/factories.ts";
import { FREE_DELIVERY, paidOrder, placedOrder, systemRefund } from "../helpers/paid_orders.ts";
import { parseCsv } from "../../lib/csv.ts";
import { creditNotes, orders, products, taxInvoices } from "../../db/schema/mod.ts";
import { testGateway } from "../../domains/payments/mod.ts";
import { NO_CATEGORY, REPORT_TOO_LONG } from "../../domains/dashboard/mod.ts";

const { test, closeDatabase } = useTestDatabase();
const gateway = testGateway();

/** October 2026 in South Africa: 2026-09-30 22:00 UTC up to 2026-10-31 22:00 UTC. */
const OCTOBER = "from=2026-10-01&to=2026-10-31";

/**
 * Two paid orders (2 x R115 and 1 x R575, free delivery), a R115 refund of the first and an unpaid
 * order, with every document moved into October 2026; each document's VAT is 15/115 of its amount.
 */
async function shopWithSales(db: Parameters<Parameters<typeof test>[1]>[0]) {
  const mat = await createProduct(db, { name: "Heat Mat 20W", price: "115.00", stock: 20 });
  const lamp = await createProduct(db, { name: "UVB Lamp T5", price: "575.00", stock: 20 });
  const hide = await createProduct(db, { name: "Cork Hide", price: "90.00", stock: 20 });
  const first = await paidOrder(db, gateway, [{ productId: mat.id, quantity: 2 }], { delivery: FREE_DELIVERY });
  const second = await paidOrder(db, gateway, [{ productId: lamp.id, quantity: 1 }], { delivery: FREE_DELIVERY });
  await placedOrder(db, [{ productId: hide.id, quantity: 1 }], {
    paymentMethod: gateway.provider,
    delivery: FREE_DELIVERY,
  });
  await systemRefund(db, gateway, { orderId: first.order.id, amountCents: 11_500, reason: "Damaged in transit" });
  const at = (iso: string) => new Date(iso);
  // The first invoice opens October (00:00 SAST on the 1st), the second closes it (23:59:59 SAST on the
  // 31st), and the credit note is mid-month.
  await db.update(taxInvoices).set({ issuedAt: at("2026-09-30T22:00:00Z") })
    .where(eq(taxInvoices.orderId, first.order.id));
  await db.update(taxInvoices).set({ issuedAt: at("2026-10-31T21:59:59Z") })
    .where(eq(taxInvoices.orderId, second.order.id));
  await db.update(creditNotes).set({ issuedAt: at("2026-10-15T08:00:00Z") });
  return { mat, lamp, hide, first: first.order, second: second.order };
}

test(
  "[admin reports] the VAT of October's invoices less its credit notes, from the documents as issued",
  async (db, database) => {
    const app = testApp(database);
    const { client: admin } = await accountOn(db, app, "admin");
    const { first, second } = await shopWithSales(db);

    const res = await admin.get(`/api/admin/reports/tax?${OCTOBER}`);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), {
      from: "2026-10-01",
      to: "2026-10-31",
      invoices: { count: 2, netCents: 70_000, vatCents: 10_500, grossCents: 80_500 },
      creditNotes: { count: 1, netCents: 10_000, vatCents: 1_500, grossCents: 11_500 },
      net: { netCents: 60_000, vatCents: 9_000, grossCents: 69_000 },
    });

    // One second later the second invoice is November's (00:00 SAST on 1 November).
    await db.update(taxInvoices).set({ issuedAt: new Date("2026-10-31T22:00:00Z") })
      .where(eq(taxInvoices.orderId, second.id));
    const october = await (await admin.get(`/api/admin/reports/tax?${OCTOBER}`)).json();
    assert.deepEqual(october.invoices, { count: 1, netCents: 20_000, vatCents: 3_000, grossCents: 23_000 });
    const november = await (await admin.get("/api/admin/reports/tax?from=2026-11-01&to=2026-11-01")).json();
    assert.equal(november.invoices.count, 1);
    assert.equal(november.creditNotes.count, 0);

    // The CSV lists each document once, credit notes negative, so its VAT column adds up to the net VAT.
    const csv = await admin.get("/admin/reports/tax-documents.csv?from=2026-10-01&to=2026-11-30");
    assert.equal(csv.status, 200);
    assert.equal(csv.headers.get("Content-Type"), "text/csv; charset=utf-8");
    assert.equal(
      csv.headers.get("Content-Disposition"),
      'attachment; filename="tax-documents-2026-10-01-to-2026-11-30.csv"',
    );
    assert.equal(csv.headers.get("Cache-Control"), "no-store");
    const [header, ...rows] = parseCsv(await csv.text());
    assert.deepEqual(header, [
      "Issued (SAST)",
      "Document",
      "Number",
      "Order",
      "Corrects invoice",
      "Customer",
      "Customer VAT number",
      "VAT rate (%)",
      "Excl. VAT (R)",
      "VAT (R)",
      "Incl. VAT (R)",
    ]);
    const [firstInvoice] = await db.select().from(taxInvoices).where(eq(taxInvoices.orderId, first.id));
    assert.deepEqual(rows.map((r) => [r[0], r[1], r[3], r[4], r[7], r[8], r[9], r[10]]), [
      ["2026-10-01 00:00", "Tax invoice", first.orderNumber, "", "15", "200", "30", "230"],
      [
        "2026-10-15 10:00",
        "Credit note",
        first.orderNumber,
        firstInvoice.number!,
        "15",
        "-100",
        "-15",
        "-115",
      ],
      ["2026-11-01 00:00", "Tax invoice", second.orderNumber, "", "15", "500", "75", "575"],
    ]);
    assert.equal(rows[0][5], "Thandi Nkosi");
    assert.match(rows[1][2], /^CN-\d{6}$/);
  },
);

test(
  "[admin reports] sales by product: paid orders in the period, best first, and all of them as CSV",
  async (db, database) => {
    const app = testApp(database);
    const { client: admin } = await accountOn(db, app, "admin");
    const { mat, lamp, first, second } = await shopWithSales(db);
    // Product sales follow when the order was paid, not when its invoice was issued.
    await db.update(orders).set({ paidAt: new Date("2026-10-10T10:00:00Z") })
      .where(inArray(orders.id, [first.id, second.id]));

    const res = await admin.get(`/api/admin/reports/product-sales?${OCTOBER}`);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), {
      from: "2026-10-01",
      to: "2026-10-31",
      products: [
        { productId: lamp.id, name: "UVB Lamp T5", units: 1, cents: 57_500 },
        { productId: mat.id, name: "Heat Mat 20W", units: 2, cents: 23_000 },
      ],
    });
    const one = await (await admin.get(`/api/admin/reports/product-sales?${OCTOBER}&limit=1`)).json();
    assert.deepEqual(one.products.map((p: { name: string }) => p.name), ["UVB Lamp T5"]);
    const september = await (await admin.get("/api/admin/reports/product-sales?from=2026-09-01&to=2026-09-30")).json();
    assert.deepEqual(september.products, []);

    const csv = await admin.get(`/admin/reports/product-sales.csv?${OCTOBER}`);
    assert.equal(csv.status, 200);
    assert.deepEqual(parseCsv(await csv.text()), [
      ["Product ID", "Product", "Units", "Sales incl. VAT (R)"],
      [String(lamp.id), "UVB Lamp T5", "1", "575"],
      [String(mat.id), "Heat Mat 20W", "2", "230"],
    ]);

    // The page: the period, the VAT table, the products and both downloads, without JavaScript.
    const page = await admin.get(`/admin/reports?${OCTOBER}`);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /<h1[^>]*>Reports<\/h1>/);
    assert.match(html, /data-report-period="true"[^>]*>01 Oct 2026 – 31 Oct 2026/);
    assert.match(html, /data-vat="net"[^>]*>R\s90,00/);
    assert.match(html, /UVB Lamp T5[\s\S]*Heat Mat 20W/);
    assert.match(html, /href="\/admin\/reports\/tax-documents\.csv\?from=2026-10-01&amp;to=2026-10-31"/);
    assert.match(html, /href="\/admin\/reports\/product-sales\.csv\?from=2026-10-01&amp;to=2026-10-31"/);
    assert.match(html, /href="\/admin\/reports"[^>]*>Reports</, "the sidebar links the page");
  },
);

test(
  "[admin reports] sales by category: top-level departments, a subcategory counted for its parent, the rest apart",
  async (db, database) => {
    const app = testApp(database);
    const { client: admin } = await accountOn(db, app, "admin");
    const heating = await createCategory(db, { name: "Heating & Lighting" });
    const mats = await createSubcategory(db, heating, { name: "Heat mats" });
    await createCategory(db, { name: "Decor" });
    const { mat, lamp, first, second } = await shopWithSales(db);
    await db.update(products).set({ categoryId: mats.id }).where(eq(products.id, mat.id));
    await db.update(products).set({ categoryId: heating.id }).where(eq(products.id, lamp.id));
    const bowl = await createProduct(db, { name: "Water Bowl", price: "50.00", stock: 5 });
    const third = await paidOrder(db, gateway, [{ productId: bowl.id, quantity: 1 }], { delivery: FREE_DELIVERY });
    await db.update(orders).set({ paidAt: new Date("2026-10-10T10:00:00Z") })
      .where(inArray(orders.id, [first.id, second.id, third.order.id]));

    const res = await admin.get(`/api/admin/reports/category-sales?${OCTOBER}`);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), {
      from: "2026-10-01",
      to: "2026-10-31",
      categories: [
        { categoryId: heating.id, name: "Heating & Lighting", units: 3, cents: 80_500 },
        { categoryId: null, name: NO_CATEGORY, units: 1, cents: 5_000 },
      ],
    });
    const html = await (await admin.get(`/admin/reports?${OCTOBER}`)).text();
    assert.match(html, /<h2[^>]*>Sales by category<\/h2>/);
    assert.match(html, new RegExp(`data-share="${heating.id}"[^]*?>94%<`));
    assert.match(html, /data-share="none"[^]*?>6%</);
    assert.doesNotMatch(html, />Decor</, "a department that sold nothing is not listed");
  },
);

test(
  "[admin reports] a period that cannot be read: 400 on the API and downloads, this month on the page",
  async (db, database) => {
    const app = testApp(database);
    const { client: admin } = await accountOn(db, app, "admin");
    const refusals: [string, string][] = [
      ["from=2026-11-02&to=2026-11-01", "The start date must be on or before the end date."],
      ["from=2026-02-30", "That date does not exist."],
      ["from=29-11-2026", "Dates look like 2026-11-24."],
      ["from=2024-01-01&to=2025-12-31", REPORT_TOO_LONG],
      ["from=2026-01-01%00", "Text must not contain control characters"],
    ];
    for (const [query, message] of refusals) {
      for (
        const path of [
          "/api/admin/reports/tax",
          "/api/admin/reports/category-sales",
          "/admin/reports/tax-documents.csv",
          "/admin/reports/product-sales.csv",
        ]
      ) {
        const res = await admin.get(`${path}?${query}`);
        assert.equal(res.status, 400, `${path}?${query}`);
        if (path.startsWith("/api")) assert.equal((await res.json()).message, message, query);
        else await res.body?.cancel();
      }
    }
    for (const limit of ["0", "501", "1e2", "-1", "abc"]) {
      const res = await admin.get(`/api/admin/reports/product-sales?limit=${limit}`);
      assert.equal(res.status, 400, limit);
      assert.equal((await res.json()).message, "limit must be a whole number from 1 to 500");
    }
    const page = await admin.get("/admin/reports?from=2026-11-02&to=2026-11-01");
    assert.equal(page.status, 200);
    assert.match(
      await page.text(),
      /role="alert"[^>]*>The start date must be on or before the end date\. Showing this month so far instead\./,
    );
  },
);

test("[admin reports] staff only: visitors sign in, customers are turned away", async (db, database) => {
  const app = testApp(database);
  const visitor = testClient(app);
  const { client: customer } = await accountOn(db, app, "customer");
  const { client: superAdmin } = await accountOn(db, app, "super_admin");
  for (
    const path of ["/api/admin/reports/tax", "/api/admin/reports/product-sales", "/api/admin/reports/category-sales"]
  ) {
    assert.equal((await visitor.get(path)).status, 401, path);
    assert.equal((await customer.get(path)).status, 403, path);
    assert.equal((await superAdmin.get(path)).status, 200, path);
  }
  for (const path of ["/admin/reports", "/admin/reports/tax-documents.csv", "/admin/reports/product-sales.csv"]) {
    assert.match((await visitor.get(path)).headers.get("location") ?? "", /^\/login\?redirect=/, path);
    assert.equal((await customer.get(path)).headers.get("location"), "/", path);
    assert.equal((await superAdmin.get(path)).status, 200, path);
  }
  // Nothing was sold: the report is zeros, not an error.
  const empty = await (await superAdmin.get("/api/admin/reports/tax")).json();
  assert.deepEqual(empty.net, { netCents: 0, vatCents: 0, grossCents: 0 });
});

closeDatabase();
