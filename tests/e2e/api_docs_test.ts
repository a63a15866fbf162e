/** The API reference page (/api/docs) in a real browser: it renders under the shop's CSP with no errors. */
import assert from "node:assert/strict";
import { DESKTOP, fullPageShot, useShopInBrowser, watchedPage } from "../helpers/e2e.ts";

const e2e = useShopInBrowser({
  start: "[e2e] api docs: start the shop and the browser",
  stop: "[e2e] api docs: stop the shop and the browser",
});

e2e.test("[e2e] api docs: every operation is listed, and a schema opens", async () => {
  const { page, errors } = await watchedPage(e2e.browser, { view: DESKTOP });
  await page.goto(`${e2e.server.url}/api/docs`);
  await page.getByRole("heading", { level: 1, name: /API$/ }).waitFor();
  const doc = await (await page.request.get(`${e2e.server.url}/api/openapi.json`)).json();
  const count = Object.values(doc.paths as Record<string, object>).reduce((n, ops) => n + Object.keys(ops).length, 0);
  assert.equal(await page.locator("main section h2").count(), count);
  const add = page.locator("section", { has: page.locator("h2", { hasText: /^post\s*\/api\/cart$/ }) });
  await add.getByText("Request body").click();
  await add.getByText(/"productId"/).first().waitFor();
  await fullPageShot(page, "api-docs");
  assert.deepEqual(errors, []);
  await page.close();
});

e2e.registerStopTest();
