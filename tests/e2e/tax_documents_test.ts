/**
 * The tax invoice in a real browser: the demo customer buys with the offline test provider's 4242
 * card (through the shop's own API, as the checkout page does), opens the order page and downloads
 * the invoice from its link; the download is a PDF whose text names the invoice. Page 1 is drawn
 * to a PNG (pdftoppm) beside the page's screenshot, to look at. Then staff find that invoice in
 * the month's VAT report (/admin/reports) and download the documents' CSV.
 */
import assert from "node:assert/strict";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, productVariants, users } from "../../db/schema/mod.ts";
import { createAddress } from "../helpers/factories.ts";
import { pdfPageOnePng, pdfText } from "../helpers/pdf.ts";
import { screenshotDir } from "../helpers/browser.ts";
import { demoCustomer, DESKTOP, forAxe, fullPageShot, useShopInBrowser } from "../helpers/e2e.ts";
import { axeViolations } from "../helpers/axe.ts";
import { parseCsv } from "../../lib/csv.ts";
import { formatMoney } from "../../lib/money.ts";

let productId = 0;
/** The invoice the first test's purchase got, and what was paid (rand), for the report test. */
let invoiceNumber = "";
let orderTotal = 0;

/** The demo customer gets a default delivery address; a product with stock is picked to buy. */
async function prepare(db: Db) {
  const [customer] = await db.select().from(users).where(eq(users.username, demoCustomer.username));
  const address = await createAddress(db, customer.id);
  await db.update(users).set({ defaultShippingAddressId: address.id }).where(eq(users.id, customer.id));
  const [row] = await db.select({ id: products.id }).from(products)
    .where(and(
      gt(products.stock, 5),
      isNull(products.archivedAt),
      sql`not exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id})`,
    )).orderBy(products.id).limit(1);
  productId = row.id;
}

const e2e = useShopInBrowser({
  start: "[e2e tax documents] start",
  stop: "[e2e tax documents] stop",
  database: { withAccounts: true, fill: prepare },
  contexts: {
    desktop: { ...DESKTOP, acceptDownloads: true },
  },
});

e2e.test("[e2e tax documents] a customer downloads the tax invoice of a paid order from the order page", async () => {
  const url = e2e.server.url;
  const { page, errors } = await e2e.signedInPage(e2e.context("desktop"), demoCustomer);
  const headers = { Origin: url, "Content-Type": "application/json" };
  const post = async (path: string, data: unknown) => {
    const res = await page.request.post(url + path, { headers, data });
    assert.ok(res.ok(), `${path}: ${res.status()} ${await res.text()}`);
    return await res.json();
  };
  await post("/api/cart", { productId, quantity: 2 });
  const order = await post("/api/orders", { shippingMethod: "standard" });
  const start = await post("/api/payments/create-intent", { orderId: order.id });
  await post("/api/payments/test-confirm", { clientSecret: start.clientSecret, cardNumber: "4242 4242 4242 4242" });

  await page.goto(`${url}/order/${order.id}`);
  const link = page.locator("[data-invoice-link]");
  await link.waitFor();
  assert.match(await link.innerText(), /Tax invoice INV-\d{6} \(PDF\)/);
  await fullPageShot(page, "tax-invoice-order-page");
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  assert.match(download.suggestedFilename(), /^INV-\d{6}\.pdf$/);
  const path = await download.path();
  const bytes = await Deno.readFile(path);
  assert.equal(new TextDecoder().decode(bytes.slice(0, 5)), "%PDF-");
  const text = await pdfText(bytes);
  assert.match(text, /Tax Invoice/);
  assert.match(text, new RegExp(download.suggestedFilename().replace(".pdf", "")));
  assert.match(text, new RegExp(order.orderNumber));
  assert.match(text, /VAT \(15%\)/);
  await pdfPageOnePng(bytes, `${screenshotDir}tax-invoice-page-1`);

  // The account's orders list links to it too.
  await page.goto(`${url}/account?tab=orders`);
  await page.locator(`[data-order-row="${order.orderNumber}"] [data-invoice-link]`).waitFor();
  assert.deepEqual(errors, []);
  await page.close();
  invoiceNumber = download.suggestedFilename().replace(".pdf", "");
  orderTotal = order.total;
});

e2e.test("[e2e tax documents] staff find the invoice in this month's VAT report and download the list", async () => {
  // A browser of staff's own: the shared one is the customer's.
  const staff = { ...forAxe(DESKTOP), acceptDownloads: true };
  const { page, errors } = await e2e.adminPage(staff, { via: "/admin/reports" });
  await page.getByRole("link", { name: "Reports" }).first().waitFor();
  const invoices = page.locator("tr", { has: page.getByText("Tax invoices", { exact: true }) });
  assert.match(await invoices.innerText(), /^Tax invoices\s+1\s/);
  // The invoice's VAT is 15/115 of what was paid.
  const vat = Math.round((Math.round(orderTotal * 100) * 15) / 115) / 100;
  assert.equal(await page.locator('[data-vat="net"]').innerText(), formatMoney(Math.round(vat * 100)));
  assert.deepEqual(await axeViolations(page), []);
  await fullPageShot(page, "admin-reports");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.locator('[data-download="tax-documents"]').click(),
  ]);
  assert.match(download.suggestedFilename(), /^tax-documents-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parseCsv(await Deno.readTextFile(await download.path()));
  assert.deepEqual(rows.slice(1).map((r) => [r[1], r[2], Number(r[9])]), [["Tax invoice", invoiceNumber, vat]]);

  // A period that cannot be: the page says so and shows this month.
  await page.getByLabel("From").fill("2026-12-31");
  await page.getByLabel("To").fill("2026-12-01");
  await page.getByRole("button", { name: "Show report" }).click();
  assert.match(
    await page.getByRole("alert").filter({ hasText: "Showing" }).innerText(),
    /on or before the end date\. Showing this month so far/,
  );
  assert.deepEqual(errors, []);
  await page.close();
});

e2e.registerStopTest();
