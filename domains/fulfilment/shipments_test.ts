import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createProduct } from "../../tests/helpers/factories.ts";
import { testSite } from "../../tests/helpers/app.ts";
import { customer, FREE_DELIVERY, paidOrder, placedOrder, systemRefund } from "../../tests/helpers/paid_orders.ts";
import type { Db } from "../../db/client.ts";
import { auditLogs, emailOutbox, orders, products } from "../../db/schema/mod.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { testGateway } from "../payments/mod.ts";
import { getAdminOrder, lineFulfilment, listShipments, PARCEL_NOT_FOUND, parcelsToList, SHIP_NOT_PAID } from "./mod.ts";
import { refundOrder } from "../../flows/refund_order.ts";
import { changeOrderStatus, correctParcelTracking, shipParcel } from "../../flows/change_order_status.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();
const opts = testSite();

const orderRow = async (db: Db, id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0];
const emails = (db: Db, id: number) => db.select().from(emailOutbox).where(eq(emailOutbox.orderId, id));

/** A paid order of 2 UVB tubes, 1 heat mat and 3 hides (three lines). */
async function threeLineOrder(db: Db) {
  const tube = await createProduct(db, { name: "UVB Tube T5 24W", slug: "uvb-tube", price: "450.00", stock: 10 });
  const mat = await createProduct(db, { name: "Heat Mat 28W", slug: "heat-mat", price: "300.00", stock: 10 });
  const hide = await createProduct(db, { name: "Cork Hide", slug: "cork-hide", price: "120.00", stock: 10 });
  const gateway = testGateway();
  const paid = await paidOrder(db, gateway, [
    { productId: tube.id, quantity: 2 },
    { productId: mat.id, quantity: 1 },
    { productId: hide.id, quantity: 3 },
  ], { delivery: FREE_DELIVERY });
  const byName = (n: string) => paid.order.items.find((i) => i.name === n)!.id;
  const staff = await customer(db, { username: "staff", email: "staff@example.co.za", role: "admin" });
  return {
    ...paid,
    gateway,
    tube: byName("UVB Tube T5 24W"),
    mat: byName("Heat Mat 28W"),
    hide: byName("Cork Hide"),
    staff,
  };
}

/** A parcel of `orderId` with `lines` ([order item, quantity]) shipped by `by.userId` (null: the system). */
function sendParcel(
  db: Db,
  orderId: number,
  lines: [orderItemId: number, quantity: number][],
  trackingNumber: string,
  by: { userId: number | null; carrier?: string },
) {
  const parcel = lines.map(([orderItemId, quantity]) => ({ orderItemId, quantity }));
  return shipParcel(db, { orderId, lines: parcel, trackingNumber, ...by }, opts);
}

/** Staff refund one cracked hide (R120) and put it back on the shelf. */
function refundOneHide(
  db: Db,
  o: Pick<Awaited<ReturnType<typeof threeLineOrder>>, "order" | "hide" | "gateway" | "staff">,
) {
  return refundOrder(db, o.gateway, {
    orderId: o.order.id,
    amountCents: 12_000,
    reason: "One hide cracked",
    restock: [{ orderItemId: o.hide, quantity: 1 }],
    userId: o.staff.id,
  }, opts);
}

test("[shipments] a partial shipment keeps the order processing, is audited and on the timeline, and e-mails the parcel's lines", async (db) => {
  const { order, tube, mat, staff } = await threeLineOrder(db);
  const done = await sendParcel(db, order.id, [[tube, 1], [mat, 1]], "TCG123", {
    userId: staff.id,
    carrier: "The Courier Guy",
  });
  assert.equal(done.completed, false);
  const row = await orderRow(db, order.id);
  assert.equal(row.status, "processing");
  assert.equal(row.shippedAt, null);
  const lines = await lineFulfilment(db, order.id);
  assert.deepEqual(lines.map((l) => [l.name, l.shipped, l.toShip]), [
    ["UVB Tube T5 24W", 1, 1],
    ["Heat Mat 28W", 1, 0],
    ["Cork Hide", 0, 3],
  ]);
  const [audit] = await db.select().from(auditLogs).where(
    and(eq(auditLogs.entityId, order.id), eq(auditLogs.action, "shipment")),
  );
  assert.equal(audit.userId, staff.id);
  const summary = "Shipped 2 of 3 lines: 1 x UVB Tube T5 24W, 1 x Heat Mat 28W (The Courier Guy TCG123)";
  assert.equal((audit.details as { summary: string }).summary, summary);
  assert.ok((await getAdminOrder(db, order.id)).timeline.some((e) => e.title === summary && e.by === "staff"));
  const mail = (await emails(db, order.id)).filter((m) => /shipped/.test(m.subject));
  assert.equal(mail.length, 1);
  assert.match(mail[0].subject, /^Part of your .* order .* has shipped$/);
  assert.match(mail[0].textBody, /1 x UVB Tube T5 24W\n- 1 x Heat Mat 28W/);
  assert.match(mail[0].textBody, /Tracking number: TCG123/);
  assert.match(mail[0].htmlBody ?? "", /In this parcel:<br>- 1 x UVB Tube T5 24W<br>- 1 x Heat Mat 28W<br>/);
  const [parcel] = await listShipments(db, order.id);
  assert.equal(parcel.trackingNumber, "TCG123");
  assert.deepEqual(parcel.lines.map((l) => l.quantity), [1, 1]);
});

test("[shipments] the parcel with the last units ships the order through the whole-order transition: one shipped e-mail", async (db) => {
  const { order, tube, mat, hide } = await threeLineOrder(db);
  await sendParcel(db, order.id, [[tube, 2]], "TCG1", { userId: null });
  const done = await sendParcel(db, order.id, [[mat, 1], [hide, 3]], "TCG2", {
    userId: null,
    carrier: "The Courier Guy",
  });
  assert.equal(done.completed, true);
  const row = await orderRow(db, order.id);
  assert.equal(row.status, "shipped");
  assert.equal(row.trackingNumber, "TCG2");
  assert.equal(row.carrier, "The Courier Guy");
  const changes = await db.select().from(auditLogs).where(
    and(eq(auditLogs.entityId, order.id), eq(auditLogs.action, "status_change")),
  );
  assert.equal(changes.length, 1);
  assert.deepEqual(changes[0].details, {
    from: "processing",
    to: "shipped",
    trackingNumber: "TCG2",
    carrier: "The Courier Guy",
  });
  const shippedMail = (await emails(db, order.id)).filter((m) => / has shipped$/.test(m.subject));
  assert.deepEqual(shippedMail.map((m) => m.subject.startsWith("Part of")), [true, false]);
});

test("[shipments] never more than ordered less shipped less restocked: 409; unknown line 400", async (db) => {
  const { order, tube, hide, gateway } = await threeLineOrder(db);
  const ship = (orderItemId: number, quantity: number) =>
    sendParcel(db, order.id, [[orderItemId, quantity]], "T1", { userId: null });
  await assert.rejects(
    ship(tube, 3),
    (e) => e instanceof ConflictError && e.message === "Only 2 of UVB Tube T5 24W are left to ship (ordered 2).",
  );
  await systemRefund(db, gateway, {
    orderId: order.id,
    amountCents: 24_000,
    reason: "Two hides out of stock",
    restock: [{ orderItemId: hide, quantity: 2 }],
  });
  await assert.rejects(
    ship(hide, 2),
    (e) => e instanceof ConflictError && /Only 1 of Cork Hide is left/.test(e.message),
  );
  await ship(tube, 2);
  await assert.rejects(
    ship(tube, 1),
    (e) => e instanceof ConflictError && e.message === "Nothing of UVB Tube T5 24W is left to ship.",
  );
  await assert.rejects(
    ship(999_999, 1),
    (e) => e instanceof ValidationError && /not part of this order/.test(e.message),
  );
  assert.equal((await listShipments(db, order.id)).length, 1);
});

test("[shipments] cancelling a part-shipped order gives back only what did not ship and was not given back already", async (db) => {
  const { order, tube, mat, hide, gateway, staff } = await threeLineOrder(db);
  await sendParcel(db, order.id, [[tube, 1], [mat, 1]], "TCG9", { userId: staff.id });
  await refundOneHide(db, { order, hide, gateway, staff });
  await changeOrderStatus(db, gateway, { orderId: order.id, to: "cancelled", userId: staff.id }, {
    ...opts,
    now: new Date(),
  });
  const stock = async (slug: string) => (await db.select().from(products).where(eq(products.slug, slug)))[0].stock;
  // Ordered 2 tubes, 1 mat, 3 hides from 10 each; 1 tube and the mat shipped; 1 hide refunded to stock.
  assert.equal(await stock("uvb-tube"), 9, "the shipped tube stays off the shelf");
  assert.equal(await stock("heat-mat"), 9, "the shipped mat stays off the shelf");
  assert.equal(await stock("cork-hide"), 10, "every hide back once");
  assert.equal((await orderRow(db, order.id)).status, "cancelled");
});

test("[shipments] the whole-order Ship records what it sends as a parcel, so a later cancel leaves the shipped units off the shelf", async (db) => {
  const { order, tube, mat, hide, gateway, staff } = await threeLineOrder(db);
  // One tube in a first parcel, one hide back to stock with a refund; then Ship for the rest.
  await sendParcel(db, order.id, [[tube, 1]], "TCG1", { userId: staff.id });
  await refundOneHide(db, { order, hide, gateway, staff });
  await changeOrderStatus(db, gateway, {
    orderId: order.id,
    to: "shipped",
    trackingNumber: "TCG2",
    carrier: "The Courier Guy",
    userId: staff.id,
  }, opts);
  const parcels = await listShipments(db, order.id);
  assert.deepEqual(parcels.map((p) => [p.trackingNumber, p.carrier, p.lines.map((l) => [l.orderItemId, l.quantity])]), [
    ["TCG1", null, [[tube, 1]]],
    ["TCG2", "The Courier Guy", [[tube, 1], [mat, 1], [hide, 2]]],
  ]);
  assert.deepEqual((await lineFulfilment(db, order.id)).map((l) => l.toShip), [0, 0, 0]);
  assert.equal(parcelsToList(parcels, await orderRow(db, order.id)).length, 2, "two parcels are listed");
  await changeOrderStatus(db, gateway, { orderId: order.id, to: "cancelled", userId: staff.id }, opts);
  const stock = async (slug: string) => (await db.select().from(products).where(eq(products.slug, slug)))[0].stock;
  // Ordered 2 tubes, 1 mat, 3 hides from 10 each: all shipped but the refunded hide.
  assert.equal(await stock("uvb-tube"), 8, "both tubes left in parcels");
  assert.equal(await stock("heat-mat"), 9, "the mat left in a parcel");
  assert.equal(await stock("cork-hide"), 8, "only the hide the refund gave back is on the shelf");
});

test("[shipments] the parcel that sends the last units adds no second parcel when it ships the order", async (db) => {
  const { order, tube, mat, hide } = await threeLineOrder(db);
  await sendParcel(db, order.id, [[tube, 2], [mat, 1], [hide, 3]], "TCG7", { userId: null });
  assert.equal((await orderRow(db, order.id)).status, "shipped");
  const parcels = await listShipments(db, order.id);
  assert.deepEqual(parcels.map((p) => p.trackingNumber), ["TCG7"]);
  // One parcel under the order's own tracking number: the order pages do not list it twice.
  assert.deepEqual(parcelsToList(parcels, await orderRow(db, order.id)), []);
});

test("[shipments] only a paid order in processing ships in parts: 409 otherwise", async (db) => {
  const p = await createProduct(db, { price: "100.00", stock: 5 });
  const { order } = await placedOrder(db, [{ productId: p.id, quantity: 2 }], { paymentMethod: "test" });
  const line = order.items[0].id;
  await assert.rejects(
    sendParcel(db, order.id, [[line, 1]], "T", { userId: null }),
    (e) => e instanceof ConflictError && e.message === SHIP_NOT_PAID,
  );
  const paid = await threeLineOrder(db);
  await changeOrderStatus(
    db,
    null,
    { orderId: paid.order.id, to: "shipped", trackingNumber: "W1", userId: null },
    opts,
  );
  await assert.rejects(
    sendParcel(db, paid.order.id, [[paid.tube, 1]], "T", { userId: null }),
    (e) => e instanceof ConflictError && /A shipped order cannot be shipped/.test(e.message),
  );
  // Only the whole-order Ship's own parcel: the refused one wrote nothing.
  assert.deepEqual((await listShipments(db, paid.order.id)).map((p) => p.trackingNumber), ["W1"]);
});

test("[shipments] staff correct a parcel's tracking: the order's number follows, audited, the customer told when asked", async (db) => {
  const { order, tube, mat, hide, staff } = await threeLineOrder(db);
  const first = await sendParcel(db, order.id, [[tube, 2]], "TCG-TYPO", { userId: staff.id });
  const last = await sendParcel(db, order.id, [[mat, 1], [hide, 3]], "MDX-OLD", {
    userId: staff.id,
    carrier: "Aramex",
  });
  const mailsBefore = (await emails(db, order.id)).length;

  // The first parcel: only the parcel changes (the order names the last one), nobody is e-mailed.
  const quiet = { orderId: order.id, carrier: null, notifyCustomer: false, userId: staff.id };
  assert.deepEqual(
    await correctParcelTracking(db, { ...quiet, shipmentId: first.shipmentId, trackingNumber: "TCG-123" }, opts),
    { changed: true, notified: false },
  );
  assert.equal((await orderRow(db, order.id)).trackingNumber, "MDX-OLD");
  assert.equal((await emails(db, order.id)).length, mailsBefore);

  // The last parcel, under the order's own number: the order follows, and the customer hears of it.
  const fix = { ...quiet, shipmentId: last.shipmentId, trackingNumber: "TCG-456", carrier: "The Courier Guy" };
  assert.deepEqual(await correctParcelTracking(db, { ...fix, notifyCustomer: true }, opts), {
    changed: true,
    notified: true,
  });
  const row = await orderRow(db, order.id);
  assert.deepEqual([row.trackingNumber, row.carrier, row.status], ["TCG-456", "The Courier Guy", "shipped"]);
  assert.deepEqual((await listShipments(db, order.id)).map((p) => [p.trackingNumber, p.carrier]), [
    ["TCG-123", null],
    ["TCG-456", "The Courier Guy"],
  ]);
  const mails = await emails(db, order.id);
  assert.equal(mails.length, mailsBefore + 1);
  const update = mails.at(-1)!;
  assert.match(update.subject, /^Tracking update for your .+ order RB-/);
  assert.match(update.textBody, /Tracking number: TCG-456\nCarrier: The Courier Guy/);
  assert.match(update.textBody, /1 x Heat Mat 28W\n- 3 x Cork Hide/);
  const audits = await db.select().from(auditLogs).where(
    and(eq(auditLogs.entityId, order.id), eq(auditLogs.action, "shipment_tracking")),
  );
  assert.deepEqual(audits.map((a) => (a.details as { summary: string }).summary), [
    "Parcel tracking corrected: TCG-TYPO -> TCG-123",
    "Parcel tracking corrected: Aramex MDX-OLD -> The Courier Guy TCG-456",
  ]);

  // The same values again write nothing; a parcel of another order is not found.
  assert.deepEqual(await correctParcelTracking(db, { ...fix, notifyCustomer: true }, opts), {
    changed: false,
    notified: false,
  });
  assert.equal((await emails(db, order.id)).length, mailsBefore + 1);
  await assert.rejects(
    correctParcelTracking(db, { ...fix, orderId: order.id + 1000 }, opts),
    NotFoundError,
  );
  const other = await otherPaidOrder(db);
  await assert.rejects(
    correctParcelTracking(db, { ...fix, orderId: other }, opts),
    (err) => err instanceof NotFoundError && err.message === PARCEL_NOT_FOUND,
  );
});

/** A second paid order of the same shop (its own products), for a parcel id that is not its own. */
async function otherPaidOrder(db: Db): Promise<number> {
  const lamp = await createProduct(db, { name: "Basking Lamp", slug: "basking-lamp", price: "250.00", stock: 5 });
  const paid = await paidOrder(db, testGateway(), [{ productId: lamp.id, quantity: 1 }], { delivery: FREE_DELIVERY });
  return paid.order.id;
}

raceTest("[shipments] two parcels of the last unit at once: one wins, the other is refused", async (db) => {
  const { order, tube, mat, hide } = await threeLineOrder(db);
  await sendParcel(db, order.id, [[tube, 2], [hide, 3]], "FIRST", { userId: null });
  const ship = (n: string) => sendParcel(db, order.id, [[mat, 1]], n, { userId: null });
  const results = await Promise.allSettled([ship("A"), ship("B")]);
  const ok = results.filter((r) => r.status === "fulfilled");
  const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
  assert.equal(ok.length, 1, JSON.stringify(results.map((r) => r.status === "rejected" ? String(r.reason) : "ok")));
  assert.ok(refused[0].reason instanceof ConflictError, String(refused[0].reason));
  assert.equal((await lineFulfilment(db, order.id)).find((l) => l.orderItemId === mat)!.shipped, 1);
  assert.equal((await orderRow(db, order.id)).status, "shipped");
});

closeDatabase();
