/**
 * The storefront audit's findings in a real browser (issue 16 item 9) and the boundaries of the
 * scroll chrome and the toast (issue 17 item 5): search suggestions that open only when asked, the
 * phone's search page, broken images over their placeholder, the phone's top bar, the header shadow
 * and back-to-top thresholds, and how long a toast stays (on Playwright's clock, no sleeping).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { categories, products } from "../../db/schema/mod.ts";
import {
  DESKTOP,
  fullPageShot,
  PHONE,
  useShopInBrowser,
  viewportShot,
  watchedPage,
  watchErrors,
} from "../helpers/e2e.ts";

/** A product and a category whose images are gone (404): the placeholder must show instead. */
const BROKEN_PRODUCT = { slug: "habistat-dimming-thermostat", name: "Habistat Dimming Thermostat" };
const BROKEN_CATEGORY = "heating-lighting";

const e2e = useShopInBrowser({
  start: "[e2e audit] start",
  stop: "[e2e audit] stop",
  database: {
    withAccounts: false,
    fill: async (db) => {
      await db.update(products).set({ images: ["/media/gone-product.jpg"] })
        .where(eq(products.slug, BROKEN_PRODUCT.slug));
      await db.update(categories).set({ image: "/media/gone-category.jpg" })
        .where(eq(categories.slug, BROKEN_CATEGORY));
    },
  },
});

/** This file's deliberately missing images answer 404, which Chromium logs as failed resources. */
const MISSING_IMAGES = { ignore: /Failed to load resource/ };

/** Two animation frames: what a scroll or a state change does is on screen after them. */
const frames = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

e2e.test("[e2e audit] suggestions open only when typed in, and close on Escape and an outside click", async () => {
  const { page, errors } = await watchedPage(e2e.browser, { view: DESKTOP, ...MISSING_IMAGES });
  await page.goto(`${e2e.server.url}/search?q=habistat`);
  await page.locator('[data-island="SearchBox"][data-hydrated="true"]').first().waitFor();
  const box = page.locator("#header-search");
  const list = page.locator("#header-search-suggestions");
  // The box holds the query; the results are below. Wait past the 200 ms debounce for a list that
  // must not come: a request for suggestions would be seen on the network.
  assert.equal(await box.inputValue(), "habistat");
  const asked = page.waitForRequest(/\/api\/search\/suggest/, { timeout: 1_000 }).then(() => true, () => false);
  assert.equal(await asked, false, "no suggestions fetched for the query the page was opened with");
  assert.equal(await list.isVisible(), false, "the list stays closed");

  await box.fill("uvb");
  await list.getByRole("option").first().waitFor();
  await box.press("Escape");
  await list.waitFor({ state: "hidden" });

  await box.fill("habistat");
  await list.getByRole("option").first().waitFor();
  await viewportShot(page, "audit-suggestions-desktop");
  // A click on the page beside the list (its bottom-left corner), away from the box.
  await page.mouse.click(5, 880);
  await list.waitFor({ state: "hidden" });
  assert.deepEqual(errors, []);
  await page.close();
});

e2e.test("[e2e audit] the phone's search page suggests as you type, with no count, filters or sort first", async () => {
  const context = await e2e.browser.newContext(PHONE);
  const { page, errors } = await watchedPage(context, MISSING_IMAGES);
  await page.goto(`${e2e.server.url}/`);
  await page.locator('nav[aria-label="Quick"]').getByRole("link", { name: "Search" }).click();
  await page.waitForURL("**/search");
  await page.locator('main [data-island="SearchBox"][data-hydrated="true"]').waitFor();
  assert.equal(await page.locator("[data-product-count]").count(), 0, "no '0 products'");
  assert.equal(await page.getByRole("button", { name: "Filters" }).count(), 0, "no Filters button");
  assert.equal(await page.getByLabel("Sort by").count(), 0, "no Sort");
  await viewportShot(page, "audit-search-page-phone");

  await page.locator("#search-page-q").fill("habistat");
  const list = page.locator("#search-page-q-suggestions");
  await list.getByRole("option").first().waitFor();
  assert.match((await list.textContent()) ?? "", /Habistat/);
  await viewportShot(page, "audit-search-page-phone-suggestions");
  await page.locator("#search-page-q").press("Enter");
  await page.waitForURL("**/search?q=habistat");
  assert.match((await page.locator("[data-product-count]").textContent()) ?? "", /^\d+ products?$/);
  assert.deepEqual(errors, []);
  await context.close();
});

/** Waits for an image to finish (load or fail); says whether it failed and what shows behind it. */
async function imageState(img: Locator) {
  await img.scrollIntoViewIfNeeded();
  await img.evaluate((el: HTMLImageElement) =>
    el.complete ? null : new Promise((done) => {
      el.addEventListener("load", done, { once: true });
      el.addEventListener("error", done, { once: true });
    })
  );
  return await img.evaluate((el: HTMLImageElement) => ({
    broken: el.naturalWidth === 0,
    behind: el.parentElement ? getComputedStyle(el.parentElement).backgroundImage : "none",
    // Drawn over a broken image only (it hides the browser's broken-image icon).
    over: getComputedStyle(el, "::before").backgroundImage,
  }));
}

async function assertPlaceholderBehind(img: Locator, where: string) {
  const state = await imageState(img);
  assert.equal(state.broken, true, `${where}: the image is really broken in this test`);
  assert.match(state.behind, /\/images\/placeholder\//, `${where}: the placeholder shows behind it`);
  assert.match(state.over, /\/images\/placeholder\//, `${where}: and over the broken-image icon`);
}

e2e.test(
  "[e2e audit] broken images fall back to the placeholder in category tiles, suggestions and cart lines",
  async () => {
    const context = await e2e.browser.newContext(DESKTOP);
    const page = await context.newPage();
    // The missing images answer 404, which Chromium logs as failed resources: the point of the test.
    const errors = watchErrors(page, { ignore: /Failed to load resource/ });

    await page.goto(`${e2e.server.url}/categories`);
    await assertPlaceholderBehind(
      page.locator(`main article:has(a[href="/category/${BROKEN_CATEGORY}"]) img`).first(),
      "category tile",
    );
    await fullPageShot(page, "audit-broken-category-desktop");

    await page.goto(`${e2e.server.url}/`);
    await page.locator('[data-island="SearchBox"][data-hydrated="true"]').first().waitFor();
    await page.locator("#header-search").fill("dimming thermostat");
    const option = page.locator("#header-search-suggestions").getByRole("option").filter({
      hasText: BROKEN_PRODUCT.name,
    });
    await option.waitFor();
    await assertPlaceholderBehind(option.locator("img"), "suggestion");

    await page.goto(`${e2e.server.url}/product/${BROKEN_PRODUCT.slug}`);
    await page.locator('[data-island="BuyBox"][data-hydrated="true"]').waitFor();
    await page.locator('[data-island="BuyBox"]').getByRole("button", { name: /Add to Cart/i }).click();
    await page.waitForFunction(() => document.querySelector("header [data-cart-count]")?.textContent === "1");
    await page.goto(`${e2e.server.url}/cart`);
    const line = page.locator("[data-cart-line]").first();
    await line.waitFor();
    await assertPlaceholderBehind(line.locator("img"), "cart line (desktop table)");
    await fullPageShot(page, "audit-broken-cart-desktop");

    const phone = await e2e.browser.newContext(PHONE);
    await phone.addCookies(await context.cookies());
    const { page: phonePage } = await watchedPage(phone, { ...MISSING_IMAGES, into: errors });
    await phonePage.goto(`${e2e.server.url}/cart`);
    await assertPlaceholderBehind(phonePage.locator("main li img").first(), "cart line (phone list)");
    await fullPageShot(phonePage, "audit-broken-cart-phone");
    assert.deepEqual(errors, []);
    await phone.close();
    await context.close();
  },
);

e2e.test("[e2e audit] the phone's top bar shows its text whole; the desktop's keeps the help links", async () => {
  const context = await e2e.browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}/`);
  const text = page.locator("p", { hasText: /^\s*Free delivery on orders from/ }).first();
  const fits = () => text.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= 390);
  assert.equal(await fits(), true, "not cut off at 390 px");
  assert.match((await text.innerText()).trim(), /^Free delivery on orders from R\s?1\s?500,00$/);
  await viewportShot(page, "audit-top-bar-phone");
  await context.close();

  const desktop = await e2e.browser.newPage(DESKTOP);
  await desktop.goto(`${e2e.server.url}/`);
  assert.match(
    await desktop.locator("p", { hasText: /^\s*Free delivery on orders from/ }).first().innerText(),
    /Shipping across South Africa/,
  );
  assert.equal(await desktop.getByRole("navigation", { name: "Help" }).isVisible(), true);
  await viewportShot(desktop, "audit-top-bar-desktop");
  await desktop.close();
});

e2e.test("[e2e audit] header shadow from 21 px of scroll, back-to-top from 301 px (19/20/21, 299/300/301)", async () => {
  const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 700 } });
  await page.goto(`${e2e.server.url}/`);
  const shadowAt = async (y: number) => {
    await page.evaluate((top) => scrollTo(0, top), y);
    await frames(page);
    assert.equal(await page.evaluate(() => scrollY), y, `the page scrolled to ${y}`);
    return await page.locator("#site-header").evaluate((el) => {
      const s = getComputedStyle(el).boxShadow;
      return !(s === "none" || /rgba\(0, 0, 0, 0\)/.test(s));
    });
  };
  const backToTopAt = async (y: number) => {
    await page.evaluate((top) => scrollTo(0, top), y);
    await frames(page);
    return await page.getByRole("link", { name: "Back to top" }).isVisible();
  };
  // The spec: a shadow "after 20 px" and the button after "more than 300 px" of scroll.
  assert.equal(await shadowAt(19), false, "no shadow at 19 px");
  assert.equal(await shadowAt(20), false, "no shadow at 20 px");
  assert.equal(await shadowAt(21), true, "a shadow at 21 px");
  assert.equal(await backToTopAt(299), false, "no button at 299 px");
  assert.equal(await backToTopAt(300), false, "no button at 300 px");
  assert.equal(await backToTopAt(301), true, "the button at 301 px");
  await page.close();
});

e2e.test("[e2e audit] a toast stays 5000 ms: still there at 4999 ms, gone at 5000 ms", async () => {
  const { page, errors } = await watchedPage(e2e.browser, { view: DESKTOP });
  await page.clock.install();
  await page.goto(`${e2e.server.url}/category/feeding-supplies?sort=price_asc`);
  await page.locator('[data-island="Toaster"][data-hydrated="true"]').waitFor({ state: "attached" });
  await page.locator('[data-island="SortSelect"][data-hydrated="true"]').waitFor();
  // From here time moves only when the test says so.
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.locator('section[aria-label="Products"] form[data-cart-add] button').first().click();
  const toast = page.locator("[data-toast]").filter({ hasText: "Added to cart" });
  await toast.waitFor();
  // (No animation frames to wait for here: the installed clock holds requestAnimationFrame too.)
  await page.clock.runFor(4_999);
  assert.equal(await toast.isVisible(), true, "still shown at 4999 ms");
  await page.clock.runFor(1);
  await toast.waitFor({ state: "detached" });
  assert.deepEqual(errors, []);
  await page.close();
});

e2e.test("[e2e audit] F8 focuses the notifications; a toast swiped right 50 px stays, 51 px dismisses it", async () => {
  // Without the 180 ms entry animation, the toast's transform is the swipe's alone.
  const { page, errors } = await watchedPage(e2e.browser, { view: { ...DESKTOP, reducedMotion: "reduce" } });
  await page.goto(`${e2e.server.url}/category/feeding-supplies?sort=price_asc`);
  await page.locator('[data-island="Toaster"][data-hydrated="true"]').waitFor({ state: "attached" });
  const region = page.getByRole("region", { name: "Notifications (F8)" });
  await page.keyboard.press("F8");
  assert.equal(await region.evaluate((el) => el === document.activeElement), true, "F8 moves focus to the region");

  await page.locator('section[aria-label="Products"] form[data-cart-add] button').first().click();
  const toast = page.locator("[data-toast]").filter({ hasText: "Added to cart" });
  await toast.waitFor();
  const swipe = async (px: number) => {
    const box = (await toast.boundingBox())!;
    const x = box.x + 20, y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + px, y, { steps: 5 });
    await page.mouse.up();
    await frames(page);
  };
  // The spec: swipe to dismiss to the right with a 50 px threshold.
  await swipe(50);
  assert.equal(await toast.isVisible(), true, "a 50 px swipe leaves the toast");
  assert.equal(await toast.evaluate((el) => getComputedStyle(el).transform), "none", "and it springs back");
  await swipe(51);
  await toast.waitFor({ state: "detached", timeout: 1_000 });
  assert.deepEqual(errors, []);
  await page.close();
});

e2e.registerStopTest();
