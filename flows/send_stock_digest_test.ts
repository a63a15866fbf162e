/**
 * The daily low-stock e-mail without HTTP (decision 0104): from 07:00 South African time, once a
 * day, to the shop's address, listing what is at or below its low-stock alert (sold out first), and
 * only when something is newly low; archived products never; once across instances.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../tests/helpers/db.ts";
import { createProduct, createVariant } from "../tests/helpers/factories.ts";
import type { Db } from "../db/client.ts";
import {
  emailOutbox,
  products,
  productVariants,
  purchaseOrderLines,
  purchaseOrders,
  stockDigests,
} from "../db/schema/mod.ts";
import { sendStockDigest } from "./send_stock_digest.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();
const SHOP = "orders@reptilebasics.example";
/** 07:00 in South Africa on 20 November 2026. */
const SEVEN = new Date("2026-11-20T05:00:00Z");
const DAY = 24 * 3600_000;

const run = (db: Db, now: Date) =>
  sendStockDigest(db, { siteUrl: "https://shop.example", shopName: "Reptile Basics", to: SHOP, now });
const mails = (db: Db) => db.select().from(emailOutbox).orderBy(emailOutbox.id);

test("[stock digest] from 07:00 once a day, sold out first, and only when something is newly low", async (db) => {
  const mat = await createProduct(db, { name: "Heat Mat 20W", sku: "MAT-20", stock: 3 });
  const lamp = await createProduct(db, { name: "UVB Lamp", sku: "UVB-24", stock: 0 });
  await createProduct(db, { name: "Cork Hide", sku: "CORK-1", stock: 6 });
  const crickets = await createProduct(db, { name: "Crickets", sku: "CRK-50", stock: 12, lowStockAt: 20 });
  await createProduct(db, { name: "Vivarium", sku: "VIV-90", stock: 1, lowStockAt: 0 });
  await createProduct(db, { name: "Old Bowl", sku: "BOWL-0", stock: 1, archivedAt: new Date() });

  assert.deepEqual(await run(db, new Date(SEVEN.getTime() - 60_000)), { sent: false }, "06:59: not yet");
  assert.equal((await mails(db)).length, 0);
  assert.deepEqual(await run(db, SEVEN), { sent: true });
  const [mail] = await mails(db);
  assert.equal(mail.toAddress, SHOP);
  assert.equal(mail.subject, "Low stock: 3 new at Reptile Basics");
  assert.match(
    mail.textBody,
    /\nSold out: UVB Lamp \(UVB-24\) - new\n3 left: Heat Mat 20W \(MAT-20\) - new\n12 left \(alert at 20\): Crickets \(CRK-50\) - new\n/,
  );
  assert.doesNotMatch(
    mail.textBody,
    /Cork Hide|Old Bowl|Vivarium/,
    "six left is not low; archived is not for sale; 1 left of an alert at 0 is not low",
  );
  assert.match(mail.textBody, /Low stock: https:\/\/shop\.example\/admin\/products\?stock=low/);
  assert.match(mail.textBody, /What to order, at the rate things sell: https:\/\/shop\.example\/admin\/restock/);
  assert.match(mail.htmlBody ?? "", /<li><strong>Sold out: UVB Lamp \(UVB-24\) - new<\/strong><\/li>/);

  // Later the same day: nothing more. The next day, the same two still low: nothing new, no e-mail.
  assert.deepEqual(await run(db, new Date(SEVEN.getTime() + 6 * 3600_000)), { sent: false });
  assert.deepEqual(await run(db, new Date(SEVEN.getTime() + DAY)), { sent: false });
  assert.equal((await mails(db)).length, 1);
  const [day2] = await db.select().from(stockDigests).where(eq(stockDigests.day, "2026-11-21"));
  assert.deepEqual([day2.productIds.sort(), day2.sentAt], [[mat.id, lamp.id, crickets.id].sort(), null]);

  // The day after, the cork hide is down to 2: the e-mail lists all three, the hide marked new.
  await db.update(products).set({ stock: 2 }).where(eq(products.sku, "CORK-1"));
  assert.deepEqual(await run(db, new Date(SEVEN.getTime() + 2 * DAY)), { sent: true });
  const third = (await mails(db))[1];
  assert.equal(third.subject, "Low stock: 1 new at Reptile Basics");
  assert.match(
    third.textBody,
    /Sold out: UVB Lamp \(UVB-24\)\n2 left: Cork Hide \(CORK-1\) - new\n3 left: Heat Mat 20W \(MAT-20\)\n/,
  );
});

test("[stock digest] a product sold in variants is newly low when one variant runs low, and the line names it", async (db) => {
  const range = await createProduct(db, { name: "Heat Mat Range", sku: "MAT-R", stock: 48 });
  const small = await createVariant(db, range.id, { name: "Small", sku: "MAT-R-S", stock: 40 });
  const large = await createVariant(db, range.id, { name: "Large", sku: "MAT-R-L", stock: 8 });
  await createProduct(db, { name: "UVB Lamp", sku: "UVB-24", stock: 0 });
  assert.deepEqual(await run(db, SEVEN), { sent: true });
  assert.doesNotMatch((await mails(db))[0].textBody, /Heat Mat Range/, "8 and 40 are above 5");

  // The Large sells out (the product's total follows its variants, as checkout keeps it).
  await db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, large.id));
  await db.update(products).set({ stock: 40 }).where(eq(products.id, range.id));
  assert.deepEqual(await run(db, new Date(SEVEN.getTime() + DAY)), { sent: true });
  const [, next] = await mails(db);
  assert.equal(next.subject, "Low stock: 1 new at Reptile Basics");
  assert.match(
    next.textBody,
    /\n40 left: Heat Mat Range \(MAT-R\): Large sold out - new\nSold out: UVB Lamp \(UVB-24\)\n/,
  );
  assert.match(next.textBody, /for a product sold in variants, any one variant/);

  // The next day nothing changed: no e-mail. The day after, the Small runs low too: news, though the range was listed.
  assert.deepEqual(await run(db, new Date(SEVEN.getTime() + 2 * DAY)), { sent: false });
  await db.update(productVariants).set({ stock: 2 }).where(eq(productVariants.id, small.id));
  assert.deepEqual(await run(db, new Date(SEVEN.getTime() + 3 * DAY)), { sent: true });
  const last = (await mails(db)).at(-1)!;
  assert.equal(last.subject, "Low stock: 1 new at Reptile Basics");
  assert.match(last.textBody, /Heat Mat Range \(MAT-R\): Large sold out, Small 2 left - new\n/);
  const [day4] = await db.select().from(stockDigests).where(eq(stockDigests.day, "2026-11-23"));
  assert.deepEqual(day4.variantIds?.sort(), [small.id, large.id].sort());
});

test("[stock digest] units awaited on open purchase orders are named beside a low product", async (db) => {
  const lamp = await createProduct(db, { name: "UVB Lamp", sku: "UVB-24", stock: 0 });
  const range = await createProduct(db, { name: "Heat Mat Range", sku: "MAT-R", stock: 2 });
  const large = await createVariant(db, range.id, { name: "Large", sku: "MAT-R-L", stock: 2 });
  const order = async (status: "open" | "closed", lines: (typeof purchaseOrderLines.$inferInsert)[]) => {
    const [po] = await db.insert(purchaseOrders).values({ supplier: "W", status }).returning();
    await db.insert(purchaseOrderLines).values(lines.map((l) => ({ ...l, purchaseOrderId: po.id })));
  };
  const line = { purchaseOrderId: 0, sku: "x", name: "x" };
  await order("open", [{ ...line, productId: lamp.id, ordered: 12, received: 2 }, {
    ...line,
    productId: range.id,
    variantId: large.id,
    ordered: 6,
  }]);
  await order("closed", [{ ...line, productId: lamp.id, ordered: 50 }]);
  assert.deepEqual(await run(db, SEVEN), { sent: true });
  const [mail] = await mails(db);
  assert.match(mail.textBody, /\nSold out: UVB Lamp \(UVB-24\); 10 on order - new\n/);
  assert.match(mail.textBody, /\n2 left: Heat Mat Range \(MAT-R\): Large 2 left; 6 on order - new\n/);
});

test("[stock digest] a day recorded before variants were remembered makes no variant new", async (db) => {
  const range = await createProduct(db, { name: "Heat Mat Range", sku: "MAT-R", stock: 40 });
  await createVariant(db, range.id, { name: "Large", sku: "MAT-R-L", stock: 0 });
  await db.insert(stockDigests).values({ day: "2026-11-19", productIds: [range.id], variantIds: null });
  assert.deepEqual(await run(db, SEVEN), { sent: false }, "the range was low then; its variants were not recorded");
});

test("[stock digest] no address in Settings: nothing is sent or claimed", async (db) => {
  await createProduct(db, { stock: 0 });
  const none = await sendStockDigest(db, {
    siteUrl: "https://shop.example",
    shopName: "Reptile Basics",
    to: "",
    now: SEVEN,
  });
  assert.deepEqual(none, { sent: false });
  assert.equal((await mails(db)).length + (await db.select().from(stockDigests)).length, 0);
});

test("[stock digest] a day with nothing low sends nothing and remembers nothing low", async (db) => {
  await createProduct(db, { stock: 40 });
  assert.deepEqual(await run(db, SEVEN), { sent: false });
  assert.equal((await mails(db)).length, 0);
  const [row] = await db.select().from(stockDigests);
  assert.deepEqual([row.day, row.productIds, row.sentAt], ["2026-11-20", [], null]);
});

raceTest("[stock digest] two instances at 07:00 send one e-mail", async (db) => {
  await createProduct(db, { stock: 0 });
  const [a, b] = await Promise.all([run(db, SEVEN), run(db, SEVEN)]);
  assert.equal(Number(a.sent) + Number(b.sent), 1);
  assert.equal((await mails(db)).length, 1);
});

closeDatabase();
