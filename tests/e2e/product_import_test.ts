/**
 * The product CSV screen in a real browser, as the demo admin: from the products list to
 * /admin/products/import, download the export, change a stock figure and add a product in it, upload
 * it for a preview (screenshot, axe), import it, then a bad file's row errors (screenshot, axe).
 */
import assert from "node:assert/strict";
import { demoAdmin, DESKTOP, expectToast, fullPageShot, useShopInBrowser, viewportShot } from "../helpers/e2e.ts";
import { axeViolations } from "../helpers/axe.ts";
import { csvRow, parseCsv } from "../../lib/csv.ts";

const e2e = useShopInBrowser({
  start: "[e2e] start the shop and the browser",
  stop: "[e2e] stop the shop and the browser",
  contexts: {
    // bypassCSP: axe is injected into the pages to check them (it only reads them).
    staff: { ...DESKTOP, acceptDownloads: true, bypassCSP: true },
  },
});

e2e.test("[e2e] product CSV: export, change, preview, import; a bad file shows its rows' errors", async () => {
  // A refused file answers 422, which the console logs as a failed resource.
  const { page, errors } = await e2e.signedInPage(e2e.context("staff"), demoAdmin, {
    via: "/admin/products",
    ignore: /status of 422/,
  });
  await viewportShot(page, "admin-products-import-link");
  await page.getByRole("link", { name: "Import / export CSV" }).click();
  await page.waitForURL(/\/admin\/products\/import$/);
  assert.deepEqual(await axeViolations(page), []);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  assert.match(download.suggestedFilename(), /^products-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = await Deno.readTextFile((await download.path())!);
  const [header, ...rows] = parseCsv(exported);
  const col = (name: string) => header.indexOf(name);
  const single = rows.find((r) => r[col("Variant Name")] === "")!;
  const sku = single[col("Variant SKU")];
  const stock = Number(single[col("Variant Inventory Qty")]);
  single[col("Variant Inventory Qty")] = String(stock + 5);
  const added = header.map(() => "");
  added[col("Handle")] = "cork-background-60cm";
  added[col("Title")] = "Cork background, 60cm";
  added[col("Variant SKU")] = "CORK-BG-60";
  added[col("Variant Price")] = "349.00";
  added[col("Variant Inventory Qty")] = "4";
  const file = await Deno.makeTempFile({ suffix: ".csv" });
  await Deno.writeTextFile(file, [header, ...rows, added].map(csvRow).join("\r\n") + "\r\n");

  await page.getByLabel("CSV file").setInputFiles(file);
  await page.getByRole("button", { name: "Preview import" }).click();
  await page.getByRole("heading", { name: "Preview" }).waitFor();
  const summary = await page.locator("[data-import-summary]").innerText();
  assert.match(summary, /^1 to create, 1 to update, \d+ unchanged/);
  assert.match(await page.locator("[data-preview-row]").first().innerText(), new RegExp(sku));
  await fullPageShot(page, "admin-product-import-preview");
  assert.deepEqual(await axeViolations(page), []);

  await page.getByRole("button", { name: "Import", exact: true }).click();
  await page.waitForURL(/\/admin\/products\/import$/);
  await expectToast(page, "Products imported", /1 create, 1 update/);
  const check = await page.request.get(`${e2e.server.url}/api/admin/products/export.csv?q=CORK-BG-60`);
  assert.match(await check.text(), /cork-background-60cm,"Cork background, 60cm"/);

  const bad = await Deno.makeTempFile({ suffix: ".csv" });
  await Deno.writeTextFile(
    bad,
    "Handle,Title,Variant SKU,Variant Price,Variant Compare At Price\r\n" +
      "ok-one,OK,OK-1,10.00,\r\nbad-price,Bad,BAD-1,ten rand,\r\nno-title,,NEW-9,5.00,\r\n",
  );
  await page.getByLabel("CSV file").setInputFiles(bad);
  await page.getByRole("button", { name: "Preview import" }).click();
  await page.getByRole("heading", { name: "Nothing was imported" }).waitFor();
  assert.deepEqual(await page.locator("[data-error-row]").allInnerTexts(), [
    "3\tVariant Price\tVariant Price must be a number",
  ]);
  await fullPageShot(page, "admin-product-import-errors");
  assert.deepEqual(await axeViolations(page), []);
  await Deno.remove(file);
  await Deno.remove(bad);
  assert.deepEqual(errors, []);
});

e2e.registerStopTest();
