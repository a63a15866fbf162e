/**
 * POST /api/admin/orders/{id}/shipments and its form (partial fulfilment by line): who may call it,
 * CSRF, hostile input, the admin page's "shipped x of y" and parcels, the customer's order page, and
 * the packing slip of a partly shipped order.
 */
import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { testClient } from "../helpers/client.ts";
import { createProduct } from "../helpers/factories.ts";
import { fulfilmentShop } from "../helpers/staff.ts";
import { FREE_DELIVERY, paidOrder } from "../helpers/paid_orders.ts";
import { pdfText } from "../helpers/pdf.ts";
import type { Database, Db } from "../../db/client.ts";
import { shipments } from "../../db/schema/mod.ts";

const { test, closeDatabase } = useTestDatabase();

/** A paid order of customer "thandi" (signed in on `me`): 2 UVB tubes and 1 heat mat. */
async function setUp(db: Db, database: Database) {
  const { app, gateway, buyer, me, admin } = await fulfilmentShop(db, database);
  const tube = await createProduct(db, { name: "UVB Tube T5 24W", sku: "UVB-T5", price: "450.00", stock: 10 });
  const mat = await createProduct(db, { name: "Heat Mat 28W", sku: "MAT-28", price: "300.00", stock: 10 });
  const { order } = await paidOrder(db, gateway, [
    { productId: tube.id, quantity: 2 },
    { productId: mat.id, quantity: 1 },
  ], { userId: buyer.id, delivery: FREE_DELIVERY });
  const line = (name: string) => order.items.find((i) => i.name === name)!.id;
  return { app, order, me, admin, tube: line("UVB Tube T5 24W"), mat: line("Heat Mat 28W") };
}

test(
  "[shipments] only staff, from the shop's own origin: visitor 401, customer 403, foreign origin 403",
  async (db, database) => {
    const { app, order, me, admin, tube } = await setUp(db, database);
    const path = `/api/admin/orders/${order.id}/shipments`;
    const body = { lines: [{ orderItemId: tube, quantity: 1 }], trackingNumber: "TCG1" };
    assert.equal((await testClient(app).postJson(path, body)).status, 401);
    assert.equal((await me.postJson(path, body)).status, 403);
    const foreign = testClient(app, { origin: "https://evil.example" });
    for (const [k, v] of admin.cookies) foreign.cookies.set(k, v);
    assert.equal((await foreign.postJson(path, body)).status, 403);
    assert.equal(
      (await foreign.postForm(`/admin/orders/${order.id}/shipments`, { [`ship-${tube}`]: "1", trackingNumber: "X" }))
        .status,
      403,
    );
    // A customer on the admin form is sent home, as on every admin page.
    const form = await me.postForm(`/admin/orders/${order.id}/shipments`, {
      [`ship-${tube}`]: "1",
      trackingNumber: "X",
    });
    assert.equal(form.status, 303);
    assert.equal(form.headers.get("location"), "/");
    assert.equal((await db.select().from(shipments)).length, 0);
  },
);

test("[shipments] bad input is a 400, over-shipping a 409, and neither writes anything", async (db, database) => {
  const { order, admin, tube } = await setUp(db, database);
  const path = `/api/admin/orders/${order.id}/shipments`;
  const ok = { lines: [{ orderItemId: tube, quantity: 1 }], trackingNumber: "TCG1" };
  const cases: [string, unknown][] = [
    ["no lines", { ...ok, lines: [] }],
    ["quantity 0", { ...ok, lines: [{ orderItemId: tube, quantity: 0 }] }],
    ["quantity as text", { ...ok, lines: [{ orderItemId: tube, quantity: "1" }] }],
    ["fractional quantity", { ...ok, lines: [{ orderItemId: tube, quantity: 1.5 }] }],
    ["line id out of range", { ...ok, lines: [{ orderItemId: 2 ** 40, quantity: 1 }] }],
    ["no tracking number", { lines: ok.lines }],
    ["empty tracking number", { ...ok, trackingNumber: "  " }],
    ["control character", { ...ok, trackingNumber: "TCG\u00001" }],
    ["carrier too long", { ...ok, carrier: "x".repeat(61) }],
    ["unknown key", { ...ok, status: "shipped" }],
    ["a line of another order", { ...ok, lines: [{ orderItemId: 999_999, quantity: 1 }] }],
  ];
  for (const [why, body] of cases) {
    const res = await admin.postJson(path, body);
    assert.equal(res.status, 400, why);
    assert.equal(typeof (await res.json()).message, "string", why);
  }
  const huge = await admin.postJson(path, { ...ok, carrier: "x".repeat(40_000) });
  assert.equal(huge.status, 400, "oversized body");
  assert.equal((await admin.postJson(`/api/admin/orders/2147483648/shipments`, ok)).status, 400);
  assert.equal((await admin.postJson(`/api/admin/orders/99999/shipments`, ok)).status, 404);
  const over = await admin.postJson(path, { ...ok, lines: [{ orderItemId: tube, quantity: 3 }] });
  assert.equal(over.status, 409);
  assert.equal((await over.json()).message, "Only 2 of UVB Tube T5 24W are left to ship (ordered 2).");
  assert.equal((await db.select().from(shipments)).length, 0);
});

test("[shipments] the JSON route: 201 with every line's count; the last units ship the order", async (db, database) => {
  const { order, admin, tube, mat } = await setUp(db, database);
  const path = `/api/admin/orders/${order.id}/shipments`;
  const first = await admin.postJson(path, {
    lines: [{ orderItemId: tube, quantity: 1 }],
    trackingNumber: "TCG1",
    carrier: "The Courier Guy",
  });
  assert.equal(first.status, 201);
  assert.match(first.headers.get("content-type") ?? "", /application\/json/);
  const body = await first.json();
  assert.equal(body.completed, false);
  assert.equal(body.status, "processing");
  assert.deepEqual(body.lines.map((l: { shipped: number; toShip: number }) => [l.shipped, l.toShip]), [[1, 1], [0, 1]]);
  const last = await admin.postJson(path, {
    lines: [{ orderItemId: tube, quantity: 1 }, { orderItemId: mat, quantity: 1 }],
    trackingNumber: "TCG2",
  });
  assert.equal(last.status, 201);
  assert.deepEqual([(await last.json()).status], ["shipped"]);
  assert.equal(
    (await admin.postJson(path, { lines: [{ orderItemId: mat, quantity: 1 }], trackingNumber: "T3" })).status,
    409,
  );
  // The order as the API reads it lists its parcels, oldest first, with their lines.
  const read = await (await admin.get(`/api/admin/orders/${order.id}`)).json();
  assert.deepEqual(
    read.shipments.map((p: { trackingNumber: string; carrier: string | null; lines: { quantity: number }[] }) => [
      p.trackingNumber,
      p.carrier,
      p.lines.map((l) => l.quantity),
    ]),
    [["TCG1", "The Courier Guy", [1]], ["TCG2", null, [1, 1]]],
  );
});

test(
  "[shipments] the no-JavaScript form: a parcel, 'shipped x of y', the customer's parcels, and a slip of what is left",
  async (db, database) => {
    const { order, me, admin, tube, mat } = await setUp(db, database);
    const page = await (await admin.get(`/admin/orders/${order.id}`)).text();
    assert.match(page, /Ship selected lines/);
    assert.match(page, new RegExp(`name="ship-${tube}"`));

    const refused = await admin.postForm(`/admin/orders/${order.id}/shipments`, {
      [`ship-${tube}`]: "5",
      trackingNumber: "TCG1",
    });
    assert.equal(refused.status, 303);
    assert.equal(refused.headers.get("location"), `/admin/orders/${order.id}`);
    assert.match(
      await (await admin.get(`/admin/orders/${order.id}`)).text(),
      /Only 2 of UVB Tube T5 24W are left to ship/,
    );
    const empty = await admin.postForm(`/admin/orders/${order.id}/shipments`, {
      [`ship-${tube}`]: "0",
      trackingNumber: "TCG1",
    });
    assert.equal(empty.status, 303);
    assert.match(
      await (await admin.get(`/admin/orders/${order.id}`)).text(),
      /Enter how many of at least one line to ship\./,
    );
    assert.equal((await db.select().from(shipments)).length, 0);

    const sent = await admin.postForm(`/admin/orders/${order.id}/shipments`, {
      [`ship-${tube}`]: "1",
      [`ship-${mat}`]: "",
      trackingNumber: "TCG123",
      carrier: "The Courier Guy",
    });
    assert.equal(sent.status, 303);
    const after = await (await admin.get(`/admin/orders/${order.id}`)).text();
    assert.match(after, /Parcel shipped/);
    assert.match(after, /1 of 2/);
    assert.match(after, /0 of 1/);
    assert.match(after, /Shipped 1 of 2 lines: 1 x UVB Tube T5 24W \(The Courier Guy TCG123\)/);
    assert.match(after, /Parcels/);
    // Cancelling now gives back only what did not ship (2 tubes and 1 mat ordered, 1 tube sent), and says so.
    assert.match(after, /put 2 unshipped units back in stock \(the 1 shipped unit stays out of stock\)/);

    const mine = await (await me.get(`/order/${order.id}`)).text();
    assert.match(mine, /Parcels/);
    assert.match(mine, /1 × UVB Tube T5 24W/);
    assert.match(mine, /data-tracking-number[^>]*>TCG123</);

    const slip = await admin.get(`/admin/orders/${order.id}/packing-slip.pdf`);
    assert.equal(slip.status, 200);
    const text = await pdfText(new Uint8Array(await slip.arrayBuffer()));
    assert.match(text, /Part of this order has shipped already \(TCG123\)/);
    assert.match(text, /2 items in 2 lines still to ship/);
    assert.match(text, /1\s+UVB-T5\s+UVB Tube T5 24W/);
  },
);

test(
  "[shipments] Edit tracking: JSON and form correct a parcel; bad ids and input 400, another order's parcel 404",
  async (db, database) => {
    const { order, me, admin, tube, mat } = await setUp(db, database);
    const shipped = await admin.postJson(`/api/admin/orders/${order.id}/shipments`, {
      lines: [{ orderItemId: tube, quantity: 2 }, { orderItemId: mat, quantity: 1 }],
      trackingNumber: "TCG-TYPO",
    });
    const { shipmentId } = await shipped.json();
    const path = `/api/admin/orders/${order.id}/shipments/${shipmentId}`;
    const put = (p: string, body: unknown) => admin.postJson(p, body, "PUT");

    for (const bad of ["0", "abc", "99999999999", "2147483648", "-1"]) {
      assert.equal((await put(`/api/admin/orders/${order.id}/shipments/${bad}`, { trackingNumber: "X" })).status, 400);
    }
    for (
      const body of [
        {},
        { trackingNumber: "" },
        { trackingNumber: "TCG\u0000" },
        { trackingNumber: "x".repeat(101) },
        { trackingNumber: "TCG-1", notifyCustomer: "yes" },
        { trackingNumber: "TCG-1", extra: 1 },
      ]
    ) {
      const res = await put(path, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.ok((await res.json()).message);
    }
    const huge = await put(path, { trackingNumber: "TCG-1", carrier: "x".repeat(2 * 1024 * 1024) });
    assert.equal(huge.status, 413, "a 2 MB body is refused before it is read");
    const elsewhere = await put(`/api/admin/orders/${order.id + 1}/shipments/${shipmentId}`, { trackingNumber: "X" });
    assert.equal(elsewhere.status, 404);
    assert.equal((await me.postJson(path, { trackingNumber: "X" }, "PUT")).status, 403);

    const fixed = await put(path, { trackingNumber: "TCG-123", carrier: "The Courier Guy" });
    assert.equal(fixed.status, 200);
    assert.deepEqual(await fixed.json(), {
      shipmentId,
      trackingNumber: "TCG-123",
      carrier: "The Courier Guy",
      changed: true,
      notified: false,
    });
    // The admin page: the order went out in one parcel, so its Edit tracking sits in the Delivery card.
    let page = await (await admin.get(`/admin/orders/${order.id}`)).text();
    assert.match(page, /data-tracking-number[^>]*>TCG-123</);
    assert.match(page, new RegExp(`action="/admin/orders/${order.id}/shipments/${shipmentId}/tracking"`));
    assert.match(
      page,
      /<p class="text-sm font-semibold">Parcel tracking corrected: TCG-TYPO -&gt; The Courier Guy TCG-123<\/p>/,
      "a sentence on the timeline",
    );

    const viaForm = await admin.postForm(`/admin/orders/${order.id}/shipments/${shipmentId}/tracking`, {
      trackingNumber: "TCG-456",
      carrier: "",
    });
    assert.equal(viaForm.status, 303);
    page = await (await admin.get(`/admin/orders/${order.id}`)).text();
    assert.match(page, /Tracking updated/);
    assert.match(page, /data-tracking-number[^>]*>TCG-456</);
    const refused = await admin.postForm(`/admin/orders/${order.id}/shipments/${shipmentId}/tracking`, {
      trackingNumber: "",
    });
    assert.equal(refused.status, 303);
    assert.match(await (await admin.get(`/admin/orders/${order.id}`)).text(), /Tracking not changed/);
    assert.deepEqual(
      (await db.select().from(shipments)).map((s) => [s.trackingNumber, s.carrier]),
      [["TCG-456", null]],
    );
  },
);

closeDatabase();
