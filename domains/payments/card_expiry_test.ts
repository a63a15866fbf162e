/** The test card's expiry rule: valid through the end of its month, refused from the month after. */
import assert from "node:assert/strict";
import { cardExpiryInPast } from "./card_expiry.ts";
import { testConfirmBody } from "./schemas.ts";

const NOV_2026 = new Date(2026, 10, 24);

Deno.test("[payments] a card expiring this month is still valid; last month's is in the past", () => {
  assert.equal(cardExpiryInPast("11/26", NOV_2026), false, "this month");
  assert.equal(cardExpiryInPast("12/26", NOV_2026), false, "next month");
  assert.equal(cardExpiryInPast("10/26", NOV_2026), true, "last month");
  assert.equal(cardExpiryInPast("12/25", NOV_2026), true, "last year");
  assert.equal(cardExpiryInPast("01/27", NOV_2026), false, "next year");
  assert.equal(cardExpiryInPast("13/20", NOV_2026), false, "not a date: left to the format check");
});

Deno.test("[payments] test-confirm refuses a past expiry with the form's message", () => {
  const body = { clientSecret: "pi_x_secret_y", cardNumber: "4242424242424242", cvc: "123" };
  const past = testConfirmBody.safeParse({ ...body, expiry: "01/20" });
  assert.equal(past.success, false);
  assert.equal(past.error?.issues[0].message, "Your card's expiry date is in the past.");
  assert.equal(testConfirmBody.safeParse({ ...body, expiry: "12/99" }).success, true);
  assert.equal(testConfirmBody.safeParse(body).success, true, "the API may leave the expiry out");
});
