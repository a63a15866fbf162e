/**
 * The catalogue's back office in a real browser, as the demo admin: create a product with the plain
 * form, add a pre-order variant in the variant editor island, change its price, see the price on the
 * storefront's product page and the change in the audit log. Screenshots at 1280 px and 390 px.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { demoAdmin, DESKTOP, expectToast, fullPageShot, PHONE, useShopInBrowser } from "../helpers/e2e.ts";
import { testJpeg } from "../helpers/images.ts";

const e2e = useShopInBrowser({
  start: "[e2e] start the shop and the browser",
  stop: "[e2e] stop the shop and the browser",
  contexts: {
    desktop: DESKTOP,
    phone: PHONE,
  },
});

async function editorReady(page: Page) {
  await page.locator('[data-island="VariantEditor"][data-hydrated="true"]').waitFor({ state: "attached" });
  await page.locator('[data-island="Toaster"][data-hydrated="true"]').waitFor({ state: "attached" });
}

let productPath = "";
let productSlug = "";

e2e.test(
  "[e2e] admin catalogue: create a product, add a pre-order variant, change its price, see it on the shop",
  async () => {
    const { page, errors } = await e2e.signedInPage(e2e.context("desktop"), demoAdmin, { via: "/admin/products/new" });

    await page.getByLabel("Name", { exact: true }).fill("Zoo Med Bamboo Hide Large");
    await page.getByLabel("SKU", { exact: true }).fill("ZM-BAMBOO-L");
    await page.getByLabel("Description", { exact: true }).fill("A natural bamboo hide for geckos and small snakes.");
    await page.getByLabel("Price (R)").fill("249.00");
    await page.getByLabel("Featured").check();
    await page.getByRole("button", { name: "Create product" }).click();
    await page.waitForURL(/\/admin\/products\/\d+$/);
    productPath = new URL(page.url()).pathname;
    const productId = Number(productPath.split("/").pop());
    await expectToast(page, "Product created");
    productSlug = await page.getByLabel("Slug").inputValue();
    assert.equal(productSlug, "zoo-med-bamboo-hide-large");

    // A photo through the images panel of the edit page: stored as WebP sizes, shown first.
    await page.getByLabel("Add images").setInputFiles({
      name: "bamboo-hide.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from(await testJpeg(900, 600)),
    });
    await page.getByRole("button", { name: "Upload" }).click();
    await page.waitForURL((url) => url.pathname === productPath);
    await expectToast(page, "Image uploaded");
    const photo = page.locator('img[src^="/media/products/"]').first();
    await photo.waitFor();
    assert.match((await photo.getAttribute("src")) ?? "", /-\d+\.webp$/);
    await fullPageShot(page, "admin-product-edit-desktop");

    // The dashboard's variant editor for the new product.
    await page.goto(`${e2e.server.url}/admin?tab=products&product=${productId}`);
    await editorReady(page);
    await page.getByText("This product has no variants yet").waitFor();
    await page.getByRole("button", { name: "Add First Variant" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Name and SKU are required").waitFor();
    await page.getByLabel("Name", { exact: true }).fill("Large (pre-order)");
    await page.getByLabel("SKU", { exact: true }).fill("ZM-BAMBOO-L-PRE");
    await page.getByLabel("Price", { exact: true }).fill("269.00");
    await page.getByLabel("Stock", { exact: true }).fill("0");
    await page.getByLabel("Dimensions").fill("30x20x15cm");
    await page.getByRole("switch", { name: "Available for Pre-order" }).click();
    await page.getByLabel("Pre-order Discount (%)").fill("10");
    await page.getByLabel("Expected Arrival Date").fill("2027-02-15");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Variant added successfully");
    const row = page.locator("[data-variant-id]").filter({ hasText: "ZM-BAMBOO-L-PRE" });
    await row.waitFor();
    assert.match((await row.textContent()) ?? "", /Pre-order/);

    // A taken SKU: the server's message in an 'Error' toast.
    await page.getByRole("button", { name: "Add Variant" }).click();
    await page.getByLabel("Name", { exact: true }).fill("Duplicate");
    await page.getByLabel("SKU", { exact: true }).fill("ZM-BAMBOO-L-PRE");
    await page.getByLabel("Price", { exact: true }).fill("1");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Error", /A variant with SKU ZM-BAMBOO-L-PRE already exists/);
    await page.getByRole("button", { name: "Cancel" }).click();

    // Change the price: a sale price below the regular one.
    await row.getByRole("button", { name: "Edit Large (pre-order)" }).click();
    await page.getByLabel("Price", { exact: true }).fill("279.00");
    await page.getByLabel("Sale Price (optional)").fill("239.00");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Variant updated successfully");
    await page.locator("s", { hasText: /279,00/ }).waitFor();
    await fullPageShot(page, "admin-variant-editor-desktop");

    // Its audit log shows the create and the price change.
    await row.getByRole("link", { name: "Audit log of Large (pre-order)" }).click();
    await page.getByText("Audit Logs: Large (pre-order)").waitFor();
    const entries = page.locator("[data-audit-action]");
    await entries.first().waitFor();
    assert.deepEqual(await entries.evaluateAll((els) => els.map((e) => e.getAttribute("data-audit-action"))), [
      "update",
      "create",
    ]);
    const title = await entries.first().locator("td").last().getAttribute("title");
    assert.match(title ?? "", /"price":\{[^}]*"before":"269.00"/);
    assert.match(title ?? "", /"price":\{[^}]*"after":"279.00"/);
    await fullPageShot(page, "admin-variant-audit-desktop");

    // The storefront shows the new price; the shopper sees a pre-order.
    const shop = await e2e.context("desktop").newPage();
    await shop.goto(`${e2e.server.url}/product/${productSlug}`);
    const body = (await shop.locator("main").textContent()) ?? "";
    assert.match(body, /Zoo Med Bamboo Hide Large/);
    assert.match(body, /R\s?239,00/, "the variant's new sale price");
    assert.match(body, /R\s?279,00/, "its regular price, struck through");
    assert.match(body, /R\s?215,10/, "the sale price less the 10% pre-order discount");
    const shown = shop.locator('main img[srcset*="/media/products/"]').first();
    await shown.waitFor();
    assert.match((await shown.getAttribute("srcset")) ?? "", /-320\.webp 320w/, "the uploaded photo in sizes");
    await fullPageShot(shop, "admin-created-product-storefront-desktop");
    await shop.close();

    // Delete asks the spec's question first.
    await page.goto(`${e2e.server.url}/admin?tab=products&product=${productId}`);
    await editorReady(page);
    page.once("dialog", (d) => {
      assert.equal(d.message(), 'Are you sure you want to delete the variant "Large (pre-order)"?');
      d.dismiss();
    });
    await page.locator("[data-variant-id]").first().getByRole("button", { name: /^Edit / }).click();
    await page.getByRole("button", { name: "Delete" }).click();
    assert.equal(await page.locator("[data-variant-id]").count(), 1, "dismissed: the variant stays");
    assert.deepEqual(errors.filter((e) => !/409|Conflict/.test(e)), []);
    await page.close();
  },
);

e2e.test("[e2e] admin catalogue on a phone: products list, the dashboard tab and the categories", async () => {
  const { page } = await e2e.signedInPage(e2e.context("phone"), demoAdmin, { via: "/admin/products?q=bamboo" });
  await page.getByText("Zoo Med Bamboo Hide Large", { exact: true }).first().waitFor();
  await fullPageShot(page, "admin-products-phone");
  // The page never scrolls sideways: wide tables scroll inside their frame, and what they hide for
  // screen readers (position: absolute) stays in that frame too.
  assert.deepEqual(
    await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]),
    [PHONE.viewport.width, PHONE.viewport.width],
  );
  await page.goto(`${e2e.server.url}${productPath.replace(/^\/admin\/products\//, "/admin?tab=products&product=")}`);
  await editorReady(page);
  await fullPageShot(page, "admin-variant-editor-phone");
  await page.goto(`${e2e.server.url}/admin/categories`);
  await fullPageShot(page, "admin-categories-phone");
  const desk = await e2e.context("desktop").newPage();
  await desk.goto(`${e2e.server.url}/admin/products`);
  await fullPageShot(desk, "admin-products-desktop");
  await desk.goto(`${e2e.server.url}/admin/categories`);
  await fullPageShot(desk, "admin-categories-desktop");
  await desk.getByRole("link", { name: "Heating & Lighting" }).click();
  await desk.getByLabel("Parent category").waitFor();
  await fullPageShot(desk, "admin-category-edit-desktop");
  await desk.close();
  await page.close();
});

e2e.registerStopTest();
