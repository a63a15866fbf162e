/**
 * Orders staff take (POST /api/admin/orders) and their line edits (/api/admin/orders/{id}/lines):
 * who may call them, hostile input, the shop's prices and stock, the pay link e-mailed to the
 * customer and paid through the test provider, and a staff order racing a shopper's checkout.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testConfig, testShop } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { createProduct, createUser, homeAddressForm } from "../helpers/factories.ts";
import { customer } from "../helpers/paid_orders.ts";
import { accountOn } from "../helpers/staff.ts";
import type { Database, Db } from "../../db/client.ts";
import { auditLogs, emailOutbox, orderItems, orders, products, users } from "../../db/schema/mod.ts";
import { addToCart } from "../../domains/cart/mod.ts";
import { placeOrder } from "../../flows/place_order.ts";
import { placeStaffOrder } from "../../flows/staff_order.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();

const address = homeAddressForm;

/** A new admin (or customer) signed in on `app`, named after the role ("admin1"). */
const staff = async (db: Db, app: ReturnType<typeof testShop>["app"], role: "admin" | "customer" = "admin") =>
  (await accountOn(db, app, role, `${role}1`)).client;

/** The shop (with the offline test provider) and its admin "admin1", signed in. */
async function shopAndAdmin(db: Db, database: Database) {
  const { app } = testShop(database);
  return { app, admin: await staff(db, app) };
}

const stockOf = async (db: Db, id: number) =>
  (await db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;

test("[staff orders] only staff may take an order, with the shop's Origin (CSRF)", async (db, database) => {
  const { app } = testShop(database);
  const p = await createProduct(db, { price: "100.00", stock: 5 });
  const body = {
    email: "new@example.co.za",
    items: [{ productId: p.id, quantity: 1 }],
    shippingMethod: "standard",
    address,
  };
  assert.equal((await testClient(app).postJson("/api/admin/orders", body)).status, 401);
  const shopper = await staff(db, app, "customer");
  assert.equal((await shopper.postJson("/api/admin/orders", body)).status, 403);
  const admin = await staff(db, app);
  const foreign = testClient(app, { origin: "https://evil.example" });
  foreign.cookies.set(...([...admin.cookies][0] as [string, string]));
  for (const [k, v] of admin.cookies) foreign.cookies.set(k, v);
  assert.equal((await foreign.postJson("/api/admin/orders", body)).status, 403);
  assert.equal((await db.select().from(orders)).length, 0);
  assert.equal(await stockOf(db, p.id), 5);
});

test("[staff orders] bad input is a 400 and writes nothing", async (db, database) => {
  const { admin } = await shopAndAdmin(db, database);
  const p = await createProduct(db, { price: "100.00", stock: 500 });
  const buyer = await customer(db, { username: "thandi", email: "thandi@example.co.za" });
  const ok = { customerId: buyer.id, items: [{ productId: p.id, quantity: 1 }], shippingMethod: "standard", address };
  const cases: [string, unknown][] = [
    ["customer and e-mail both", { ...ok, email: "thandi@example.co.za" }],
    ["neither customer nor e-mail", { ...ok, customerId: undefined }],
    ["51 lines", { ...ok, items: Array.from({ length: 51 }, () => ({ productId: p.id, quantity: 1 })) }],
    ["no lines", { ...ok, items: [] }],
    ["quantity 100", { ...ok, items: [{ productId: p.id, quantity: 100 }] }],
    ["quantity 0", { ...ok, items: [{ productId: p.id, quantity: 0 }] }],
    ["an id out of range", { ...ok, items: [{ productId: 2 ** 40, quantity: 1 }] }],
    ["a control character", { ...ok, note: "call\u0000me" }],
    ["a control character in the address", { ...ok, address: { ...address, city: "Pre\u0007toria" } }],
    ["an unknown method", { ...ok, shippingMethod: "drone" }],
    ["an unknown field", { ...ok, status: "paid" }],
    ["a product not for sale", { ...ok, items: [{ productId: p.id + 999, quantity: 1 }] }],
  ];
  for (const [why, body] of cases) {
    const res = await admin.postJson("/api/admin/orders", body);
    assert.equal(res.status, 400, why);
    assert.ok((await res.json()).message, why);
  }
  assert.equal((await db.select().from(orders)).length, 0);
  assert.equal(await stockOf(db, p.id), 500);
});

test(
  "[staff orders] the order is priced at the shop's prices, takes the stock, is audited and e-mails the pay link",
  async (db, database) => {
    const { app, admin } = await shopAndAdmin(db, database);
    const mat = await createProduct(db, { name: "Heat mat 20W", price: "250.00", salePrice: "200.00", stock: 4 });
    const res = await admin.postJson("/api/admin/orders", {
      email: "Sipho@Example.co.za",
      // A client's price is dropped: the shop's sale price is charged.
      items: [{ productId: mat.id, quantity: 2, price: 1, unitPrice: 1 }],
      shippingMethod: "standard",
      address,
      note: "Phoned in",
    });
    assert.equal(res.status, 201);
    const out = await res.json();
    assert.equal(out.total, 495); // 2 x R200 + R95 delivery below the free-delivery threshold
    assert.match(out.payUrl, /\/pay\/[0-9]+\.[0-9]+\.[A-Za-z0-9_-]{43}$/);
    assert.equal(await stockOf(db, mat.id), 2);
    const [order] = await db.select().from(orders);
    assert.equal(order.source, "staff");
    assert.equal(order.status, "pending");
    assert.equal(order.paidAt, null);
    const [item] = await db.select().from(orderItems);
    assert.equal(item.price, "200.00");
    const [account] = await db.select().from(users).where(eq(users.email, "sipho@example.co.za"));
    assert.ok(account, "a new customer account, without a password");
    assert.ok(!account.password.startsWith("$argon2"));
    const [audit] = await db.select().from(auditLogs).where(eq(auditLogs.entityId, order.id));
    assert.equal(audit.action, "staff_order");
    assert.equal(audit.userId, (await db.select().from(users).where(eq(users.username, "admin1")))[0].id);
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "sipho@example.co.za"));
    assert.ok(mail.textBody.includes(out.payUrl), "the e-mail carries the pay link");
    assert.match(mail.textBody, /2 x Heat mat 20W/);

    // The customer pays through the link with the test provider, no sign-in.
    const token = out.payUrl.split("/pay/")[1];
    const browser = testClient(app);
    const page = await browser.get(`/pay/${token}`);
    assert.equal(page.status, 200);
    assert.equal(page.headers.get("cache-control"), "private, no-store");
    assert.match(await page.text(), /R\s?495,00/);
    const intent = await browser.postJson("/api/pay/intent", { token });
    assert.equal(intent.status, 200);
    assert.equal(intent.headers.get("cache-control"), "private, no-store");
    const { clientSecret } = await intent.json();
    const paid = await browser.postJson("/api/payments/test-confirm", { clientSecret, cardNumber: "4242424242424242" });
    assert.equal(paid.status, 200);
    const [after] = await db.select().from(orders);
    assert.ok(after.paidAt, "paid on the provider's word");
    assert.match(await (await browser.get(`/pay/${token}`)).text(), /is paid/);

    // A paid order's lines are no longer staff's to change.
    const edit = await admin.postJson(`/api/admin/orders/${order.id}/lines`, {
      items: [{ productId: mat.id, quantity: 1 }],
    });
    assert.equal(edit.status, 409);
    assert.equal(await stockOf(db, mat.id), 2);
  },
);

test("[staff orders] an item short of stock is a 409 naming it, and nothing is written", async (db, database) => {
  const { admin } = await shopAndAdmin(db, database);
  const plenty = await createProduct(db, { name: "Coco fibre", price: "80.00", stock: 50 });
  const short = await createProduct(db, { name: "Basking lamp", price: "150.00", stock: 1 });
  const res = await admin.postJson("/api/admin/orders", {
    email: "x@example.co.za",
    items: [{ productId: plenty.id, quantity: 3 }, { productId: short.id, quantity: 2 }],
    shippingMethod: "standard",
    address,
  });
  assert.equal(res.status, 409);
  assert.match((await res.json()).message, /Only 1 of Basking lamp is left/);
  assert.equal((await db.select().from(orders)).length, 0);
  assert.equal((await db.select().from(users).where(eq(users.email, "x@example.co.za"))).length, 0);
  assert.equal((await db.select().from(emailOutbox)).length, 0);
  assert.equal(await stockOf(db, plenty.id), 50);
  assert.equal(await stockOf(db, short.id), 1);
});

test(
  "[staff orders] editing an unpaid order's lines re-prices, moves the stock and keeps the pay link",
  async (db, database) => {
    const { app, admin } = await shopAndAdmin(db, database);
    const mat = await createProduct(db, { name: "Heat mat 20W", price: "250.00", stock: 10 });
    const lamp = await createProduct(db, { name: "UVB tube", price: "400.00", stock: 10 });
    const buyer = await customer(db, { username: "thandi", email: "thandi@example.co.za" });
    const created = await (await admin.postJson("/api/admin/orders", {
      customerId: buyer.id,
      items: [{ productId: mat.id, quantity: 2 }],
      shippingMethod: "standard",
      address,
    })).json();
    const edit = await admin.request(`/api/admin/orders/${created.id}/lines`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ items: [{ productId: mat.id, quantity: 3 }, { productId: lamp.id, quantity: 1 }] }),
    });
    assert.equal(edit.status, 200);
    const out = await edit.json();
    assert.equal(out.total, 1245); // 3 x R250 + R400 + R95
    assert.equal(out.payUrl, created.payUrl, "the same link");
    assert.equal(await stockOf(db, mat.id), 7);
    assert.equal(await stockOf(db, lamp.id), 9);
    const audit = await db.select().from(auditLogs).where(eq(auditLogs.action, "lines_changed"));
    assert.equal(audit.length, 1);
    assert.deepEqual((audit[0].details as { changes: { lines: unknown } }).changes.lines, {
      before: "2 x Heat mat 20W",
      after: "3 x Heat mat 20W, 1 x UVB tube",
    });
    const token = created.payUrl.split("/pay/")[1];
    assert.match(await (await testClient(app).get(`/pay/${token}`)).text(), /R\s?1\s?245,00/);

    // Short stock on an edit: refused, the old lines and their stock stay.
    const refused = await admin.postJson(`/api/admin/orders/${created.id}/lines`, {
      items: [{ productId: lamp.id, quantity: 11 }],
    });
    assert.equal(refused.status, 409);
    assert.equal(await stockOf(db, mat.id), 7);
    assert.equal(await stockOf(db, lamp.id), 9);
    assert.equal((await db.select().from(orderItems)).length, 2);
  },
);

test(
  "[staff orders] the screens work without JavaScript: searches, the order form, Edit lines",
  async (db, database) => {
    const { app, admin } = await shopAndAdmin(db, database);
    const mat = await createProduct(db, { name: "Heat mat 20W", sku: "HM-20", price: "250.00", stock: 10 });
    const buyer = await customer(db, { username: "thandi", email: "thandi@example.co.za" });

    const found = await admin.get("/admin/orders/new?q=thandi");
    assert.equal(found.status, 200);
    assert.match(await found.text(), /thandi@example\.co\.za/);
    const chosen = await (await admin.get(`/admin/orders/new?customer=${buyer.id}&pq=HM-20&lines=${mat.id}::2`)).text();
    assert.match(chosen, /data-chosen-customer/);
    assert.match(chosen, /Heat mat 20W · HM-20/, "the line is named");
    // The hit's Add link asks for one more; the line row still shows the quantity chosen.
    assert.match(chosen, new RegExp(`lines=${mat.id}(?:%3A%3A|::)3`), "Add: one more of the same line");
    assert.match(chosen, /name="line0-quantity"[^>]*value="2"/, "the line row keeps its quantity");
    assert.match(chosen, /value="12 Jacaranda Street"/, "the default address is filled in");
    // Hostile query strings are read as nothing, never a 500.
    assert.equal((await admin.get("/admin/orders/new?pq=%00")).status, 400, "a control character");
    for (const q of ["customer=99999999999", "lines=1:2:3:4,x", `lines=${2 ** 40}::1`, "pq=%25_", "q=%E2%80%AE"]) {
      const r = await admin.get(`/admin/orders/new?${q}`);
      assert.equal(r.status, 200, `${q} ${r.status} ${(await r.text()).slice(0, 300)}`);
    }

    const form = {
      customerId: String(buyer.id),
      "line0-product": String(mat.id),
      "line0-quantity": "2",
      "line1-product": "",
      "line1-quantity": "",
      shippingMethod: "standard",
      ...address,
    };
    // A form post from another site is refused (CSRF).
    const foreign = testClient(app, { origin: "https://evil.example" });
    for (const [k, v] of admin.cookies) foreign.cookies.set(k, v);
    assert.equal((await foreign.postForm("/admin/orders/new", form)).status, 403);
    // Too many for the stock: the page again with the message, nothing written.
    const short = await admin.postForm("/admin/orders/new", { ...form, "line0-quantity": "11" });
    assert.equal(short.status, 409);
    assert.match(await short.text(), /Only 10 of Heat mat 20W are left/);
    const bad = await admin.postForm("/admin/orders/new", { ...form, city: "" });
    assert.equal(bad.status, 400);
    assert.equal((await db.select().from(orders)).length, 0);

    const made = await admin.postForm("/admin/orders/new", form);
    assert.equal(made.status, 303);
    const [order] = await db.select().from(orders);
    assert.equal(made.headers.get("location"), `/admin/orders/${order.id}`);
    assert.equal(await stockOf(db, mat.id), 8);
    const page = await (await admin.get(`/admin/orders/${order.id}`)).text();
    assert.match(page, /data-edit-lines/);
    assert.match(page, /data-order-source="staff"/);

    const edited = await admin.postForm(`/admin/orders/${order.id}/lines`, {
      "line0-product": String(mat.id),
      "line0-quantity": "5",
    });
    assert.equal(edited.status, 303);
    assert.equal(await stockOf(db, mat.id), 5);
    // A checkout order has no Edit lines.
    await db.update(orders).set({ source: "web" }).where(eq(orders.id, order.id));
    assert.doesNotMatch(await (await admin.get(`/admin/orders/${order.id}`)).text(), /data-edit-lines/);
  },
);

raceTest("[staff orders] a staff order and a shopper's checkout race for the last unit: one wins", async (db) => {
  const last = await createProduct(db, { name: "Last lamp", price: "300.00", stock: 1 });
  const staffUser = await createUser(db, { username: "staffer", email: "staffer@example.co.za", role: "admin" });
  const shopper = await customer(db, { username: "shopper", email: "shopper@example.co.za" });
  await addToCart(db, { userId: shopper.id }, { productId: last.id, quantity: 1 });
  const cfg = testConfig();
  const outcomes = await Promise.allSettled([
    placeStaffOrder(db, {
      email: "phone@example.co.za",
      items: [{ productId: last.id, quantity: 1 }],
      shippingMethod: "standard",
      address: { ...address, country: "South Africa", addressLine2: null, instructions: null },
    }, {
      staffUserId: staffUser.id,
      delivery: { feeCents: 9500, freeThresholdCents: 150000 },
      paymentMethod: "test",
      payLinkSecret: "k".repeat(40),
      siteUrl: cfg.siteUrl,
      shop: cfg.shop,
    }),
    placeOrder(db, { userId: shopper.id, idempotencyKey: null, shippingMethod: "standard", paymentMethod: "test" }),
  ]);
  assert.equal(outcomes.filter((o) => o.status === "fulfilled").length, 1, JSON.stringify(outcomes));
  assert.equal((await db.select().from(orders)).length, 1);
  assert.equal(await stockOf(db, last.id), 0);
});

closeDatabase();
