/**
 * Cart reminders without HTTP (decision 0101): one e-mail about a cart left four hours, at today's
 * prices, once per cart and at most once a week per customer, never to a customer who ordered since,
 * turned cart reminders off, is disabled, is staff or has no real address; and once across instances.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../tests/helpers/db.ts";
import { createProduct, createUser } from "../tests/helpers/factories.ts";
import { testConfig } from "../tests/helpers/app.ts";
import type { Db } from "../db/client.ts";
import { cartItems, emailOutbox, orders, products, users } from "../db/schema/mod.ts";
import { addToCart } from "../domains/cart/mod.ts";
import { setReminders, unsubscribeByToken } from "../domains/animals/mod.ts";
import { sendCartReminders } from "./send_cart_reminders.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();
const config = testConfig();
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const T0 = new Date("2026-11-20T08:00:00Z");

/** A customer whose cart holds 2 heat mats, last changed `hoursAgo` before T0. */
async function leftCart(db: Db, username: string, hoursAgo = 5, values: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUser(db, { username, firstName: "Thandi", ...values });
  const [mat] = await db.select().from(products).where(eq(products.sku, "MAT-20"));
  const product = mat ?? await createProduct(db, { name: "Heat Mat 20W", sku: "MAT-20", price: "115.00", stock: 9 });
  await addToCart(db, { userId: user.id }, { productId: product.id, quantity: 2 });
  await leftAt(db, user.id, new Date(T0.getTime() - hoursAgo * HOUR));
  return { user, product };
}

const leftAt = (db: Db, userId: number, at: Date) =>
  db.update(cartItems).set({ updatedAt: at }).where(eq(cartItems.userId, userId));

const run = (db: Db, now = T0) => sendCartReminders(db, { siteUrl: config.siteUrl, shopName: config.shop.name, now });

const mailTo = (db: Db, to: string) => db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));

test("[cart reminders] one e-mail about a cart left four hours: its lines at today's prices, the cart and an opt-out", async (db) => {
  const { user, product } = await leftCart(db, "thandi");
  const { user: justNow } = await leftCart(db, "just_now", 1);
  await leftCart(db, "long_gone", 8 * 24);
  // A sale since the cart was filled: the e-mail says today's price.
  await db.update(products).set({ salePrice: "99.00" }).where(eq(products.id, product.id));

  assert.deepEqual(await run(db), { sent: 1 });
  const [mail] = await mailTo(db, user.email);
  assert.equal(mail.subject, "You left something in your cart");
  assert.match(mail.textBody, /^Hi Thandi,/);
  assert.match(mail.textBody, /- 2 x Heat Mat 20W: R\s198,00/);
  assert.match(mail.textBody, new RegExp(`Your cart: ${config.siteUrl}/cart\\n`));
  const token = mail.textBody.match(/reminders\/unsubscribe\?token=([a-z2-7]+)&kind=cart/)?.[1];
  assert.ok(token, "the e-mail carries a cart opt-out link");
  assert.equal(
    mail.unsubscribeUrl,
    `${config.siteUrl}/reminders/unsubscribe?token=${token}&kind=cart`,
    "its List-Unsubscribe",
  );
  assert.match(mail.htmlBody ?? "", /<li>2 x Heat Mat 20W: R\s198,00<\/li>/);
  assert.equal((await db.select().from(emailOutbox)).length, 1, "a cart changed an hour ago or 8 days ago: no mail");
  // (That hour-old cart is emptied, so only Thandi's cart is left to remind.)
  await db.delete(cartItems).where(eq(cartItems.userId, justNow.id));

  // Once: the next run, and a later one, send nothing for the same cart.
  assert.deepEqual(await run(db, new Date(T0.getTime() + HOUR)), { sent: 0 });
  // The cart changes the next day: still no second e-mail within the week.
  await leftAt(db, user.id, new Date(T0.getTime() + DAY));
  assert.deepEqual(await run(db, new Date(T0.getTime() + 2 * DAY)), { sent: 0 });
  // A week after the first, that changed cart is reminded.
  await leftAt(db, user.id, new Date(T0.getTime() + 7 * DAY));
  assert.deepEqual(await run(db, new Date(T0.getTime() + 7 * DAY + 5 * HOUR)), { sent: 1 });

  // The link turns cart reminders off (replacement reminders stay as they were).
  assert.equal(await unsubscribeByToken(db, token, "cart"), true);
  await leftAt(db, user.id, new Date(T0.getTime() + 15 * DAY));
  assert.deepEqual(await run(db, new Date(T0.getTime() + 15 * DAY + 5 * HOUR)), { sent: 0 });
  assert.equal((await mailTo(db, user.email)).length, 2);
});

test("[cart reminders] none for an order since, an opt-out, staff, a disabled account, no real address or nothing buyable", async (db) => {
  const { user: ordered } = await leftCart(db, "ordered");
  await db.insert(orders).values({ userId: ordered.id, orderNumber: "RB-1", total: "230.00", createdAt: T0 });
  const { user: off } = await leftCart(db, "opted_out");
  await setReminders(db, off.id, false, "cart");
  const { user: noReplacements } = await leftCart(db, "no_replacements");
  await setReminders(db, noReplacements.id, false, "replacement");
  await leftCart(db, "staffer", 5, { role: "admin" });
  await leftCart(db, "disabled", 5, { disabledAt: T0 });
  await leftCart(db, "whatsapp", 5, { email: "wa27821234567@whatsapp.invalid" });
  const { product } = await leftCart(db, "sold_out");
  await db.update(products).set({ stock: 0 }).where(eq(products.id, product.id));

  // Everything in the cart is sold out: nothing to remind of, for anyone.
  assert.deepEqual(await run(db), { sent: 0 });
  await db.update(products).set({ stock: 9 }).where(eq(products.id, product.id));
  assert.deepEqual(await run(db), { sent: 2 });
  const sentTo = (await db.select({ to: emailOutbox.toAddress }).from(emailOutbox)).map((r) => r.to).sort();
  assert.deepEqual(
    sentTo,
    [noReplacements.email, "sold_out@example.co.za"],
    "replacement opt-out leaves cart reminders on",
  );
});

raceTest("[cart reminders] two instances running at once send each reminder once", async (db) => {
  for (let i = 0; i < 6; i++) await leftCart(db, `racer${i}`);
  const [a, b] = await Promise.all([run(db), run(db)]);
  assert.equal(a.sent + b.sent, 6);
  assert.equal((await db.select().from(emailOutbox)).length, 6);
});

closeDatabase();
