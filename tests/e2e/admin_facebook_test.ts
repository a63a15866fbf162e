/**
 * The Facebook Commerce tab in a real browser, as the demo admin: 'Not Connected' until a token is
 * saved (empty refused with the spec's text), then Connected; 'Import Products' reads the fake
 * Graph API's two pages, the green result box counts the new products, the imported products are on
 * the storefront with their downloaded images, a second import creates none, and a refused token
 * turns the box red with Facebook's message. Screenshots at 1280 px and 390 px.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { demoAdmin, DESKTOP, expectToast, fullPageShot, PHONE, useShopInBrowser, watchedPage } from "../helpers/e2e.ts";
import { type FakeGraphApi, sampleCatalogue, startFakeGraphApi } from "../fakes/graph_api.ts";

let graph: FakeGraphApi;
let mediaDir: string;

const e2e = useShopInBrowser({
  start: "[e2e] facebook: start the fake Graph API, the shop and the browser",
  stop: "[e2e] facebook: stop the shop, the browser and the fake Graph API",
  database: { withAccounts: true },
  env: async () => {
    graph = startFakeGraphApi({ items: sampleCatalogue });
    mediaDir = await Deno.makeTempDir({ prefix: "shop-e2e-media-" });
    return { META_GRAPH_API_BASE: graph.url, META_CATALOG_ID: graph.catalogId, MEDIA_DIR: mediaDir };
  },
  contexts: {
    desktop: DESKTOP,
  },
  stopped: async () => {
    await graph.stop();
    await Deno.remove(mediaDir, { recursive: true });
  },
});

async function openTab(page: Page) {
  await page.goto(`${e2e.server.url}/admin?tab=facebook`);
  await page.locator('[data-island="FacebookCommerce"][data-hydrated="true"]').waitFor({ state: "attached" });
}

e2e.test("[e2e] facebook: save a token, import the catalogue twice, see the products", async () => {
  const { page, errors } = await e2e.signedInPage(e2e.context("desktop"), demoAdmin, { via: "/admin?tab=facebook" });
  await openTab(page);
  assert.equal(await page.locator("[data-fb-status]").textContent(), "Not Connected");
  assert.equal(await page.locator("[data-fb-catalogue-id]").textContent(), graph.catalogId);
  assert.equal(await page.locator("[data-fb-api-version]").textContent(), "v18.0");
  assert.equal(await page.locator("[data-fb-import]").isDisabled(), true, "no import without a token");

  await page.getByRole("button", { name: "Save Token" }).click();
  await expectToast(page, "Error", /Please enter an access token/);
  await page.locator("#fb-access-token").fill(graph.token);
  let releaseSave = () => {};
  const saveHeld = new Promise<void>((resolve) => releaseSave = resolve);
  await page.route("**/api/admin/facebook-settings", async (route) => {
    await saveHeld;
    await route.continue();
  });
  await page.getByRole("button", { name: "Save Token" }).click();
  await page.getByRole("button", { name: "Saving..." }).waitFor();
  releaseSave();
  await expectToast(page, "Success", /Facebook access token saved successfully/);
  await page.unroute("**/api/admin/facebook-settings");
  await page.locator('[data-fb-status="connected"]').waitFor();
  assert.equal(await page.locator("[data-fb-status]").textContent(), "Connected");
  assert.equal(await page.locator("#fb-access-token").inputValue(), "", "the token is not put back");
  assert.doesNotMatch(await page.content(), new RegExp(graph.token));

  assert.equal(await page.getByRole("switch", { name: "Download product images" }).isChecked(), true);
  // Hold the import a moment to see the button while it runs.
  let release = () => {};
  const held = new Promise<void>((resolve) => release = resolve);
  await page.route("**/api/admin/facebook-import", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Import Products" }).click();
  const busy = page.locator("[data-fb-import]");
  await page.getByRole("button", { name: "Importing Products..." }).waitFor();
  assert.equal(await busy.isDisabled(), true);
  release();
  await expectToast(page, "Success", /Imported 4 products from Facebook Commerce Manager/);
  await page.unroute("**/api/admin/facebook-import");
  const box = page.locator('[data-fb-result="success"]');
  await box.waitFor();
  assert.match((await box.textContent()) ?? "", /Read 4 products from 2 pages.*Successfully imported 4 new products\./);
  await fullPageShot(page, "admin-facebook-desktop");

  // The imported terrarium on the storefront, its picture served by the shop.
  await page.goto(`${e2e.server.url}/product/exo-terra-glass-terrarium-60x45x45`);
  await page.getByRole("heading", { name: "Exo Terra Glass Terrarium 60x45x45" }).waitFor();
  const src = await page.locator("main img").first().getAttribute("src");
  assert.match(src ?? "", /\/media\/products\//);
  const image = await page.request.get(new URL(src!, e2e.server.url).href);
  assert.equal(image.status(), 200);
  await fullPageShot(page, "admin-facebook-imported-product");

  graph.items[0].price = "R2,599.00";
  await openTab(page);
  await page.getByRole("button", { name: "Import Products" }).click();
  await expectToast(page, "Success", /Imported 0 products from Facebook Commerce Manager/);
  assert.match(
    (await page.locator('[data-fb-result="success"]').textContent()) ?? "",
    /1 updated, 3 unchanged.*Successfully imported 0 new products\./,
  );
  assert.deepEqual(errors, []);
  await page.close();
});

e2e.test("[e2e] facebook: a refused token turns the result box red with Facebook's message", async () => {
  const { page, errors } = await watchedPage(e2e.context("desktop"), { ignore: /status of 422/ });
  await openTab(page);
  await page.locator("#fb-access-token").fill("EAAB-revoked");
  await page.getByRole("button", { name: "Save Token" }).click();
  await expectToast(page, "Success", /Facebook access token saved successfully/);
  await page.locator('[data-island="FacebookCommerce"][data-hydrated="true"]').waitFor({ state: "attached" });
  await page.getByRole("button", { name: "Import Products" }).click();
  await expectToast(page, "Error", /Invalid OAuth access token/);
  const box = page.locator('[data-fb-result="error"]');
  await box.waitFor();
  assert.match((await box.textContent()) ?? "", /Facebook refused the request: Invalid OAuth access token/);
  await fullPageShot(page, "admin-facebook-refused");
  assert.deepEqual(errors, []);
  await page.close();
});

e2e.test("[e2e] facebook: without JavaScript the forms still save the token and import", async () => {
  const noJs = await e2e.browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
  const { page } = await e2e.signedInPage(noJs, demoAdmin, { via: "/admin?tab=facebook" });
  await page.locator("#fb-access-token").fill(graph.token);
  await page.getByRole("button", { name: "Save Token" }).click();
  await page.waitForURL(`${e2e.server.url}/admin?tab=facebook`);
  assert.match((await page.locator("[data-toast]").textContent()) ?? "", /Facebook access token saved successfully/);
  await page.getByRole("button", { name: "Import Products" }).click();
  await page.waitForURL(`${e2e.server.url}/admin?tab=facebook`);
  assert.match((await page.locator("[data-toast]").textContent()) ?? "", /Imported 0 products from Facebook/);
  assert.match(
    (await page.locator('[data-fb-result="success"]').textContent()) ?? "",
    /Successfully imported 0 new products\./,
  );
  await noJs.close();
});

e2e.test("[e2e] facebook: the tab on a phone", async () => {
  const phone = await e2e.browser.newContext(PHONE);
  const { page } = await e2e.signedInPage(phone, demoAdmin, { via: "/admin?tab=facebook" });
  await openTab(page);
  await fullPageShot(page, "admin-facebook-phone");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `no sideways scrolling on a phone (${width}px)`);
  await phone.close();
});

e2e.registerStopTest();
