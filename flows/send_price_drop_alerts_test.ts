/**
 * Wishlist price drops without HTTP (decision 0108): one e-mail when saved products cost 5% or more
 * less than the customer last saw, listing each at its new and old price; each drop told once, a rise
 * followed by a sale told again; never for a sold-out or hidden product, nor to a customer who turned
 * these e-mails off, is disabled, is staff or has no real address; and once across instances.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../tests/helpers/db.ts";
import { createProduct, createUser } from "../tests/helpers/factories.ts";
import { testConfig } from "../tests/helpers/app.ts";
import type { Db } from "../db/client.ts";
import { emailOutbox, products, users, wishlistItems } from "../db/schema/mod.ts";
import { addToWishlist, claimPriceDrops, duePriceDrops } from "../domains/wishlist/mod.ts";
import { setReminders, unsubscribeByToken } from "../domains/animals/mod.ts";
import { sendPriceDropAlerts } from "./send_price_drop_alerts.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();
const config = testConfig();

const run = (db: Db) => sendPriceDropAlerts(db, { siteUrl: config.siteUrl, shopName: config.shop.name });
const mailTo = (db: Db, to: string) => db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
const price = (db: Db, id: number, p: { price?: string; salePrice?: string | null; stock?: number }) =>
  db.update(products).set(p).where(eq(products.id, id));

/** A customer who saved a R1 000 lamp and a R200 mat. */
async function saver(db: Db, username: string, values: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUser(db, { username, firstName: "Thandi", ...values });
  const lamp = (await db.select().from(products).where(eq(products.sku, "LAMP")))[0] ??
    await createProduct(db, { name: "UVB Lamp", slug: "uvb-lamp", sku: "LAMP", price: "1000.00", stock: 5 });
  const mat = (await db.select().from(products).where(eq(products.sku, "MAT")))[0] ??
    await createProduct(db, { name: "Heat Mat", slug: "heat-mat", sku: "MAT", price: "200.00", stock: 5 });
  await addToWishlist(db, user.id, lamp.id);
  await addToWishlist(db, user.id, mat.id);
  return { user, lamp, mat };
}

test("[price drops] one e-mail listing the drops at their new and old prices, each told once, a later sale again", async (db) => {
  const { user, lamp, mat } = await saver(db, "thandi");
  assert.deepEqual(await run(db), { sent: 0 }, "nothing dropped");

  await price(db, lamp.id, { salePrice: "899.00" });
  await price(db, mat.id, { salePrice: "195.00" }); // 2.5% off: not worth an e-mail
  assert.deepEqual(await run(db), { sent: 1 });
  const [mail] = await mailTo(db, user.email);
  assert.match(mail.subject, /^Price drop: UVB Lamp is now R\s899,00$/);
  assert.match(mail.textBody, /^Hi Thandi,/);
  assert.match(
    mail.textBody,
    /- UVB Lamp: now R\s899,00 \(was R\s1\s000,00\)\n {2}https?:\/\/[^/]+\/product\/uvb-lamp\n/,
  );
  assert.doesNotMatch(mail.textBody, /Heat Mat/);
  const token = mail.textBody.match(/reminders\/unsubscribe\?token=([a-z2-7]+)&kind=price/)?.[1];
  assert.ok(token, "the e-mail carries an opt-out link");
  assert.equal(mail.unsubscribeUrl, `${config.siteUrl}/reminders/unsubscribe?token=${token}&kind=price`);
  assert.match(
    mail.htmlBody ?? "",
    /<a href="[^"]+\/product\/uvb-lamp">UVB Lamp: now R\s899,00 \(was R\s1\s000,00\)<\/a>/,
  );

  assert.deepEqual(await run(db), { sent: 0 }, "told once");
  // The sale ends (a rise, noted quietly), then comes back: told again. Two drops in one e-mail.
  await price(db, lamp.id, { salePrice: null });
  await price(db, mat.id, { salePrice: null });
  assert.deepEqual(await run(db), { sent: 0 });
  await price(db, lamp.id, { salePrice: "850.00" });
  await price(db, mat.id, { salePrice: "150.00" });
  assert.deepEqual(await run(db), { sent: 1 });
  const second = (await mailTo(db, user.email))[1];
  assert.equal(second.subject, "Price drops on 2 things on your wishlist");
  assert.match(
    second.textBody,
    /- Heat Mat: now R\s150,00 \(was R\s200,00\)[\s\S]*- UVB Lamp: now R\s850,00 \(was R\s1\s000,00\)/,
    "the biggest drop first",
  );

  // Turned off by the link: no more.
  assert.equal(await unsubscribeByToken(db, token!, "price"), true);
  await price(db, lamp.id, { salePrice: "500.00" });
  assert.deepEqual(await run(db), { sent: 0 });
});

test("[price drops] never for a sold-out, archived or draft product, nor to staff, disabled or placeholder accounts", async (db) => {
  const { lamp, mat } = await saver(db, "thandi");
  await saver(db, "staff_anna", { role: "admin" });
  await saver(db, "gone", { disabledAt: new Date() });
  await saver(db, "erased", { email: "erased-9@deleted.invalid" });
  const { user: off } = await saver(db, "quiet");
  await setReminders(db, off.id, false, "price");
  await price(db, lamp.id, { salePrice: "800.00", stock: 0 });
  await db.update(products).set({ salePrice: "100.00", archivedAt: new Date() }).where(eq(products.id, mat.id));
  assert.deepEqual(await run(db), { sent: 0 });
  // Back in stock: now told, to the one customer who may be written to.
  await price(db, lamp.id, { stock: 3 });
  assert.deepEqual(await run(db), { sent: 1 });
  const [mail] = await db.select().from(emailOutbox);
  assert.match(mail.toAddress, /thandi/);
});

test("[price drops] a product saved before the feature reads its price first, then drops are measured from it", async (db) => {
  const user = await createUser(db, { username: "thandi" });
  const lamp = await createProduct(db, { name: "UVB Lamp", price: "1000.00", stock: 5 });
  await db.insert(wishlistItems).values({ userId: user.id, productId: lamp.id });
  assert.deepEqual(await run(db), { sent: 0 });
  const [row] = await db.select().from(wishlistItems);
  assert.equal(row.priceSeen, "1000.00");
  await price(db, lamp.id, { salePrice: "900.00" });
  assert.deepEqual(await run(db), { sent: 1 });
});

raceTest("[price drops] two runs at once send one e-mail; two claims of the same drops, one wins", async (db) => {
  const { user, lamp } = await saver(db, "thandi");
  await price(db, lamp.id, { salePrice: "700.00" });
  // Both runs read the same drops before either claims them: only one claim may win.
  const [due] = await duePriceDrops(db, 10);
  const claims = await Promise.all([1, 2].map(() =>
    db.transaction(async (tx) => {
      const claimed = await claimPriceDrops(tx as unknown as Db, due.drops);
      await new Promise((r) => setTimeout(r, 50));
      return claimed.length;
    })
  ));
  assert.deepEqual(claims.sort(), [0, 1]);
  await price(db, lamp.id, { salePrice: "500.00" });
  const results = await Promise.all([run(db), run(db)]);
  assert.equal(results.reduce((n, r) => n + r.sent, 0), 1);
  assert.equal((await mailTo(db, user.email)).length, 1);
});

closeDatabase();
