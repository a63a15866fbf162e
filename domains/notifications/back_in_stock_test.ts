import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createProduct, createUser, createVariant } from "../../tests/helpers/factories.ts";
import { emailOutbox, products, stockNotifications } from "../../db/schema/mod.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { subscribeToStock } from "./mod.ts";
import { sendDueStockAlerts } from "../../flows/send_stock_alerts.ts";

const { test, closeDatabase } = useTestDatabase();
const shop = { siteUrl: "https://shop.example", shopName: "Reptile Basics" };

test("[stock alerts] subscribe once; a repeat is 'already subscribed'; an in-stock item is refused", async (db) => {
  const a = await createUser(db, { username: "ann" });
  const soldOut = await createProduct(db, { name: "Dome Lamp", stock: 0 });
  const inStock = await createProduct(db, { stock: 4 });
  await subscribeToStock(db, a, soldOut.id, null);
  await assert.rejects(
    subscribeToStock(db, a, soldOut.id, null),
    (e: Error) => e instanceof ConflictError && /already subscribed/.test(e.message),
  );
  await assert.rejects(subscribeToStock(db, a, inStock.id, null), ValidationError);
});

test("[stock alerts] stock back above 0 by any path e-mails each subscriber exactly once", async (db) => {
  const a = await createUser(db, { username: "ann" });
  const b = await createUser(db, { username: "ben" });
  const p = await createProduct(db, { name: "Dome Lamp", slug: "dome-lamp", stock: 0 });
  await subscribeToStock(db, a, p.id, null);
  await subscribeToStock(db, b, p.id, null);
  assert.equal(await sendDueStockAlerts(db, shop), 0, "nothing due while out of stock");
  // A plain SQL update, as an import or a manual fix would do it.
  await db.execute(sql`update products set stock = 3 where id = ${p.id}`);
  assert.equal(await sendDueStockAlerts(db, shop), 2);
  assert.equal(await sendDueStockAlerts(db, shop), 0, "never twice");
  const mails = await db.select().from(emailOutbox);
  assert.deepEqual(mails.map((m) => m.toAddress).sort(), ["ann@example.co.za", "ben@example.co.za"]);
  assert.equal(mails[0].subject, "Back in stock: Dome Lamp");
  assert.match(mails[0].textBody, /https:\/\/shop\.example\/product\/dome-lamp/);
  const subs = await db.select().from(stockNotifications);
  assert.ok(subs.every((s) => !s.active && s.notifiedAt));
  // Selling out and restocking again does not e-mail the same subscription again.
  await db.update(products).set({ stock: 0 }).where(eq(products.id, p.id));
  await db.update(products).set({ stock: 5 }).where(eq(products.id, p.id));
  assert.equal(await sendDueStockAlerts(db, shop), 0);
  // A new subscription after that is honoured.
  await db.update(products).set({ stock: 0 }).where(eq(products.id, p.id));
  await subscribeToStock(db, a, p.id, null);
  await db.update(products).set({ stock: 1 }).where(eq(products.id, p.id));
  assert.equal(await sendDueStockAlerts(db, shop), 1);
});

test("[stock alerts] a variant's subscription follows that variant's stock only", async (db) => {
  const a = await createUser(db, { username: "ann" });
  const p = await createProduct(db, { name: "Basking Lamp", stock: 0 });
  const w50 = await createVariant(db, p.id, { name: "50W", stock: 0 });
  const w75 = await createVariant(db, p.id, { name: "75W", stock: 0 });
  await subscribeToStock(db, a, p.id, w75.id);
  await db.execute(sql`update product_variants set stock = 2 where id = ${w50.id}`);
  assert.equal(await sendDueStockAlerts(db, shop), 0);
  await db.execute(sql`update product_variants set stock = 2 where id = ${w75.id}`);
  assert.equal(await sendDueStockAlerts(db, shop), 1);
  const [mail] = await db.select().from(emailOutbox);
  assert.equal(mail.subject, "Back in stock: Basking Lamp (75W)");
});

test("[stock alerts] a draft or archived product's subscribers wait until it is on the shop again", async (db) => {
  const a = await createUser(db, { username: "ann" });
  const p = await createProduct(db, { name: "Dome Lamp", slug: "dome-lamp", stock: 0 });
  await subscribeToStock(db, a, p.id, null);
  await db.update(products).set({ status: "draft", stock: 4 }).where(eq(products.id, p.id));
  assert.equal(await sendDueStockAlerts(db, shop), 0, "no e-mail links to a draft's 404 page");
  await db.update(products).set({ status: "active", archivedAt: new Date() }).where(eq(products.id, p.id));
  assert.equal(await sendDueStockAlerts(db, shop), 0, "nor to an archived product");
  await db.update(products).set({ archivedAt: null }).where(eq(products.id, p.id));
  assert.equal(await sendDueStockAlerts(db, shop), 1, "told once it is back on the shop");
  // Shoppers cannot subscribe to what they cannot see.
  const draft = await createProduct(db, { stock: 0 });
  await db.update(products).set({ status: "draft" }).where(eq(products.id, draft.id));
  await assert.rejects(subscribeToStock(db, a, draft.id, null), NotFoundError);
});

closeDatabase();
