/**
 * axe-core over the pages a shopper sees most (home, a category, a product, the cart empty and with an item,
 * /search with results), on a desktop and a phone: 0 violations. Lighthouse's accessibility score is
 * built from axe's rules, so this keeps it at 100 between `deno task lighthouse` runs.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  categories,
  coupons,
  keeperAnimals,
  products,
  productVariants,
  reviews,
  species,
  users,
  wishlistItems,
} from "../../db/schema/mod.ts";
import { testGateway } from "../../domains/payments/mod.ts";
import { axeViolations } from "../helpers/axe.ts";
import { createAddress } from "../helpers/factories.ts";
import { FREE_DELIVERY, paidOrder } from "../helpers/paid_orders.ts";
import {
  demoAdmin,
  demoCustomer,
  DESKTOP,
  findDemoCustomer,
  forAxe,
  fullPageShot,
  PHONE,
  useShopInBrowser,
  viewportShot,
} from "../helpers/e2e.ts";

const e2e = useShopInBrowser({
  start: "[e2e a11y] start the shop and the browser",
  stop: "[e2e a11y] SIGTERM stops the shop cleanly",
  database: { withAccounts: true, fill: prepare },
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
  e2e.test(`[e2e a11y] ${screen}: home, category, product, cart and search have 0 axe violations`, async () => {
    // The empty cart first: its page has only an h1 before the footer's headings.
    const { page } = await e2e.openPage("/cart", { on: forAxe(options) });
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
    await page.close();
    assert.deepEqual(found, []);
  });
}

/** Ids the sweep's paths need, filled in by {@link prepare} before the shop starts. */
const made = { orderId: 0, productId: 0, categoryId: 0, couponId: 0, customerId: 0, addressId: 0 };

/**
 * The demo customer with a default address, a paid order, a wishlist item, an animal and a review
 * waiting for moderation, and an inactive coupon (greyed in the coupons list): every account and
 * admin screen then shows rows, not only its empty state.
 */
async function prepare(db: Db) {
  const customer = await findDemoCustomer(db);
  made.customerId = customer.id;
  const address = await createAddress(db, customer.id);
  made.addressId = address.id;
  await db.update(users).set({ defaultShippingAddressId: address.id }).where(eq(users.id, customer.id));
  const [product] = await db.select({ id: products.id, categoryId: products.categoryId }).from(products)
    .where(and(
      gt(products.stock, 5),
      isNull(products.archivedAt),
      sql`not exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id})`,
    )).orderBy(products.id).limit(1);
  made.productId = product.id;
  const { order } = await paidOrder(db, testGateway(), [{ productId: product.id, quantity: 1 }], {
    userId: customer.id,
    delivery: FREE_DELIVERY,
  });
  made.orderId = order.id;
  const [category] = await db.select({ id: categories.id }).from(categories).orderBy(categories.id).limit(1);
  made.categoryId = category.id;
  await db.insert(wishlistItems).values({ userId: customer.id, productId: product.id });
  const [gecko] = await db.select({ id: species.id }).from(species).where(eq(species.slug, "leopard-gecko"));
  await db.insert(keeperAnimals).values({ userId: customer.id, speciesId: gecko.id, name: "Spot" });
  await db.insert(reviews).values({
    productId: product.id,
    userId: customer.id,
    orderId: order.id,
    title: "Does the job",
    content: "Arrived quickly and works as described.",
    rating: 4,
  });
  const [coupon] = await db.insert(coupons).values({
    code: "OLDDEAL",
    description: "A past deal",
    type: "percentage",
    value: "5",
    startDate: new Date("2026-01-01T00:00:00Z"),
    active: false,
  }).returning({ id: coupons.id });
  made.couponId = coupon.id;
}

/** Every account page a customer reaches (paths read after {@link prepare} ran). */
function accountPaths(): string[] {
  return [
    "/account",
    "/account?tab=orders",
    "/account?tab=wishlist",
    "/account?tab=addresses",
    "/account?tab=settings",
    "/account/delete",
    `/order/${made.orderId}`,
    "/address-book",
    "/address-book/new",
    `/address-book/${made.addressId}/edit`,
    "/wishlist",
    "/loyalty",
    "/referral",
    "/account/animals",
    "/checkout",
  ];
}

/** Every admin screen (routes/admin/mod.ts), each with a row to show. */
function adminPaths(): string[] {
  return [
    "/admin",
    "/admin?tab=orders",
    "/admin?tab=users",
    "/admin?tab=facebook",
    "/admin/products",
    `/admin/products/${made.productId}`,
    "/admin/products/new",
    `/admin/products/${made.productId}/images`,
    `/admin/products/${made.productId}/stock`,
    "/admin/products/import",
    "/admin/categories",
    "/admin/categories/new",
    `/admin/categories/${made.categoryId}`,
    "/admin/orders",
    "/admin/orders/new",
    `/admin/orders/${made.orderId}`,
    "/admin/coupons",
    "/admin/coupons/new",
    `/admin/coupons/${made.couponId}/edit`,
    `/admin/coupons/${made.couponId}/delete`,
    "/admin/users",
    `/admin/users/${made.customerId}`,
    "/admin/settings",
    "/admin/audit",
    "/admin/reviews",
    "/admin/jobs",
    "/admin/animals",
    "/admin/animals/leopard-gecko",
    "/admin/outbox",
    "/admin/recommendations",
    "/admin/carts",
    "/admin/reports",
    "/admin/restock",
    "/admin/restock/receive?days=30&cover=365",
    "/admin/purchase-orders",
    "/admin/purchase-orders/new?days=30&cover=365",
  ];
}

/**
 * Waits for the toast titled `title`, then records whether the toast sits in the live region its kind
 * needs (errors `alert`, assertive; others `status`, polite) and axe's findings on the page as it is.
 * The toast tests' contexts ask for reduced motion: no fade-in, so axe judges the toast's contrast as
 * it stays, not half-way through its 180 ms entrance.
 */
async function checkToast(page: Page, title: string, role: "alert" | "status", found: string[]) {
  await page.locator("[data-toast]").filter({ hasText: title }).waitFor();
  const where = `${new URL(page.url()).pathname} with '${title}'`;
  // The region first: a toast leaves after 5 s, and axe may take longer than that on a busy machine.
  if (await page.getByRole(role).filter({ hasText: title }).count() !== 1) {
    found.push(`${where}: the toast is not announced in a ${role} live region`);
  }
  for (const v of await axeViolations(page)) found.push(`${where}: ${v}`);
}

/**
 * Signs in through the page that asked for it, checking both toasts on the way as the person sees
 * them: the sign-in page with its 'Login Required' (an error, announced assertively) and the page
 * after it with 'Welcome back!' (announced politely).
 */
async function signInSeeingToasts(page: Page, who: "customer" | "admin", found: string[]) {
  const account = who === "admin" ? demoAdmin : demoCustomer;
  const via = who === "admin" ? "/admin" : "/account";
  await page.goto(e2e.server.url + via);
  const required = who === "admin" ? "Authentication Required" : "Login Required";
  await checkToast(page, required, "alert", found);
  if (who === "customer") await viewportShot(page, "login-required-toast");
  await e2e.signIn(page, account);
  await page.waitForURL(e2e.server.url + via);
  await checkToast(page, "Welcome back!", "status", found);
  if (who === "admin") await fullPageShot(page, "admin-dashboard-welcome-toast");
}

e2e.test("[e2e a11y] every account and admin page, toasts showing, has 0 axe violations", async () => {
  const found: string[] = [];
  for (const who of ["customer", "admin"] as const) {
    const page = await e2e.browser.newPage(forAxe({ ...DESKTOP, reducedMotion: "reduce" }));
    await signInSeeingToasts(page, who, found);
    if (who === "customer") {
      // Something in the cart, so checkout shows its review step.
      await page.goto(`${e2e.server.url}/category/feeding-supplies?sort=price_asc`);
      await page.locator('section[aria-label="Products"] form[data-cart-add] button').first().click();
      await page.getByText("Added to cart", { exact: true }).waitFor();
    }
    const paths = who === "admin" ? adminPaths() : accountPaths();
    if (who === "admin") {
      // An e-mail's own page, reached from the outbox (the paid order's confirmation is there).
      await page.goto(`${e2e.server.url}/admin/outbox`);
      const mail = await page.locator('main a[href^="/admin/outbox/"]').first().getAttribute("href");
      assert.ok(mail, "an e-mail in the outbox");
      paths.push(mail);
    }
    await collectAxeViolations(page, paths, found);
    await page.close();
  }
  assert.deepEqual(found, []);
});

/** Opens each of `paths` on `page` (each must answer 200) and adds its axe violations to `found`, path first. */
async function collectAxeViolations(page: Page, paths: string[], found: string[]) {
  for (const path of paths) {
    const res = await page.goto(e2e.server.url + path);
    assert.equal(res?.status(), 200, path);
    await page.waitForLoadState("networkidle");
    for (const v of await axeViolations(page)) found.push(`${path}: ${v}`);
  }
}

/** The storefront's other pages, as a visitor sees them (the five above are checked on a phone as well). */
const storefrontPaths = [
  "/categories",
  "/products",
  "/featured",
  "/new",
  "/offers",
  "/animals",
  "/animals/leopard-gecko",
  "/landing/pvc-enclosures",
  "/about",
  "/help",
  "/contact",
  "/shipping",
  "/returns",
  "/privacy",
  "/terms",
  "/track-order",
  "/login",
  "/register",
  "/forgot-password",
];

e2e.test("[e2e a11y] every other storefront page has 0 axe violations", async () => {
  const page = await e2e.browser.newPage(forAxe(DESKTOP));
  const found: string[] = [];
  await collectAxeViolations(page, storefrontPaths, found);
  await page.close();
  assert.deepEqual(found, []);
});

e2e.test("[e2e a11y] without JavaScript, the server-rendered toasts have 0 axe violations", async () => {
  // Island scripts refused, as a browser without JavaScript; axe itself still runs (injected by the test).
  const context = await e2e.browser.newContext(forAxe({ ...DESKTOP, reducedMotion: "reduce" }));
  await context.route(/\/static\/build\/.*\.js(\?.*)?$/, (route) => route.abort());
  const page = await context.newPage();
  const found: string[] = [];
  await page.goto(`${e2e.server.url}/account`);
  await checkToast(page, "Login Required", "alert", found);
  await e2e.signIn(page, demoCustomer);
  await page.waitForURL(`${e2e.server.url}/account`);
  await checkToast(page, "Welcome back!", "status", found);
  assert.equal(await page.locator("[data-island][data-hydrated]").count(), 0, "no island hydrated");
  await fullPageShot(page, "account-welcome-toast-no-js");
  await context.close();
  assert.deepEqual(found, []);
});

e2e.registerStopTest();
