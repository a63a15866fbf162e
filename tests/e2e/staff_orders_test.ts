/**
 * An order taken by staff, in a real browser: the demo admin opens Orders -> New order, finds the
 * demo customer and a product with the page's GET searches, creates the order (the address comes
 * from the customer's default), edits its lines on the order page, and the customer pays the new
 * total through the e-mailed link with the offline test provider's 4242 card, signed out.
 * Screenshots: the new-order page, the order page with Edit lines, the pay page before and after;
 * axe on the admin pages.
 */
import assert from "node:assert/strict";
import { axeViolations } from "../helpers/axe.ts";
import {
  demoBuyerAndPicks,
  demoCustomer,
  DESKTOP,
  expectToast,
  forAxe,
  fullPageShot,
  payByCard,
  useShopInBrowser,
} from "../helpers/e2e.ts";

const { picks: pick, fill: prepare } = demoBuyerAndPicks(1);

const e2e = useShopInBrowser({
  start: "[e2e staff orders] start",
  stop: "[e2e staff orders] stop",
  database: { withAccounts: true, fill: prepare },
});

e2e.test("[e2e staff orders] staff take an order, edit its lines, the customer pays through the link", async () => {
  const url = e2e.server.url;
  const product = pick[0];
  assert.ok(product, "a product with stock");
  const { page: admin, errors } = await e2e.adminPage(forAxe(DESKTOP), { via: "/admin/orders" });
  await admin.getByRole("link", { name: "New order" }).click();
  await admin.locator("[data-new-order-page]").waitFor();

  await admin.getByLabel("Find a customer (name or e-mail)").fill(demoCustomer.email);
  await admin.getByRole("button", { name: "Search customers" }).click();
  await admin.locator("[data-customer-hits] a").first().click();
  await admin.locator("[data-chosen-customer]").waitFor();
  await admin.getByLabel("Find a product (name or SKU)").fill(product.name);
  await admin.getByRole("button", { name: "Search products" }).click();
  await admin.locator("[data-product-hits] a").first().click();
  assert.equal(await admin.getByLabel("Line 1 product id").inputValue(), String(product.id));
  await admin.getByLabel("Line 1 quantity").fill("2");
  // The customer's default address is filled in.
  assert.notEqual(await admin.getByLabel("Street address").inputValue(), "");
  assert.deepEqual(await axeViolations(admin), [], "new-order page");
  await fullPageShot(admin, "staff-order-new-desktop");
  await admin.getByRole("button", { name: "Create order and e-mail the pay link" }).click();
  await expectToast(admin, "Order created");
  const orderPath = new URL(admin.url()).pathname;
  assert.match(orderPath, /^\/admin\/orders\/[0-9]+$/);
  await admin.locator('[data-order-source="staff"]').first().waitFor();
  await admin.locator("[data-edit-lines]").waitFor();
  // Checked as staff see it, the "Order created" toast included.
  assert.deepEqual(await axeViolations(admin), [], "order page with Edit lines");

  // Three instead of two: re-priced, the stock moves, the same link shows the new total.
  await admin.locator("[data-edit-lines]").getByLabel("Line 1 quantity").fill("3");
  await admin.getByRole("button", { name: "Save lines" }).click();
  await expectToast(admin, "Lines changed");
  await fullPageShot(admin, "staff-order-detail-desktop");

  const outbox = await (await admin.request.get(`${url}/api/admin/outbox?to=${demoCustomer.email}`)).json();
  const mail = outbox.items.find((m: { subject: string }) => /pay online/.test(m.subject));
  assert.ok(mail, JSON.stringify(outbox.items.map((m: { subject: string }) => m.subject)));
  const link = /(https?:\/\/\S+\/pay\/[0-9]+\.[0-9]+\.[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  assert.ok(link, mail.text);
  assert.deepEqual(errors, []);
  await admin.close();

  // The customer, signed out, pays the new total.
  const { page, errors: payErrors } = await e2e.openPage(new URL(link).pathname);
  await page.getByRole("heading", { name: "Pay your order" }).waitFor();
  await page.locator('[data-island="CheckoutPayment"] [data-payment-state="ready"]').waitFor();
  const total = await page.locator("[data-payment-total]").textContent();
  assert.ok(total && /R/.test(total));
  await fullPageShot(page, "staff-order-pay-desktop");
  await payByCard(page, "4242 4242 4242 4242");
  await page.locator('[data-wa-state="Paid"]').waitFor();
  await fullPageShot(page, "staff-order-paid-desktop");
  assert.deepEqual(payErrors, []);
  await page.close();
});

e2e.registerStopTest();
