/**
 * Information pages in a real browser: the lazily loaded PVC landing page, the track-order form,
 * and screenshots of the legal and help pages. The shop runs on an on-disk PGlite prepared here with
 * the demo catalogue and one order (the server's own in-memory database could not be given one).
 */
import assert from "node:assert/strict";
import type { Db } from "../../db/client.ts";
import { orders } from "../../db/schema/mod.ts";
import { createUser } from "../helpers/factories.ts";
import { DESKTOP, fullPageShot, PHONE, useShopInBrowser, viewportShot, watchedPage } from "../helpers/e2e.ts";

const ORDER = { number: "RB-1741161600999", email: "naledi@example.co.za" };

const e2e = useShopInBrowser({
  start: "[e2e] info: start the shop (demo catalogue plus one order) and the browser",
  stop: "[e2e] info: stop the shop and the browser",
  database: { withAccounts: false, fill: addOrder },
});

/** One customer and one shipped order, for the track-order form. */
async function addOrder(db: Db) {
  const user = await createUser(db, { username: "naledi", email: ORDER.email });
  await db.insert(orders).values({
    userId: user.id,
    orderNumber: ORDER.number,
    status: "shipped",
    total: "4850.00",
    shippingMethod: "standard",
    paymentId: "pi_test_e2e",
  });
}

e2e.test("[e2e] info: the PVC landing page shows the loading text, then the content", async () => {
  const { page, errors } = await watchedPage(e2e.browser, { view: DESKTOP });
  // Hold the content request until the loading state has been seen.
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route("**/landing/pvc-enclosures/content", async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(e2e.server.url + "/landing/pvc-enclosures");
  const loading = page.getByText("Loading specialized landing page...");
  await loading.waitFor();
  assert.equal(await loading.isVisible(), true);
  await page.locator('[data-island="LandingLoader"][data-hydrated="true"]').waitFor();
  assert.equal(await page.locator("[data-landing-content]").count(), 0, "no content before it loads");
  await viewportShot(page, "landing-loading");
  release();
  await page.locator("[data-landing-content]").waitFor();
  assert.equal(await loading.count(), 0, "the loading text is gone");
  assert.equal(await page.locator("h1").textContent(), "PVC Reptile Enclosures");
  const cards = page.locator("[data-landing-content] article h3 a");
  assert.ok(await cards.count() >= 4);
  assert.ok((await cards.allTextContents()).every((t) => t.includes("PVC")));
  await cards.filter({ hasText: "120x60x60" }).click();
  await page.waitForURL("**/product/karoo-reptile-co-pvc-enclosure-120x60x60");
  await page.goBack();
  await page.locator("[data-landing-content]").waitFor();
  await fullPageShot(page, "landing-pvc-enclosures");
  assert.deepEqual(errors, []);
  await page.close();
});

e2e.test("[e2e] info: without JavaScript the landing page links to the full page", async () => {
  const context = await e2e.browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(e2e.server.url + "/landing/pvc-enclosures");
  assert.equal(await page.getByText("Loading specialized landing page...").isVisible(), false);
  await page.getByRole("link", { name: "Open the PVC enclosures page" }).click();
  await page.waitForURL("**/landing/pvc-enclosures?view=full");
  assert.ok(await page.getByRole("heading", { name: "Why keepers choose PVC over glass" }).isVisible());
  await context.close();
});

e2e.test("[e2e] info: the track-order form finds an order and refuses a wrong e-mail", async () => {
  const { page, errors } = await watchedPage(e2e.browser, { view: DESKTOP });
  await page.goto(e2e.server.url + "/");
  await page.getByRole("navigation", { name: "Help" }).getByRole("link", { name: "Track Order" }).click();
  await page.waitForURL("**/track-order");
  await page.getByLabel("Order number").fill(ORDER.number);
  await page.getByLabel("E-mail address").fill(ORDER.email.toUpperCase());
  await page.getByRole("button", { name: "Track order" }).click();
  await page.waitForURL(/\/track-order\?orderNumber=RB-1741161600999&email=/);
  assert.equal(await page.locator("[data-order-status]").textContent(), "Shipped");
  assert.ok(await page.getByRole("heading", { name: `Order #${ORDER.number}` }).isVisible());
  await fullPageShot(page, "track-order-found");

  await page.getByLabel("E-mail address").fill("someone.else@example.co.za");
  await page.getByRole("button", { name: "Track order" }).click();
  await page.waitForURL(/email=someone\.else/);
  assert.ok(await page.getByText("We couldn't find an order with that number and e-mail address.").isVisible());
  assert.equal(await page.locator("[data-order-status]").count(), 0);

  await page.getByLabel("Order number").fill("12345");
  await page.getByRole("button", { name: "Track order" }).click();
  await page.waitForURL(/orderNumber=12345/);
  assert.ok(await page.getByText("Order numbers look like RB-").isVisible());
  await fullPageShot(page, "track-order-invalid");
  assert.deepEqual(errors.filter((e) => !/status of 400/.test(e)), []);
  await page.close();
});

e2e.test("[e2e] info: screenshots of terms, FAQs, privacy and help (desktop and mobile)", async () => {
  const { page, errors } = await watchedPage(e2e.browser, { view: DESKTOP });
  await page.goto(e2e.server.url + "/terms");
  assert.ok(await page.getByRole("heading", { name: "Supplier information" }).isVisible());
  await fullPageShot(page, "terms");
  await page.goto(e2e.server.url + "/faqs");
  const first = page.locator("details[data-faq]").first();
  await first.locator("summary").click();
  assert.equal(await first.evaluate((d) => (d as HTMLDetailsElement).open), true);
  await fullPageShot(page, "faqs");
  await page.goto(e2e.server.url + "/privacy");
  await fullPageShot(page, "privacy");
  await page.goto(e2e.server.url + "/help");
  await fullPageShot(page, "help");
  assert.deepEqual(errors, []);
  await page.close();

  const mobile = await e2e.browser.newContext(PHONE);
  const phone = await mobile.newPage();
  for (const path of ["/terms", "/contact", "/landing/pvc-enclosures"]) {
    await phone.goto(e2e.server.url + path);
    if (path.startsWith("/landing")) await phone.locator("[data-landing-content]").waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert.ok(overflow <= 0, `${path} fits a 390 px screen (overflow ${overflow}px)`);
    await fullPageShot(phone, `mobile${path.replaceAll("/", "-")}`);
  }
  await mobile.close();
});

e2e.registerStopTest();
