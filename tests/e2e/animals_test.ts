/**
 * Shop by animal in Chromium (docs/animals.md): the species index and a profile with its setup
 * checklist, accessible (axe), and 'Add the essentials to cart' working with JavaScript off.
 */
import assert from "node:assert/strict";
import { axeViolations } from "../helpers/axe.ts";
import { DESKTOP, forAxe, fullPageShot, PHONE, useShopInBrowser, viewportShot } from "../helpers/e2e.ts";

const e2e = useShopInBrowser({
  start: "[e2e] animals: start the shop (demo catalogue) and the browser",
  stop: "[e2e] animals: stop the shop and the browser",
  database: { withAccounts: true },
});

e2e.test("[e2e] animals: the index and a profile render, accessible, with the checklist", async () => {
  const { page, errors } = await e2e.openPage("/animals", { on: forAxe(DESKTOP) });
  await page.getByRole("heading", { level: 1, name: "Shop by Animal" }).waitFor();
  assert.deepEqual(await axeViolations(page), []);
  await fullPageShot(page, "animals-index");
  await page.getByRole("link", { name: "Bearded dragon" }).click();
  await page.waitForURL("**/animals/bearded-dragon");
  await page.getByRole("heading", { level: 2, name: "Setup checklist" }).waitFor();
  assert.match(await page.locator("dl").first().innerText(), /Basking spot: 40–45 °C/);
  assert.equal(await page.getByRole("button", { name: "Add the essentials to cart" }).count(), 1);
  assert.deepEqual(await axeViolations(page), []);
  await fullPageShot(page, "animal-profile-bearded-dragon");
  assert.deepEqual(errors, []);
  await page.close();
});

e2e.test("[e2e] animals: with JavaScript off, the essentials go into the cart and the setup is covered", async () => {
  const { page } = await e2e.openPage("/animals/leopard-gecko", { on: { ...PHONE, javaScriptEnabled: false } });
  await page.getByRole("button", { name: "Add the essentials to cart" }).click();
  await page.waitForURL("**/animals/leopard-gecko#setup");
  const status = page.getByRole("status").filter({ hasText: "Your setup so far" });
  assert.match(await status.innerText(), /your cart covers every essential for a leopard gecko/);
  await fullPageShot(page, "animal-profile-leopard-gecko-covered-phone");
  await page.goto(e2e.server.url + "/cart");
  const gaps = page.getByRole("region", { name: "Your animals' setups" });
  assert.match(await gaps.innerText(), /Leopard gecko[\s\S]*Every essential is in your cart/);
  await fullPageShot(page, "cart-animal-setups-phone");
  await page.close();
});

e2e.test("[e2e] animals: a keeper records an animal and sees what its setup lacks", async () => {
  const { page, errors } = await e2e.customerPage(forAxe(DESKTOP), { via: "/account/animals" });
  const add = page.getByRole("region", { name: "Add an animal" });
  await add.getByLabel("Species").selectOption("ball-python");
  await add.getByLabel("Name").fill("Monty");
  await add.getByLabel("Date acquired (optional)").fill("2025-06-01");
  await add.getByRole("button", { name: "Add animal" }).click();
  await page.getByRole("heading", { level: 3, name: "Monty" }).waitFor();
  assert.match(await page.getByRole("region", { name: "My Animals" }).innerText(), /Setup still lacks \d+ essentials/);
  await fullPageShot(page, "account-animals-added");
  // axe on the page as the keeper sees it, the toast of the add included.
  assert.deepEqual(await axeViolations(page), []);
  await fullPageShot(page, "account-animals");
  await page.goto(e2e.server.url + "/");
  await page.getByRole("heading", { level: 2, name: "Your animals" }).waitFor();
  await viewportShot(page, "home-keeper-note");
  assert.deepEqual(errors, []);
  await page.close();
});

e2e.test("[e2e] animals: the reminder e-mail's unsubscribe page asks, then answers (a stale link says so)", async () => {
  const { page } = await e2e.openPage("/reminders/unsubscribe?token=abcdefghijklmnopqrstuvwx", { on: forAxe(PHONE) });
  const off = page.getByRole("button", { name: "Turn reminders off" });
  await off.waitFor();
  assert.deepEqual(await axeViolations(page), []);
  await fullPageShot(page, "reminders-unsubscribe-phone");
  await off.click();
  assert.match(await page.getByRole("main").getByRole("status").innerText(), /This link is not valid/);
  await page.close();
});

e2e.test("[e2e] animals: staff edit a species in the admin and the shop shows it", async () => {
  const { page } = await e2e.adminPage(forAxe(DESKTOP), { via: "/admin/animals" });
  await page.getByRole("link", { name: "Leopard gecko" }).click();
  await page.getByLabel("Lifespan").fill("15-25 years");
  await page.getByRole("button", { name: "Save species" }).click();
  await page.getByText(/: lifespan$/).waitFor();
  await fullPageShot(page, "admin-species-leopard-gecko");
  // axe on the page as staff see it, the flash toast of the save included.
  assert.deepEqual(await axeViolations(page), []);
  await page.goto(e2e.server.url + "/animals/leopard-gecko");
  assert.match(await page.locator("dl").first().innerText(), /15-25 years/);
  await page.close();
});

e2e.registerStopTest();
