/**
 * Draft products in a real browser, as the demo admin: create a product as a draft with the form's
 * Status choice, find it in the products list by the status filter, see its page answer 404 to a
 * shopper, publish it and see it on the shop. Screenshots of the form and the list.
 */
import assert from "node:assert/strict";
import { demoAdmin, DESKTOP, expectToast, fullPageShot, useShopInBrowser } from "../helpers/e2e.ts";

const e2e = useShopInBrowser({
  start: "[e2e] start the shop and the browser",
  stop: "[e2e] stop the shop and the browser",
  contexts: {
    staff: DESKTOP,
    shopper: DESKTOP,
  },
});

e2e.test("[e2e] drafts: create a draft, find it by status, publish it, then shoppers see it", async () => {
  const { page, errors } = await e2e.signedInPage(e2e.context("staff"), demoAdmin, { via: "/admin/products/new" });

  const status = page.getByLabel("Status", { exact: true });
  assert.equal(await status.inputValue(), "active", "a new product is active unless staff choose draft");
  await status.selectOption("draft");
  await page.getByLabel("Name", { exact: true }).fill("Exo Terra Cork Tube Large");
  await page.getByLabel("SKU", { exact: true }).fill("ET-CORK-TUBE-L");
  await page.getByLabel("Price (R)").fill("329.00");
  await page.getByLabel("Stock", { exact: true }).fill("6");
  await page.getByRole("button", { name: "Create product" }).click();
  await page.waitForURL(/\/admin\/products\/\d+$/);
  await expectToast(page, "Product created");
  await page.getByText("Draft: only staff see this product.").waitFor();
  assert.equal(await page.getByRole("link", { name: "View on site" }).count(), 0);
  await fullPageShot(page, "admin-product-draft-form");

  const visitor = await e2e.context("shopper").newPage();
  const hidden = await visitor.goto(`${e2e.server.url}/product/exo-terra-cork-tube-large`);
  assert.equal(hidden?.status(), 404);

  await page.goto(`${e2e.server.url}/admin/products`);
  await page.getByLabel("Status", { exact: true }).selectOption("draft");
  await page.getByRole("button", { name: "Filter" }).click();
  await page.waitForURL(/status=draft/);
  const rows = page.locator("[data-product-row]");
  assert.equal(await rows.count(), 1);
  assert.match(await rows.first().innerText(), /Exo Terra Cork Tube Large[\s\S]*Draft/);
  await page.goto(`${e2e.server.url}/admin/products?q=cork`);
  await fullPageShot(page, "admin-products-with-draft");

  await page.getByRole("link", { name: "Exo Terra Cork Tube Large", exact: true }).click();
  await page.getByLabel("Status", { exact: true }).selectOption("active");
  await page.getByRole("button", { name: "Save changes" }).first().click();
  await expectToast(page, "Product saved");
  await page.getByRole("link", { name: "View on site" }).waitFor();

  const shown = await visitor.goto(`${e2e.server.url}/product/exo-terra-cork-tube-large`);
  assert.equal(shown?.status(), 200);
  await visitor.getByRole("heading", { name: "Exo Terra Cork Tube Large" }).waitFor();
  assert.deepEqual(errors, []);
});

e2e.registerStopTest();
