/**
 * Order fulfilment in a real browser as the demo admin: the demo customer buys two orders with the
 * offline test provider's 4242 card (through the shop's own API, as the checkout page does); the
 * admin finds the first in /admin/orders, marks it shipped with a tracking number (the customer's
 * order page and the outbox e-mail change), marks it delivered ('Write a Review' appears), and
 * refunds part of the second with one unit back in stock. Screenshots: list, detail and the
 * customer's order page, desktop and phone.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  demoBuyerAndPicks,
  demoCustomer,
  DESKTOP,
  expectToast,
  fullPageShot,
  PHONE,
  useShopInBrowser,
} from "../helpers/e2e.ts";

/** The demo customer gets a default delivery address; two products with stock are picked to buy. */
const { picks, fill: prepare } = demoBuyerAndPicks(2);

const e2e = useShopInBrowser({
  start: "[e2e admin orders] start",
  stop: "[e2e admin orders] stop",
  database: { withAccounts: true, fill: prepare },
  contexts: {
    customer: DESKTOP,
    admin: DESKTOP,
  },
});

/** Buys `quantity` of a product as the signed-in customer and pays with the test card; returns the order. */
async function buy(page: Page, productId: number, quantity: number): Promise<{ id: number; orderNumber: string }> {
  const url = e2e.server.url;
  const headers = { Origin: url, "Content-Type": "application/json" };
  const post = async (path: string, data: unknown) => {
    const res = await page.request.post(url + path, { headers, data });
    assert.ok(res.ok(), `${path}: ${res.status()} ${await res.text()}`);
    return await res.json();
  };
  await post("/api/cart", { productId, quantity });
  const order = await post("/api/orders", { shippingMethod: "standard" });
  const start = await post("/api/payments/create-intent", { orderId: order.id });
  const paid = await post("/api/payments/test-confirm", {
    clientSecret: start.clientSecret,
    cardNumber: "4242 4242 4242 4242",
  });
  assert.equal(paid.paymentIntent.status, "succeeded");
  return order;
}

e2e.test(
  "[e2e admin orders] ship, deliver and partly refund orders; the customer's page and e-mail follow",
  async () => {
    const url = e2e.server.url;
    const { page: shopper, errors } = await e2e.customerPage(e2e.context("customer"));
    const first = await buy(shopper, picks[0].id, 1);
    const second = await buy(shopper, picks[1].id, 2);

    const { page: admin } = await e2e.adminPage(e2e.context("admin"), {
      via: "/admin/orders",
      into: errors,
    });
    await admin.locator(`[data-order-row="${first.id}"]`).waitFor();
    await fullPageShot(admin, "admin-orders-list-desktop");

    // Find the first order by its number and open it.
    await admin.getByLabel("Search").fill(first.orderNumber);
    await admin.getByRole("button", { name: "Apply filters" }).click();
    await admin.waitForURL(/q=RB-/);
    assert.equal(await admin.locator("[data-order-row]").count(), 1);
    await admin.locator(`[data-order-row="${first.id}"] a`).click();
    await admin.waitForURL(`${url}/admin/orders/${first.id}`);

    // Ship it whole with a tracking number (the form beside "Ship selected lines" has the same fields).
    const ship = admin.locator('[data-action="ship"]');
    await ship.getByLabel("Tracking number").fill("TCG-20261124");
    await ship.getByLabel("Carrier (optional)").fill("The Courier Guy");
    await ship.getByRole("button", { name: "Mark as shipped" }).click();
    await expectToast(admin, "Order shipped");
    assert.equal(await admin.locator("[data-tracking]").textContent(), "TCG-20261124");
    await fullPageShot(admin, "admin-order-detail-desktop");

    // The customer's order page and the e-mail in the outbox.
    await shopper.goto(`${url}/order/${first.id}`);
    assert.equal(await shopper.locator("[data-tracking-number]").textContent(), "TCG-20261124");
    await shopper.getByText("The Courier Guy").first().waitFor();
    const outbox = await (await admin.request.get(`${url}/api/admin/outbox?to=${demoCustomer.email}`)).json();
    const shippedMail = outbox.items.find((m: { subject: string }) => /has shipped/.test(m.subject));
    assert.ok(shippedMail, JSON.stringify(outbox.items.map((m: { subject: string }) => m.subject)));
    assert.match(shippedMail.text, /Tracking number: TCG-20261124\nCarrier: The Courier Guy/);
    await admin.goto(`${url}/admin/outbox`);
    await admin.getByRole("link", { name: new RegExp(`order ${first.orderNumber} has shipped`) }).waitFor();

    // Delivered: the customer may now review.
    await admin.goto(`${url}/admin/orders/${first.id}`);
    await admin.getByRole("button", { name: "Mark as delivered" }).click();
    await expectToast(admin, "Order delivered");
    await shopper.goto(`${url}/order/${first.id}`);
    await shopper.getByRole("link", { name: "Write a Review" }).waitFor();
    await fullPageShot(shopper, "customer-order-delivered-desktop");

    // Refund part of the second order and put one unit back on the shelf.
    const stockBefore = (await (await admin.request.get(`${url}/api/admin/orders/${second.id}`)).json()).items[0];
    assert.equal(stockBefore.quantity, 2);
    await admin.goto(`${url}/admin/orders/${second.id}`);
    await admin.getByLabel("Amount (R)").fill("50");
    await admin.getByLabel("Reason", { exact: true }).fill("One arrived damaged");
    await admin.locator(`input[name="restock-${stockBefore.id}"]`).fill("1");
    await admin.locator('form[data-action="refund"]').getByRole("checkbox").check();
    await admin.getByRole("button", { name: "Refund", exact: true }).click();
    await expectToast(admin, "Refund sent");
    await admin.locator('[data-payment-status="partially_refunded"]').first().waitFor();
    assert.match(await admin.locator("[data-refunded]").textContent() ?? "", /50,00/);
    const product = await (await admin.request.get(`${url}/api/products/${picks[1].id}`)).json();
    assert.equal(product.stock, picks[1].stock - 1, "2 sold, 1 back on the shelf");
    await shopper.goto(`${url}/order/${second.id}`);
    await shopper.getByText("Partially refunded").waitFor();

    // The dashboard's orders tab: the second order still waits for dispatch.
    await admin.goto(`${url}/admin?tab=orders`);
    await admin.locator(`[data-dashboard-order="${second.id}"]`).first().waitFor();
    await fullPageShot(admin, "admin-dashboard-orders-desktop");

    // Phone screenshots of the same three pages.
    const phoneAdmin = await e2e.browser.newContext({
      ...PHONE,
      storageState: await e2e.context("admin").storageState(),
    });
    const phoneShopper = await e2e.browser.newContext({
      ...PHONE,
      storageState: await e2e.context("customer").storageState(),
    });
    const pa = await phoneAdmin.newPage();
    await pa.goto(`${url}/admin/orders`);
    await fullPageShot(pa, "admin-orders-list-phone");
    await pa.goto(`${url}/admin/orders/${second.id}`);
    await fullPageShot(pa, "admin-order-detail-phone");
    const ps = await phoneShopper.newPage();
    await ps.goto(`${url}/order/${first.id}`);
    await fullPageShot(ps, "customer-order-delivered-phone");
    await phoneAdmin.close();
    await phoneShopper.close();
    assert.deepEqual(errors, []);
  },
);

e2e.test("[e2e admin orders] close the browser contexts", async () => {
  await e2e.context("customer").close();
  await e2e.context("admin").close();
});

e2e.registerStopTest();
