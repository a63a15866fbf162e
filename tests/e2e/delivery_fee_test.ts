/**
 * The delivery fee in a real browser (issue 16): a R300 order shows the R95 fee in the cart and the
 * checkout review and pays it; a R1,600 one ships free; FREESHIP on R600 removes the fee.
 * Screenshots: the cart and the review of the R300 order, and the cart with FREESHIP.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { users } from "../../db/schema/mod.ts";
import { createAddress, createProduct } from "../helpers/factories.ts";
import { demoCustomer, DESKTOP, expectDisabled, fullPageShot, useShopInBrowser } from "../helpers/e2e.ts";

const e2e = useShopInBrowser({
  start: "[e2e delivery] start",
  stop: "[e2e delivery] stop",
  database: {
    withAccounts: true,
    async fill(db) {
      const [me] = await db.select().from(users).where(eq(users.username, demoCustomer.username));
      const address = await createAddress(db, me.id);
      await db.update(users).set({ defaultShippingAddressId: address.id }).where(eq(users.id, me.id));
      for (const [slug, price] of [["fee-r300", "300.00"], ["fee-r1600", "1600.00"], ["fee-r600", "600.00"]]) {
        await createProduct(db, { name: `Delivery test ${price}`, slug, sku: slug.toUpperCase(), price, stock: 20 });
      }
    },
  },
});

const text = async (page: Page, selector: string) =>
  ((await page.locator(selector).first().textContent()) ?? "").replace(/\s+/g, " ");

/** Empties the cart, then puts one of `slug` in it through the product page. */
async function cartWith(page: Page, slug: string) {
  const url = e2e.server.url;
  await page.goto(`${url}/cart`);
  const clear = page.getByRole("button", { name: "Clear Cart" });
  if (await clear.count()) {
    await clear.click();
    await page.getByText("Your Cart is Empty").waitFor();
  }
  await page.goto(`${url}/product/${slug}`);
  await page.locator('[data-island="BuyBox"][data-hydrated="true"]').waitFor();
  await page.locator('[data-island="BuyBox"] form[data-cart-add] button[type=submit]').click();
  await page.getByText("Added to cart", { exact: true }).waitFor();
  await page.goto(`${url}/cart`);
  await page.locator('[data-island="CartView"][data-hydrated="true"]').waitFor();
}

e2e.test("[e2e delivery] R300 pays the R95 fee, R1,600 ships free, FREESHIP on R600 removes the fee", async () => {
  const context = await e2e.browser.newContext(DESKTOP);
  const { page, errors } = await e2e.signedInPage(context, demoCustomer);
  const url = e2e.server.url;

  // R300: the fee in the cart, with how much more buys free delivery.
  await cartWith(page, "fee-r300");
  assert.match(await text(page, "[data-delivery]"), /^R\s95,00$/);
  assert.match(await text(page, "[data-total]"), /^R\s395,00$/);
  assert.match(await text(page, "[data-delivery-note]"), /Add R\s1\s200,00 more for free delivery\./);
  assert.match(await text(page, "[data-coupon-hints]"), /WELCOME10.*FREESHIP.*BUY2GET1/);
  await fullPageShot(page, "delivery-cart-r300");

  // The review shows it for standard delivery, and the order pays it.
  await page.goto(`${url}/checkout`);
  await page.locator('[data-island="ShippingMethodChooser"][data-hydrated="true"]').waitFor();
  assert.match(await text(page, "[data-order-total-panel] [data-shipping]"), /^R\s95,00$/);
  assert.match(await text(page, "[data-order-total-panel] [data-total]"), /^R\s395,00$/);
  assert.match(await text(page, "[data-price-standard]"), /^R\s95,00$/);
  // The checkout's coupon box behaves like the cart's: Apply waits for a code, the code is checked on blur.
  const box = page.locator('[data-island="CheckoutCoupon"]');
  await page.waitForSelector('[data-island="CheckoutCoupon"][data-hydrated="true"]');
  await expectDisabled(box.getByRole("button", { name: "Apply" }), true, "Apply is disabled while the box is empty");
  await box.getByLabel("Coupon code").fill("nosuchcode");
  assert.equal(await box.getByLabel("Coupon code").inputValue(), "NOSUCHCODE", "typed in capitals");
  await expectDisabled(box.getByRole("button", { name: "Apply" }), false, "a code enables Apply");
  await box.getByLabel("Coupon code").blur();
  await box.locator("#checkout-coupon-message").filter({ hasText: /\S/ }).waitFor();
  await fullPageShot(page, "checkout-coupon-checked-on-blur");
  await box.getByLabel("Coupon code").fill("");
  await fullPageShot(page, "delivery-checkout-review-r300");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await page.waitForURL(/\/checkout\?order=\d+$/);
  await page.locator('[data-island="CheckoutPayment"] [data-payment-state="ready"]').waitFor();
  assert.match(await text(page, "[data-payment-total]"), /^R\s395,00$/);
  const form = page.locator('[data-island="CheckoutPayment"]');
  await form.getByLabel("Card number").fill("4242 4242 4242 4242");
  await form.getByLabel("Expiry (MM/YY)").fill("12/34");
  await form.getByLabel("CVC").fill("123");
  await form.getByRole("button", { name: /^Pay R\s395,00$/ }).click();
  await page.getByRole("heading", { name: "Thank you for your order!" }).waitFor();

  // R1,600: free standard delivery.
  await cartWith(page, "fee-r1600");
  assert.equal(await text(page, "[data-delivery]"), "Free");
  assert.match(await text(page, "[data-total]"), /^R\s1\s600,00$/);
  await page.goto(`${url}/checkout`);
  assert.equal(await text(page, "[data-order-total-panel] [data-shipping]"), "Free");

  // R600 pays the fee until FREESHIP is applied.
  await cartWith(page, "fee-r600");
  assert.match(await text(page, "[data-delivery]"), /^R\s95,00$/);
  await page.getByLabel("Coupon code").fill("FREESHIP");
  await page.getByRole("button", { name: "Apply" }).click();
  await page.getByText("Coupon Applied", { exact: true }).waitFor();
  await page.waitForFunction(() => document.querySelector("[data-delivery]")?.textContent === "Free");
  assert.match(await text(page, "[data-total]"), /^R\s600,00$/);
  assert.match(await text(page, "[data-delivery-note]"), /Free delivery with your coupon/);
  await fullPageShot(page, "delivery-cart-freeship-r600");
  await page.goto(`${url}/checkout`);
  assert.equal(await text(page, "[data-order-total-panel] [data-shipping]"), "Free");
  assert.match(await text(page, "[data-order-total-panel] [data-total]"), /^R\s600,00$/);

  assert.deepEqual(errors, []);
  await context.close();
});

e2e.registerStopTest();
