/**
 * Partial fulfilment in a real browser: staff ship one line's units with "Ship selected lines" (a
 * plain form), see "shipped x of y" and the parcel, then ship the rest and the order is shipped,
 * correct the second parcel's mistyped number with Edit tracking; the customer sees the parcels with
 * their tracking links. Screenshots of each step; axe on the order page.
 */
import assert from "node:assert/strict";
import type { Db } from "../../db/client.ts";
import { testGateway } from "../../domains/payments/mod.ts";
import { FREE_DELIVERY, paidOrder } from "../helpers/paid_orders.ts";
import { axeViolations } from "../helpers/axe.ts";
import {
  demoAdmin,
  demoBuyerAndStock,
  DESKTOP,
  expectToast,
  fullPageShot,
  useShopInBrowser,
  viewportShot,
} from "../helpers/e2e.ts";

const placed: { id: number; lines: { id: number; name: string }[] } = { id: 0, lines: [] };

/** One paid order of the demo customer: 2 of one product and 1 of another. */
async function prepare(db: Db) {
  const { customerId, stocked } = await demoBuyerAndStock(db, 2);
  const { order } = await paidOrder(db, testGateway(), [
    { productId: stocked[0].id, quantity: 2 },
    { productId: stocked[1].id, quantity: 1 },
  ], { userId: customerId, delivery: FREE_DELIVERY });
  placed.id = order.id;
  placed.lines = order.items.map((i) => ({ id: i.id, name: i.name }));
}

const e2e = useShopInBrowser({
  start: "[e2e shipments] start",
  stop: "[e2e shipments] stop",
  database: { withAccounts: true, fill: prepare },
  contexts: {
    // bypassCSP: axe is injected into the pages to check them (it only reads them).
    desktop: { ...DESKTOP, bypassCSP: true },
  },
});

e2e.test("[e2e shipments] staff ship one line, then the rest; the customer sees both parcels", async () => {
  const url = e2e.server.url;
  const { page, errors } = await e2e.signedInPage(e2e.context("desktop"), demoAdmin);
  const [first, second] = placed.lines;

  await page.goto(`${url}/admin/orders/${placed.id}`);
  const form = page.locator('[data-action="ship-lines"]');
  assert.deepEqual(await axeViolations(page), [], "order page before shipping");
  await form.getByLabel(first.name).fill("2");
  await form.getByLabel("Tracking number").fill("TCG123");
  await form.getByLabel("Carrier (optional)").fill("The Courier Guy");
  await form.getByRole("button", { name: "Ship selected lines" }).click();
  await page.waitForURL(`${url}/admin/orders/${placed.id}`);
  await expectToast(page, "Parcel shipped", /TCG123/);
  assert.match(await page.locator(`[data-line="${first.id}"]`).innerText(), /2 of 2/);
  assert.match(await page.locator(`[data-line="${second.id}"]`).innerText(), /0 of 1/);
  assert.match(await page.locator("[data-shipments]").innerText(), /TCG123[\s\S]*2 × /);
  assert.match(await page.locator("[data-timeline]").innerText(), /Shipped 1 of 2 lines: 2 x /);
  // Only the line still to ship keeps a box.
  assert.equal(await form.locator(`#ship-${first.id}`).count(), 0);
  assert.match(await page.locator("article[data-admin-order] header").innerText(), /processing/i);
  await fullPageShot(page, "shipments-admin-partly-shipped");
  assert.deepEqual(await axeViolations(page), [], "order page after a parcel");

  await form.getByLabel(second.name).fill("1");
  await form.getByLabel("Tracking number").fill("TCG456");
  await form.getByRole("button", { name: "Ship selected lines" }).click();
  await page.waitForURL(`${url}/admin/orders/${placed.id}`);
  await expectToast(page, "Order shipped");
  assert.match(await page.locator("article[data-admin-order] header").innerText(), /shipped/i);
  assert.equal(await page.locator('[data-action="ship-lines"]').count(), 0);
  await fullPageShot(page, "shipments-admin-all-shipped");

  // The second number was mistyped: Edit tracking under that parcel corrects it and tells the customer.
  const secondParcel = page.locator("[data-shipment]").nth(1);
  await secondParcel.getByText("Edit tracking").click();
  const edit = secondParcel.locator("[data-edit-tracking] form");
  await edit.getByLabel("Tracking number", { exact: true }).fill("TCG789");
  await edit.getByLabel("Carrier (optional)").fill("The Courier Guy");
  assert.equal(await edit.getByLabel("E-mail the customer the new tracking number").isChecked(), true);
  await secondParcel.scrollIntoViewIfNeeded();
  await viewportShot(page, "shipments-admin-edit-tracking");
  await edit.getByRole("button", { name: "Save tracking" }).click();
  await page.waitForURL(`${url}/admin/orders/${placed.id}`);
  await expectToast(page, "Tracking updated", /TCG789 and the customer has been e-mailed/);
  assert.match(await page.locator("[data-shipments]").innerText(), /TCG123[\s\S]*TCG789/);
  assert.match(await page.locator("[data-tracking]").innerText(), /TCG789/);
  assert.deepEqual(await axeViolations(page), [], "order page with Edit tracking");
  assert.deepEqual(errors, []);
  await page.close();

  const { page: mine, errors: shopperErrors } = await e2e.customerPage(DESKTOP);
  await mine.goto(`${url}/order/${placed.id}`);
  const parcels = mine.locator("[data-shipment]");
  assert.equal(await parcels.count(), 2);
  assert.match(await parcels.nth(0).innerText(), /TCG123/);
  assert.match(await parcels.nth(1).innerText(), /TCG789/);
  await fullPageShot(mine, "shipments-customer-parcels");
  assert.deepEqual(shopperErrors, []);
  await mine.close();
});

e2e.registerStopTest();
