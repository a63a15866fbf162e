/** The cart in a real browser: a guest fills it, applies WELCOME10, signs in, and the cart follows. */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  demoCustomer,
  DESKTOP,
  expectDisabled,
  fullPageShot,
  PHONE,
  useShopInBrowser,
  viewportShot,
} from "../helpers/e2e.ts";

const e2e = useShopInBrowser({ start: "[e2e cart] start", stop: "[e2e cart] stop" });

const badge = (page: Page) => page.locator("header [data-cart-count]").textContent();

e2e.test(
  "[e2e cart] guest adds three items, applies WELCOME10, signs in: cart merged, coupon kept; remove and clear",
  async () => {
    const context = await e2e.browser.newContext(DESKTOP);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    // Two simple products from a category page's cards, without a page reload.
    await page.goto(`${e2e.server.url}/category/feeding-supplies?sort=price_asc`);
    await page.locator('[data-island="SortSelect"][data-hydrated="true"]').waitFor();
    const addButtons = page.locator('section[aria-label="Products"] form[data-cart-add] button');
    await addButtons.nth(0).click();
    await page.getByText("Added to cart", { exact: true }).waitFor();
    await addButtons.nth(1).click();
    await page.waitForFunction(() => document.querySelector("header [data-cart-count]")?.textContent === "2");
    assert.match(page.url(), /feeding-supplies/, "no navigation happened");

    // A third from a product page with a quantity of 2.
    await page.goto(`${e2e.server.url}/category/decor-enrichment?sort=price_asc`);
    await page.locator('section[aria-label="Products"] form[data-cart-add]').first().locator(
      "xpath=ancestor::article//h3/a",
    ).click();
    await page.waitForURL("**/product/**");
    await page.locator('[data-island="BuyBox"][data-hydrated="true"]').waitFor();
    const buyBox = page.locator('[data-island="BuyBox"]');
    await buyBox.getByRole("button", { name: "Increase quantity" }).click();
    await buyBox.locator("form[data-cart-add] button[type=submit]").click();
    await page.getByText("Added to cart", { exact: true }).waitFor();
    const count = Number(await badge(page));
    assert.equal(count, 4, "1 + 1 + 2");

    await page.goto(`${e2e.server.url}/cart`);
    await page.locator('[data-island="CartView"][data-hydrated="true"]').waitFor();
    const coupon = page.getByLabel("Coupon code");
    const apply = page.getByRole("button", { name: "Apply" });
    await expectDisabled(apply, true, "Apply is disabled while the box is empty");
    await coupon.fill("welcome10");
    assert.equal(await coupon.inputValue(), "WELCOME10", "the input shows upper case");
    await apply.click();
    await page.getByText("Coupon Applied", { exact: true }).waitFor();
    await page.locator("[data-discount]").waitFor();
    const note = page.locator("[data-coupon-note]");
    assert.equal(
      await note.textContent(),
      "Sign in or create an account at checkout to confirm this is your first order.",
      "a guest is told the first-order coupon holds until signing in",
    );
    await fullPageShot(page, "cart-guest-with-coupon");

    // Sign in as the demo customer: the cart and its coupon follow.
    await page.goto(`${e2e.server.url}/login?redirect=/cart`);
    await e2e.signIn(page, demoCustomer);
    await page.waitForURL("**/cart");
    await page.getByText("Welcome back!").waitFor();
    assert.equal(Number(await badge(page)), count);
    assert.match((await page.locator("[data-discount]").first().textContent()) ?? "", /R/);
    assert.match((await page.locator("dt", { hasText: "Discount" }).textContent()) ?? "", /WELCOME10/);
    await page.locator('[data-island="CartView"][data-hydrated="true"]').waitFor();
    assert.equal(await page.locator("[data-coupon-note]").count(), 0, "signed in: the coupon is confirmed");
    await fullPageShot(page, "cart-signed-in");

    // Remove one line, then clear the cart, without reloads.
    const lines = page.locator("table tbody tr");
    const before = await lines.count();
    await lines.first().getByRole("button", { name: /^Remove / }).click();
    await page.waitForFunction((n) => document.querySelectorAll("table tbody tr").length === n - 1, before);
    await page.getByRole("button", { name: "Clear Cart" }).click();
    await page.getByText("Your Cart is Empty").waitFor();
    assert.equal(await badge(page), "0");
    await fullPageShot(page, "cart-empty");
    assert.deepEqual(errors, []);
    await context.close();
  },
);

e2e.test("[e2e cart] phone: the cart shows cards with steppers", async () => {
  const { page } = await e2e.openPage("/category/feeding-supplies?sort=price_asc", { on: PHONE });
  await page.locator('section[aria-label="Products"] form[data-cart-add] button').first().click();
  await page.getByText("Added to cart", { exact: true }).waitFor();
  await page.goto(`${e2e.server.url}/cart`);
  await page.locator('[data-island="CartView"][data-hydrated="true"]').waitFor();
  const card = page.locator('section[aria-label="Items in your cart"] ul li').first();
  assert.equal(await card.isVisible(), true);
  assert.equal(await page.locator("table").isVisible(), false);
  const minus = card.getByRole("button", { name: /^One fewer/ });
  await expectDisabled(minus, true, "minus disabled at 1");
  await card.getByRole("button", { name: /^One more/ }).click();
  await page.waitForFunction(() => document.querySelector("li [data-quantity]")?.textContent === "2");
  await expectDisabled(minus, false);
  await fullPageShot(page, "cart-phone");

  // A coupon's toast never covers 'Proceed to Checkout': on a phone the toasts sit under the header,
  // away from the bottom of the screen where the button comes as the shopper scrolls down to it.
  await page.getByLabel("Coupon code").fill("WELCOME10");
  await page.getByRole("button", { name: "Apply" }).click();
  const toast = page.locator("[data-toast]").filter({ hasText: "Coupon Applied" });
  await toast.waitFor();
  const proceed = page.getByRole("link", { name: "Proceed to Checkout" });
  await proceed.evaluate((el) => el.scrollIntoView({ block: "end" }));
  const viewport = page.viewportSize()!;
  const [t, p] = [(await toast.boundingBox())!, (await proceed.boundingBox())!];
  assert.ok(t.y + t.height < viewport.height / 2, `the toast sits in the top half: ${JSON.stringify(t)}`);
  const overlap = t.y < p.y + p.height && p.y < t.y + t.height;
  assert.equal(overlap, false, `toast ${JSON.stringify(t)} covers the button ${JSON.stringify(p)}`);
  await viewportShot(page, "cart-phone-coupon-toast");
  await page.close();
});

e2e.test("[e2e cart] the AMP page's Add to Cart link: confirm on /cart, then the item is in the cart", async () => {
  const context = await e2e.browser.newContext(DESKTOP);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${e2e.server.url}/category/feeding-supplies?sort=price_asc`);
  const href = await page.locator('section[aria-label="Products"] article h3 a').first().getAttribute("href");
  await page.goto(`${e2e.server.url}${href}`);
  const name = (await page.locator("h1").first().textContent())?.trim() ?? "";
  // The AMP page loads the AMP runtime from its CDN (unreachable here): read its link instead of rendering it.
  const amp = await (await fetch(`${e2e.server.url}${href}/amp`)).text();
  const addLink = amp.match(/href="(\/cart\?product=\d+)"[^>]*>Add to Cart</)![1];
  await page.goto(`${e2e.server.url}${addLink}`);
  await page.waitForURL("**/cart?product=*");
  const prompt = page.locator("#add-prompt-heading");
  assert.equal(await prompt.textContent(), `Add ${name} to your cart?`);
  await page.getByText("Your Cart is Empty").waitFor();
  await fullPageShot(page, "cart-amp-confirm");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.waitForURL((url) => url.pathname === "/cart" && !url.search);
  await page.getByText("Added to cart", { exact: true }).waitFor();
  assert.equal(await page.locator("#add-prompt-heading").count(), 0);
  assert.match((await page.locator("table tbody tr").first().textContent()) ?? "", new RegExp(name.slice(0, 20)));
  assert.equal(await badge(page), "1");
  assert.deepEqual(errors, []);
  await context.close();
});

e2e.registerStopTest();
