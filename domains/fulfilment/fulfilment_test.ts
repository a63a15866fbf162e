import assert from "node:assert/strict";
import { and, eq, sql } from "drizzle-orm";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createProduct, createVariant } from "../../tests/helpers/factories.ts";
import { testSite } from "../../tests/helpers/app.ts";
import { customer, FREE_DELIVERY, paidOrder, systemRefund } from "../../tests/helpers/paid_orders.ts";
import { raceAfterRefund } from "../../tests/helpers/refund_race.ts";
import type { Db } from "../../db/client.ts";
import {
  auditLogs,
  emailOutbox,
  loyaltyLedger,
  loyaltyRewards,
  orderNotes,
  orderRefunds,
  orders,
  products,
  productVariants,
  users,
} from "../../db/schema/mod.ts";
import { ConflictError, ValidationError } from "../../lib/errors.ts";
import { addToCart } from "../cart/mod.ts";
import { pointsBalance, redeemReward, REDEMPTION_VOID } from "../loyalty/mod.ts";
import { type PaymentGateway, PaymentRefusedError, testGateway } from "../payments/mod.ts";
import { ORDER_STATUSES } from "./schemas.ts";
import { addOrderNote, adminOrdersCsv, getAdminOrder, listAdminOrders, transitionRefusal, TRANSITIONS } from "./mod.ts";
import { placeOrder } from "../../flows/place_order.ts";
import { changeOrderStatus } from "../../flows/change_order_status.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();
const opts = testSite();

const stockOf = async (db: Db, id: number) =>
  (await db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0].s;
const variantStockOf = async (db: Db, id: number) =>
  (await db.select({ s: productVariants.stock }).from(productVariants).where(eq(productVariants.id, id)))[0].s;
const orderRow = async (db: Db, id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0];

/** R450 x 2, free standard delivery: R900 paid (900 points). */
async function paidTubeOrder(db: Db, gateway: PaymentGateway = testGateway()) {
  const p = await createProduct(db, { name: "UVB Tube T5 24W", slug: "uvb-tube-t5-24w", price: "450.00", stock: 10 });
  const paid = await paidOrder(db, gateway, [{ productId: p.id, quantity: 2 }], { delivery: FREE_DELIVERY });
  assert.equal(paid.order.totalCents, 90_000);
  assert.equal(await stockOf(db, p.id), 8);
  return { ...paid, product: p, gateway };
}

Deno.test("[fulfilment] the transition table: only pending->cancelled, processing->shipped|cancelled, shipped->delivered|cancelled", () => {
  const allowed = new Set([
    "pending>cancelled",
    "processing>shipped",
    "processing>cancelled",
    "shipped>delivered",
    "shipped>cancelled",
  ]);
  for (const from of ORDER_STATUSES) {
    for (const to of ORDER_STATUSES) {
      const refusal = transitionRefusal({ status: from, paid: from !== "pending" }, to);
      assert.equal(refusal === null, allowed.has(`${from}>${to}`), `${from} -> ${to}: ${refusal}`);
      assert.equal(TRANSITIONS[from].includes(to), allowed.has(`${from}>${to}`));
    }
  }
  assert.equal(
    transitionRefusal({ status: "shipped", paid: true }, "processing"),
    "A shipped order cannot be set back to processing.",
  );
  assert.equal(
    transitionRefusal({ status: "pending", paid: false }, "shipped"),
    "This order is not paid yet: only a paid order can be marked shipped.",
  );
});

test("[fulfilment] shipping needs a tracking number, sets tracking, carrier and shippedAt, audits and e-mails the customer", async (db) => {
  const { order, userId } = await paidTubeOrder(db);
  await assert.rejects(
    changeOrderStatus(db, null, { orderId: order.id, to: "shipped", userId: null }, opts),
    (e) => e instanceof ValidationError && /tracking number/.test(e.message),
  );
  const admin = await customer(db, { username: "staff", email: "staff@example.co.za", role: "admin" });
  const shipped = await changeOrderStatus(db, null, {
    orderId: order.id,
    to: "shipped",
    trackingNumber: "TCG123456789",
    carrier: "The Courier Guy",
    userId: admin.id,
  }, opts);
  assert.equal(shipped.status, "shipped");
  assert.equal(shipped.trackingNumber, "TCG123456789");
  assert.equal(shipped.carrier, "The Courier Guy");
  assert.ok(shipped.shippedAt instanceof Date);
  const [audit] = await db.select().from(auditLogs).where(
    and(eq(auditLogs.entityId, order.id), eq(auditLogs.action, "status_change")),
  );
  assert.equal(audit.userId, admin.id);
  assert.deepEqual(audit.details, {
    from: "processing",
    to: "shipped",
    trackingNumber: "TCG123456789",
    carrier: "The Courier Guy",
  });
  const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id)).orderBy(emailOutbox.id);
  assert.equal(mails.length, 2, "the confirmation and the shipped e-mail, both linked to the order");
  assert.match(mails[0].subject, /is confirmed/);
  assert.match(mails[1].subject, /has shipped/);
  assert.match(mails[1].textBody, /Tracking number: TCG123456789\nCarrier: The Courier Guy/);
  assert.ok(userId);

  // shipped -> processing and shipped -> shipped are refused, and change nothing.
  for (const to of ["processing", "shipped", "pending"] as const) {
    await assert.rejects(
      changeOrderStatus(db, null, { orderId: order.id, to, trackingNumber: "X1", userId: null }, opts),
      ConflictError,
    );
  }
  const delivered = await changeOrderStatus(db, null, { orderId: order.id, to: "delivered", userId: admin.id }, opts);
  assert.equal(delivered.status, "delivered");
  assert.ok(delivered.deliveredAt instanceof Date);
  const [last] = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id)).orderBy(sql`id desc`)
    .limit(1);
  assert.match(last.subject, /was delivered/);
  assert.match(last.textBody, /Review UVB Tube T5 24W: http:\/\/localhost:8000\/product\/uvb-tube-t5-24w#reviews/);
  await assert.rejects(
    changeOrderStatus(db, null, { orderId: order.id, to: "cancelled", userId: null }, opts),
    (e) => e instanceof ConflictError && e.message === "A delivered order cannot be cancelled.",
  );
});

test("[fulfilment] an unpaid order cannot be shipped; cancelling it gives its stock back and is audited", async (db) => {
  const p = await createProduct(db, { price: "200.00", stock: 5 });
  const user = await customer(db);
  await addToCart(db, { userId: user.id }, { productId: p.id, quantity: 3 });
  const { order } = await placeOrder(db, { userId: user.id, idempotencyKey: null, shippingMethod: "standard" });
  assert.equal(await stockOf(db, p.id), 2);
  await assert.rejects(
    changeOrderStatus(db, null, { orderId: order.id, to: "shipped", trackingNumber: "T1", userId: null }, opts),
    (e) => e instanceof ConflictError && /not paid yet/.test(e.message),
  );
  const cancelled = await changeOrderStatus(db, null, {
    orderId: order.id,
    to: "cancelled",
    note: "Customer phoned to cancel",
    userId: null,
  }, opts);
  assert.equal(cancelled.status, "cancelled");
  assert.equal(await stockOf(db, p.id), 5);
  const notes = await db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id));
  assert.equal(notes[0].body, "Customer phoned to cancel");
  const audit = await db.select().from(auditLogs).where(eq(auditLogs.entityId, order.id));
  assert.deepEqual(audit.map((a) => a.details), [{
    from: "pending",
    to: "cancelled",
    note: "Customer phoned to cancel",
  }]);
});

test("[fulfilment] a refund goes to the provider instance that took the payment; another knows no such payment", async (db) => {
  const { order, userId } = await paidTubeOrder(db);
  assert.equal(await pointsBalance(db, userId), 900);
  const line = order.items[0];
  const after = await systemRefund(db, testGateway(), {
    orderId: order.id,
    amountCents: 45_050,
    reason: "One tube arrived broken",
    restock: [{ orderItemId: line.id, quantity: 1 }],
  }).catch((e) => e);
  // The order's attempt lives in the gateway that took it: another instance knows no such payment.
  assert.ok(after instanceof PaymentRefusedError, String(after));
  assert.equal((await orderRow(db, order.id)).refundedAmount, "0.00");
});

test("[fulfilment] refunds: partial with restock, limits, points taken back, full refund makes the order refunded", async (db) => {
  const { order, userId, product, gateway } = await paidTubeOrder(db);
  const line = order.items[0];
  const first = await systemRefund(db, gateway, {
    orderId: order.id,
    amountCents: 45_050,
    reason: "One tube arrived broken",
    restock: [{ orderItemId: line.id, quantity: 1 }],
  });
  assert.equal(first.status, "processing", "a partial refund keeps the fulfilment status");
  assert.equal(first.refundedCents, 45_050);
  assert.equal(first.paymentStatus, "partially_refunded");
  assert.equal(await stockOf(db, product.id), 9);
  const [refund] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
  assert.equal(refund.status, "succeeded");
  assert.equal(refund.provider, "test");
  assert.match(refund.providerRefundId ?? "", /^re_test_/);
  assert.deepEqual(refund.restock, [{ orderItemId: line.id, quantity: 1 }]);
  // 900 points for R900 paid; R450.50 refunded takes back floor(450.50) = 450.
  assert.equal(await pointsBalance(db, userId), 450);

  // Never more than paid minus refunded (R449.50 left), never more units back than ordered.
  await assert.rejects(
    systemRefund(db, gateway, { orderId: order.id, amountCents: 44_951, reason: "Too much" }),
    (e) => e instanceof ConflictError && e.message === "The refund is more than the refundable amount of R\u00a0449,50",
  );
  await assert.rejects(
    systemRefund(db, gateway, {
      orderId: order.id,
      amountCents: 100,
      reason: "Restock too many",
      restock: [{ orderItemId: line.id, quantity: 2 }],
    }),
    (e) => e instanceof ConflictError && /Only 1 of UVB Tube T5 24W can go back/.test(e.message),
  );
  assert.equal(await stockOf(db, product.id), 9, "a refused refund restocks nothing");

  const full = await systemRefund(db, gateway, {
    orderId: order.id,
    amountCents: 44_950,
    reason: "Customer returned the rest",
    restock: [{ orderItemId: line.id, quantity: 1 }],
  });
  assert.equal(full.status, "refunded");
  assert.equal(full.paymentStatus, "refunded");
  assert.equal(full.refundedCents, 90_000);
  assert.equal(await stockOf(db, product.id), 10);
  assert.equal(await pointsBalance(db, userId), 0, "every point the order earned is taken back, no more");
  const claws = await db.select().from(loyaltyLedger).where(eq(loyaltyLedger.referenceType, "order_refund"));
  assert.deepEqual(claws.map((c) => c.points), [-450, -450]);
  const actions = (await db.select().from(auditLogs).where(eq(auditLogs.entityId, order.id)).orderBy(auditLogs.id))
    .map((a) => a.action);
  assert.deepEqual(actions, ["refund", "refund", "status_change"]);
  await assert.rejects(
    systemRefund(db, gateway, { orderId: order.id, amountCents: 1, reason: "Again" }),
    (e) => e instanceof ConflictError && /refunded already/.test(e.message),
  );
});

test("[fulfilment] points taken back that were already spent leave a debt (decision 0057)", async (db) => {
  const { order, userId, gateway } = await paidTubeOrder(db);
  await db.insert(loyaltyLedger).values({
    userId,
    points: -810,
    reason: "Spent on a reward",
    referenceType: "redemption",
    referenceId: "r1",
  });
  assert.equal(await pointsBalance(db, userId), 90);
  await systemRefund(db, gateway, { orderId: order.id, amountCents: 50_000, reason: "Half back" });
  // 500 due, 90 left and no unused reward code to void (domains/loyalty/clawback_test.ts): 410 owed.
  assert.equal(await pointsBalance(db, userId), -410);
});

test("[fulfilment] a refund the provider refuses leaves the order, stock, points and records unchanged", async (db) => {
  const { order, userId, product, gateway } = await paidTubeOrder(db);
  const refusing: PaymentGateway = {
    ...gateway,
    refund: () => Promise.reject(new PaymentRefusedError("Stripe refused the refund: the charge is disputed.")),
  };
  await assert.rejects(
    systemRefund(db, refusing, {
      orderId: order.id,
      amountCents: 10_000,
      reason: "Damaged",
      restock: [{ orderItemId: order.items[0].id, quantity: 1 }],
    }),
    (e) => e instanceof PaymentRefusedError && e.message === "Stripe refused the refund: the charge is disputed.",
  );
  const row = await orderRow(db, order.id);
  assert.equal(row.refundedAmount, "0.00");
  assert.equal(row.status, "processing");
  assert.equal((await db.select().from(orderRefunds)).length, 0);
  assert.equal(await stockOf(db, product.id), 8);
  assert.equal(await pointsBalance(db, userId), 900);
  assert.equal((await db.select().from(auditLogs).where(eq(auditLogs.entityId, order.id))).length, 0);

  // A provider that does not answer: the same, and the message says trying again is safe.
  const silent: PaymentGateway = { ...gateway, refund: () => Promise.reject(new TypeError("fetch failed")) };
  await assert.rejects(
    systemRefund(db, silent, { orderId: order.id, amountCents: 10_000, reason: "Damaged" }),
    (e) => e instanceof ConflictError && /did not answer \(fetch failed\)/.test(e.message),
  );
  assert.equal((await orderRow(db, order.id)).refundedAmount, "0.00");
});

test("[fulfilment] cancelling a paid (shipped) order refunds what is left; what shipped stays off the shelf (decision 0079)", async (db) => {
  const p = await createProduct(db, { name: "Gecko Hide", price: "100.00", stock: 0 });
  const v = await createVariant(db, p.id, { name: "Large", price: "300.00", stock: 4 });
  await db.execute(sql`update products set stock = 4 where id = ${p.id}`);
  const gateway = testGateway();
  const { order, userId } = await paidOrder(db, gateway, [{ productId: p.id, variantId: v.id, quantity: 3 }]);
  assert.equal(await variantStockOf(db, v.id), 1);
  await systemRefund(db, gateway, {
    orderId: order.id,
    amountCents: 30_000,
    reason: "One returned",
    restock: [{ orderItemId: order.items[0].id, quantity: 1 }],
  });
  await changeOrderStatus(
    db,
    gateway,
    { orderId: order.id, to: "shipped", trackingNumber: "PUDO-1", userId: null },
    opts,
  );
  const cancelled = await changeOrderStatus(db, gateway, {
    orderId: order.id,
    to: "cancelled",
    note: "Lost in transit",
    userId: null,
  }, opts);
  assert.equal(cancelled.status, "cancelled");
  assert.equal(cancelled.refundedCents, cancelled.totalCents);
  assert.equal(cancelled.paymentStatus, "refunded");
  assert.equal(cancelled.cancelReason, "Lost in transit");
  // 4 in stock, 3 ordered, 1 back with the refund; the Ship sent the other 2, which a cancel cannot put back.
  assert.equal(await variantStockOf(db, v.id), 2, "only the returned unit went back");
  assert.equal(await pointsBalance(db, userId), 0);
  const [status] = await db.select().from(auditLogs).where(
    and(eq(auditLogs.entityId, order.id), sql`details->>'to' = 'cancelled'`),
  );
  assert.equal((status.details as Record<string, unknown>).from, "shipped");
  await assert.rejects(
    changeOrderStatus(db, gateway, { orderId: order.id, to: "cancelled", userId: null }, opts),
    (e) => e instanceof ConflictError && e.message === "The order is already cancelled.",
  );
});

test("[fulfilment] admin list: status, payment and date filters, search by number, name or e-mail; CSV quoting", async (db) => {
  const gateway = testGateway();
  const p = await createProduct(db, { price: "100.00", stock: 50 });
  const a = await paidOrder(db, gateway, [{ productId: p.id, quantity: 1 }], {
    userId: (await customer(db, {
      username: "sipho",
      email: "sipho@example.co.za",
      firstName: '=HYPERLINK("x")',
      lastName: "Dlamini",
    })).id,
  });
  const b = await paidOrder(db, gateway, [{ productId: p.id, quantity: 2 }]);
  await systemRefund(db, gateway, { orderId: b.order.id, amountCents: 1000, reason: "Part" });
  const unpaidUser = await customer(db, { username: "zola", email: "zola@example.co.za", firstName: "Zola" });
  await addToCart(db, { userId: unpaidUser.id }, { productId: p.id, quantity: 1 });
  const { order: c } = await placeOrder(db, {
    userId: unpaidUser.id,
    idempotencyKey: null,
    shippingMethod: "standard",
  });
  await db.update(orders).set({ createdAt: new Date("2026-01-10T10:00:00Z") }).where(eq(orders.id, c.id));

  const ids = async (q: Parameters<typeof listAdminOrders>[1]) => (await listAdminOrders(db, q)).items.map((r) => r.id);
  assert.deepEqual(await ids({}), [b.order.id, a.order.id, c.id]);
  assert.deepEqual(await ids({ payment: "unpaid" }), [c.id]);
  assert.deepEqual(await ids({ payment: "partially_refunded" }), [b.order.id]);
  assert.deepEqual(await ids({ payment: "paid" }), [a.order.id]);
  assert.deepEqual(await ids({ status: "pending" }), [c.id]);
  assert.deepEqual(await ids({ q: "zola@EXAMPLE" }), [c.id]);
  assert.deepEqual(await ids({ q: "dlamini" }), [a.order.id]);
  assert.deepEqual(await ids({ q: a.order.orderNumber.toLowerCase() }), [a.order.id]);
  assert.deepEqual(await ids({ q: "100%" }), [], "LIKE wildcards are searched as text");
  assert.deepEqual(await ids({ from: "2026-01-10", to: "2026-01-10" }), [c.id]);
  assert.deepEqual(await ids({ to: "2026-01-09" }), []);
  // By the customer's tag: zola is trade; a guest's order never matches.
  await db.update(users).set({ tags: ["vip", "trade"] }).where(eq(users.id, unpaidUser.id));
  assert.deepEqual(await ids({ tag: "trade" }), [c.id]);
  assert.deepEqual(await ids({ tag: "trade", payment: "paid" }), []);
  assert.deepEqual(await ids({ tag: "breeder" }), []);
  const list = await listAdminOrders(db, {});
  assert.equal(list.total, 3);
  assert.deepEqual(list.items.map((r) => r.customerTags), [[], [], ["vip", "trade"]], "rows carry the tags");

  const csv = await adminOrdersCsv(db, { q: "sipho" });
  const [header, row] = csv.trimEnd().split("\r\n");
  assert.match(header, /^Order number,Placed at,Customer,E-mail,Status,Payment.*,Carrier,Customer tags$/);
  assert.ok(row.includes(`"'=HYPERLINK(""x"") Dlamini"`), row);
  const trade = (await adminOrdersCsv(db, { tag: "trade" })).trimEnd().split("\r\n");
  assert.equal(trade.length, 2, "the CSV follows the tag filter");
  assert.match(trade[1], new RegExp(`^${c.orderNumber},.*,"vip, trade"$`));
});

test("[fulfilment] admin list search: a few matches and many list alike, newest first; delivery names and WhatsApp numbers", async (db) => {
  // 522 orders of one customer (more than are read by id), the last two sent to another name, and a
  // WhatsApp customer's order sent to that name too.
  const lindiwe = await customer(db, {
    username: "lindiwe",
    email: "lm@example.co.za",
    firstName: "Lindiwe",
    lastName: "Mahlangu",
  });
  const wa = await customer(db, { username: "wa27820000001", email: "wa@example.co.za", waId: "27820000001" });
  await db.execute(sql`insert into orders (order_number, total, user_id, created_at, shipping_address)
    select 'RB-T-' || lpad(i::text, 4, '0'), 100, case when i = 523 then ${wa.id}::int else ${lindiwe.id}::int end,
      timestamptz '2026-06-01T00:00:00Z' + i * interval '1 hour',
      jsonb_build_object('firstName', case when i > 520 then 'Nomsa' else 'Lindiwe' end, 'lastName',
        case when i > 520 then 'Zulu' else 'Mahlangu' end)
    from generate_series(1, 523) i`);
  const numbers = async (q: Parameters<typeof listAdminOrders>[1]) => {
    const list = await listAdminOrders(db, q);
    return { total: list.total, numbers: list.items.map((r) => r.orderNumber) };
  };
  const rb = (...ns: number[]) => ns.map((n) => `RB-T-${String(n).padStart(4, "0")}`);
  const desc = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);

  assert.deepEqual(await numbers({ q: "mahlangu" }), { total: 522, numbers: rb(...desc(522, 498)) });
  assert.deepEqual(await numbers({ q: "LINDIWE", page: 21 }), { total: 522, numbers: rb(...desc(22, 1)) });
  assert.deepEqual(await numbers({ q: "nomsa zulu" }), { total: 3, numbers: rb(523, 522, 521) }, "delivery name");
  assert.deepEqual(await numbers({ q: "+2782000000" }), { total: 1, numbers: rb(523) }, "WhatsApp number");
  assert.deepEqual(await numbers({ q: "rb-t-00", to: "2026-06-02" }), { total: 45, numbers: rb(...desc(45, 21)) });
  assert.deepEqual(await numbers({ q: "no such customer" }), { total: 0, numbers: [] });
  const csv = (await adminOrdersCsv(db, { q: "Mahlangu" })).trimEnd().split("\r\n");
  assert.equal(csv.length, 523, "a header and every match");
});

test("[fulfilment] the admin detail's timeline: placed, paid, e-mails, status changes, refunds and notes in order", async (db) => {
  const { order, gateway } = await paidTubeOrder(db);
  await addOrderNote(db, order.id, "Gift wrap please", null);
  await changeOrderStatus(db, gateway, { orderId: order.id, to: "shipped", trackingNumber: "T-9", userId: null }, opts);
  await systemRefund(db, gateway, { orderId: order.id, amountCents: 5_000, reason: "Late delivery" });
  const detail = await getAdminOrder(db, order.id);
  assert.equal(detail.refundableCents, 85_000);
  const kinds = detail.timeline.map((e) => e.kind);
  for (const k of ["placed", "paid", "email", "note", "status", "refund"]) assert.ok(kinds.includes(k as never), k);
  assert.equal(kinds[0], "placed");
  assert.equal(detail.emails.length, 3, "confirmation, shipped, refund");
  const times = detail.timeline.map((e) => e.at.getTime());
  assert.deepEqual(times, [...times].sort((x, y) => x - y));
});

const RACE = "[fulfilment] two admins refunding the same order at once never refund more than was paid";
raceTest(RACE, async (db) => {
  const { order, gateway } = await paidTubeOrder(db);
  const calls: number[] = [];
  const slow: PaymentGateway = {
    ...gateway,
    refund: async (input) => {
      calls.push(input.amountCents);
      await new Promise((r) => setTimeout(r, 50));
      return await gateway.refund(input);
    },
  };
  const refund = () => systemRefund(db, slow, { orderId: order.id, amountCents: 60_000, reason: "Race" });
  const results = await Promise.allSettled([refund(), refund()]);
  const ok = results.filter((r) => r.status === "fulfilled");
  const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
  assert.equal(ok.length, 1, JSON.stringify(results.map((r) => r.status === "rejected" ? String(r.reason) : "ok")));
  assert.ok(refused[0].reason instanceof ConflictError, String(refused[0].reason));
  assert.match(refused[0].reason.message, /more than the refundable amount of R\u00a0300,00/);
  assert.deepEqual(calls, [60_000], "the provider was asked once");
  assert.equal((await orderRow(db, order.id)).refundedAmount, "600.00");
});

/**
 * Two roads spend the same points: a redemption (points for a reward code) and a refund taking back
 * the points its order earned. Both lock the customer's row before reading the balance, so whatever
 * the order, no point is spent twice: a code redeemed first is voided by the refund (decision 0057),
 * and the balance ends at zero either way.
 */
const POINTS_RACE = "[fulfilment] a redemption racing a refund's point claw-back spends each point once";
raceTest(POINTS_RACE, async (db) => {
  const [reward] = await db.insert(loyaltyRewards).values({
    code: "RW800",
    name: "R80 off",
    description: "R80 off your next order.",
    pointsCost: 800,
    discountValue: "80.00",
    discountType: "fixed",
  }).returning();
  const gateway = testGateway();
  const p = await createProduct(db, { price: "450.00", stock: 100 });
  // The redemption starts when the provider answers the refund, 0 to 15 ms later by round, so across
  // the rounds it lands on every step of the refund's closing transaction, claw-back included.
  for (let round = 0; round < 16; round++) {
    const { order, userId } = await paidOrder(db, gateway, [{ productId: p.id, quantity: 2 }], {
      delivery: FREE_DELIVERY,
    });
    assert.equal(await pointsBalance(db, userId), 900);
    const race = raceAfterRefund(gateway, round, () => redeemReward(db, userId, reward.id));
    await systemRefund(db, race.gateway, { orderId: order.id, amountCents: 90_000, reason: "Race" });
    const redeemed = await race.settled();
    const ledger = await db.select({ points: loyaltyLedger.points, type: loyaltyLedger.referenceType })
      .from(loyaltyLedger).where(eq(loyaltyLedger.userId, userId));
    const spent = ledger.filter((l) => l.type === "redemption").reduce((n, l) => n - l.points, 0);
    const voidedBack = ledger.filter((l) => l.type === REDEMPTION_VOID).reduce((n, l) => n + l.points, 0);
    const clawed = ledger.filter((l) => l.type === "order_refund").reduce((n, l) => n - l.points, 0);
    const balance = await pointsBalance(db, userId);
    assert.ok(balance >= 0, `round ${round}: balance ${balance} (spent ${spent}, taken back ${clawed})`);
    // Redeemed first: 800 spent on a code the claw-back then voids, taking all 900. Refunded first:
    // nothing left to redeem.
    if (redeemed.status === "fulfilled") {
      assert.deepEqual([spent, voidedBack, clawed, balance], [800, 800, 900, 0], `round ${round}`);
    } else {
      assert.deepEqual(
        [spent, voidedBack, clawed, balance],
        [0, 0, 900, 0],
        `round ${round}: ${String(redeemed.reason)}`,
      );
    }
  }
});

closeDatabase();
