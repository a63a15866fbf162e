/**
 * Booking a delivery in without HTTP (decision 0107): the pasted text read line by line, each SKU (any
 * case) to its variant or product, units added up, all or nothing, the stock history's "received"
 * with the reference and who, a sold-out item's waiting customers marked due; and, on PostgreSQL, a
 * delivery racing purchases of the same items.
 */
import assert from "node:assert/strict";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { products, productVariants, stockMovements, stockNotifications } from "../db/schema/mod.ts";
import { ValidationError } from "../lib/errors.ts";
import { csvFile } from "../lib/csv.ts";
import { useTestDatabase } from "../tests/helpers/db.ts";
import { createProduct, createUser, createVariant } from "../tests/helpers/factories.ts";
import { chainedMovements, racingFourPurchases } from "../tests/helpers/stock_race.ts";
import { parseReceiveText, receiveStock, receiveStockInput } from "./receive_stock.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();

const receive = (db: Db, staffId: number, body: unknown) => receiveStock(db, staffId, receiveStockInput.parse(body));
const stockOf = async (db: Db, id: number) =>
  (await db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;
const moves = (db: Db) => db.select().from(stockMovements).orderBy(asc(stockMovements.id));

Deno.test("[receive] pasted text: comma, semicolon, tab or spaces; blank lines and a heading skipped", () => {
  assert.deepEqual(parseReceiveText("SKU, Order\r\nCRK-50, 24\n\nUVB-T5 12"), [
    { sku: "CRK-50", quantity: 24 },
    { sku: "UVB-T5", quantity: 12 },
  ]);
  assert.deepEqual(parseReceiveText('"Heat mat 20W";3\nMAT-14\t7'), [
    { sku: "Heat mat 20W", quantity: 3 },
    { sku: "MAT-14", quantity: 7 },
  ]);
  assert.deepEqual(parseReceiveText("  \n"), []);
  for (const [text, line] of [["CRK-50", 1], ["CRK-50, 24\nUVB, twelve", 2], ["A, -3", 1], ["A, 1.5", 1]] as const) {
    assert.throws(
      () => parseReceiveText(text),
      (e) =>
        e instanceof ValidationError &&
        e.message === `Line ${line}: write the SKU, then the quantity (for example CRK-50, 24)`,
      text,
    );
  }
});

Deno.test("[receive] the restock plan's CSV pasted whole: its SKU and Order columns, as a file or spreadsheet cells", () => {
  const plan = csvFile(
    ["SKU", "Product", "Variant", "In stock", "Sold in 30 days", "Per week", "Days left", "Runs out", "Order"],
    [
      ["CRK-50", 'Crickets, large "adult"', "", 2, 60, 14, 1, "2026-12-01", 28],
      ["-UV10", "=UVB tube", "10%", 0, 4, 0.9, 0, "2026-11-29", 4],
      ["MAT-14", "Heat mat", "", 1, 2, 0.5, 15, "2026-12-14", 0],
      ["CORK", "Cork hide", "", 1, 2, 0.5, 15, "2026-12-14", ""],
    ],
  );
  const expected = [{ sku: "CRK-50", quantity: 28 }, { sku: "-UV10", quantity: 4 }];
  assert.deepEqual(
    parseReceiveText(plan),
    expected,
    "quoted commas read; the formula guard taken off; 0 and empty skipped",
  );
  // Copied from a spreadsheet: tab-separated cells, the columns in another order.
  assert.deepEqual(parseReceiveText("Product\tQty\tSKU\nCrickets\t28\tCRK-50\nUVB\t4\t-UV10\n"), expected);
  // A spreadsheet in a comma-decimal locale saves with semicolons.
  assert.deepEqual(parseReceiveText("SKU;Product;Order\r\nCRK-50;Crickets;28\r\n-UV10;UVB;4"), expected);
  for (
    const [text, message] of [
      [plan.replace(",28\r\n", ",2.5\r\n"), "Row 2: Order must be a whole number of units"],
      ["SKU,Product,Order\nCRK,Crickets,4\n,Lamp,2", "Row 3: the SKU column is empty"],
      ['SKU,Product,Order\nCRK,"Crickets,4', "Row 2: a quoted cell is never closed"],
    ] as const
  ) {
    assert.throws(() => parseReceiveText(text), (e) => e instanceof ValidationError && e.message === message, text);
  }
});

test("[receive] units added to products and variants, the same SKU added up, any case, recorded as received", async (db) => {
  const staff = await createUser(db, { username: "anna", role: "admin" });
  const crickets = await createProduct(db, { name: "Crickets tub", sku: "CRK-50", stock: 3 });
  const lamp = await createProduct(db, { name: "UVB tube", sku: "UVB", stock: 0 });
  const ten = await createVariant(db, lamp.id, { name: "10%", sku: "UVB-10", stock: 1 });
  await createVariant(db, lamp.id, { name: "6%", sku: "UVB-6", stock: 4 });
  await db.update(products).set({ stock: 5 }).where(eq(products.id, lamp.id));

  const out = await receive(db, staff.id, {
    lines: [{ sku: "crk-50", quantity: 20 }, { sku: "UVB-10", quantity: 6 }, { sku: "CRK-50", quantity: 4 }],
    reference: " INV-2211 ",
  });
  assert.equal(out.units, 30);
  assert.deepEqual(out.lines.map((l) => [l.sku, l.name, l.variantName, l.quantity, l.stockAfter]), [
    ["CRK-50", "Crickets tub", null, 24, 27],
    ["UVB-10", "UVB tube", "10%", 6, 7],
  ]);
  assert.equal(await stockOf(db, crickets.id), 27);
  assert.equal(await stockOf(db, lamp.id), 11, "a product sold as variants holds their sum");
  const [variant] = await db.select().from(productVariants).where(eq(productVariants.id, ten.id));
  assert.equal(variant.stock, 7);
  assert.deepEqual((await moves(db)).map((m) => [m.reason, m.delta, m.stockAfter, m.note, m.actorUserId]), [
    ["received", 24, 27, "INV-2211", staff.id],
    ["received", 6, 7, "INV-2211", staff.id],
  ]);
});

test("[receive] every line that cannot be booked in is named, and nothing is written", async (db) => {
  const staff = await createUser(db, { username: "anna", role: "admin" });
  await createProduct(db, { name: "Crickets tub", sku: "CRK-50", stock: 3 });
  const tank = await createProduct(db, { name: "Glass tank", sku: "TANK", stock: 0 });
  await createVariant(db, tank.id, { name: "45cm", sku: "TANK-45", stock: 0 });
  await createVariant(db, tank.id, { name: "90cm", sku: "TANK-90", stock: 0, preorder: true });
  const err = await receive(db, staff.id, {
    lines: [
      { sku: "CRK-50", quantity: 5 },
      { sku: "NOPE", quantity: 1 },
      { sku: "TANK", quantity: 2 },
      { sku: "TANK-90", quantity: 2 },
    ],
  }).catch((e) => e);
  assert.ok(err instanceof ValidationError);
  assert.equal(err.message, "Line 2: no product or variant has the SKU NOPE (and 2 more)");
  assert.deepEqual(err.issues.map((i) => [i.path, i.message]), [
    ["lines.1.sku", "Line 2: no product or variant has the SKU NOPE"],
    ["lines.2.sku", "Line 3: TANK is sold as variants: book in each variant's SKU"],
    ["lines.3.sku", "Line 4: TANK-90 is on pre-order: turn pre-order off on its page, then book the stock in"],
  ]);
  assert.equal((await db.select().from(products).where(eq(products.sku, "CRK-50")))[0].stock, 3);
  assert.deepEqual(await moves(db), []);
  for (
    const body of [{ lines: [] }, { lines: [{ sku: "CRK-50", quantity: 0 }] }, {
      lines: [{ sku: "A\u0000", quantity: 1 }],
    }]
  ) {
    assert.equal(receiveStockInput.safeParse(body).success, false, JSON.stringify(body));
  }
});

test("[receive] stock back from nothing marks the customers waiting for it due", async (db) => {
  const staff = await createUser(db, { username: "anna", role: "admin" });
  const shopper = await createUser(db, { username: "thandi" });
  const hide = await createProduct(db, { name: "Cork hide", sku: "CORK", stock: 0 });
  await db.insert(stockNotifications).values({ userId: shopper.id, productId: hide.id, email: "thandi@example.co.za" });
  await receive(db, staff.id, { lines: [{ sku: "CORK", quantity: 4 }] });
  const [waiting] = await db.select().from(stockNotifications);
  assert.ok(waiting.dueAt, "the stock alerts job will write to her");
});

raceTest(
  "[receive] a delivery racing purchases of the same items: the stock history chains to the stock left",
  async (db) => {
    const staff = await createUser(db, { username: "anna", role: "admin" });
    const mat = await createProduct(db, { name: "Heat mat", sku: "MAT", stock: 4 });
    const lamp = await createProduct(db, { name: "Lamp", sku: "LAMP", stock: 0 });
    const w50 = await createVariant(db, lamp.id, { name: "50W", sku: "LAMP-50", stock: 4 });
    await db.update(products).set({ stock: 4 }).where(eq(products.id, lamp.id));
    await racingFourPurchases(
      db,
      [{ productId: mat.id }, { productId: lamp.id, variantId: w50.id }],
      () => receive(db, staff.id, { lines: [{ sku: "LAMP-50", quantity: 10 }, { sku: "MAT", quantity: 10 }] }),
    );
    assert.equal(await stockOf(db, mat.id), 10);
    const [variant] = await db.select().from(productVariants).where(eq(productVariants.id, w50.id));
    assert.equal(variant.stock, 10);
    assert.equal(await stockOf(db, lamp.id), 10);
    assert.equal((await chainedMovements(db, mat.id)).length, 5);
    assert.equal((await chainedMovements(db, lamp.id, w50.id)).length, 5);
  },
);

closeDatabase();
