/**
 * Paying by Stitch pay-by-bank in a real browser, against the fake Stitch (tests/fakes/stitch.ts)
 * in this process: the demo customer places the order, picks 'Pay by bank with Stitch' beside the
 * card form (a plain form: it works without JavaScript), cancels once at the "bank" (back at the
 * payment step, the order still open, Stitch's message shown), goes again and pays; the fake sends
 * the Svix-signed webhook to the shop, which asks the fake for the request's state and pays the
 * order; the browser returns to the confirmation. Screenshots: payment step, Stitch's page,
 * confirmation and order page (the footer with its badges is on each).
 */
import assert from "node:assert/strict";
import { startFakeStitch } from "../fakes/stitch.ts";
import { customerAtPaymentStep, expectPaidOrderPage, fullPageShot, useShopWithFakeProvider } from "../helpers/e2e.ts";

const PRODUCT = "Habistat Dimming Thermostat";
const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const CLIENT = { clientId: "test-e2e-client", clientSecret: "e2e-secret", webhookSecret: SECRET };
const fake = startFakeStitch(CLIENT);

const e2e = useShopWithFakeProvider("stitch", "Stitch", fake, PRODUCT);

e2e.test("[e2e stitch] pay an order by bank with Stitch: cancel once, pay, webhook, confirmation", async () => {
  const url = e2e.server.url;
  fake.webhookUrl = `${url}/api/webhooks/stitch`;
  const { page, errors, orderId } = await customerAtPaymentStep(e2e);
  const method = page.locator('[data-payment-method="stitch"]');
  assert.match((await method.textContent()) ?? "", /Instant EFT: pay from your bank account with Stitch/);
  assert.equal(await page.getByRole("img", { name: "Instant EFT with Stitch" }).count(), 1, "the footer's badge");
  await fullPageShot(page, "stitch-payment-step");

  // To Stitch's page, and back with Cancel: the payment step again, the order still open.
  await method.getByRole("button", { name: "Pay by bank with Stitch" }).click();
  await page.waitForURL(new RegExp(`^${fake.url}/connect/payment-request/`));
  assert.match((await page.locator("[data-amount]").textContent()) ?? "", /R 1394\.00/);
  await fullPageShot(page, "stitch-hosted-page");
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.waitForURL(`${url}/checkout?order=${orderId}`);
  await page.locator('[data-payment-method="stitch"]').waitFor();
  assert.equal(fake.delivered.length, 0, "a cancel pays nothing");
  await fullPageShot(page, "stitch-payment-step-after-cancel");

  // Again, and pay: the webhook reaches the shop, then the browser is sent back.
  await method.getByRole("button", { name: "Pay by bank with Stitch" }).click();
  await page.waitForURL(new RegExp(`^${fake.url}/connect/payment-request/`));
  await page.getByRole("button", { name: "Pay from my bank account" }).click();
  await page.waitForURL(new RegExp(`/checkout\\?order=${orderId}&confirmed=1&provider=stitch`));
  await page.locator(`[data-order-confirmed="${orderId}"]`).waitFor();
  assert.equal(fake.delivered.length, 1);
  assert.equal(fake.delivered[0].status, 200);
  await fullPageShot(page, "stitch-confirmation");

  const paidBy = /Instant EFT \(Stitch pay-by-bank\)/;
  await expectPaidOrderPage(page, { url, orderId, method: paidBy, shot: "stitch-order-page", errors });
  await page.close();
});

e2e.registerStopTest();
