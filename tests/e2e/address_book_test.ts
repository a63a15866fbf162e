/**
 * The address book in a real browser: the demo customer signs in, adds, edits, sets a default and deletes
 * addresses through the island's dialogs (no page reload), and the same page works with JavaScript off.
 * Screenshots at 1280 px and 390 px, list and open dialog.
 */
import assert from "node:assert/strict";
import type { BrowserContext, Page } from "playwright-core";
import { demoCustomer, DESKTOP, fullPageShot, useShopInBrowser, viewportShot, watchedPage } from "../helpers/e2e.ts";

const e2e = useShopInBrowser({
  start: "[e2e] start the shop and the browser",
  stop: "[e2e] stop the shop and the browser",
  contexts: {
    desktop: DESKTOP,
  },
});

/** A page of `on` where the demo customer has signed in on the way to the address book. */
function signedInToAddressBook(on: BrowserContext) {
  return e2e.signedInPage(on, demoCustomer, { via: "/address-book" });
}

async function hydrated(page: Page) {
  await page.locator('[data-island="AddressBook"][data-hydrated="true"]').waitFor({ state: "attached" });
  await page.locator('[data-island="Toaster"][data-hydrated="true"]').waitFor({ state: "attached" });
}

/** Waits for a toast with this title (and description), then closes it. */
async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.locator("[data-toast]").filter({ hasText: title });
  await toast.waitFor();
  if (description) assert.match((await toast.textContent()) ?? "", new RegExp(description.replace(/[.]/g, "\\.")));
  await toast.getByRole("button", { name: "Close notification" }).click();
  await toast.waitFor({ state: "detached" });
}

function card(page: Page, label: string) {
  return page.locator("[data-address-card]").filter({ has: page.getByRole("heading", { name: label, exact: true }) });
}

async function fill(page: Page, fields: Record<string, string>) {
  const dialog = page.locator("[data-address-dialog]");
  for (const [name, value] of Object.entries(fields)) {
    await dialog.locator(`[name="${name}"]`).fill(value);
  }
}

e2e.test("[e2e] address book: add, edit, set default and delete in dialogs without a reload", async () => {
  const { page, errors } = await signedInToAddressBook(e2e.context("desktop"));
  await hydrated(page);
  assert.equal(await page.locator("h1").textContent(), "My Addresses");
  const before = await page.locator("[data-address-card]").count();
  if (before === 0) {
    assert.equal(await page.getByRole("heading", { name: "No Addresses Found" }).count(), 1);
    await viewportShot(page, "address-book-empty-desktop");
  }
  await page.evaluate(() => ((globalThis as unknown as { __sameDocument: string }).__sameDocument = "yes"));

  // Add: the dialog validates as fields change, then saves through the API.
  await page.locator("[data-add-address]").first().click();
  const dialog = page.locator("[data-address-dialog]");
  await dialog.waitFor({ state: "visible" });
  assert.equal(await dialog.getByRole("heading", { name: "Add New Address" }).count(), 1);
  assert.equal(await dialog.locator('[name="firstName"]').inputValue(), "Thandi", "names from the profile");
  await fill(page, { postalCode: "01A1" });
  await dialog.getByText("Postal code should contain only numbers").waitFor();
  await fill(page, { city: "Pretoria 2" });
  await dialog.getByText("City can only contain letters, spaces, hyphens and apostrophes").waitFor();
  await viewportShot(page, "address-book-dialog-errors-desktop");
  await fill(page, {
    label: "Home",
    phone: "082 555 0123",
    addressLine1: "12 Jacaranda Street",
    addressLine2: "Sunridge Complex",
    city: "Pretoria",
    state: "Gauteng",
    postalCode: "0181",
    instructions: "Gate code 1234, ring twice.",
  });
  assert.equal(await dialog.locator("[data-field-error]").count(), 0, "messages clear once the fields are valid");
  await viewportShot(page, "address-book-dialog-desktop");
  await dialog.getByRole("button", { name: "Save Address" }).click();
  await expectToast(page, "Address added", "Address saved successfully.");
  await dialog.waitFor({ state: "hidden" });
  const home = card(page, "Home");
  await home.waitFor();
  assert.match((await home.textContent()) ?? "", /Shipping & Billing/);
  if (before === 0) assert.equal(await home.locator("[data-default-badge]").textContent(), "Default");

  // A second, shipping-only address.
  await page.locator("[data-add-address]").first().click();
  await dialog.waitFor({ state: "visible" });
  await dialog.getByText("Shipping Only").click();
  await fill(page, {
    label: "Work",
    addressLine1: "3 Loop Street",
    city: "Cape Town",
    state: "Western Cape",
    postalCode: "8001",
  });
  await dialog.getByRole("button", { name: "Save Address" }).click();
  await expectToast(page, "Address added");
  const work = card(page, "Work");
  await work.waitFor();
  assert.match((await work.textContent()) ?? "", /Shipping Only/);

  // Edit the first one.
  await home.getByRole("link", { name: "Edit Home" }).click();
  await dialog.waitFor({ state: "visible" });
  assert.equal(await dialog.getByRole("heading", { name: "Edit Address" }).count(), 1);
  assert.equal(await dialog.locator('[name="addressLine1"]').inputValue(), "12 Jacaranda Street");
  await fill(page, { city: "" });
  await dialog.getByText("City is required").waitFor();
  await fill(page, { city: "Centurion" });
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Address updated", "Address saved successfully.");
  assert.match((await home.textContent()) ?? "", /Centurion/);

  // Make the shipping-only address the default shipping address.
  await work.getByRole("button", { name: "Set as Default" }).click();
  await expectToast(page, "Default address updated", "Default shipping address has been updated.");
  assert.equal(await work.locator("[data-default-badge]").textContent(), "Default");
  if (before === 0) {
    assert.equal(await home.locator("[data-default-badge]").textContent(), "Default billing");
    assert.equal(await page.locator("[data-address-card]").first().getAttribute("data-default"), "true");
  }
  await fullPageShot(page, "address-book-desktop");

  // Delete it after the confirmation.
  await work.getByRole("link", { name: "Delete Work" }).click();
  const confirm = page.locator("[data-delete-dialog]");
  await confirm.waitFor({ state: "visible" });
  await confirm.getByText("Are you sure you want to delete this address? This action cannot be undone.").waitFor();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await confirm.waitFor({ state: "hidden" });
  assert.equal(await work.count(), 1, "cancel keeps it");
  await work.getByRole("link", { name: "Delete Work" }).click();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expectToast(page, "Address deleted");
  await work.waitFor({ state: "detached" });
  assert.equal(await page.locator("[data-address-card]").count(), before + 1);

  assert.equal(
    await page.evaluate(() => (globalThis as unknown as { __sameDocument?: string }).__sameDocument),
    "yes",
    "no page reload on the island path",
  );
  assert.equal(new URL(page.url()).pathname, "/address-book");
  const server_ = await page.evaluate(async () => (await fetch("/api/addresses")).json());
  assert.equal(server_.length, before + 1, "the server agrees with the list");
  assert.deepEqual(errors, []);
  await page.close();
});

e2e.test("[e2e] address book on a phone: list and dialog", async () => {
  const { page, errors } = await watchedPage(e2e.context("desktop"));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${e2e.server.url}/address-book`);
  await hydrated(page);
  await fullPageShot(page, "address-book-phone");
  await page.locator("[data-add-address]").first().click();
  const dialog = page.locator("[data-address-dialog]");
  await dialog.waitFor({ state: "visible" });
  const box = await dialog.boundingBox();
  assert.ok(box && box.width <= 390 && box.x >= 0, "the dialog fits the screen");
  await viewportShot(page, "address-book-dialog-phone");
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
  assert.deepEqual(errors, []);
  await page.close();
});

e2e.test("[e2e] address book without JavaScript: form pages and redirects", async () => {
  const noJs = await e2e.browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
  const { page } = await signedInToAddressBook(noJs);
  assert.equal(await page.locator('[data-island="AddressBook"][data-hydrated="true"]').count(), 0);
  await page.locator("[data-add-address]").first().click();
  await page.waitForURL(`${e2e.server.url}/address-book/new`);
  await page.locator('[name="addressLine1"]').fill("9 Marine Parade");
  await page.locator('[name="city"]').fill("Durban");
  await page.locator('[name="state"]').fill("KwaZulu-Natal");
  await page.locator('[name="postalCode"]').fill("40x1");
  await page.getByRole("button", { name: "Save Address" }).click();
  await page.getByText("Postal code should contain only numbers").waitFor();
  await fullPageShot(page, "address-book-form-nojs-desktop");
  await page.locator('[name="postalCode"]').fill("4001");
  await page.locator('[name="label"]').fill("Beach flat");
  await page.getByRole("button", { name: "Save Address" }).click();
  await page.waitForURL(`${e2e.server.url}/address-book`);
  const beach = card(page, "Beach flat");
  await beach.waitFor();
  await beach.getByRole("link", { name: "Delete Beach flat" }).click();
  await page.waitForURL(/\/delete$/);
  await page.getByText("Are you sure you want to delete this address? This action cannot be undone.").waitFor();
  await viewportShot(page, "address-book-delete-nojs-desktop");
  await page.getByRole("button", { name: "Delete address" }).click();
  await page.waitForURL(`${e2e.server.url}/address-book`);
  assert.equal(await beach.count(), 0);
  await noJs.close();
});

e2e.registerStopTest();
