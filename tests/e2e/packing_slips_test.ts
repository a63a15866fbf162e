/**
 * Packing slips in a real browser: staff tick two orders in the orders list and print their slips
 * (a GET form, no JavaScript needed), and open one order's slip from its page. The PDFs' text is
 * read with pdftotext and each page drawn to a PNG (pdftoppm) beside the pages' screenshots, to look at.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import type { Db } from "../../db/client.ts";
import { orders } from "../../db/schema/mod.ts";
import { testGateway } from "../../domains/payments/mod.ts";
import { FREE_DELIVERY, paidOrder } from "../helpers/paid_orders.ts";
import { pdfText } from "../helpers/pdf.ts";
import { axeViolations } from "../helpers/axe.ts";
import { screenshotDir } from "../helpers/browser.ts";
import { demoAdmin, demoBuyerAndStock, DESKTOP, fullPageShot, useShopInBrowser, watchedPage } from "../helpers/e2e.ts";

const placed: { id: number; orderNumber: string }[] = [];

/** Three paid orders of a customer with a default address; the last carries order notes. */
async function prepare(db: Db) {
  const { customerId, stocked: rows } = await demoBuyerAndStock(db, 3);
  const gateway = testGateway();
  for (const [i, row] of rows.entries()) {
    const { order } = await paidOrder(db, gateway, [{ productId: row.id, quantity: i + 1 }], {
      userId: customerId,
      delivery: FREE_DELIVERY,
    });
    placed.push({ id: order.id, orderNumber: order.orderNumber });
  }
  await db.update(orders).set({ notes: "Gift: no invoice in the box, please." }).where(eq(orders.id, placed[2].id));
}

const e2e = useShopInBrowser({
  start: "[e2e packing slips] start",
  stop: "[e2e packing slips] stop",
  database: { withAccounts: true, fill: prepare },
  contexts: {
    // bypassCSP: axe is injected into the pages to check them (it only reads them).
    desktop: { ...DESKTOP, acceptDownloads: true, bypassCSP: true },
  },
});

/** Each page of the PDF as a PNG at 60 dpi, to look at; returns how many pages were drawn. */
async function pdfPagesPng(bytes: Uint8Array, name: string): Promise<number> {
  const base = `${screenshotDir}${name}`;
  await Deno.writeFile(`${base}.pdf`, bytes);
  const { code } = await new Deno.Command("pdftoppm", { args: ["-png", "-r", "60", `${base}.pdf`, base] }).output();
  assert.equal(code, 0, "pdftoppm");
  let n = 0;
  for await (const f of Deno.readDir(screenshotDir)) if (f.name.startsWith(`${name}-`) && f.name.endsWith(".png")) n++;
  return n;
}

/** Clicks `target` (which opens the PDF in a new tab) and returns the URL it asked for and the PDF's bytes. */
async function pdfOpenedBy(page: Page, click: () => Promise<void>): Promise<{ url: string; bytes: Uint8Array }> {
  const [request] = await Promise.all([
    e2e.context("desktop").waitForEvent("request", (r) => /packing-slips?\b.*\.pdf/.test(r.url())),
    click(),
  ]);
  const res = await page.request.get(request.url());
  assert.equal(res.status(), 200, await res.text());
  assert.equal(res.headers()["content-type"], "application/pdf");
  return { url: request.url(), bytes: new Uint8Array(await res.body()) };
}

e2e.test(
  "[e2e packing slips] staff print the ticked orders' slips from the list, and one order's from its page",
  async () => {
    const url = e2e.server.url;
    const { page, errors } = await e2e.signedInPage(e2e.context("desktop"), demoAdmin);

    await page.goto(`${url}/admin/orders`);
    const [a, , c] = placed;
    await page.locator(`table [data-select-order="${a.id}"]`).check();
    await page.locator(`table [data-select-order="${c.id}"]`).check();
    await fullPageShot(page, "packing-slips-orders-list");
    assert.deepEqual(await axeViolations(page), [], "orders list");
    const list = await pdfOpenedBy(page, () => page.getByRole("button", { name: "Print packing slips" }).click());
    const asked = new URL(list.url);
    assert.equal(asked.pathname, "/admin/orders/packing-slips.pdf");
    assert.deepEqual(asked.searchParams.getAll("ids").map(Number).sort(), [a.id, c.id].sort());
    const text = await pdfText(list.bytes);
    const pages = text.split("\f").filter((p) => p.trim());
    assert.equal(pages.length, 2, "one page per ticked order");
    assert.ok(pages.some((p) => p.includes(a.orderNumber)) && pages.some((p) => p.includes(c.orderNumber)));
    assert.ok(!text.includes(placed[1].orderNumber), "the unticked order is not printed");
    assert.match(text, /Gift: no invoice in the box, please\./);
    assert.equal(await pdfPagesPng(list.bytes, "packing-slips-batch"), 2);

    await page.goto(`${url}/admin/orders/${c.id}`);
    const link = page.locator("[data-packing-slip]");
    assert.equal(await link.getAttribute("href"), `/admin/orders/${c.id}/packing-slip.pdf`);
    await fullPageShot(page, "packing-slips-order-page");
    const one = await pdfOpenedBy(page, () => link.click());
    const slip = await pdfText(one.bytes);
    assert.match(slip, /Packing slip/);
    assert.match(slip, new RegExp(c.orderNumber));
    assert.doesNotMatch(slip, /R\s?\d/, "no prices");
    await pdfPagesPng(one.bytes, "packing-slip-one");
    assert.deepEqual(errors, []);
    await page.close();
  },
);

e2e.test(
  "[e2e packing slips] shipping with an Aramex waybill: a tracking link for staff and customer, the timeline and audit log in sentences",
  async () => {
    const url = e2e.server.url;
    const { page, errors } = await watchedPage(e2e.context("desktop"));
    const b = placed[1];
    await page.goto(`${url}/admin/orders/${b.id}`);
    await page.fill("#ship-tracking", "30412345678");
    await page.fill("#ship-carrier", "Aramex");
    await page.locator('[data-action="ship"] button[type="submit"]').click();
    await page.waitForURL(`${url}/admin/orders/${b.id}`);
    const link = page.locator("[data-tracking] a[data-tracking-number]");
    assert.equal(await link.getAttribute("href"), "https://www.aramex.com/track/results?ShipmentNumber=30412345678");
    const shipped = page.locator('[data-timeline] li[data-event="status"]');
    assert.match(await shipped.innerText(), /Status processing -> shipped[\s\S]*Tracking number: 30412345678/);
    await shipped.locator("summary", { hasText: "Raw JSON" }).click();
    assert.match(await shipped.locator("pre").innerText(), /"trackingNumber": "30412345678"/);
    await fullPageShot(page, "packing-slips-shipped-order-timeline");
    // Checked as staff see it, the "Order shipped" toast and the open Raw JSON included.
    assert.deepEqual(await axeViolations(page), [], "order page");

    await page.goto(`${url}/admin/audit?entityType=order`);
    const row = page.locator("[data-audit-sentence]").first();
    assert.match(await row.innerText(), new RegExp(`Order #${b.id} marked shipped by ${demoAdmin.username}`));
    await fullPageShot(page, "packing-slips-audit-log");
    assert.deepEqual(await axeViolations(page), [], "audit log");
    assert.deepEqual(errors, []);
    await page.close();

    const { page: mine, errors: shopperErrors } = await e2e.customerPage(DESKTOP);
    await mine.goto(`${url}/order/${b.id}`);
    const track = mine.locator("a[data-tracking-number]");
    assert.equal(await track.getAttribute("data-tracking-carrier"), "Aramex");
    assert.equal(await track.getAttribute("target"), "_blank");
    await fullPageShot(mine, "packing-slips-customer-tracking-link");
    assert.deepEqual(shopperErrors, []);
    await mine.close();
  },
);

e2e.registerStopTest();
