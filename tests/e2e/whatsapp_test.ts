/**
 * A WhatsApp order in a real browser, against the shop as it runs (its WhatsApp job every few
 * seconds) and the fake WhatsApp Cloud API (tests/fakes/whatsapp_cloud.ts): Meta's signed webhook
 * brings a cart, the shop replies on WhatsApp with the summary and the pay link; the customer
 * (never signed in) opens it, gives a delivery address, pays by test card and sees the order paid;
 * the paid update follows on WhatsApp; staff find the order under Source: WhatsApp with the number.
 * Screenshots: the address step, the payment step, paid, the admin list and the admin order.
 */
import assert from "node:assert/strict";
import { startFakeWhatsAppCloud } from "../fakes/whatsapp_cloud.ts";
import { orderWebhook, signWebhook } from "../fakes/whatsapp_cloud.ts";
import { demoAdmin, DESKTOP, fullPageShot, payByCard, PHONE, useShopInBrowser, watchedPage } from "../helpers/e2e.ts";
import type { Db } from "../../db/client.ts";
import { products } from "../../db/schema/mod.ts";
import { eq } from "drizzle-orm";

const APP_SECRET = "e2e-meta-app-secret";
const WA_ID = "27829876543";
const fake = startFakeWhatsAppCloud();
let sku = "";

const e2e = useShopInBrowser({
  start: "[e2e whatsapp] prepare the shop with WhatsApp (the fake Cloud API), start it and the browser",
  stop: "[e2e whatsapp] stop the shop, the browser and the fake Cloud API",
  env: () => ({
    NODE_ENV: "test",
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: "e2e-verify",
    WHATSAPP_PHONE_NUMBER_ID: fake.phoneNumberId,
    WHATSAPP_ACCESS_TOKEN: fake.token,
    WHATSAPP_GRAPH_API_BASE: fake.url,
  }),
  database: { withAccounts: true, fill: prepare },
  stopped: () => fake.stop(),
});

async function prepare(db: Db) {
  const [product] = await db.select().from(products).where(eq(products.name, "Habistat Dimming Thermostat"));
  sku = product.fbRetailerId || product.sku;
}

async function until<T>(what: string, check: () => T | undefined | null, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

e2e.test(
  "[e2e whatsapp] a WhatsApp cart: reply with a pay link, address, card payment, paid update, admin",
  async () => {
    const url = e2e.server.url;
    const body = JSON.stringify(orderWebhook({
      messageId: "wamid.E2E0001",
      from: WA_ID,
      name: "Sipho Dlamini",
      items: [{ product_retailer_id: sku, quantity: 1, item_price: 1299, currency: "ZAR" }],
      text: "Hi, please deliver to my work address",
    }));
    const res = await fetch(`${url}/api/watrade/orders`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": signWebhook(body, APP_SECRET) },
      body,
    });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { received: true, stored: 1, duplicates: 0 });

    const reply = await until("the shop's reply", () => fake.sent.find((m) => m.to === WA_ID));
    const link = /(https?:\/\/\S+\/pay\/\S+)/.exec(reply.body ?? "")?.[1];
    assert.ok(link, reply.body ?? "no body");
    assert.match(reply.body!, /Total: R\s?1\s?394,00/);

    const context = await e2e.browser.newContext(PHONE);
    const { page, errors } = await watchedPage(context);
    await page.goto(link);
    await page.locator("[data-wa-address-form]").waitFor();
    await fullPageShot(page, "whatsapp-pay-address");
    const form = page.locator("[data-wa-address-form]");
    await form.getByLabel("First name").fill("Sipho");
    await form.getByLabel("Last name").fill("Dlamini");
    await form.getByLabel("Street address").fill("4 Long Street");
    await form.getByLabel("City").fill("Cape Town");
    await form.getByLabel("Province").fill("Western Cape");
    await form.getByLabel("Postal code").fill("8001");
    await form.getByRole("button", { name: "Save address and continue" }).click();
    await page.locator('[data-island="CheckoutPayment"] [data-payment-state="ready"]').waitFor();
    await fullPageShot(page, "whatsapp-pay-payment");
    await payByCard(page, "4242 4242 4242 4242");
    await page.locator('[data-wa-state="Paid"]').waitFor();
    await fullPageShot(page, "whatsapp-pay-paid");
    assert.deepEqual(errors, []);
    await context.close();

    const paid = await until(
      "the paid update",
      () => fake.sent.find((m) => /received your payment/.test(m.body ?? "")),
    );
    assert.equal(paid.to, WA_ID);

    const staff = await e2e.browser.newContext(DESKTOP);
    const { page: admin } = await e2e.signedInPage(staff, demoAdmin, { via: "/admin/orders" });
    await admin.goto(`${url}/admin/orders?source=whatsapp`);
    const row = admin.locator("[data-order-row]").first();
    assert.match((await row.textContent()) ?? "", /WhatsApp \+27829876543/);
    await fullPageShot(admin, "whatsapp-admin-orders");
    await row.getByRole("link").first().click();
    await admin.locator('[data-order-source="whatsapp"]').waitFor();
    await fullPageShot(admin, "whatsapp-admin-order");
    await staff.close();
  },
);

e2e.registerStopTest();
