/**
 * Paying by PayFast in a real browser, against the fake PayFast (tests/fakes/payfast.ts) in this
 * process: the demo customer (a default address and a thermostat in the cart) places the order,
 * picks 'Instant EFT, card and more with PayFast' beside the card form, cancels once on PayFast's
 * page (back at the payment step, order still open), goes again and pays; the fake sends the signed
 * ITN to the shop, which validates it with the fake and pays the order; the browser lands on the
 * confirmation. Screenshots: payment step, PayFast's page, confirmation, order page.
 */
import assert from "node:assert/strict";
import { startFakePayFast } from "../fakes/payfast.ts";
import { customerAtPaymentStep, expectPaidOrderPage, fullPageShot, useShopWithFakeProvider } from "../helpers/e2e.ts";

const PRODUCT = "Habistat Dimming Thermostat";
const MERCHANT = { merchantId: "10000100", passphrase: "jt7NOE43FZPn" };
const fake = startFakePayFast(MERCHANT);

const e2e = useShopWithFakeProvider("payfast", "PayFast", fake, PRODUCT);

e2e.test("[e2e payfast] pay an order on PayFast's page: cancel once, pay, ITN, confirmation", async () => {
  const url = e2e.server.url;
  const { page, errors, orderId } = await customerAtPaymentStep(e2e);
  const method = page.locator('[data-payment-method="payfast"]');
  assert.match((await method.textContent()) ?? "", /Instant EFT, card and more with PayFast/);
  await page.locator('[data-island="PayFastPayment"][data-hydrated="true"]').waitFor({ state: "attached" });
  await fullPageShot(page, "payfast-payment-step");

  // To PayFast's page, and back with Cancel: the payment step again, the order still open.
  await method.getByRole("button", { name: "Continue to PayFast" }).click();
  await page.waitForURL(`${fake.url}/eng/process`);
  assert.match((await page.locator("[data-amount]").textContent()) ?? "", /R 1394\.00/);
  await fullPageShot(page, "payfast-hosted-page");
  await page.getByRole("button", { name: "Cancel payment" }).click();
  await page.waitForURL(`${url}/checkout?order=${orderId}`);
  await page.locator('[data-island="PayFastPayment"][data-hydrated="true"]').waitFor({ state: "attached" });
  assert.equal(fake.sent.length, 0, "a cancel sends no ITN");

  // Again, and pay: the ITN reaches the shop before the browser is sent back.
  await method.getByRole("button", { name: "Continue to PayFast" }).click();
  await page.waitForURL(`${fake.url}/eng/process`);
  await page.getByRole("button", { name: "Pay now" }).click();
  await page.waitForURL(`${url}/checkout?order=${orderId}&confirmed=1&provider=payfast`);
  await page.locator(`[data-order-confirmed="${orderId}"]`).waitFor();
  assert.equal(fake.sent.length, 1);
  assert.equal(fake.sent[0].status, 200);
  assert.deepEqual(fake.validations.map((v) => v.answer), ["VALID"]);
  await fullPageShot(page, "payfast-confirmation");

  await expectPaidOrderPage(page, { url, orderId, method: /PayFast/, shot: "payfast-order-page", errors });
  await page.close();
});

e2e.registerStopTest();
