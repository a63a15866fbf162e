/**
 * Bulk edits and the stock history in a real browser, as the demo admin: tick two products of a
 * filtered list, lower their prices by 10 %, read the flash and the new prices; select all on the
 * page with the island's box, set their stock, give one its own low-stock alert, then read one product's stock history. Screenshots of
 * the list with the bulk form and of the history; axe on both (0 violations).
 */
import assert from "node:assert/strict";
import type { BrowserContext } from "playwright-core";
import { demoAdmin, DESKTOP, expectToast, fullPageShot, useShopInBrowser } from "../helpers/e2e.ts";
import { axeViolations } from "../helpers/axe.ts";

let staff: BrowserContext;

const e2e = useShopInBrowser({
  start: "[e2e] start the shop and the browser",
  stop: "[e2e] stop the shop and the browser",
  started: async () => {
    // bypassCSP: axe is injected into the pages to check them (it only reads them).
    staff = await e2e.browser.newContext({ ...DESKTOP, bypassCSP: true });
  },
});

const SMALL = "Exo Terra Glass Terrarium 30x30x45";
const TALL = "Exo Terra Glass Terrarium 60x45x90 Tall";

e2e.test("[e2e] bulk edit: tick rows, lower prices by 10 %, select all, set stock, read the stock history", async () => {
  const { page, errors } = await e2e.signedInPage(staff, demoAdmin, { via: "/admin/products?q=glass+terrarium" });
  const row = (name: string) =>
    page.locator("[data-product-row]", { has: page.getByRole("link", { name, exact: true }) });
  assert.match(await row(SMALL).innerText(), /1\s599,00/);
  // As staff see it, the sign-in's toast included.
  assert.deepEqual(await axeViolations(page), []);

  await page.getByRole("checkbox", { name: `Select ${SMALL}` }).check();
  await page.getByRole("checkbox", { name: `Select ${TALL}` }).check();
  await page.locator("[data-bulk-count]").getByText("2 selected").waitFor();
  await page.getByLabel("Action").selectOption("adjust_price");
  await page.getByLabel("Price change").fill("-10");
  await page.getByLabel("Change in").selectOption("percent");
  await fullPageShot(page, "admin-products-bulk-form");
  await page.getByRole("button", { name: "Apply to products" }).click();
  await page.waitForURL(/\/admin\/products\?q=glass\+terrarium$/);
  await expectToast(page, "Bulk edit done", /2 products updated\./);
  assert.match(await row(SMALL).innerText(), /1\s439,10/);
  assert.match(await row(TALL).innerText(), /2\s879,10/);

  // The island's box ticks every row on the page.
  const rows = await page.locator("[data-product-row]").count();
  await page.getByRole("checkbox", { name: "Select all on this page" }).check();
  await page.locator("[data-bulk-count]").getByText(`${rows} selected`).waitFor();
  await page.getByLabel("Action").selectOption("set_stock");
  await page.getByLabel("New stock").fill("7");
  await page.getByRole("button", { name: "Apply to products" }).click();
  await expectToast(page, "Bulk edit done", /products? updated/);
  assert.doesNotMatch(await row(SMALL).innerText(), /\(low\)/, "7 left is not low at the shop's 5");

  // Its own low-stock alert at 10: seven left is now low.
  await page.getByRole("checkbox", { name: `Select ${SMALL}` }).check();
  await page.getByLabel("Action").selectOption("set_low_stock_at");
  await page.getByLabel("Low-stock alert").fill("10");
  await page.getByRole("button", { name: "Apply to products" }).click();
  await expectToast(page, "Bulk edit done", /1 product updated\./);
  assert.match(await row(SMALL).innerText(), /7\s*\(low\)/);

  await row(SMALL).getByRole("link", { name: `History of ${SMALL}'s stock` }).click();
  await page.waitForURL(/\/admin\/products\/\d+\/stock$/);
  await page.getByRole("heading", { name: `Stock history: ${SMALL}` }).waitFor();
  assert.match(await page.locator("[data-movement]").first().innerText(), /\(bulk edit, by admin\)\s*->\s*7 left/);
  await fullPageShot(page, "admin-product-stock-history");
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(errors, []);
});

e2e.registerStopTest();
