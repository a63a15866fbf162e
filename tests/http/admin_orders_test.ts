/**
 * /api/admin/orders, /api/admin/outbox and the /admin/orders screens: who may call them, the
 * statuses and bodies they answer, hostile input, the CSV export, the no-JavaScript forms, and what
 * the customer then sees on their order page and in GET /api/orders/{id}.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { type TestClient, testClient } from "../helpers/client.ts";
import { createProduct } from "../helpers/factories.ts";
import { fulfilmentShop } from "../helpers/staff.ts";
import { customer, FREE_DELIVERY, paidOrder } from "../helpers/paid_orders.ts";
import type { Database, Db } from "../../db/client.ts";
import { orders, products, users } from "../../db/schema/mod.ts";
import { addToCart } from "../../domains/cart/mod.ts";
import { placeOrder } from "../../flows/place_order.ts";

const { test, closeDatabase } = useTestDatabase();

/**
 * A paid order of 2 x R450 (R900, delivered free so the refund figures stay round) for customer
 * "thandi", who is signed in on the returned client.
 */
async function setUp(db: Db, database: Database) {
  const { app, gateway, buyer, me, admin } = await fulfilmentShop(db, database);
  const p = await createProduct(db, { name: "UVB Tube T5 24W", slug: "uvb-tube", price: "450.00", stock: 10 });
  const { order } = await paidOrder(db, gateway, [{ productId: p.id, quantity: 2 }], {
    userId: buyer.id,
    delivery: FREE_DELIVERY,
  });
  return { app, gateway, order, product: p, buyer, me, admin };
}

const API_ROUTES: [string, string, unknown?][] = [
  ["GET", "/api/admin/orders"],
  ["GET", "/api/admin/orders/1"],
  ["POST", "/api/admin/orders/1/status", { status: "shipped", trackingNumber: "T1" }],
  ["POST", "/api/admin/orders/1/refund", { amount: 10, reason: "Broken" }],
  ["POST", "/api/admin/orders/1/notes", { body: "Hello" }],
  ["GET", "/api/admin/outbox"],
];

async function call(client: TestClient, [method, path, body]: [string, string, unknown?]) {
  return method === "GET" ? await client.get(path) : await client.postJson(path, body);
}

test("[admin orders] every API route: visitor 401, customer 403, and nothing changes", async (db, database) => {
  const { app, order, me } = await setUp(db, database);
  const visitor = testClient(app);
  for (const route of API_ROUTES) {
    const r = route.map((x) => typeof x === "string" ? x.replace("/1", `/${order.id}`) : x) as typeof route;
    const v = await call(visitor, r);
    assert.equal(v.status, 401, `${r[0]} ${r[1]}`);
    assert.match(v.headers.get("content-type") ?? "", /json/);
    const c = await call(me, r);
    assert.equal(c.status, 403, `${r[0]} ${r[1]}`);
  }
  for (const path of ["/admin/orders", `/admin/orders/${order.id}`, "/admin/orders.csv"]) {
    assert.equal((await visitor.get(path)).status, 303, path);
    const res = await me.get(path);
    assert.equal(res.status, 303, path);
    assert.equal(res.headers.get("location"), "/");
  }
  const form = await me.postForm(`/admin/orders/${order.id}/status`, { status: "cancelled", confirm: "yes" });
  assert.equal(form.status, 303);
  assert.equal(form.headers.get("location"), "/");
  const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
  assert.equal(row.status, "processing");
});

test(
  "[admin orders] list and detail JSON; ship, deliver; the customer's API and page show the tracking",
  async (db, database) => {
    const { order, me, admin } = await setUp(db, database);
    const list = await admin.get("/api/admin/orders?status=processing&q=thandi");
    assert.equal(list.status, 200);
    const body = await list.json();
    assert.equal(body.total, 1);
    assert.equal(body.items[0].orderNumber, order.orderNumber);
    assert.equal(body.items[0].paymentStatus, "paid");
    assert.equal(body.items[0].total, 900);
    assert.equal((await (await admin.get("/api/admin/orders?status=shipped")).json()).total, 0);

    const refused = await admin.postJson(`/api/admin/orders/${order.id}/status`, { status: "delivered" });
    assert.equal(refused.status, 409);
    assert.equal((await refused.json()).error, "A processing order cannot be marked delivered.");

    const shipped = await admin.postJson(`/api/admin/orders/${order.id}/status`, {
      status: "shipped",
      trackingNumber: "TCG-889911",
      carrier: "The Courier Guy",
    });
    assert.equal(shipped.status, 200);
    const s = await shipped.json();
    assert.equal(s.status, "shipped");
    assert.equal(s.trackingNumber, "TCG-889911");
    assert.ok(s.timeline.some((e: { title: string }) => /Marked shipped/.test(e.title)));

    const back = await admin.postJson(`/api/admin/orders/${order.id}/status`, { status: "processing" });
    assert.equal(back.status, 409);
    assert.equal((await back.json()).error, "A shipped order cannot be set back to processing.");

    const mine = await (await me.get(`/api/orders/${order.id}`)).json();
    assert.equal(mine.trackingNumber, "TCG-889911");
    assert.equal(mine.carrier, "The Courier Guy");
    assert.equal(mine.paymentStatus, "paid");
    const page = await (await me.get(`/order/${order.id}`)).text();
    assert.match(page, /data-tracking-number="?[^>]*>TCG-889911</);
    assert.match(page, /The Courier Guy/);
    const account = await (await me.get("/account?tab=orders")).text();
    assert.match(account, /Tracking TCG-889911 \(The Courier Guy\)/);

    const outbox = await admin.get("/api/admin/outbox?to=THANDI@example.co.za");
    assert.equal(outbox.status, 200);
    const mails = (await outbox.json()).items;
    assert.match(mails[0].subject, /has shipped/);
    assert.match(mails[0].text, /Tracking number: TCG-889911/);
    assert.equal(mails[0].orderId, order.id);
    assert.deepEqual(Object.keys(mails[0]).sort(), ["createdAt", "id", "orderId", "status", "subject", "text", "to"]);

    const delivered = await admin.postJson(`/api/admin/orders/${order.id}/status`, { status: "delivered" });
    assert.equal(delivered.status, 200);
    const reviewPage = await (await me.get(`/order/${order.id}`)).text();
    assert.match(reviewPage, /Write a Review/);
    const latest = (await (await admin.get("/api/admin/outbox?to=thandi@example.co.za")).json()).items[0];
    assert.match(latest.text, /\/product\/uvb-tube#reviews/);
  },
);

test(
  "[admin orders] refunds over the API: 409 above the refundable amount, partial refund with restock",
  async (db, database) => {
    const { order, admin, product, me } = await setUp(db, database);
    const tooMuch = await admin.postJson(`/api/admin/orders/${order.id}/refund`, { amount: 900.01, reason: "Broken" });
    assert.equal(tooMuch.status, 409);
    assert.equal((await tooMuch.json()).error, "The refund is more than the refundable amount of R\u00a0900,00");
    const ok = await admin.postJson(`/api/admin/orders/${order.id}/refund`, {
      amount: 450,
      reason: "One tube broken",
      restock: [{ orderItemId: order.items[0].id, quantity: 1 }],
    });
    assert.equal(ok.status, 200, await ok.clone().text());
    const body = await ok.json();
    assert.equal(body.refundedAmount, 450);
    assert.equal(body.paymentStatus, "partially_refunded");
    assert.equal(body.status, "processing");
    assert.equal(body.refundable, 450);
    assert.equal(body.refunds[0].amount, 450);
    const [p] = await db.select().from(products).where(eq(products.id, product.id));
    assert.equal(p.stock, 9);
    const mine = await (await me.get(`/api/orders/${order.id}`)).json();
    assert.equal(mine.refundedAmount, 450);
    assert.equal(mine.paymentStatus, "partially_refunded");
    assert.match(await (await me.get(`/order/${order.id}`)).text(), /Partially refunded/);

    const note = await admin.postJson(`/api/admin/orders/${order.id}/notes`, { body: "Customer sent photos" });
    assert.equal(note.status, 201);
    const audit = await (await admin.get(`/api/audit-logs/order/${order.id}`)).json();
    assert.deepEqual(audit.items.map((e: { action: string }) => e.action), ["note", "refund"]);
  },
);

test(
  "[admin orders] hostile input: NUL, huge ids, negative or huge amounts, wrong types, big bodies are 4xx",
  async (db, database) => {
    const { order, admin } = await setUp(db, database);
    const id = order.id;
    const cases: [string, string, unknown, number][] = [
      ["GET", "/api/admin/orders/2147483648", undefined, 400],
      ["GET", "/api/admin/orders/abc", undefined, 400],
      ["GET", "/api/admin/orders/0", undefined, 400],
      ["GET", "/api/admin/orders/99999", undefined, 404],
      ["GET", "/api/admin/orders?status=bogus", undefined, 400],
      ["GET", "/api/admin/orders?q=a%00b", undefined, 400],
      ["GET", "/api/admin/orders?page=-1", undefined, 400],
      ["GET", "/api/admin/orders?page=1e9", undefined, 400],
      ["GET", "/api/admin/orders?from=2026-02-30", undefined, 400],
      ["GET", "/api/admin/orders?from=2026-03-02&to=2026-03-01", undefined, 400],
      ["GET", "/api/admin/outbox?to=a%00b", undefined, 400],
      ["POST", `/api/admin/orders/${id}/status`, { status: "shipped", trackingNumber: "T\u0000X" }, 400],
      ["POST", `/api/admin/orders/${id}/status`, { status: "shipped", trackingNumber: "T".repeat(101) }, 400],
      ["POST", `/api/admin/orders/${id}/status`, { status: "shipped" }, 400],
      ["POST", `/api/admin/orders/${id}/status`, { status: "shipped", trackingNumber: 12345 }, 400],
      ["POST", `/api/admin/orders/${id}/status`, { status: "lost" }, 400],
      ["POST", `/api/admin/orders/${id}/status`, { status: "shipped", trackingNumber: "T1", admin: true }, 400],
      ["POST", `/api/admin/orders/2147483648/status`, { status: "shipped", trackingNumber: "T1" }, 400],
      ["POST", `/api/admin/orders/${id}/refund`, { amount: -10, reason: "Broken" }, 400],
      ["POST", `/api/admin/orders/${id}/refund`, { amount: 0, reason: "Broken" }, 400],
      ["POST", `/api/admin/orders/${id}/refund`, { amount: 1e12, reason: "Broken" }, 400],
      ["POST", `/api/admin/orders/${id}/refund`, { amount: 10.001, reason: "Broken" }, 400],
      ["POST", `/api/admin/orders/${id}/refund`, { amount: "10", reason: "Broken" }, 400],
      ["POST", `/api/admin/orders/${id}/refund`, { amount: 10, reason: "ab" }, 400],
      ["POST", `/api/admin/orders/${id}/refund`, { amount: 10, reason: "x".repeat(501) }, 400],
      ["POST", `/api/admin/orders/${id}/refund`, { amount: 10, reason: "Bro\u0000ken" }, 400],
      ["POST", `/api/admin/orders/${id}/refund`, {
        amount: 10,
        reason: "Broken",
        restock: [{ orderItemId: 2 ** 31, quantity: 1 }],
      }, 400],
      ["POST", `/api/admin/orders/${id}/refund`, {
        amount: 10,
        reason: "Broken",
        restock: [{ orderItemId: 99999, quantity: 1 }],
      }, 400],
      ["POST", `/api/admin/orders/${id}/refund`, {
        amount: 10,
        reason: "Broken",
        restock: [{ orderItemId: order.items[0].id, quantity: 3 }],
      }, 409],
      ["POST", `/api/admin/orders/${id}/notes`, { body: "" }, 400],
      ["POST", `/api/admin/orders/${id}/notes`, { body: "a\u0000b" }, 400],
      ["POST", `/api/admin/orders/${id}/notes`, { body: ["x"] }, 400],
      ["POST", `/api/admin/orders/${id}/notes`, { body: "x".repeat(40_000) }, 400],
    ];
    for (const [method, path, body, status] of cases) {
      const res = method === "GET" ? await admin.get(path) : await admin.postJson(path, body);
      assert.equal(
        res.status,
        status,
        `${method} ${path} ${JSON.stringify(body)?.slice(0, 80)}: ${await res.clone().text()}`,
      );
      const json = await res.json();
      assert.equal(typeof json.error, "string");
    }
    const broken = await admin.request(`/api/admin/orders/${id}/notes`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    assert.equal(broken.status, 400);
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    assert.equal(row.status, "processing");
    assert.equal(row.refundedAmount, "0.00");
  },
);

test("[admin orders] the screens: list, CSV, detail, and the forms work without JavaScript", async (db, database) => {
  const { order, admin, me } = await setUp(db, database);
  const unpaidUser = await customer(db, {
    username: "zola",
    email: "zola@example.co.za",
    firstName: "=cmd|' /C calc'!A0",
  });
  const [p] = await db.select().from(products);
  await addToCart(db, { userId: unpaidUser.id }, { productId: p.id, quantity: 1 });
  const { order: unpaid } = await placeOrder(db, {
    userId: unpaidUser.id,
    idempotencyKey: null,
    shippingMethod: "standard",
  });

  const list = await admin.get("/admin/orders");
  assert.equal(list.status, 200);
  const html = await list.text();
  assert.match(html, /<h1[^>]*>Orders<\/h1>/);
  assert.match(html, new RegExp(order.orderNumber));
  assert.match(html, new RegExp(unpaid.orderNumber));
  assert.match(html, /2 orders/);
  const filtered = await (await admin.get("/admin/orders?payment=unpaid")).text();
  assert.doesNotMatch(filtered, new RegExp(`>${order.orderNumber}<`));
  const bad = await admin.get("/admin/orders?status=bogus");
  assert.equal(bad.status, 200);
  assert.match(await bad.text(), /Unknown order status\. Showing all orders instead\./);

  const csv = await admin.get("/admin/orders.csv?payment=unpaid");
  assert.equal(csv.status, 200);
  assert.match(csv.headers.get("content-type") ?? "", /^text\/csv/);
  assert.match(csv.headers.get("content-disposition") ?? "", /attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"/);
  const lines = (await csv.text()).trimEnd().split("\r\n");
  assert.equal(lines.length, 2);
  assert.ok(lines[1].startsWith(`${unpaid.orderNumber},`));
  assert.ok(lines[1].includes(`,"'=cmd|' /C calc'!A0 Nkosi",`), lines[1]);
  assert.equal((await admin.get("/admin/orders.csv?from=nope")).status, 400);

  const detail = await (await admin.get(`/admin/orders/${order.id}`)).text();
  for (
    const text of [
      "Timeline",
      "Order placed",
      "Payment received",
      "Mark as shipped",
      "Cancel order",
      "Refund",
      "Internal notes",
      "VAT included (15%)",
      "R\u00a0117,39",
    ]
  ) {
    assert.ok(detail.includes(text), text);
  }
  assert.equal((await admin.get("/admin/orders/2147483648")).status, 400);
  assert.equal((await admin.get("/admin/orders/99999")).status, 404);

  // A refund form without the confirmation is refused with a toast and changes nothing.
  const unconfirmed = await admin.postForm(`/admin/orders/${order.id}/refund`, { amount: "100", reason: "Scratched" });
  assert.equal(unconfirmed.status, 303);
  assert.equal(unconfirmed.headers.get("location"), `/admin/orders/${order.id}`);
  assert.match(await (await admin.get(`/admin/orders/${order.id}`)).text(), /Tick the box to confirm the refund\./);
  const refunded = await admin.postForm(`/admin/orders/${order.id}/refund`, {
    amount: "100.50",
    reason: "Scratched",
    [`restock-${order.items[0].id}`]: "1",
    confirm: "yes",
  });
  assert.equal(refunded.status, 303);
  const after = await (await admin.get(`/admin/orders/${order.id}`)).text();
  assert.match(after, /Refund sent/);
  assert.match(after, /Partially refunded/);

  const ship = await admin.postForm(`/admin/orders/${order.id}/status`, {
    status: "shipped",
    trackingNumber: "PUDO-77",
    carrier: "",
  });
  assert.equal(ship.status, 303);
  assert.match(await (await admin.get(`/admin/orders/${order.id}`)).text(), /Order shipped/);
  assert.match(await (await me.get(`/order/${order.id}`)).text(), /PUDO-77/);

  const note = await admin.postForm(`/admin/orders/${order.id}/notes`, { body: "Left with the neighbour" });
  assert.equal(note.status, 303);
  assert.match(await (await admin.get(`/admin/orders/${order.id}`)).text(), /Left with the neighbour/);

  const cancelNoConfirm = await admin.postForm(`/admin/orders/${unpaid.id}/status`, { status: "cancelled" });
  assert.equal(cancelNoConfirm.status, 303);
  assert.match(
    await (await admin.get(`/admin/orders/${unpaid.id}`)).text(),
    /Tick the box to confirm the cancellation\./,
  );
  await admin.postForm(`/admin/orders/${unpaid.id}/status`, { status: "cancelled", confirm: "yes" });
  const [u] = await db.select().from(orders).where(eq(orders.id, unpaid.id));
  assert.equal(u.status, "cancelled");

  const dashboard = await (await admin.get("/admin?tab=orders")).text();
  assert.match(dashboard, /Waiting for dispatch/);
  assert.match(dashboard, /Recent orders/);
});

test(
  "[admin orders] the list filters by the customer's tag and shows the tags; a bad tag is told",
  async (db, database) => {
    const { order, admin, buyer } = await setUp(db, database);
    // No tags given yet: no tag filter to offer.
    assert.doesNotMatch(await (await admin.get("/admin/orders")).text(), /id="orders-tag"/);
    await db.update(users).set({ tags: ["trade"] }).where(eq(users.id, buyer.id));

    const all = await (await admin.get("/admin/orders")).text();
    assert.match(all, /<select[^>]*id="orders-tag"/);
    assert.match(all, /data-tags="trade"/, "the row shows the customer's tag");
    const trade = await (await admin.get("/admin/orders?tag=Trade")).text();
    assert.match(trade, new RegExp(`>${order.orderNumber}<`));
    assert.match(trade, /<option value="trade" selected="">trade<\/option>/);
    assert.match(trade, /href="\/admin\/orders\.csv\?tag=trade"/, "the CSV follows the filter");
    assert.doesNotMatch(
      await (await admin.get("/admin/orders?tag=breeder")).text(),
      new RegExp(`>${order.orderNumber}<`),
    );
    assert.match(await (await admin.get("/admin/orders?tag=%3Cb%3E")).text(), /Showing all orders instead\./);

    const json = await (await admin.get("/api/admin/orders?tag=trade")).json();
    assert.deepEqual(
      json.items.map((o: { orderNumber: string; customerTags: string[] }) => [o.orderNumber, o.customerTags]),
      [
        [order.orderNumber, ["trade"]],
      ],
    );
    const bad = await admin.get("/api/admin/orders?tag=%00");
    assert.equal(bad.status, 400);
    assert.ok((await bad.json()).message);
  },
);

closeDatabase();
