/** Registration, sign-out and sign-in in a real browser, with the strength meter and remember-me. */
import assert from "node:assert/strict";
import { fullPageShot, signIn, useShopInBrowser, watchErrors } from "../helpers/e2e.ts";

const shop = useShopInBrowser({
  start: "[e2e auth] start the shop and the browser",
  stop: "[e2e auth] stop the browser and the shop",
});

shop.test("[e2e auth] register with the strength meter, log out from the account menu, log back in", async () => {
  const context = await shop.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // The refused form posts (400, 401) are logged by the browser as failed resources: expected here.
  const errors = watchErrors(page, { ignore: /status of 40[01]/ });
  const url = shop.server.url;
  await page.goto(`${url}/register`);
  await page.locator('[data-island="PasswordField"][data-hydrated="true"]').waitFor();
  await page.getByLabel("Username").fill("sipho_k");
  await page.getByLabel("E-mail").fill("sipho@example.co.za");
  await page.getByLabel("First name (optional)").fill("Sipho");
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("gecko");
  const strength = page.locator("[data-strength]");
  assert.equal(await strength.getAttribute("data-strength"), "weak");
  assert.match((await page.locator("#field-password-rules").textContent()) ?? "", /at least one uppercase letter/);
  await password.fill("Gecko-Keeper-2026!");
  assert.match((await strength.getAttribute("data-strength")) ?? "", /strong/);
  await page.getByLabel("Confirm password").fill("Gecko-Keeper-2026!");
  await fullPageShot(page, "register");
  // Submitting without accepting the terms: the server answers with the spec's message.
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByText("You must accept the terms and conditions").waitFor();
  assert.equal(await page.getByLabel("Username").inputValue(), "sipho_k", "values are kept");
  await fullPageShot(page, "register-refused");
  await page.getByLabel("Password", { exact: true }).fill("Gecko-Keeper-2026!");
  await page.getByLabel("Confirm password").fill("Gecko-Keeper-2026!");
  await page.getByRole("checkbox", { name: /I accept the terms/ }).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(`${url}/`);
  await page.getByText("Your account is ready, Sipho.").waitFor();

  // The account menu has the signed-in links; Logout ends the session.
  await page.locator("header summary", { hasText: "Sipho" }).click();
  for (const link of ["My Account", "My Orders", "Loyalty Program"]) {
    assert.ok(await page.getByRole("link", { name: link }).isVisible(), link);
  }
  assert.equal(await page.getByRole("link", { name: "Admin Dashboard" }).count(), 0, "customers see no admin link");
  await page.getByRole("button", { name: "Logout" }).click();
  await page.waitForURL(`${url}/`);
  assert.ok(await page.locator("header").getByRole("link", { name: "Sign In" }).isVisible());

  // Wrong password, then the right one with remember-me: a 30-day cookie.
  await page.goto(`${url}/login?redirect=/account`);
  await page.getByLabel("Username or e-mail").fill("sipho_k");
  await page.getByLabel("Password", { exact: true }).fill("Wrong-pass1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByText("Invalid username or password").waitFor();
  await page.getByRole("checkbox", { name: /Remember me/ }).check();
  await signIn(page, url, "sipho@example.co.za", "Gecko-Keeper-2026!");
  await page.waitForURL(`${url}/account`);
  await page.getByText("You are logged in as Sipho").waitFor();
  const sid = (await context.cookies()).find((c) => c.name === "sid")!;
  assert.equal(sid.httpOnly, true);
  assert.equal(sid.sameSite, "Lax");
  const days = (sid.expires * 1000 - Date.now()) / 86_400_000;
  assert.ok(Math.abs(days - 30) < 0.01, `remember-me cookie lasts 30 days (${days})`);
  assert.deepEqual(errors, []);
  await context.close();
});

shop.registerStopTest();
