/**
 * The AMP pages in a real browser, with screenshots in tests/.screenshots/. The AMP runtime lives on
 * the AMP CDN, which test machines cannot reach, so the pages are shown as a reader without
 * JavaScript sees them (the boilerplate's noscript branch and the <noscript><img> fallbacks): that
 * checks the layout, the CSS and the fallbacks; the AMP validator (tests/http/amp_test.ts) checks
 * the markup the runtime needs.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { fullPageShot, useShopInBrowser } from "../helpers/e2e.ts";

const e2e = useShopInBrowser({
  start: "[amp] e2e: start the shop and the browser",
  stop: "[amp] e2e: stop the browser and the shop",
});

/** Seeded: on sale, three images, in stock. */
const PRODUCT = "exo-terra-glass-terrarium-120x45x60";
/** Seeded: out of stock, one image. */
const OUT_OF_STOCK = "zoo-med-can-o-crickets-35g";
const CATEGORY = "heating-lighting";

async function openAmp(path: string, width: number): Promise<Page> {
  const context = await e2e.browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
  const page = await context.newPage();
  // Nothing may be fetched from outside the shop (the CDN is unreachable here anyway).
  await page.route((url) => !url.href.startsWith(e2e.server.url), (route) => route.abort());
  const res = await page.goto(e2e.server.url + path, { waitUntil: "load" });
  assert.equal(res?.status(), 200, path);
  return page;
}

/** Screenshot, then close the page's own context (each AMP page gets one, see openAmp). */
async function shot(page: Page, name: string) {
  await fullPageShot(page, name);
  await page.context().close();
}

/** True when every visible <img> on the page has loaded a picture. */
function imagesLoaded(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    [...document.images].filter((i) => i.getClientRects().length)
      .every((i) => i.complete && i.naturalWidth > 0)
  );
}

e2e.test("[amp] e2e: product AMP page reads well on a phone and on a desktop", async () => {
  for (const [width, name] of [[390, "amp-product-mobile"], [1280, "amp-product-desktop"]] as const) {
    const page = await openAmp(`/product/${PRODUCT}/amp`, width);
    await page.getByRole("heading", { level: 1 }).waitFor();
    assert.equal(await page.locator(".stock-in").innerText(), "In Stock");
    assert.equal(await page.locator("s.price-was").count(), 1, "regular price struck through");
    assert.ok(await page.getByRole("link", { name: "Add to Cart" }).isVisible());
    assert.ok(await page.getByRole("link", { name: "View Full Product" }).isVisible());
    assert.ok(await page.getByRole("heading", { name: "Specifications" }).isVisible());
    assert.equal(await page.locator("amp-sidebar").isVisible(), false, "menu closed");
    assert.ok(await imagesLoaded(page), "the fallback image shows");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling at ${width}px (${overflow}px)`);
    await shot(page, name);
  }
  const page = await openAmp(`/product/${OUT_OF_STOCK}/amp`, 390);
  assert.equal(await page.locator(".stock-out").innerText(), "Out of Stock");
  const color = await page.locator(".stock-out").evaluate((e) => getComputedStyle(e).color);
  assert.equal(color, "rgb(185, 28, 28)");
  await page.context().close();
});

e2e.test("[amp] e2e: category AMP page shows the count and a grid of cards", async () => {
  for (const [width, name] of [[390, "amp-category-mobile"], [1280, "amp-category-desktop"]] as const) {
    const page = await openAmp(`/category/${CATEGORY}/amp`, width);
    assert.match(await page.locator(".count").innerText(), /^\d+ products found$/);
    const cards = page.locator("a.card");
    assert.ok(await cards.count() > 1);
    const box = await cards.first().boundingBox();
    assert.ok(box && box.width >= 150, "cards are wide enough to read");
    assert.ok(await imagesLoaded(page), "every card shows its picture");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling at ${width}px (${overflow}px)`);
    await shot(page, name);
  }
});

e2e.registerStopTest();
