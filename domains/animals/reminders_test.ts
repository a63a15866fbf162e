/**
 * Replacement reminders (docs/animals.md): once per bought line whose interval has passed since
 * payment; never for cancelled orders, lines given back, or customers who turned them off; the
 * e-mail names the keeper's animal and carries a reorder and an unsubscribe link.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createUser } from "../../tests/helpers/factories.ts";
import { seedDemo } from "../../seed/mod.ts";
import type { Db } from "../../db/client.ts";
import {
  categories,
  emailOutbox,
  orderItems,
  orderRefunds,
  orders,
  products,
  productVariants,
} from "../../db/schema/mod.ts";
import { createKeeperAnimal } from "./keepers.ts";
import { dueReplacements, remindersOn, setReminders, unsubscribeByToken } from "./reminders.ts";
import { sendReplacementReminders } from "../../flows/send_replacement_reminders.ts";

const { test, closeDatabase } = useTestDatabase();
const NOW = new Date("2026-11-27T06:00:00Z");
const OPTS = { siteUrl: "https://shop.example", shopName: "Reptile Basics", now: NOW };
const monthsAgo = (n: number) => new Date(Date.UTC(2026, 10 - n, 20));
let orderSeq = 0;

async function unit(db: Db, slug: string, sku?: string) {
  const [p] = await db.select().from(products).where(eq(products.slug, slug));
  const v = sku ? (await db.select().from(productVariants).where(eq(productVariants.sku, sku)))[0] : null;
  return { productId: p.id, variantId: v?.id ?? null, name: p.name };
}

/** A paid order of one line for the user, paid `paidAt`. */
async function bought(
  db: Db,
  userId: number,
  line: { productId: number; variantId: number | null; name: string },
  paidAt: Date,
  status: "processing" | "cancelled" = "processing",
) {
  const [order] = await db.insert(orders).values({
    userId,
    orderNumber: `RB-TEST-${++orderSeq}`,
    status,
    total: "749.00",
    paidAt,
    shippingMethod: "standard",
  }).returning();
  const [item] = await db.insert(orderItems).values({ orderId: order.id, ...line, price: "749.00", quantity: 1 })
    .returning();
  return { order, item };
}

test("[reminders] a 12-month UVB tube bought 13 months ago is reminded once, naming the animal", async (db) => {
  await seedDemo(db, { withAccounts: false });
  const keeper = await createUser(db, { username: "naledi", email: "naledi@example.co.za", firstName: "Naledi" });
  await createKeeperAnimal(db, keeper.id, { species: "bearded-dragon", name: "Rex" });
  const tube = await unit(db, "arcadia-prot5-uvb-kit", "RB-HTL-0001-12-39W");
  await bought(db, keeper.id, tube, monthsAgo(13));
  // Not due yet, not a consumable, or cancelled: nothing for these.
  await bought(db, keeper.id, tube, monthsAgo(11));
  await bought(db, keeper.id, await unit(db, "karoo-reptile-co-pvc-enclosure-120x60x60"), monthsAgo(30));
  await bought(db, keeper.id, tube, monthsAgo(14), "cancelled");

  // The account lists what is due (the one line), reminded or not.
  const due = await dueReplacements(db, keeper.id, NOW);
  assert.deepEqual(due.map((d) => [d.productName, d.months]), [["Arcadia ProT5 UVB Kit", 12]]);
  assert.deepEqual(await sendReplacementReminders(db, OPTS), { sent: 1 });
  assert.equal((await dueReplacements(db, keeper.id, NOW)).length, 1, "still due after the e-mail");
  const mail = await db.select().from(emailOutbox);
  assert.equal(mail.length, 1);
  assert.equal(mail[0].toAddress, "naledi@example.co.za");
  assert.equal(mail[0].subject, "Time to replace your Arcadia ProT5 UVB Kit");
  assert.match(mail[0].textBody, /every 12 months so Rex's setup stays right/);
  assert.match(mail[0].textBody, new RegExp(`Reorder it: https://shop.example/cart\\?product=${tube.productId}`));
  assert.match(
    mail[0].textBody,
    /Turn these reminders off: https:\/\/shop.example\/reminders\/unsubscribe\?token=[a-z2-7]+/,
  );
  // The same link is the message's one-click List-Unsubscribe header.
  assert.ok(
    mail[0].unsubscribeUrl && mail[0].textBody.includes(`Turn these reminders off: ${mail[0].unsubscribeUrl}\n`),
  );
  // Once: the next run sends nothing more.
  assert.deepEqual(await sendReplacementReminders(db, OPTS), { sent: 0 });
  // A month on, the second tube is due too.
  assert.deepEqual(await sendReplacementReminders(db, { ...OPTS, now: new Date("2027-01-05T06:00:00Z") }), { sent: 1 });
});

test("[reminders] nothing for a line given back in a refund or for a customer who unsubscribed", async (db) => {
  await seedDemo(db, { withAccounts: false });
  const tube = await unit(db, "arcadia-d3-t5-ho-uvb-tube-12", "RB-HTL-0002-39W");
  const refunded = await createUser(db, { username: "sipho", email: "sipho@example.co.za" });
  const { order, item } = await bought(db, refunded.id, tube, monthsAgo(13));
  await db.insert(orderRefunds).values({
    orderId: order.id,
    amount: "749.00",
    reason: "Broken in transit",
    provider: "test",
    restock: [{ orderItemId: item.id, quantity: 1 }],
  });
  const leaving = await createUser(db, { username: "anele", email: "anele@example.co.za" });
  await bought(db, leaving.id, tube, monthsAgo(25));
  assert.deepEqual(await sendReplacementReminders(db, OPTS), { sent: 1 }, "only anele's");
  const [mail] = await db.select().from(emailOutbox);
  assert.equal(mail.toAddress, "anele@example.co.za");
  const token = /token=([a-z2-7]+)/.exec(mail.textBody)![1];
  assert.equal(await unsubscribeByToken(db, "notatoken"), false);
  assert.equal(await unsubscribeByToken(db, token), true);
  assert.equal(await remindersOn(db, leaving.id), false);
  await bought(db, leaving.id, tube, monthsAgo(13));
  assert.deepEqual(await sendReplacementReminders(db, OPTS), { sent: 0 }, "opted out");
  await setReminders(db, leaving.id, true);
  assert.equal(await remindersOn(db, leaving.id), true);
  assert.deepEqual(await sendReplacementReminders(db, OPTS), { sent: 1 }, "back on");
});

test("[reminders] staff set the interval on a product or its category; the product's own comes first", async (db) => {
  const keeper = await createUser(db, { username: "sipho", email: "sipho@example.co.za" });
  const [cat] = await db.insert(categories).values({ name: "Water care", slug: "water-care", replacementMonths: 3 })
    .returning();
  const made = async (slug: string, values: Partial<typeof products.$inferInsert> = {}) => {
    const [p] = await db.insert(products).values({
      name: slug,
      slug,
      sku: slug.toUpperCase(),
      price: "99.00",
      stock: 5,
      ...values,
    }).returning();
    return { productId: p.id, variantId: null, name: p.name };
  };
  const conditioner = await made("conditioner", { categoryId: cat.id });
  const ownInterval = await made("calcium-tub", { categoryId: cat.id, replacementMonths: 6 });
  const neither = await made("water-bowl");
  for (const line of [conditioner, ownInterval, neither]) await bought(db, keeper.id, line, monthsAgo(4));

  const due = (await dueReplacements(db, keeper.id, NOW)).map((d) => d.productSlug);
  assert.deepEqual(due, ["conditioner"], "the category's 3 months have passed; the product's own 6 months not yet");
  const later = new Date(Date.UTC(2027, 2, 1));
  assert.deepEqual(
    (await dueReplacements(db, keeper.id, later)).map((d) => d.productSlug).sort(),
    ["calcium-tub", "conditioner"],
    "a product with no interval anywhere is never due",
  );
});

closeDatabase();
