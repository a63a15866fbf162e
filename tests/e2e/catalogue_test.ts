/** Catalogue in a real browser: the mobile filter drawer, sorting, and search suggestions by keyboard. */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { DESKTOP, fullPageShot, PHONE, useShopInBrowser, viewportShot } from "../helpers/e2e.ts";

const e2e = useShopInBrowser({
  start: "[e2e catalogue] start the shop and the browser",
  stop: "[e2e catalogue] stop",
});

/** Opens the home page and returns the header's search box once its island runs. */
async function searchBox(page: Page) {
  await page.goto(e2e.server.url + "/");
  await page.locator('[data-island="SearchBox"][data-hydrated="true"]').waitFor();
  return page.getByRole("combobox", { name: "Search products" });
}

function productNames(page: Page) {
  return page.locator('section[aria-label="Products"] article h3').allTextContents();
}

e2e.test("[e2e catalogue] phone: the filter drawer applies a price band and a brand, chips remove them", async () => {
  const context = await e2e.browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}/category/heating-lighting`);
  const before = Number((await page.locator("[data-product-count]").textContent())!.split(" ")[0]);
  assert.equal(await page.locator('aside[aria-label="Filter products"]').isVisible(), false, "no sidebar on a phone");
  await page.getByRole("button", { name: "Filters", exact: true }).click();
  const drawer = page.locator("#filter-drawer");
  await drawer.waitFor({ state: "visible" });
  await drawer.getByLabel("Under R500").check();
  await drawer.getByLabel("Arcadia").check();
  await viewportShot(page, "category-filter-drawer");
  await drawer.getByRole("button", { name: "Apply Filters" }).click();
  await page.waitForURL(/price=0-500/);
  assert.match(page.url(), /brand=Arcadia/);
  const after = Number((await page.locator("[data-product-count]").textContent())!.split(" ")[0]);
  assert.ok(after < before, `filtering narrows the list (${before} -> ${after})`);
  for (const name of await productNames(page)) assert.match(name, /Arcadia/);
  assert.equal(await page.getByRole("button", { name: "Filters (2)" }).isVisible(), true);
  await fullPageShot(page, "category-filtered-phone");
  await page.getByRole("link", { name: "Remove filter Arcadia" }).click();
  await page.waitForURL((url) => !url.search.includes("brand="));
  await page.getByRole("link", { name: "Clear All" }).click();
  await page.waitForURL(`${e2e.server.url}/category/heating-lighting`);
  await context.close();
});

e2e.test("[e2e catalogue] desktop: changing the sort reorders by price without a submit button", async () => {
  const page = await e2e.browser.newPage(DESKTOP);
  await page.goto(`${e2e.server.url}/category/heating-lighting`);
  await page.locator('[data-island="SortSelect"][data-hydrated="true"]').waitFor();
  await page.locator("select#sort").selectOption("price_asc");
  await page.waitForURL(/sort=price_asc/);
  const prices = await page.locator('section[aria-label="Products"] [data-price]').evaluateAll((els) =>
    els.map((el) => {
      const first = el.querySelector("span") ?? el;
      return Number(first.textContent!.replace(/[^\d,]/g, "").replace(",", "."));
    })
  );
  assert.ok(prices.length > 3);
  assert.deepEqual(prices, [...prices].sort((a, b) => a - b));
  await page.locator('aside[aria-label="Filter products"]').getByLabel("R1000-R2000").check();
  await page.locator('aside[aria-label="Filter products"]').getByRole("button", { name: "Apply Filters" }).click();
  await page.waitForURL(/price=1000-2000/);
  assert.match(page.url(), /sort=price_asc/, "the sort survives filtering");
  await fullPageShot(page, "category-filtered-desktop");
  await page.close();
});

e2e.test("[e2e catalogue] search suggestions: type, arrow down, Enter opens the product; Escape closes", async () => {
  const page = await e2e.browser.newPage(DESKTOP);
  const box = await searchBox(page);
  await box.fill("terarium");
  const list = page.getByRole("listbox", { name: "Suggestions" });
  await list.waitFor({ state: "visible" });
  const first = list.getByRole("option").first();
  await first.waitFor();
  assert.match((await first.textContent()) ?? "", /Terrarium/);
  await viewportShot(page, "search-suggestions");
  await box.press("Escape");
  await list.waitFor({ state: "hidden" });
  await box.press("ArrowDown");
  await list.waitFor({ state: "visible" });
  assert.equal(await first.getAttribute("aria-selected"), "true");
  const name = (await first.locator("span span").first().textContent())!;
  await box.press("Enter");
  await page.waitForURL("**/product/**");
  assert.equal(await page.locator("h1").textContent(), name);
  await page.close();
});

e2e.test("[e2e catalogue] Enter without a highlighted suggestion opens the results page with highlights", async () => {
  const page = await e2e.browser.newPage(DESKTOP);
  const box = await searchBox(page);
  await box.fill("uvb tube");
  await box.press("Enter");
  await page.waitForURL("**/search?q=uvb+tube");
  assert.ok((await productNames(page)).length >= 2);
  assert.ok(await page.locator("main mark").count() >= 2);
  await fullPageShot(page, "search-results");
  await page.close();
});

e2e.registerStopTest();
