/**
 * The tax invoice in a real browser: the demo customer buys with the offline test provider's 4242
 * card (through the shop's own API, as the checkout page does), opens the order page and downloads
 * the invoice from its link; the download is a PDF whose text names the invoice. Page 1 is drawn
 * to a PNG (pdftoppm) beside the page's screenshot, to look at.
 */
import assert from "node:assert/strict";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, productVariants, users } from "../../db/schema/mod.ts";
import { createAddress } from "../helpers/factories.ts";
import { pdfPageOnePng, pdfText } from "../helpers/pdf.ts";
import { screenshotDir } from "../helpers/browser.ts";
import { demoCustomer, DESKTOP, fullPageShot, useShopInBrowser } from "../helpers/e2e.ts";

let productId = 0;

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
});

e2e.registerStopTest();
