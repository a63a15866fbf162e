/**
 * /admin/purchase-orders and /api/admin/purchase-orders (decision 0117): staff only; placed from the
 * restock plan, booked in, closed; the restock plan's On order; hostile input refused with a 4xx.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { accountOn } from "../helpers/staff.ts";
import { createProduct, paidYesterday } from "../helpers/factories.ts";
import { products } from "../../db/schema/mod.ts";
import { parseCsv } from "../../lib/csv.ts";

const { test, closeDatabase } = useTestDatabase();

test(
  "[admin purchase orders] from the restock plan to stock: placed, on order, booked in, received",
  async (db, database) => {
    const app = testApp(database);
    const { client: admin } = await accountOn(db, app, "admin", "anna");
    const crickets = await createProduct(db, { name: "Crickets tub", sku: "CRK", stock: 10 });
    await paidYesterday(db, [{ productId: crickets.id, quantity: 30 }]);

    // The plan offers a purchase order filled in from it.
    const plan = await (await admin.get("/admin/restock?cover=14")).text();
    assert.match(plan, /href="\/admin\/purchase-orders\/new\?days=30&amp;cover=14"/);
    const blank = await (await admin.get("/admin/purchase-orders/new?days=30&cover=14")).text();
    assert.match(blank, /<textarea[^>]*name="lines"[^>]*>CRK, 4<\/textarea>/);
    assert.match(blank, /Filled in from the restock plan \(1 line, to last 14 days\)/);

    const placed = await admin.postForm("/admin/purchase-orders/new", {
      supplier: "Reptile Wholesale",
      expectedOn: "2099-12-10",
      note: "Quote Q-7",
      lines: "CRK, 4",
    });
    assert.equal(placed.status, 303);
    const location = placed.headers.get("location")!;
    const id = Number(location.match(/^\/admin\/purchase-orders\/(\d+)$/)?.[1]);
    assert.ok(id > 0, location);

    // On order: the plan no longer asks for the 4 crickets, and says they are coming.
    const json = await (await admin.get("/api/admin/reports/restock?cover=14")).json();
    assert.deepEqual(json.rows, []);
    const longer = await (await admin.get("/api/admin/reports/restock?cover=30")).json();
    assert.deepEqual(
      longer.rows.map((r: { sku: string; onOrder: number; order: number }) => [r.sku, r.onOrder, r.order]),
      [
        ["CRK", 4, 16],
      ],
    );
    assert.match(
      await (await admin.get("/admin/restock?cover=30")).text(),
      /href="\/admin\/purchase-orders\?status=open"[^>]*>4</,
    );

    const page = await (await admin.get(location)).text();
    assert.match(page, /<h1[^>]*>PO-\d{4}<\/h1>/);
    assert.match(page, /Awaiting delivery/);
    assert.match(page, /Reptile Wholesale/);
    assert.match(page, /Quote Q-7/);
    assert.match(page, /10 Dec 2099/);
    assert.doesNotMatch(page, /overdue/);

    // The product's stock page says what is on order, and from whom.
    const history = await (await admin.get(`/admin/products/${crickets.id}/stock`)).text();
    assert.match(history, /10 in stock now, (<!-- -->)?4(<!-- -->)? on order/);
    assert.match(history, /data-awaited="CRK"[^>]*><a href="\/admin\/purchase-orders\/\d+"[^>]*>PO-\d{4}<\/a>/);
    assert.match(history, /from Reptile Wholesale: 4 × CRK, expected 10 Dec 2099/);
    // The dashboard's low stock says it is coming (crickets are low at 10 with their alert at 12).
    await db.update(products).set({ lowStockAt: 12 }).where(eq(products.id, crickets.id));
    assert.match(
      await (await admin.get("/admin")).text(),
      /data-on-order="true"[^>]*>4 on order<|data-on-order[^>]*>4 on order</,
    );
    // The next purchase order offers the suppliers used before.
    assert.match(
      await (await admin.get("/admin/purchase-orders/new")).text(),
      /<datalist id="supplier-list"><option value="Reptile Wholesale"/,
    );
    const po = await (await admin.get(`/api/admin/purchase-orders/${id}`)).json();
    assert.deepEqual([po.status, po.createdBy, po.orderedUnits, po.lines.length], ["open", "anna", 4, 1]);
    const lineId = po.lines[0].id;
    assert.match(page, new RegExp(`name="receive-${lineId}"[^>]*value="4"|value="4"[^>]*name="receive-${lineId}"`));

    // Part of it arrives, then the rest.
    const first = await admin.postForm(`/api/admin/purchase-orders/${id}/receive`.replace("/api", ""), {
      [`receive-${lineId}`]: "3",
      reference: "INV-1",
    });
    assert.equal(first.status, 303);
    assert.match(
      decodeURIComponent(admin.cookies.get("flash") ?? ""),
      /3 units added to stock \(INV-1\)\. 1 unit still awaited\./,
    );
    const rest = await admin.postJson(`/api/admin/purchase-orders/${id}/receive`, { lines: [{ lineId, quantity: 1 }] });
    assert.equal(rest.status, 200);
    const done = await rest.json();
    assert.deepEqual([done.units, done.extra, done.purchaseOrder.status], [1, 0, "received"]);
    const [{ stock }] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, crickets.id));
    assert.equal(stock, 14);
    assert.doesNotMatch(await (await admin.get(location)).text(), /Book in stock/, "nothing more to book in");

    // The next order, by supplier: the plan filtered by where each unit was last ordered from.
    const bySupplier = await (await admin.get("/admin/restock?cover=60&supplier=Reptile+Wholesale")).text();
    assert.match(bySupplier, /<option value="Reptile Wholesale" selected="">Reptile Wholesale<\/option>/);
    assert.match(bySupplier, /data-restock-order="CRK"[^>]*>46</);
    assert.match(
      bySupplier,
      /href="\/admin\/purchase-orders\/new\?days=30&amp;cover=60&amp;supplier=Reptile%20Wholesale"/,
    );
    const prefilled =
      await (await admin.get("/admin/purchase-orders/new?days=30&cover=60&supplier=Reptile%20Wholesale"))
        .text();
    assert.match(
      prefilled,
      /name="supplier"[^>]*value="Reptile Wholesale"|value="Reptile Wholesale"[^>]*name="supplier"/,
    );
    assert.match(prefilled, /last ordered from (<!-- -->)?Reptile Wholesale/);
    const elsewhere = await (await admin.get("/api/admin/reports/restock?cover=60&supplier=Lamp%20House")).json();
    assert.deepEqual([elsewhere.supplier, elsewhere.rows], ["Lamp House", []]);

    // The list, filtered, and the CSV for the supplier.
    const list = await (await admin.get("/api/admin/purchase-orders?status=received")).json();
    assert.deepEqual(list.items.map((i: { id: number; receivedUnits: number }) => [i.id, i.receivedUnits]), [[id, 4]]);
    assert.deepEqual((await (await admin.get("/api/admin/purchase-orders?status=open")).json()).items, []);
    const listPage = await (await admin.get("/admin/purchase-orders")).text();
    assert.match(listPage, /href="\/admin\/purchase-orders"[^>]*>Purchase orders</, "the sidebar links the page");
    assert.match(listPage, /4 of 4/);
    // An open purchase order whose day has passed is marked overdue, on the list and its page.
    const late = await (await admin.postJson("/api/admin/purchase-orders", {
      supplier: "Slow Supplies",
      expectedOn: "2020-01-31",
      lines: [{ sku: "CRK", quantity: 1 }],
    })).json();
    assert.match(await (await admin.get("/admin/purchase-orders?status=open")).text(), /31 Jan 2020 · overdue/);
    assert.match(await (await admin.get(`/admin/purchase-orders/${late.id}`)).text(), /31 Jan 2020 \(overdue\)/);
    const csv = await admin.get(`/admin/purchase-orders/${id}/purchase-order.csv`);
    assert.match(csv.headers.get("content-disposition")!, /^attachment; filename="PO-\d{4}\.csv"$/);
    assert.deepEqual(parseCsv(await csv.text()), [
      ["SKU", "Product", "Variant", "Ordered", "Received", "Outstanding"],
      ["CRK", "Crickets tub", "", "4", "4", "0"],
    ]);
    // The audit log reads it.
    const audit = await (await admin.get("/admin/audit?entityType=purchase_order")).text();
    assert.match(audit, /Purchase order #\d+(<!-- -->)? delivery booked in/);
    assert.match(audit, /Purchase order #\d+(<!-- -->)? created/);
    assert.match(audit, /Lines: CRK x 4/);
  },
);

test("[admin purchase orders] staff only; hostile input is a 4xx with a message, never a 500", async (db, database) => {
  const app = testApp(database);
  const { client: admin } = await accountOn(db, app, "admin");
  const { client: customer } = await accountOn(db, app, "customer");
  const visitor = testClient(app);
  await createProduct(db, { name: "Crickets tub", sku: "CRK", stock: 1 });
  assert.equal((await visitor.get("/api/admin/purchase-orders")).status, 401);
  assert.equal((await customer.get("/api/admin/purchase-orders")).status, 403);
  assert.equal(
    (await customer.postJson("/api/admin/purchase-orders", { supplier: "W", lines: [{ sku: "CRK", quantity: 1 }] }))
      .status,
    403,
  );
  assert.equal((await customer.get("/admin/purchase-orders")).headers.get("location"), "/");
  assert.equal(
    (await customer.postForm("/admin/purchase-orders/new", { supplier: "W", lines: "CRK, 1" })).headers.get("location"),
    "/",
  );

  const refused: [string, unknown, number, RegExp][] = [
    [
      "/api/admin/purchase-orders",
      { supplier: "W\u0007", lines: [{ sku: "CRK", quantity: 1 }] },
      400,
      /control characters/,
    ],
    [
      "/api/admin/purchase-orders",
      { supplier: "W", lines: [{ sku: "CRK", quantity: 2 ** 31 }] },
      400,
      /Quantity must be 100000 or less/,
    ],
    ["/api/admin/purchase-orders", { supplier: "W", lines: "CRK, 1" }, 400, /Lines must be a list/],
    ["/api/admin/purchase-orders", { supplier: "W", lines: [{ sku: "CRK", quantity: 1 }], extra: 1 }, 400, /./],
    [
      "/api/admin/purchase-orders",
      { supplier: "W", expectedOn: "tomorrow", lines: [{ sku: "CRK", quantity: 1 }] },
      400,
      /Expected on must be a date/,
    ],
    [
      "/api/admin/purchase-orders",
      { supplier: "x".repeat(121), lines: [{ sku: "CRK", quantity: 1 }] },
      400,
      /Supplier is at most 120 characters/,
    ],
    [
      "/api/admin/purchase-orders",
      { supplier: "W", lines: [{ sku: "CRK", quantity: 1 }], note: "a".repeat(70_000) },
      400,
      /The request is too large/,
    ],
    ["/api/admin/purchase-orders/1/receive", { lines: [{ lineId: 2 ** 31, quantity: 1 }] }, 400, /No such line/],
    ["/api/admin/purchase-orders/1/receive", { lines: [{ lineId: 1, quantity: -1 }] }, 400, /0 or more/],
    ["/api/admin/purchase-orders/abc/receive", { lines: [{ lineId: 1, quantity: 1 }] }, 400, /positive whole number/],
    ["/api/admin/purchase-orders/99999999999/close", {}, 400, /positive whole number/],
    ["/api/admin/purchase-orders/1/send", { to: "x@y.co\r\nBcc: all@y.co" }, 400, /control characters/],
    ["/api/admin/purchase-orders/1/send", { to: ["a@b.co"] }, 400, /./],
    [
      "/api/admin/purchase-orders",
      { supplier: "W", supplierEmail: "nope", lines: [{ sku: "CRK", quantity: 1 }] },
      400,
      /Supplier e-mail must be an e-mail address/,
    ],
    ["/api/admin/purchase-orders/2147483647/cancel", {}, 404, /Purchase order not found/],
  ];
  for (const [path, body, status, message] of refused) {
    const res = await admin.postJson(path, body);
    assert.equal(res.status, status, `${path} ${JSON.stringify(body).slice(0, 80)}`);
    assert.match((await res.json()).message, message, path);
  }
  for (
    const path of [
      "/api/admin/purchase-orders?status=lost",
      "/api/admin/purchase-orders?status=open%00",
      "/api/admin/purchase-orders/0",
    ]
  ) {
    const res = await admin.get(path);
    assert.equal(res.status, 400, path);
    assert.ok((await res.json()).message, path);
  }
  assert.equal((await admin.get("/admin/purchase-orders?status=lost")).status, 400);
  assert.equal((await admin.get("/admin/purchase-orders/abc")).status, 400);
  assert.equal((await admin.get("/admin/purchase-orders/2147483647")).status, 404);
  assert.equal((await admin.get("/admin/purchase-orders/new?days=0")).status, 400);

  // The form keeps what was typed and names every refused line.
  const form = await admin.postForm("/admin/purchase-orders/new", { supplier: "W", lines: "NOPE, 1\nCRK, x" });
  assert.equal(form.status, 400);
  const text = await form.text();
  assert.match(text, /Line 2: write the SKU, then the quantity/);
  assert.match(text, /NOPE, 1/);
  const unknown = await admin.postForm("/admin/purchase-orders/new", { supplier: "W", lines: "NOPE, 1\nGONE, 2" });
  assert.match(
    await unknown.text(),
    /Line 1: no product or variant has the SKU NOPE\. Line 2: no product or variant has the SKU GONE/,
  );
});

closeDatabase();
