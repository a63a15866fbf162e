/**
 * A product's one edit screen in a real browser, as the demo admin: upload two photos, drag the
 * second before the first, write alt text, set two options and generate the 2x2 variant matrix,
 * give one variant stock, check the page with axe, duplicate the product as a draft, and pick the
 * variant on the storefront with one select per option, and see the thumbnails in the products list.
 * Screenshots of the edit page, the shop and the list.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { demoAdmin, DESKTOP, expectToast, fullPageShot, shotPath, useShopInBrowser } from "../helpers/e2e.ts";
import { axeViolations } from "../helpers/axe.ts";
import { testJpeg } from "../helpers/images.ts";

const e2e = useShopInBrowser({
  start: "[e2e] start the shop and the browser",
  stop: "[e2e] stop the shop and the browser",
  contexts: {
    desktop: DESKTOP,
  },
});

async function islandsReady(page: Page) {
  for (const name of ["ProductImageManager", "VariantEditor", "Toaster"]) {
    await page.locator(`[data-island="${name}"][data-hydrated="true"]`).waitFor({ state: "attached" });
  }
}

async function imageOrder(page: Page): Promise<string[]> {
  return await page.locator("[data-image-url]").evaluateAll((els) => els.map((e) => e.getAttribute("data-image-url")!));
}

e2e.test("[e2e] product edit page: reorder photos by drag, alt text, a 2x2 option matrix, duplicate", async () => {
  const { page, errors } = await e2e.signedInPage(e2e.context("desktop"), demoAdmin, { via: "/admin/products/new" });
  await page.getByLabel("Name", { exact: true }).fill("Arcadia T5 UVB Kit");
  await page.getByLabel("SKU", { exact: true }).fill("ARC-T5-KIT");
  await page.getByLabel("Description", { exact: true }).fill("A complete T5 UVB kit with reflector.");
  await page.getByLabel("Price (R)").fill("899.00");
  await page.getByRole("button", { name: "Create product" }).click();
  await page.waitForURL(/\/admin\/products\/\d+$/);
  const editPath = new URL(page.url()).pathname;

  // Two photos at once, then drag the second in front of the first.
  await page.getByLabel("Add images").setInputFiles([
    { name: "kit.jpg", mimeType: "image/jpeg", buffer: Buffer.from(await testJpeg(800, 600, 1)) },
    { name: "tube.jpg", mimeType: "image/jpeg", buffer: Buffer.from(await testJpeg(800, 600, 2)) },
  ]);
  await page.getByRole("button", { name: "Upload" }).click();
  await expectToast(page, "2 images uploaded");
  await islandsReady(page);
  const [first, second] = await imageOrder(page);
  await page.locator('[data-image-index="1"]').dragTo(page.locator('[data-image-index="0"]'));
  await expectToast(page, "Images reordered");
  assert.deepEqual(await imageOrder(page), [second, first]);

  // Alt text of the (new) main photo, saved in place.
  await page.getByLabel("Alt text of image 1").fill("T5 tube lit over a desert terrarium");
  await page.locator('[data-image-index="0"]').getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Alt text saved");

  // After a reload the order and the alt text are the server's.
  await page.reload();
  await islandsReady(page);
  assert.deepEqual(await imageOrder(page), [second, first]);
  assert.equal(
    await page.locator('[data-image-index="0"] img').getAttribute("alt"),
    "T5 tube lit over a desert terrarium",
  );

  // Options, then the matrix.
  await page.getByLabel("Option 1 name").fill("Size");
  await page.getByLabel("Option 1 values").fill("Small, Large");
  await page.getByLabel("Option 2 name").fill("UVB");
  await page.getByLabel("Option 2 values").fill("6%, 12%");
  await page.getByRole("button", { name: "Save options" }).click();
  await expectToast(page, "Options saved");
  await page.getByText("4 combinations of the saved options").waitFor();
  await page.getByRole("button", { name: "Generate variants" }).click();
  await expectToast(page, "4 variants added");
  await islandsReady(page);
  const rows = page.locator("[data-variant-id]");
  assert.equal(await rows.count(), 4);
  const skus = await rows.locator("td:nth-child(2)").allTextContents();
  assert.deepEqual(skus.sort(), [
    "ARC-T5-KIT-LARGE-12",
    "ARC-T5-KIT-LARGE-6",
    "ARC-T5-KIT-SMALL-12",
    "ARC-T5-KIT-SMALL-6",
  ]);

  // One variant in stock: Large / 12%.
  await page.getByRole("button", { name: "Edit Large / 12%" }).click();
  await page.getByLabel("Stock", { exact: true }).fill("3");
  await page.getByRole("button", { name: "Save", exact: true }).last().click();
  await expectToast(page, "Variant updated successfully");

  await page.reload();
  await islandsReady(page);
  await fullPageShot(page, "admin-product-edit-one-page-desktop");
  // axe is injected as an inline script: a context that bypasses the page's CSP, signed in as the same admin.
  const audit = await e2e.browser.newContext({
    ...DESKTOP,
    bypassCSP: true,
    storageState: await e2e.context("desktop").storageState(),
  });
  const checked = await audit.newPage();
  await checked.goto(page.url());
  await islandsReady(checked);
  assert.deepEqual(await axeViolations(checked), []);
  // The same page on a phone: sections stack, the photo cards and the variant table stay usable.
  await checked.setViewportSize({ width: 390, height: 844 });
  await fullPageShot(checked, "admin-product-edit-one-page-phone");
  await checked.locator("#images").screenshot({ path: shotPath("admin-product-edit-images-phone") });
  await checked.locator("#variants").screenshot({ path: shotPath("admin-product-edit-variants-phone") });
  await audit.close();

  // The storefront: a select per option; picking Large and 12% lands on that variant.
  const shop = await e2e.context("desktop").newPage();
  await shop.goto(`${e2e.server.url}/product/arcadia-t5-uvb-kit`);
  await shop.locator('[data-island="BuyBox"][data-hydrated="true"]').waitFor({ state: "attached" });
  await shop.getByLabel("Size", { exact: true }).selectOption("Large");
  await shop.getByLabel("UVB", { exact: true }).selectOption("12%");
  await shop.locator('[data-buy-box] input[name="variantId"]').waitFor({ state: "attached" });
  assert.equal(await shop.locator("[data-buy-box]").getByRole("button", { name: /Add to Cart/i }).isVisible(), true);
  assert.equal((await shop.locator('[data-spec="sku"]').first().textContent())?.trim(), "ARC-T5-KIT-LARGE-12");
  assert.equal(
    await shop.locator("[data-gallery-main] img").first().getAttribute("alt"),
    "T5 tube lit over a desert terrarium",
  );
  await fullPageShot(shop, "product-option-selects-desktop");
  await shop.getByLabel("Size", { exact: true }).selectOption("Small");
  await shop.locator("[data-buy-box]").getByText(/This option is out of stock/).waitFor();
  await shop.close();

  // Duplicate: a draft copy with its own SKUs, opened at once.
  await page.getByRole("button", { name: "Duplicate" }).click();
  await page.waitForURL((url) => url.pathname !== editPath && /^\/admin\/products\/\d+$/.test(url.pathname));
  await expectToast(page, "Product duplicated");
  await page.getByRole("heading", { name: "Copy of Arcadia T5 UVB Kit" }).waitFor();
  await page.getByText("Draft: only staff see this product").waitFor();
  await islandsReady(page);
  const copySkus = await page.locator("[data-variant-id] td:nth-child(2)").allTextContents();
  assert.ok(copySkus.every((sku) => sku.endsWith("-COPY")), copySkus.join());
  assert.equal(await page.locator("[data-image-url]").count(), 2, "the photos come along");

  // The products list: each row's thumbnail is its main photo with its alt text (the drawing without photos).
  await page.goto(`${e2e.server.url}/admin/products?q=${encodeURIComponent("Arcadia T5 UVB Kit")}`);
  const thumbs = page.locator("[data-product-thumb]");
  assert.equal(await thumbs.count(), 2, "the product and its copy");
  assert.deepEqual(await thumbs.evaluateAll((els) => els.map((e) => e.getAttribute("alt"))), [
    "T5 tube lit over a desert terrarium",
    "T5 tube lit over a desert terrarium",
  ]);
  assert.match((await thumbs.first().getAttribute("src")) ?? "", /^\/media\/products\//);
  await fullPageShot(page, "admin-products-thumbnails-desktop");
  assert.deepEqual(errors, []);
  await page.close();
});

e2e.test("[e2e] product edit page without JavaScript: move a photo, save alt text, generate variants", async () => {
  const context = await e2e.browser.newContext({
    ...DESKTOP,
    javaScriptEnabled: false,
    storageState: await e2e.context("desktop").storageState(),
  });
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}/admin/products?q=${encodeURIComponent("Copy of Arcadia")}`);
  await page.getByRole("link", { name: "Copy of Arcadia T5 UVB Kit", exact: true }).click();
  await page.waitForURL(/\/admin\/products\/\d+$/);
  const before = await imageOrder(page);
  await page.getByRole("button", { name: "Move image 2 left" }).click();
  await page.waitForLoadState();
  assert.deepEqual(await imageOrder(page), [before[1], before[0]]);
  await page.getByLabel("Alt text of image 2").fill("The kit in its box");
  await page.locator('[data-image-index="1"]').getByRole("button", { name: "Save" }).click();
  await page.waitForLoadState();
  assert.equal(await page.getByLabel("Alt text of image 2").inputValue(), "The kit in its box");
  // A value added to an option, then Generate: only the new combinations are added.
  await page.getByLabel("Option 1 values").fill("Small, Large, Medium");
  await page.getByRole("button", { name: "Save options" }).click();
  await page.getByText("6 combinations of the saved options").waitFor();
  await page.getByRole("button", { name: "Generate variants" }).click();
  await page.waitForLoadState();
  assert.equal(await page.locator("[data-variant-id]").count(), 6);
  await fullPageShot(page, "admin-product-edit-no-js-desktop");
  await context.close();
});

e2e.registerStopTest();
