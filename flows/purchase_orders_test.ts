/**
 * Purchase orders without HTTP (decision 0117): placed from SKUs as the Receive stock form reads
 * them, deliveries booked in against them (stock, history, received counts, received in full),
 * closed and cancelled, each audited; and, on PostgreSQL, two deliveries and a cancellation racing.
 */
import assert from "node:assert/strict";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { auditLogs, emailOutbox, products, productVariants, stockMovements } from "../db/schema/mod.ts";
import { decodeBase64 } from "@oslojs/encoding";
import { ConflictError, NotFoundError, ValidationError } from "../lib/errors.ts";
import { receivePurchaseOrderInput, sendPurchaseOrderInput } from "../domains/purchasing/mod.ts";
import { useTestDatabase } from "../tests/helpers/db.ts";
import { createProduct, createUser, createVariant } from "../tests/helpers/factories.ts";
import {
  cancelPurchaseOrder,
  closePurchaseOrder,
  createPurchaseOrder,
  createPurchaseOrderInput,
  receivePurchaseOrder,
  sendPurchaseOrder,
} from "./purchase_orders.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();

const place = (db: Db, staff: { id: number }, body: unknown) =>
  createPurchaseOrder(db, staff, createPurchaseOrderInput.parse(body));
const receive = (db: Db, staff: { id: number }, id: number, body: unknown) =>
  receivePurchaseOrder(db, staff, id, receivePurchaseOrderInput.parse(body));
const stockOf = async (db: Db, id: number) =>
  (await db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;
const variantStock = async (db: Db, id: number) =>
  (await db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, id)))[0].stock;

async function shop(db: Db) {
  const staff = await createUser(db, { username: "anna", role: "admin" });
  const crickets = await createProduct(db, { name: "Crickets tub", sku: "CRK-50", stock: 3 });
  const lamp = await createProduct(db, { name: "UVB tube", sku: "UVB", stock: 0 });
  const ten = await createVariant(db, lamp.id, { name: "10%", sku: "UVB-10", stock: 1 });
  return { staff, crickets, lamp, ten };
}

test("[purchase orders] placed from SKUs in any case, the same SKU added up, every unit awaited, audited", async (db) => {
  const { staff, crickets, lamp, ten } = await shop(db);
  const po = await place(db, staff, {
    supplier: "  Reptile Wholesale ",
    expectedOn: "2026-12-10",
    note: "Quote Q-77",
    lines: [{ sku: "crk-50", quantity: 20 }, { sku: "UVB-10", quantity: 4 }, { sku: "CRK-50", quantity: 4 }],
  });
  assert.match(po.number, /^PO-\d{4}$/);
  assert.deepEqual(
    [po.supplier, po.expectedOn, po.note, po.status, po.createdBy, po.lineCount, po.orderedUnits, po.outstandingUnits],
    ["Reptile Wholesale", "2026-12-10", "Quote Q-77", "open", "anna", 2, 28, 28],
  );
  assert.deepEqual(po.lines.map((l) => [l.sku, l.productId, l.variantId, l.variantName, l.ordered, l.received]), [
    ["CRK-50", crickets.id, null, null, 24, 0],
    ["UVB-10", lamp.id, ten.id, "10%", 4, 0],
  ]);
  assert.equal(await stockOf(db, crickets.id), 3, "placing an order adds no stock");
  const [entry] = await db.select().from(auditLogs).where(eq(auditLogs.entityType, "purchase_order"));
  assert.deepEqual([entry.entityId, entry.action, entry.userId], [po.id, "create", staff.id]);
  assert.deepEqual((entry.details as { lines: string }).lines, "CRK-50 x 24, UVB-10 x 4");
});

test("[purchase orders] refused lines are named, and nothing is placed", async (db) => {
  const { staff, lamp } = await shop(db);
  await createVariant(db, lamp.id, { name: "6%", sku: "UVB-6", preorder: true });
  await assert.rejects(
    place(db, staff, {
      supplier: "W",
      lines: [{ sku: "CRK-50", quantity: 1 }, { sku: "NOPE", quantity: 2 }, { sku: "UVB", quantity: 1 }],
    }),
    (e) =>
      e instanceof ValidationError && e.issues.map((i) => i.message).join(" | ") ===
        "Line 2: no product or variant has the SKU NOPE | Line 3: UVB is sold as variants: book in each variant's SKU",
  );
  // A variant on pre-order may be ordered: that is what pre-order waits for.
  const po = await place(db, staff, { supplier: "W", lines: [{ sku: "UVB-6", quantity: 6 }] });
  assert.equal(po.lines[0].sku, "UVB-6");
  for (
    const [body, message] of [
      [{ supplier: " ", lines: [{ sku: "CRK-50", quantity: 1 }] }, "Supplier is required"],
      [
        { supplier: "W", expectedOn: "2026-02-30", lines: [{ sku: "CRK-50", quantity: 1 }] },
        "Expected on must be a date that exists",
      ],
      [
        { supplier: "W\u0000", lines: [{ sku: "CRK-50", quantity: 1 }] },
        "Supplier must not contain control characters",
      ],
      [{ supplier: "W", lines: [] }, "Add at least one SKU and quantity"],
      [{ supplier: "W", lines: [{ sku: "CRK-50", quantity: 0 }] }, "Quantity must be 1 or more"],
    ] as const
  ) {
    const parsed = createPurchaseOrderInput.safeParse(body);
    assert.equal(parsed.success ? "" : parsed.error.issues[0].message, message);
  }
});

test("[purchase orders] deliveries booked in: stock, history with the number and reference, received in full", async (db) => {
  const { staff, crickets, ten } = await shop(db);
  const po = await place(db, staff, {
    supplier: "W",
    lines: [{ sku: "CRK-50", quantity: 24 }, { sku: "UVB-10", quantity: 4 }],
  });
  const [crk, uvb] = po.lines;

  const first = await receive(db, staff, po.id, {
    lines: [{ lineId: crk.id, quantity: 20 }, { lineId: uvb.id, quantity: 0 }],
    reference: "INV-1",
  });
  assert.deepEqual([first.units, first.extra, first.purchaseOrder.status, first.purchaseOrder.outstandingUnits], [
    20,
    0,
    "open",
    8,
  ]);
  assert.equal(await stockOf(db, crickets.id), 23);

  // The rest, with 2 crickets more than ordered (booked in all the same).
  const second = await receive(db, staff, po.id, {
    lines: [{ lineId: crk.id, quantity: 6 }, { lineId: uvb.id, quantity: 4 }],
  });
  assert.deepEqual([second.units, second.extra, second.purchaseOrder.status], [10, 2, "received"]);
  assert.ok(second.purchaseOrder.closedAt);
  assert.deepEqual(second.purchaseOrder.lines.map((l) => [l.received, l.outstanding]), [[26, 0], [4, 0]]);
  assert.equal(await stockOf(db, crickets.id), 29);
  assert.equal(await variantStock(db, ten.id), 5);

  const moves = await db.select().from(stockMovements).orderBy(asc(stockMovements.id));
  assert.deepEqual(
    moves.map((m) => [m.reason, m.delta, m.note, m.actorUserId]),
    [
      ["received", 20, `${po.number} INV-1`, staff.id],
      ["received", 6, po.number, staff.id],
      ["received", 4, po.number, staff.id],
    ],
  );

  // Received in full: nothing more, closing and cancelling refused.
  for (
    const step of [
      () => receive(db, staff, po.id, { lines: [{ lineId: crk.id, quantity: 1 }] }),
      () => closePurchaseOrder(db, staff, po.id),
      () => cancelPurchaseOrder(db, staff, po.id),
    ]
  ) {
    await assert.rejects(
      step(),
      (e) =>
        e instanceof ConflictError && e.message === `${po.number} is received in full: nothing more can be done to it.`,
    );
  }
  const actions = await db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.entityId, po.id))
    .orderBy(asc(auditLogs.id));
  assert.deepEqual(actions.map((a) => a.action), ["create", "receive", "receive"]);
});

test("[purchase orders] a delivery is every line or none: a stranger's line, a pre-order variant, a deleted variant", async (db) => {
  const { staff, crickets, lamp, ten } = await shop(db);
  const po = await place(db, staff, {
    supplier: "W",
    lines: [{ sku: "CRK-50", quantity: 5 }, { sku: "UVB-10", quantity: 2 }],
  });
  const other = await place(db, staff, { supplier: "X", lines: [{ sku: "CRK-50", quantity: 1 }] });
  const [crk, uvb] = po.lines;
  await assert.rejects(
    receive(db, staff, po.id, { lines: [{ lineId: crk.id, quantity: 5 }, { lineId: other.lines[0].id, quantity: 1 }] }),
    (e) => e instanceof ValidationError && e.message === `Line ${other.lines[0].id} is not on ${po.number}`,
  );
  await assert.rejects(
    receive(db, staff, po.id, { lines: [{ lineId: crk.id, quantity: 0 }] }),
    (e) => e instanceof ValidationError && e.message === "Enter the units that arrived on at least one line",
  );
  await db.update(productVariants).set({ preorder: true }).where(eq(productVariants.id, ten.id));
  await assert.rejects(
    receive(db, staff, po.id, { lines: [{ lineId: crk.id, quantity: 5 }, { lineId: uvb.id, quantity: 2 }] }),
    (e) =>
      e instanceof ValidationError &&
      e.message === "UVB-10 is on pre-order: turn pre-order off on its page, then book the stock in",
  );
  assert.equal(await stockOf(db, crickets.id), 3, "the crickets of the refused delivery were not booked in");
  await db.delete(productVariants).where(eq(productVariants.id, ten.id));
  await assert.rejects(
    receive(db, staff, po.id, { lines: [{ lineId: uvb.id, quantity: 2 }] }),
    (e) =>
      e instanceof ValidationError &&
      e.message === "UVB-10: its variant has been deleted, so its units cannot be booked in",
  );
  // The crickets, ordered as a product of their own, are since sold as variants.
  await createVariant(db, crickets.id, { name: "Adult", sku: "CRK-A", stock: 0 });
  await assert.rejects(
    receive(db, staff, po.id, { lines: [{ lineId: crk.id, quantity: 5 }] }),
    (e) =>
      e instanceof ValidationError &&
      e.message === "CRK-50 is now sold as variants: book each variant's units in on Receive stock",
  );
  assert.equal(await stockOf(db, lamp.id), 0);
  assert.equal((await db.select().from(stockMovements)).length, 0);
  await assert.rejects(receive(db, staff, 2_000_000, { lines: [{ lineId: crk.id, quantity: 1 }] }), NotFoundError);
});

test("[purchase orders] closed: the rest no longer awaited; cancelled only while nothing came", async (db) => {
  const { staff } = await shop(db);
  const a = await place(db, staff, { supplier: "W", lines: [{ sku: "CRK-50", quantity: 10 }] });
  await receive(db, staff, a.id, { lines: [{ lineId: a.lines[0].id, quantity: 4 }] });
  await assert.rejects(
    cancelPurchaseOrder(db, staff, a.id),
    (e) =>
      e instanceof ConflictError &&
      e.message === `Part of ${a.number} has been received: close it instead, so what came in stays on record.`,
  );
  const closed = await closePurchaseOrder(db, staff, a.id);
  assert.deepEqual([closed.status, closed.outstandingUnits, closed.receivedUnits], ["closed", 0, 4]);
  const [audit] = await db.select().from(auditLogs).where(eq(auditLogs.action, "close"));
  assert.deepEqual(audit.details, { number: a.number, outstandingUnits: 6 });

  const b = await place(db, staff, { supplier: "W", lines: [{ sku: "CRK-50", quantity: 10 }] });
  assert.equal((await cancelPurchaseOrder(db, staff, b.id)).status, "cancelled");
  await assert.rejects(
    receive(db, staff, b.id, { lines: [{ lineId: b.lines[0].id, quantity: 1 }] }),
    (e) => e instanceof ConflictError && e.message === `${b.number} is cancelled: nothing more can be done to it.`,
  );
  await assert.rejects(closePurchaseOrder(db, staff, 2_147_483_647), NotFoundError);
});

const SHOP = {
  name: "Reptile Basics",
  email: "orders@reptilebasics.co.za",
  phone: "021 555 0199",
  address: "Cape Town",
};

test("[purchase orders] e-mailed to the supplier: what is still to supply, the number to quote, the lines as a CSV", async (db) => {
  const { staff } = await shop(db);
  const po = await place(db, staff, {
    supplier: "W",
    supplierEmail: "sales@wholesale.co.za",
    expectedOn: "2026-12-14",
    note: "Quote Q-7 <b>",
    lines: [{ sku: "CRK-50", quantity: 24 }, { sku: "UVB-10", quantity: 4 }],
  });
  assert.equal(po.supplierEmail, "sales@wholesale.co.za");
  const sent = await sendPurchaseOrder(db, staff, po.id, { to: "orders@wholesale.co.za" }, SHOP);
  assert.deepEqual([sent.supplierEmail, typeof sent.sentAt], ["orders@wholesale.co.za", "string"]);
  const [mail] = await db.select().from(emailOutbox);
  assert.equal(mail.toAddress, "orders@wholesale.co.za");
  assert.equal(mail.subject, `Purchase order ${po.number} from Reptile Basics`);
  assert.match(mail.textBody, /24 x Crickets tub \(SKU CRK-50\)\n4 x UVB tube \(10%\) \(SKU UVB-10\)/);
  assert.match(mail.textBody, /Expected by: 14 December 2026/);
  assert.match(mail.textBody, new RegExp(`Please quote ${po.number} on your invoice`));
  assert.match(mail.htmlBody!, /Note: Quote Q-7 &lt;b&gt;/, "escaped in the HTML");
  const [csv] = mail.attachments as { filename: string; contentBase64: string }[];
  assert.equal(csv.filename, `${po.number}.csv`);
  assert.match(
    new TextDecoder().decode(decodeBase64(csv.contentBase64)),
    /^SKU,Product,Variant,Ordered,Received,Outstanding\r\nCRK-50,/,
  );

  // After part of it came: only what is outstanding.
  await receive(db, staff, po.id, { lines: [{ lineId: po.lines[0].id, quantity: 24 }] });
  await sendPurchaseOrder(db, staff, po.id, { to: "orders@wholesale.co.za" }, SHOP);
  const [, again] = await db.select().from(emailOutbox).orderBy(asc(emailOutbox.id));
  assert.match(again.textBody, /still outstanding/);
  assert.doesNotMatch(again.textBody, /CRK-50/);
  const audits = await db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.action, "send"));
  assert.equal(audits.length, 2);

  await closePurchaseOrder(db, staff, po.id);
  await assert.rejects(
    sendPurchaseOrder(db, staff, po.id, { to: "orders@wholesale.co.za" }, SHOP),
    (e) => e instanceof ConflictError && e.message === `${po.number} is closed: nothing more can be done to it.`,
  );
  for (const to of ["not an address", "a@b.co\u0000", `${"x".repeat(250)}@b.co`]) {
    assert.equal(sendPurchaseOrderInput.safeParse({ to }).success, false, to);
  }
});

raceTest(
  "[purchase orders] two deliveries of the same order at once: both counted, every unit in stock once",
  async (db) => {
    const { staff, crickets } = await shop(db);
    const po = await place(db, staff, { supplier: "W", lines: [{ sku: "CRK-50", quantity: 10 }] });
    const lineId = po.lines[0].id;
    const outcomes = await Promise.all([
      receive(db, staff, po.id, { lines: [{ lineId, quantity: 6 }] }),
      receive(db, staff, po.id, { lines: [{ lineId, quantity: 4 }] }),
    ]);
    assert.deepEqual(outcomes.map((o) => o.purchaseOrder.status).sort(), ["open", "received"]);
    assert.equal(await stockOf(db, crickets.id), 13);
  },
);

raceTest("[purchase orders] a delivery and a cancellation at once: one of them, never both", async (db) => {
  const { staff, crickets } = await shop(db);
  for (let round = 0; round < 5; round++) {
    const po = await place(db, staff, { supplier: "W", lines: [{ sku: "CRK-50", quantity: 10 }] });
    const before = await stockOf(db, crickets.id);
    const [delivered, cancelled] = await Promise.allSettled([
      receive(db, staff, po.id, { lines: [{ lineId: po.lines[0].id, quantity: 3 }] }),
      cancelPurchaseOrder(db, staff, po.id),
    ]);
    assert.equal([delivered, cancelled].filter((o) => o.status === "fulfilled").length, 1, `round ${round}`);
    const after = await stockOf(db, crickets.id);
    if (delivered.status === "fulfilled") assert.equal(after, before + 3);
    else assert.equal(after, before, "a cancelled order's delivery books nothing in");
  }
});

closeDatabase();
