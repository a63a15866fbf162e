/**
 * A loyalty reward code at checkout in a real browser, with the offline test payment provider: the
 * demo customer (given a default address, a thermostat in the cart and an 'R120 off your order'
 * code) places the order, meets the Reward code box at the payment step (empty and unknown codes
 * get 'Validation Failed'), applies the code with JavaScript, sees the new total and pays it with
 * 4242 4242 4242 4242. Screenshots: the payment step with the box (desktop and phone), and after.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { addresses, loyaltyRedemptions, loyaltyRewards, products, users } from "../../db/schema/mod.ts";
import { addToCart } from "../../domains/cart/mod.ts";
import { redemptionCode } from "../../domains/loyalty/mod.ts";
import {
  demoCustomer,
  DESKTOP,
  expectToast,
  fullPageShot,
  PHONE,
  toPaymentStep,
  useShopInBrowser,
} from "../helpers/e2e.ts";

/** A demo-catalogue product at R1,299. */
const PRODUCT = "Habistat Dimming Thermostat";
const CODE = redemptionCode();

const e2e = useShopInBrowser({
  start: "[e2e reward code] prepare a shop with a reward code, start it and the browser",
  stop: "[e2e reward code] stop the shop and the browser",
  env: () => ({ NODE_ENV: "test" }),
  database: { withAccounts: true, fill: prepare },
});

async function prepare(db: Db) {
  const [customer] = await db.select().from(users).where(eq(users.username, demoCustomer.username));
  const [address] = await db.select().from(addresses).where(eq(addresses.userId, customer.id));
  if (!customer.defaultShippingAddressId) {
    const id = address?.id ?? (await db.insert(addresses).values({
      userId: customer.id,
      isDefault: true,
      firstName: "Demo",
      lastName: "Customer",
      addressLine1: "12 Jacaranda Street",
      city: "Pretoria",
      state: "Gauteng",
      postalCode: "0181",
    }).returning())[0].id;
    await db.update(users).set({ defaultShippingAddressId: id }).where(eq(users.id, customer.id));
  }
  const [product] = await db.select().from(products).where(eq(products.name, PRODUCT));
  await addToCart(db, { userId: customer.id }, { productId: product.id, quantity: 1 });
  const [reward] = await db.select().from(loyaltyRewards).where(eq(loyaltyRewards.code, "R120OFF"));
  await db.insert(loyaltyRedemptions).values({
    userId: customer.id,
    rewardId: reward.id,
    pointsSpent: reward.pointsCost,
    code: CODE,
    expiresAt: new Date(Date.now() + 30 * 86_400_000),
  });
}

e2e.test("[e2e reward code] apply a reward code at the payment step, see the new total, pay it", async () => {
  const context = await e2e.browser.newContext(DESKTOP);
  const url = e2e.server.url;
  // The refused codes are answered 4xx, which the browser logs as failed resources: expected.
  const { page, errors } = await e2e.signedInPage(context, demoCustomer, {
    via: "/checkout",
    ignore: /status of 40\d/,
  });
  assert.match((await page.locator("[data-reward-hint]").textContent()) ?? "", /payment step/);
  const orderId = await toPaymentStep(page);
  await page.locator('[data-island="RewardCodeForm"][data-hydrated="true"]').waitFor({ state: "attached" });
  // R1,299 and R95 delivery (below R1,500 of goods).
  assert.match((await page.locator("[data-payment-total]").textContent()) ?? "", /R\s1\s394,00/);

  const box = page.locator("[data-reward-form]");
  await box.getByRole("button", { name: "Apply" }).click();
  await expectToast(page, "Validation Failed", /Please enter a redemption code/);
  await box.getByLabel(/Reward code/).fill("rwd-zzzzzzzz");
  assert.equal(await box.getByLabel(/Reward code/).inputValue(), "RWD-ZZZZZZZZ", "typed in capitals");
  await page.locator("#payment-title").click(); // leaving the input checks the code
  await expectToast(page, "Validation Failed", /Invalid redemption code/);
  assert.equal(await box.locator("[data-reward-message]").textContent(), "Invalid redemption code");
  await box.getByLabel(/Reward code/).fill(CODE);
  await fullPageShot(page, "checkout-reward-box-desktop");

  // The same box on a phone, before the code is applied.
  const phone = await e2e.browser.newContext(PHONE);
  const { page: phonePage } = await e2e.signedInPage(phone, demoCustomer, { via: `/checkout?order=${orderId}` });
  await phonePage.locator('[data-island="RewardCodeForm"][data-hydrated="true"]').waitFor({ state: "attached" });
  await fullPageShot(phonePage, "checkout-reward-box-phone");
  const width = await phonePage.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `no sideways scrolling on a phone (${width}px)`);
  await phone.close();

  await box.getByRole("button", { name: "Apply" }).click();
  // Applying reloads the page: the totals and the payment form come from the server again.
  await page.locator("[data-order-total-panel]").filter({ hasText: `Reward ${CODE}` }).waitFor();
  await expectToast(page, "Reward Applied", /R\s120,00 off your order/);
  await page.locator('[data-island="CheckoutPayment"] [data-payment-state="ready"]').waitFor();
  // R120 off the goods: R1,179 still pays delivery, R1,274 in all.
  assert.match((await page.locator("[data-payment-total]").textContent()) ?? "", /R\s1\s274,00/);
  assert.match((await page.locator("[data-order-total-panel] [data-total]").textContent()) ?? "", /R\s1\s274,00/);
  assert.equal(await page.locator("[data-reward-form]").count(), 0, "one code per order");
  await fullPageShot(page, "checkout-reward-applied-desktop");

  const form = page.locator('[data-island="CheckoutPayment"]');
  await form.getByLabel("Card number").fill("4242 4242 4242 4242");
  await form.getByLabel("Expiry (MM/YY)").fill("12/34");
  await form.getByLabel("CVC").fill("123");
  const pay = form.getByRole("button", { name: /^Pay R/ });
  assert.match((await pay.textContent()) ?? "", /1\s274,00/);
  await pay.click();
  await page.waitForURL(`${url}/checkout?order=${orderId}&confirmed=1`);
  await page.getByRole("heading", { name: "Thank you for your order!" }).waitFor();
  assert.equal(await page.locator("[data-points-earned]").getAttribute("data-points-earned"), "1274");

  await page.goto(`${url}/order/${orderId}`);
  assert.match((await page.locator("[data-order-summary]").textContent()) ?? "", new RegExp(`Reward ${CODE}`));
  assert.deepEqual(errors, []);
  await context.close();
});

e2e.registerStopTest();
