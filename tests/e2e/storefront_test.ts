/** The storefront in a real browser: home, carousel, category, product, mobile menu, scroll chrome, 404. */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  DESKTOP,
  expectDisabled,
  expectToast,
  fullPageShot,
  PHONE,
  useShopInBrowser,
  viewportShot,
  watchedPage,
} from "../helpers/e2e.ts";
import { DEMO_TOP_CATEGORIES } from "../helpers/factories.ts";

const e2e = useShopInBrowser({
  start: "[e2e] start the shop and the browser",
  stop: "[e2e] SIGTERM stops the shop cleanly",
  stopped: (server) => assert.match(server.output(), /"message":"stopped"/),
});

e2e.test("[e2e] home page: categories, featured carousel buttons, new arrivals", async () => {
  // Reduced motion: the carousel then moves without its 300 ms slide, so the screenshot shows where it stops.
  const { page, errors } = await watchedPage(e2e.browser, { view: { ...DESKTOP, reducedMotion: "reduce" } });
  await page.goto(e2e.server.url + "/");
  for (const slug of DEMO_TOP_CATEGORIES) {
    assert.ok(await page.locator(`header a[href="/category/${slug}"]`).count(), `header links ${slug}`);
  }
  await page.locator('[data-island="FeaturedCarousel"][data-hydrated="true"]').waitFor();
  const prev = page.getByRole("button", { name: "Previous products" });
  const next = page.getByRole("button", { name: "Next products" });
  await expectDisabled(prev, true, "previous disabled at the start");
  await expectDisabled(next, false);
  await next.click();
  await expectDisabled(prev, false, "previous enabled after moving");
  let guard = 0;
  while (!(await next.isDisabled()) && guard++ < 20) await next.click();
  await expectDisabled(next, true, "next disabled at the end");
  await fullPageShot(page, "home-desktop");
  assert.deepEqual(errors, []);
  await page.close();
});

e2e.test("[e2e] carousel shows 1, 2 and 4 items by width", async () => {
  const page = await e2e.browser.newPage(DESKTOP);
  await page.goto(e2e.server.url + "/");
  await page.locator('[data-island="FeaturedCarousel"][data-hydrated="true"]').waitFor();
  for (const [width, expected] of [[1280, 4], [800, 2], [390, 1]] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(100);
    const visible = await page.locator(".carousel-item:not([inert])").count();
    assert.equal(visible, expected, `${expected} items at ${width}px`);
  }
  await page.close();
});

e2e.test("[e2e] follow a category, then a product: price in rand, tabs work", async () => {
  const { page, errors } = await watchedPage(e2e.browser, { view: DESKTOP });
  await page.goto(e2e.server.url + "/");
  await page.locator('header nav a[href="/category/heating-lighting"]').click();
  await page.waitForURL("**/category/heating-lighting");
  assert.equal(await page.locator("h1").textContent(), "Heating & Lighting");
  assert.match((await page.locator("[data-product-count]").textContent()) ?? "", /^\d+ products?$/);
  await fullPageShot(page, "category");
  await page.locator("main article h3 a").first().click();
  await page.waitForURL("**/product/**");
  const price = (await page.locator("main [data-price]").first().textContent()) ?? "";
  assert.match(price, /R\s?[\d\s]+,\d{2}/);
  await page.locator('[data-island="Tabs"][data-hydrated="true"]').waitFor();
  assert.equal(await page.locator("#tab-specifications").isVisible(), false);
  await page.getByRole("tab", { name: "Specifications" }).click();
  await page.locator("#tab-specifications").waitFor({ state: "visible", timeout: 5000 });
  assert.match((await page.locator("#tab-specifications").textContent()) ?? "", /SKU/);
  await page.getByRole("tab", { name: "Specifications" }).press("ArrowRight");
  await page.locator("#tab-shipping").waitFor({ state: "visible", timeout: 5000 });
  assert.equal(await page.locator("#tab-specifications").isVisible(), false);
  await fullPageShot(page, "product");
  assert.deepEqual(errors, []);
  await page.close();
});

e2e.test("[e2e] mobile menu opens full screen and closes; bottom bar shows", async () => {
  const context = await e2e.browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(e2e.server.url + "/");
  assert.equal(await page.locator('nav[aria-label="Quick"]').isVisible(), true);
  await viewportShot(page, "home-mobile");
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.locator("#mobile-menu");
  await menu.waitFor({ state: "visible" });
  const box = await menu.boundingBox();
  assert.ok(box && box.width >= 389 && box.height >= 800, "menu fills the screen");
  assert.ok(await menu.getByRole("link", { name: "Sign In" }).isVisible());
  assert.ok(await menu.getByRole("link", { name: "Cleaning & Maintenance" }).count());
  await viewportShot(page, "mobile-menu");
  await menu.getByRole("button", { name: "Close menu" }).click();
  await menu.waitFor({ state: "hidden" });
  await context.close();
});

/** Header shadow from 20 px of scroll, back-to-top from 300 px, and the button takes the page back up. */
async function checkScrollChrome(page: Page) {
  // A shadow is "visible" when its colour is not fully transparent.
  const shadow = () =>
    page.locator("#site-header").evaluate((el) => {
      const s = getComputedStyle(el).boxShadow;
      return s === "none" || /rgba\(0, 0, 0, 0\)/.test(s) ? "none" : s;
    });
  const backToTop = page.getByRole("link", { name: "Back to top" });
  assert.equal(await shadow(), "none");
  assert.equal(await backToTop.isVisible(), false);
  await page.evaluate(() => scrollTo(0, 100));
  await page.waitForTimeout(250);
  assert.notEqual(await shadow(), "none");
  assert.equal(await backToTop.isVisible(), false);
  await page.evaluate(() => scrollTo(0, 600));
  await page.waitForTimeout(250);
  assert.equal(await backToTop.isVisible(), true);
  await backToTop.click();
  await page.waitForFunction(() => scrollY < 20);
  await page.waitForTimeout(250);
  assert.equal(await shadow(), "none");
}

e2e.test("[e2e] header shadow after 20 px and back-to-top after 300 px of scroll", async () => {
  const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 700 } });
  await page.goto(e2e.server.url + "/");
  await checkScrollChrome(page);
  await page.close();
});

e2e.test(
  "[e2e] without scroll-driven animations (Firefox, Safari) a scroll listener gives the same chrome",
  async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 700 } });
    // Chromium made to answer like a browser without scroll timelines: CSS.supports() and the
    // stylesheet's @supports conditions both say no.
    await context.addInitScript(() => {
      const supports = CSS.supports.bind(CSS) as (...args: string[]) => boolean;
      CSS.supports = ((...args: string[]) =>
        args.join(":").includes("animation-timeline") ? false : supports(...args)) as typeof CSS.supports;
    });
    await context.route(/\/static\/build\/app-[^/]+\.css$/, async (route) => {
      const res = await route.fetch();
      const css = (await res.text()).replace(
        /animation-timeline:\s*scroll\(\)/g,
        "animation-timeline:no-such-timeline()",
      );
      await route.fulfill({ response: res, body: css });
    });
    const { page, errors } = await watchedPage(context);
    await page.goto(e2e.server.url + "/");
    await page.locator('[data-island="Toaster"][data-hydrated="true"]').waitFor({ state: "attached" });
    assert.equal(
      await page.locator("#site-header").evaluate((el) => getComputedStyle(el).animationName),
      "none",
      "the scroll-driven animation is off, as in a browser without scroll timelines",
    );
    await checkScrollChrome(page);
    assert.deepEqual(errors, []);
    await context.close();
  },
);

e2e.test("[e2e] unknown page is the 404 page", async () => {
  const page = await e2e.browser.newPage(DESKTOP);
  const res = await page.goto(e2e.server.url + "/no-such-page");
  assert.equal(res?.status(), 404);
  assert.ok(await page.getByText("/no-such-page").isVisible());
  await viewportShot(page, "not-found");
  await page.locator("main").getByRole("link", { name: "Browse Categories" }).click();
  await page.waitForURL("**/categories");
  await page.close();
});

e2e.test(
  "[e2e] the footer's newsletter form loads its script only when scrolled near, then subscribes without a reload",
  async () => {
    const { page, errors } = await watchedPage(e2e.browser, { view: PHONE });
    const requested: string[] = [];
    page.on("request", (req) => requested.push(req.url()));
    await page.goto(e2e.server.url + "/category/heating-lighting");
    await page.locator('[data-island="SortSelect"][data-hydrated="true"]').waitFor();
    const footerForm = page.locator('footer [data-island="NewsletterForm"]');
    const chunk = await page.evaluate(() =>
      JSON.parse(document.querySelector<HTMLElement>("script[data-islands]")!.dataset.islands!).NewsletterForm
    );
    assert.ok(chunk, "boot knows the newsletter form's chunk");
    await page.waitForTimeout(300);
    assert.equal(await footerForm.getAttribute("data-hydrated"), null, "not hydrated at the top of the page");
    assert.ok(!requested.some((u) => u.endsWith(chunk)), "its chunk is not loaded at the top of the page");

    await footerForm.scrollIntoViewIfNeeded();
    await page.locator('footer [data-island="NewsletterForm"][data-hydrated="true"]').waitFor();
    assert.ok(requested.some((u) => u.endsWith(chunk)), "its chunk loaded once near the viewport");
    const url = page.url();
    await footerForm.getByLabel("Email address").fill("scroll.reader@example.co.za");
    await footerForm.locator("button[type=submit]").click();
    await expectToast(page, "Subscribed!");
    assert.equal(page.url(), url, "subscribed in place, no form post");
    assert.deepEqual(errors, []);
    await page.close();
  },
);

e2e.registerStopTest();
