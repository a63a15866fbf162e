/**
 * axe-core over the pages a shopper sees most (home, a category, a product, the cart empty and with an item,
 * /search with results), on a desktop and a phone: 0 violations. Lighthouse's accessibility score is
 * built from axe's rules, so this keeps it at 100 between `deno task lighthouse` runs.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { axeViolations } from "../helpers/axe.ts";
import {
  demoAdmin,
  demoCustomer,
  DESKTOP,
  e2eTest,
  fullPageShot,
  PHONE,
  signIn,
  useShopInBrowser,
} from "../helpers/e2e.ts";

const e2e = useShopInBrowser({
  start: "[e2e a11y] start the shop and the browser",
  stop: "[e2e a11y] SIGTERM stops the shop cleanly",
});

/** The pages checked; `ready` waits until the page's islands have hydrated. */
const pages: { name: string; path: string; ready?: string }[] = [
  { name: "home", path: "/", ready: '[data-island="FeaturedCarousel"][data-hydrated="true"]' },
  { name: "category", path: "/category/heating-lighting", ready: '[data-island="SortSelect"][data-hydrated="true"]' },
  { name: "product", path: "/product/", ready: '[data-island="BuyBox"][data-hydrated="true"]' },
  { name: "cart", path: "/cart", ready: '[data-island="CartView"][data-hydrated="true"]' },
  { name: "search", path: "/search?q=heat" },
];

async function firstProductPath(page: Page): Promise<string> {
  await page.goto(`${e2e.server.url}/category/feeding-supplies?sort=price_asc`);
  const href = await page.locator('section[aria-label="Products"] article h3 a').first().getAttribute("href");
  assert.ok(href, "a product link on the category page");
  return href;
}

for (const [screen, options] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
  e2eTest(`[e2e a11y] ${screen}: home, category, product, cart and search have 0 axe violations`, async () => {
    // The shop's CSP (script-src 'self') would refuse the injected axe script; axe only reads the page.
    const context = await e2e.browser.newContext({ ...options, bypassCSP: true });
    const page = await context.newPage();
    // The empty cart first: its page has only an h1 before the footer's headings.
    await page.goto(`${e2e.server.url}/cart`);
    const found = (await axeViolations(page)).map((v) => `empty cart: ${v}`);
    const productPath = await firstProductPath(page);
    // An item in the cart, so the cart page shows its table or cards rather than the empty state.
    await page.locator('section[aria-label="Products"] form[data-cart-add] button').first().click();
    await page.getByText("Added to cart", { exact: true }).waitFor();
    for (const p of pages) {
      await page.goto(e2e.server.url + (p.name === "product" ? productPath : p.path));
      if (p.ready) await page.locator(p.ready).waitFor();
      for (const v of await axeViolations(page)) found.push(`${p.name}: ${v}`);
      if (p.name === "search") await fullPageShot(page, `search-${screen}`);
    }
    await context.close();
    assert.deepEqual(found, []);
  });
}

/** The pages a signed-in customer and the staff use, each as its user sees it. */
const signedInPages: { who: "customer" | "admin"; paths: string[] }[] = [
  {
    who: "customer",
    paths: [
      "/account",
      "/account?tab=orders",
      "/account?tab=settings",
      "/address-book",
      "/wishlist",
      "/loyalty",
      "/referral",
      "/checkout",
    ],
  },
  {
    who: "admin",
    paths: [
      "/admin",
      "/admin/products",
      "/admin/products/new",
      "/admin/categories",
      "/admin/orders",
      "/admin/coupons",
      "/admin/users",
      "/admin/reviews",
      "/admin/settings",
      "/admin/audit",
      "/admin/outbox",
    ],
  },
];

e2eTest("[e2e a11y] the account area, checkout and every admin screen have 0 axe violations", async () => {
  const found: string[] = [];
  for (const { who, paths } of signedInPages) {
    const context = await e2e.browser.newContext({ ...DESKTOP, bypassCSP: true });
    const page = await context.newPage();
    const account = who === "admin" ? demoAdmin : demoCustomer;
    await signIn(page, e2e.server.url, account.username, account.password);
    if (who === "customer") {
      // Something in the cart, so checkout shows its review step.
      await page.goto(`${e2e.server.url}/category/feeding-supplies?sort=price_asc`);
      await page.locator('section[aria-label="Products"] form[data-cart-add] button').first().click();
      await page.getByText("Added to cart", { exact: true }).waitFor();
    }
    if (who === "admin") {
      // An inactive coupon, so the coupons list shows a greyed row as well.
      const made = await page.request.post(`${e2e.server.url}/api/coupons`, {
        headers: { Origin: e2e.server.url },
        data: {
          code: "OLDDEAL",
          description: "A past deal",
          type: "percentage",
          value: 5,
          startDate: "2026-01-01",
          active: false,
        },
      });
      assert.ok(made.ok(), await made.text());
    }
    for (const path of paths) {
      await page.goto(e2e.server.url + path);
      await page.waitForLoadState("networkidle");
      for (const v of await axeViolations(page)) found.push(`${path}: ${v}`);
    }
    await context.close();
  }
  assert.deepEqual(found, []);
});

e2e.registerStopTest();
