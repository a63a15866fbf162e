/** /test-stripe in a real browser with the offline test provider (no Stripe keys, not production). */
import assert from "node:assert/strict";
import type { BrowserContextOptions } from "playwright-core";
import { DESKTOP, expectDisabled, fullPageShot, PHONE, useShopInBrowser } from "../helpers/e2e.ts";

// Not production: without Stripe keys the offline test provider stands in.
const e2e = useShopInBrowser({
  start: "[e2e test-stripe] start",
  stop: "[e2e test-stripe] stop",
  env: () => ({ NODE_ENV: "test" }),
});

/** /test-stripe on a page of its own at `view` (errors watched, `ignore` as in watchErrors), once its island runs. */
async function openTestPage(view: BrowserContextOptions, ignore?: RegExp) {
  const { page, errors } = await e2e.openPage("/test-stripe", { on: view, ignore });
  await page.locator('[data-island="TestPayment"][data-hydrated="true"]').waitFor();
  await page.locator('[data-config-status="test"]').waitFor();
  return { page, errors };
}

e2e.test("[e2e test-stripe] 4242 pays: success text and payment id; Run Another Test goes back", async () => {
  const { page, errors } = await openTestPage(DESKTOP);
  await page.getByText("Stripe is not configured correctly. Please check your API keys.").waitFor();
  await page.getByText("The offline test payment provider stands in for Stripe").waitFor();
  await page.getByText(/No real payments are processed/).waitFor();

  const amount = page.getByLabel("Test Amount (ZAR)");
  const init = page.getByRole("button", { name: "Initialize Test Payment" });
  assert.equal(await amount.inputValue(), "100");
  await amount.fill("0");
  await expectDisabled(init, true, "disabled at 0");
  await amount.fill("-5");
  await expectDisabled(init, true, "disabled below 0");
  await amount.fill("2.5");
  await expectDisabled(init, true, "a non-integer counts as 0");
  await amount.fill("250");
  await expectDisabled(init, false);
  await init.click();

  await page.getByRole("heading", { name: "Test Payment" }).waitFor();
  await page.getByText("Test payment — no real money").waitFor();
  const pay = page.getByRole("button", { name: "Pay R250.00" });
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await fullPageShot(page, "test-stripe-card-form");
  await pay.click();

  await page.getByText("Payment processed successfully!").waitFor();
  const paymentId = await page.locator("[data-payment-id]").textContent();
  assert.match(paymentId ?? "", /^pi_test_[0-9a-f]+$/);
  await page.getByText("Payment Successful", { exact: true }).waitFor();
  await fullPageShot(page, "test-stripe-success");

  await page.getByRole("button", { name: "Run Another Test" }).click();
  await page.getByLabel("Test Amount (ZAR)").waitFor();
  assert.equal(await page.getByText("Payment processed successfully!").count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

e2e.test("[e2e test-stripe] 4000 0000 0000 0002 is declined; a wrong number is refused in the form", async () => {
  // The refused number and the decline answer 400 and 402, which the browser logs as failed resources.
  const { page, errors } = await openTestPage(PHONE, /status of 40[02]/);
  await page.getByRole("button", { name: "Initialize Test Payment" }).click();
  await page.getByRole("button", { name: "Pay R100.00" }).waitFor();

  await page.getByLabel("Card number").fill("5555 5555 5555 4444");
  await page.getByLabel("Expiry (MM/YY)").fill("1234");
  assert.equal(await page.getByLabel("Expiry (MM/YY)").inputValue(), "12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pay R100.00" }).click();
  await page.getByText("Use the test card 4242 4242 4242 4242 (or 4000 0000 0000 0002 to see a decline).").waitFor();

  await page.getByLabel("Card number").fill("4000000000000002");
  assert.equal(await page.getByLabel("Card number").inputValue(), "4000 0000 0000 0002");
  await page.getByRole("button", { name: "Pay R100.00" }).click();
  await page.getByText("Payment error: Your card was declined.").waitFor();
  await fullPageShot(page, "test-stripe-declined");
  assert.deepEqual(errors, []);
  await page.close();
});

e2e.registerStopTest();
