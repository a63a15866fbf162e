/**
 * The staff-order workflow without HTTP (docs/staff-orders.md, decision 0074): the shop's prices
 * whatever a client sends, stock taken in the order's transaction, a short line refusing the whole
 * order with nothing written, and a line edit moving the stock both ways.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../tests/helpers/db.ts";
import { createProduct, createUser, createVariant } from "../tests/helpers/factories.ts";
import { testConfig } from "../tests/helpers/app.ts";
import type { Db } from "../db/client.ts";
import { auditLogs, emailOutbox, orderItems, orders, products, productVariants, users } from "../db/schema/mod.ts";
import { checkoutSchemas } from "../domains/checkout/mod.ts";
import { ConflictError } from "../lib/errors.ts";
import { changeOrderLines, placeStaffOrder, type StaffOrderOptions } from "./staff_order.ts";

const { test, closeDatabase } = useTestDatabase();
const config = testConfig();

const address = {
  firstName: "Sipho",
  lastName: "Dlamini",
  addressLine1: "4 Long Street",
  city: "Cape Town",
  state: "Western Cape",
  postalCode: "8001",
};

async function options(db: Db): Promise<StaffOrderOptions> {
  const staff = await createUser(db, { username: "staffer", email: "staffer@example.co.za", role: "admin" });
  return {
    staffUserId: staff.id,
    delivery: { feeCents: 9500, freeThresholdCents: 150000 },
    paymentMethod: "test",
    payLinkSecret: "a-pay-link-key-of-at-least-32-characters",
    siteUrl: config.siteUrl,
    shop: config.shop,
  };
}

const stock = async (db: Db, id: number) =>
  (await db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;

test("[staff order flow] a client's prices are dropped: the shop's price is charged and the stock taken", async (db) => {
  const lamp = await createProduct(db, { name: "Basking lamp", price: "300.00", salePrice: "270.00", stock: 5 });
  const mat = await createProduct(db, { name: "Heat mat", price: "100.00", stock: 20 });
  const large = await createVariant(db, mat.id, { name: "Large", price: "180.00", stock: 3 });
  const body = checkoutSchemas.staffOrderBody.parse({
    email: "sipho@example.co.za",
    items: [
      { productId: lamp.id, quantity: 2, price: 1, unitPriceCents: 100 },
      { productId: mat.id, variantId: large.id, quantity: 1, total: 0 },
    ],
    shippingMethod: "standard",
    address,
  });
  assert.deepEqual(body.items[0], { productId: lamp.id, quantity: 2 });
  const placed = await placeStaffOrder(db, body, await options(db));
  // 2 x R270 (the sale price) + R180 + R95 delivery (below R1,500).
  assert.equal(placed.totalCents, 81500);
  assert.equal(await stock(db, lamp.id), 3);
  const [variant] = await db.select().from(productVariants).where(eq(productVariants.id, large.id));
  assert.equal(variant.stock, 2);
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
  assert.deepEqual(lines.map((l) => l.price).sort(), ["180.00", "270.00"]);
  assert.ok(placed.customerCreated);
  assert.match(placed.payUrl, new RegExp(`/pay/${placed.id}\\.`));
});

test("[staff order flow] one short line refuses the whole order: nothing is written", async (db) => {
  const plenty = await createProduct(db, { name: "Coco fibre", price: "80.00", stock: 50 });
  const short = await createProduct(db, { name: "UVB tube", price: "400.00", stock: 2 });
  const opts = await options(db);
  await assert.rejects(
    placeStaffOrder(db, {
      email: "new@example.co.za",
      items: [{ productId: plenty.id, quantity: 5 }, { productId: short.id, quantity: 3 }],
      shippingMethod: "standard",
      address: { ...address, country: "South Africa", addressLine2: null, phone: null, instructions: null },
      note: "Phoned in",
    }, opts),
    (err: unknown) => err instanceof ConflictError && /Only 2 of UVB tube are left/.test(err.message),
  );
  assert.equal(await stock(db, plenty.id), 50);
  assert.equal(await stock(db, short.id), 2);
  assert.equal((await db.select().from(orders)).length, 0);
  assert.equal((await db.select().from(users).where(eq(users.email, "new@example.co.za"))).length, 0);
  assert.equal((await db.select().from(emailOutbox)).length, 0);
  assert.equal((await db.select().from(auditLogs)).length, 0);
});

test("[staff order flow] a line edit gives the old stock back and takes the new", async (db) => {
  const a = await createProduct(db, { name: "Hide", price: "150.00", stock: 4 });
  const b = await createProduct(db, { name: "Water bowl", price: "60.00", stock: 4 });
  const opts = await options(db);
  const placed = await placeStaffOrder(db, {
    email: "sipho@example.co.za",
    items: [{ productId: a.id, quantity: 4 }],
    shippingMethod: "standard",
    address: { ...address, country: "South Africa", addressLine2: null, phone: null, instructions: null },
  }, opts);
  assert.equal(await stock(db, a.id), 0);
  // All four back, one taken again: the released units count before the new lines are checked.
  const edited = await changeOrderLines(db, null, {
    orderId: placed.id,
    items: [{ productId: a.id, quantity: 1 }, { productId: b.id, quantity: 4 }],
    staffUserId: opts.staffUserId,
  }, { finalize: { shop: config.shop, siteUrl: config.siteUrl }, delivery: opts.delivery });
  assert.equal(edited.totalCents, 15000 + 24000 + 9500);
  assert.equal(await stock(db, a.id), 3);
  assert.equal(await stock(db, b.id), 0);
  const [order] = await db.select().from(orders).where(eq(orders.id, placed.id));
  assert.equal(order.total, "485.00");
});

closeDatabase();
