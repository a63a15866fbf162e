/**
 * Recommendations in a real browser: the product page shows Similar Products and Frequently Bought
 * Together, 'Add all to cart' puts them in the cart, leaving the page records the view, and the home
 * page shows trending products to a visitor. Desktop and phone screenshots.
 */
import assert from "node:assert/strict";
import { eq, inArray } from "drizzle-orm";
import type { Page } from "playwright-core";
import type { Db } from "../../db/client.ts";
import { browsingHistory, orderItems, orders, products } from "../../db/schema/mod.ts";
import { DESKTOP, expectToast, fullPageShot, PHONE, useShopInBrowser, watchedPage } from "../helpers/e2e.ts";

const MAT = "habistat-heat-mat";
/** Bought with the heat mat in the fixture's paid orders, in this order of frequency. */
const TOGETHER = ["habistat-mat-stat-on-off-thermostat", "zoo-med-repti-calcium-powder-with-d3"];

async function fill(db: Db) {
  const rows = await db.select({ id: products.id, slug: products.slug, name: products.name, price: products.price })
    .from(products).where(inArray(products.slug, [MAT, ...TOGETHER]));
  const bySlug = new Map(rows.map((r) => [r.slug, r]));
  const baskets = [[MAT, TOGETHER[0], TOGETHER[1]], [MAT, TOGETHER[0], TOGETHER[1]], [MAT, TOGETHER[0]]];
  for (const [i, basket] of baskets.entries()) {
    const [o] = await db.insert(orders).values({
      orderNumber: `RB-E2E-${i}`,
      total: "1.00",
      status: "delivered",
      paidAt: new Date(),
    }).returning();
    for (const slug of basket) {
      const p = bySlug.get(slug)!;
      await db.insert(orderItems).values({ orderId: o.id, productId: p.id, name: p.name, price: p.price, quantity: 1 });
    }
  }
  // The heat mat is the week's most viewed product.
  await db.insert(browsingHistory).values(
    Array.from(
      { length: 5 },
      (_, i) => ({ sessionId: `visitor-${i}-abcdefghijklmnop`, productId: bySlug.get(MAT)!.id }),
    ),
  );
  await db.update(products).set({ stock: 20 }).where(eq(products.slug, TOGETHER[1]));
}

const e2e = useShopInBrowser({
  start: "[e2e recommendations] start the shop (paid orders and views) and the browser",
  stop: "[e2e recommendations] stop the shop and the browser",
  database: { withAccounts: false, fill },
});

const slugsIn = (page: Page, heading: string) =>
  page.locator("section", { has: page.getByRole("heading", { name: heading, exact: true }) })
    .locator("a[href^='/product/']").evaluateAll((as) => [
      ...new Set(as.map((a) => a.getAttribute("href")!.replace("/product/", ""))),
    ]);

e2e.test(
  "[e2e recommendations] product page: both sections, 'Add all to cart' fills the cart",
  async () => {
    for (const [screen, options] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
      const context = await e2e.browser.newContext(options);
      const { page, errors } = await watchedPage(context);
      await page.goto(`${e2e.server.url}/product/${MAT}`);
      const similar = await slugsIn(page, "Similar Products");
      assert.equal(similar.length, 4, screen);
      assert.ok(!similar.includes(MAT));
      const together = await slugsIn(page, "Frequently Bought Together");
      assert.equal(together.length, 4);
      assert.deepEqual(together.slice(0, 2), TOGETHER, "most often bought with the heat mat first");
      assert.ok(!together.includes(MAT));
      await page.getByRole("heading", { name: "Frequently Bought Together" }).scrollIntoViewIfNeeded();
      await fullPageShot(page, `recommendations-product-${screen}`);

      if (screen === "desktop") {
        await page.getByRole("button", { name: "Add all to cart" }).click();
        await expectToast(page, "Added to cart", /items? added to your cart/);
        await page.goto(`${e2e.server.url}/cart`);
        for (const slug of together) {
          await page.locator(`a[href='/product/${slug}']`).first().waitFor({ timeout: 5_000 }).catch(() => {
            throw new Error(`${slug} is not in the cart`);
          });
        }
      }
      await context.close();
      assert.deepEqual(errors, []);
    }
  },
);

e2e.test("[e2e recommendations] leaving a product page records the view without holding the page up", async () => {
  const context = await e2e.browser.newContext(DESKTOP);
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}/product/${TOGETHER[0]}`);
  await page.waitForTimeout(1200);
  assert.ok(!(await context.cookies()).some((c) => c.name === "rb_vid"), "nothing recorded while on the page");
  await page.goto(`${e2e.server.url}/`);
  // The server took the view: a visitor's views are kept under the anonymous id its answer sets.
  let recorded = false;
  for (let i = 0; i < 50 && !recorded; i++) {
    recorded = (await context.cookies()).some((c) => c.name === "rb_vid" && c.httpOnly);
    if (!recorded) await page.waitForTimeout(100);
  }
  assert.ok(recorded, "leaving the product page recorded the view");
  await context.close();
});

e2e.test("[e2e recommendations] home page: a visitor sees Trending Now, the week's most viewed first", async () => {
  for (const [screen, options] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
    const context = await e2e.browser.newContext(options);
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/`);
    const trending = await slugsIn(page, "Trending Now");
    assert.equal(trending.length, 8, screen);
    assert.equal(trending[0], MAT);
    await page.getByRole("heading", { name: "Trending Now" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `tests/.screenshots/recommendations-home-${screen}.png` });
    await context.close();
  }
});

e2e.registerStopTest();
