/**
 * Referrals in a real browser (the shop as `deno task start` runs it, offline test payments): the
 * demo customer opens /referral and copies their link; a friend registers from that link, sees the
 * referral discount as its own line in the cart and at checkout, pays with the offline test card,
 * and the referrer's points rise by 50 with the friend shown as 'First order paid'.
 * Screenshots: the referral page (before and after), the cart and the checkout review.
 */
import assert from "node:assert/strict";
import type { BrowserContext, Locator } from "playwright-core";
import {
  demoCustomer,
  DESKTOP,
  fullPageShot,
  payByCard,
  registerThroughForm,
  useShopInBrowser,
  watchedPage,
} from "../helpers/e2e.ts";

const e2e = useShopInBrowser({ start: "[e2e referrals] start", stop: "[e2e referrals] stop" });

/** A demo product of R1,299: 10% off is R129,90. */
const PRODUCT = "Habistat Dimming Thermostat";

/** A locator's text with the currency format's non-breaking spaces as plain ones. */
async function text(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? "").replace(/[\u00a0\u202f]/g, " ");
}

async function points(context: BrowserContext): Promise<number> {
  const res = await context.request.get(`${e2e.server.url}/api/loyalty/points`);
  assert.equal(res.status(), 200);
  return (await res.json()).points;
}

e2e.test(
  "[e2e referrals] a friend registers from the link, gets the discount, pays; the referrer earns 50 points",
  async () => {
    const url = e2e.server.url;
    const referrerContext = await e2e.browser.newContext(DESKTOP);
    // The loyalty page links to /referral, which shows the code, the link and the buttons.
    const { page: referrer, errors } = await e2e.signedInPage(referrerContext, demoCustomer, { via: "/referral" });
    await referrer.goto(`${url}/loyalty`);
    await referrer.getByRole("link", { name: /Refer a friend/ }).click();
    await referrer.waitForURL(`${url}/referral`);
    const code = ((await referrer.locator("[data-referral-code]").textContent()) ?? "").trim();
    assert.match(code, /^[A-HJ-NP-Z2-9]{8}$/);
    const link = await referrer.locator("[data-referral-link]").inputValue();
    assert.equal(new URL(link).pathname + new URL(link).search, `/register?ref=${code}`);
    await referrer.locator('[data-island="ShareButton"][data-hydrated="true"]').first().waitFor();
    await referrer.getByRole("button", { name: "Copy link" }).waitFor();
    await fullPageShot(referrer, "referral-page-before");
    const pointsBefore = await points(referrerContext);

    // The friend follows the link (on this test server's address) and registers.
    const friendContext = await e2e.browser.newContext(DESKTOP);
    const { page: friend } = await watchedPage(friendContext, { into: errors });
    await friend.goto(`${url}/register?ref=${code}`);
    assert.match((await friend.locator("form [data-referral-code]").textContent()) ?? "", new RegExp(code));
    await registerThroughForm(friend, {
      username: "naledi_k",
      email: "naledi@example.co.za",
      firstName: "Naledi",
      lastName: "Khumalo",
      password: "Chameleon-Keeper-7!",
    });
    await friend.waitForURL(`${url}/`);

    // A default address through the API (the address book has its own browser test).
    const address = await friendContext.request.post(`${url}/api/addresses`, {
      headers: { Origin: url },
      data: {
        label: "Home",
        addressLine1: "12 Aloe Street",
        city: "Pretoria",
        state: "Gauteng",
        postalCode: "0181",
        phone: "082 555 0123",
        isDefault: true,
      },
    });
    assert.equal(address.status(), 201, await address.text());

    // The product into the cart from its category; the cart shows the referral line.
    await friend.goto(`${url}/category/heating-lighting?brand=Habistat`);
    await friend.locator('[data-island="SortSelect"][data-hydrated="true"]').waitFor();
    await friend.locator('section[aria-label="Products"] article').filter({
      has: friend.getByRole("link", { name: PRODUCT, exact: true }),
    }).locator("form[data-cart-add] button").click();
    await friend.getByText("Added to cart", { exact: true }).waitFor();
    await friend.goto(`${url}/cart`);
    await friend.locator('[data-island="CartView"][data-hydrated="true"]').waitFor();
    assert.equal(await text(friend.locator("[data-referral-discount]")), "−R 129,90");
    // R1,169.10 of goods after the discount pays the R95 delivery.
    assert.equal(await text(friend.locator("aside [data-total]")), "R 1 264,10");
    await fullPageShot(friend, "referral-cart");

    // Checkout review: the discount is its own line in the Order Total.
    await friend.goto(`${url}/checkout`);
    const panel = friend.locator("[data-order-total-panel]");
    assert.match(await text(panel), /Referral discount \(first order\)−R 129,90/);
    assert.equal(await text(panel.locator("[data-total]")), "R 1 264,10");
    await fullPageShot(friend, "referral-checkout-review");
    await friend.getByRole("button", { name: "Continue to Payment" }).click();
    await friend.waitForURL(/\/checkout\?order=\d+$/);
    await friend.locator('[data-island="CheckoutPayment"] [data-payment-state="ready"]').waitFor();
    assert.match((await friend.locator("[data-checkout-step=payment]").textContent()) ?? "", /Referral discount/);
    await payByCard(friend, "4242 4242 4242 4242");
    await friend.waitForURL(/confirmed=1$/);
    await friend.getByRole("heading", { name: "Thank you for your order!" }).waitFor();

    // The referrer: 50 points more, in the history, and the friend's first order paid.
    assert.equal(await points(referrerContext), pointsBefore + 50);
    await referrer.goto(`${url}/referral`);
    assert.equal(
      await referrer.locator("[data-referral-status]").first().getAttribute("data-referral-status"),
      "completed",
    );
    assert.match((await referrer.locator("[data-referrals]").textContent()) ?? "", /naledi_k.*First order paid/);
    assert.equal(await referrer.locator("[data-referral-points]").textContent(), "50");
    await fullPageShot(referrer, "referral-page-after");
    await referrer.goto(`${url}/loyalty`);
    assert.match(
      (await referrer.locator("#points-history").textContent()) ?? "",
      /Referral: naledi_k placed their first order/,
    );

    assert.deepEqual(errors, []);
    await friendContext.close();
    await referrerContext.close();
  },
);

e2e.registerStopTest();
