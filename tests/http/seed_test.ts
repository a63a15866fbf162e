import assert from "node:assert/strict";
import { count } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { readReferences } from "../helpers/html.ts";
import { DEMO_TOP_CATEGORIES } from "../helpers/factories.ts";
import { demoAccounts, isEmpty, seedDemo } from "../../seed/mod.ts";
import { addresses, coupons, loyaltyRewards, products, productVariants, users } from "../../db/schema/mod.ts";
import { listCategories, listProducts } from "../../domains/catalog/mod.ts";
import { verifyPassword } from "../../domains/auth/mod.ts";

const { test, closeDatabase } = useTestDatabase();

test("[seed] demo shop: categories, 80+ products across every price band, coupons, rewards, accounts", async (db) => {
  assert.equal(await isEmpty(db), true);
  const result = await seedDemo(db, { withAccounts: true });
  assert.equal(result.categories, 10);
  assert.ok(result.products >= 80);
  const cats = await listCategories(db);
  assert.deepEqual(cats.filter((c) => c.parentId === null).map((c) => c.slug), DEMO_TOP_CATEGORIES);
  assert.deepEqual(cats.filter((c) => c.parentId !== null).map((c) => c.slug).sort(), [
    "breeding-equipment",
    "cleaning-maintenance",
    "species-specific",
    "transport-handling",
  ]);
  const all = (await listProducts(db, { limit: 1000 })).items;
  const eff = (p: { priceCents: number; salePriceCents: number | null }) => (p.salePriceCents ?? p.priceCents) / 100;
  for (const [lo, hi] of [[0, 500], [500, 1000], [1000, 2000], [2000, 3500], [3500, 100000]]) {
    assert.ok(all.filter((p) => eff(p) >= lo && eff(p) < hi).length >= 3, `band ${lo}-${hi}`);
  }
  assert.ok(all.some((p) => p.stock === 0), "some out of stock");
  assert.ok(all.some((p) => p.salePriceCents !== null), "some on sale");
  assert.ok(all.some((p) => !p.pudoEligible), "large items are not PUDO-eligible");
  const [{ n: variantCount }] = await db.select({ n: count() }).from(productVariants);
  assert.ok(variantCount > 0);
  const codes = (await db.select({ code: coupons.code }).from(coupons)).map((c) => c.code).sort();
  assert.deepEqual(codes, ["BUY2GET1", "FREESHIP", "WELCOME10"]);
  const [{ n: rewards }] = await db.select({ n: count() }).from(loyaltyRewards);
  assert.ok(rewards >= 3);
  const accounts = await db.select().from(users);
  assert.deepEqual(accounts.map((u) => u.role).sort(), ["admin", "customer", "super_admin"]);
  const customer = accounts.find((u) => u.role === "customer")!;
  assert.match(customer.password, /^\$argon2id\$/);
  assert.ok(await verifyPassword(customer.password, demoAccounts[0].password));
  // The demo customer can check out at once: one address, their default for delivery and billing.
  const book = await db.select().from(addresses);
  assert.equal(book.length, 1);
  assert.equal(book[0].userId, customer.id);
  assert.equal(book[0].isDefault, true);
  assert.equal(customer.defaultShippingAddressId, book[0].id);
  assert.equal(customer.defaultBillingAddressId, book[0].id);
});

test("[seed] running the seed twice changes nothing", async (db) => {
  await seedDemo(db, { withAccounts: true });
  const [{ n: before }] = await db.select({ n: count() }).from(products);
  await seedDemo(db, { withAccounts: true });
  const [{ n: after }] = await db.select({ n: count() }).from(products);
  assert.equal(after, before);
  assert.equal(await isEmpty(db), false);
  const [{ n: addressCount }] = await db.select({ n: count() }).from(addresses);
  assert.equal(addressCount, 1, "the demo address is added once");
});

test("[seed] every seeded product page and category page renders with prices in rand", async (db, database) => {
  await seedDemo(db, { withAccounts: false });
  const app = testApp(database);
  const home = await (await app.request("/")).text();
  for (const c of await listCategories(db)) {
    const res = await app.request(`/category/${c.slug}`);
    assert.equal(res.status, 200, c.slug);
    await res.body?.cancel();
    if (c.parentId === null && c.position <= 6) assert.match(home, new RegExp(`href="/category/${c.slug}"`));
  }
  for (const p of (await listProducts(db, { limit: 1000 })).items) {
    const res = await app.request(`/product/${p.slug}`);
    assert.equal(res.status, 200, p.slug);
    const html = readReferences(await res.text());
    assert.match(html, /data-price[^>]*>.*?R\s[\d\s]+,\d\d/, `${p.slug} shows a rand price`);
  }
});

closeDatabase();
