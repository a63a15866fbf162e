/**
 * The loyalty page in a real browser: the demo customer (given 650 points through a ledger row) sees
 * the balance and tier, redeems 'R50 off your order' through the confirmation dialog, copies the code from
 * the success dialog and finds the redemption listed. Screenshots at 1280 px and 390 px.
 */
import assert from "node:assert/strict";
import type { Db } from "../../db/client.ts";
import { loyaltyLedger, users } from "../../db/schema/mod.ts";
import { hashPassword } from "../../domains/auth/mod.ts";
import { giveRefundDebt } from "../helpers/loyalty_debt.ts";
import { DESKTOP, findDemoCustomer, fullPageShot, PHONE, useShopInBrowser, viewportShot } from "../helpers/e2e.ts";

const e2e = useShopInBrowser({
  start: "[e2e] loyalty: prepare a shop with points, start it and the browser",
  stop: "[e2e] loyalty: stop the shop and the browser",
  database: { withAccounts: true, fill: givePoints },
  contexts: {
    desktop: DESKTOP,
  },
  started: async () => {
    await e2e.context("desktop").grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.server.url });
  },
});

async function givePoints(db: Db) {
  const customer = await findDemoCustomer(db);
  await db.insert(loyaltyLedger).values({
    userId: customer.id,
    points: 650,
    reason: "Points for order RB-1764072000789",
    referenceType: "order",
    referenceId: "1",
    createdAt: new Date(Date.now() - 3 * 86_400_000),
  });
  await giveDebt(db);
}

/** A second customer whose refunded order took back more points than they had (decision 0057). */
const DEBTOR = { username: "debtor_d", password: "Debtor-Keeper1" };

async function giveDebt(db: Db) {
  const [debtor] = await db.insert(users).values({
    username: DEBTOR.username,
    email: "debtor@example.co.za",
    password: await hashPassword(DEBTOR.password),
    firstName: "Dumi",
  }).returning();
  await giveRefundDebt(db, debtor.id);
}

e2e.test("[e2e] loyalty: a visitor sees the sign-in prompt", async () => {
  const { page, errors } = await e2e.openPage("/loyalty", { on: e2e.context("desktop") });
  await page.locator("[data-loyalty-login-prompt]").waitFor();
  assert.equal(
    await page.getByRole("link", { name: "Log in", exact: true }).getAttribute("href"),
    "/login?redirect=/loyalty",
  );
  await fullPageShot(page, "loyalty-visitor");
  assert.deepEqual(errors, []);
  await page.close();
});

e2e.test("[e2e] loyalty: see the balance, redeem a reward with the dialog, see the code listed", async () => {
  const { page, errors } = await e2e.customerPage(e2e.context("desktop"));
  await page.goto(`${e2e.server.url}/loyalty`);
  assert.match((await page.locator("[data-loyalty-balance]").textContent()) ?? "", /650\s*points.*Silver Tier/);
  assert.equal(
    await page.locator("[data-tier-progress]").textContent(),
    "Earn 350 more points to reach Gold Tier",
  );
  await page.locator('[data-island="Tabs"][data-hydrated="true"]').waitFor({ state: "attached" });
  assert.match((await page.locator("#points-history").textContent()) ?? "", /Points for order RB-1764072000789.*\+650/);
  await fullPageShot(page, "loyalty-desktop");

  await page.getByRole("tab", { name: "Available Rewards" }).click();
  const card = page.locator("[data-reward]").filter({ hasText: "R50 off your order" });
  await card.locator('[data-redeem][data-ready="true"]').waitFor();
  assert.equal(
    await page.locator("[data-reward]").filter({ hasText: "R120 off your order" }).locator("[data-redeem]")
      .isDisabled(),
    true,
  );
  await card.getByRole("button", { name: "Redeem Reward" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Redeem R50 off your order?" });
  await confirm.waitFor();
  assert.match(
    (await confirm.textContent()) ?? "",
    /You will spend 500 points to redeem this reward\. This action cannot be undone\./,
  );
  await viewportShot(page, "loyalty-confirm");
  await confirm.getByRole("button", { name: "Confirm Redemption" }).click();

  const success = page.getByRole("dialog", { name: "Reward Redeemed Successfully!" });
  await success.waitFor();
  const code = (await success.locator("[data-redemption-code]").textContent()) ?? "";
  assert.match(code, /^RWD-[A-Z2-9]{8}$/);
  assert.match((await success.textContent()) ?? "", /Expires in 30 days/);
  assert.match((await success.textContent()) ?? "", /enter the code in the Reward code box at the payment step/);
  assert.equal(await success.getByRole("link", { name: "Go to Checkout" }).getAttribute("href"), "/checkout");
  await success.getByRole("button", { name: "Copy" }).click();
  await page.locator("[data-toast]").filter({ hasText: "Code copied to clipboard" }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), code);
  await viewportShot(page, "loyalty-success");

  await success.getByRole("link", { name: "View My Redemptions" }).click();
  await page.waitForURL(/\/loyalty\?code=/);
  assert.match((await page.locator("[data-loyalty-balance]").textContent()) ?? "", /150\s*points.*Bronze Tier/);
  assert.match((await page.locator("[data-just-redeemed]").textContent()) ?? "", new RegExp(code));
  const row = page.locator("[data-redemption]").first();
  assert.match((await row.textContent()) ?? "", new RegExp(`R50 off your order.*${code}.*Active.*500 points`));
  assert.deepEqual(errors, []);
  await page.close();
});

e2e.test("[e2e] loyalty: the page on a phone", async () => {
  const { page } = await e2e.customerPage(PHONE);
  await page.goto(`${e2e.server.url}/loyalty`);
  await page.locator('[data-island="Tabs"][data-hydrated="true"]').waitFor({ state: "attached" });
  await page.getByRole("tab", { name: "My Redemptions" }).click();
  await fullPageShot(page, "loyalty-phone");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `no sideways scrolling on a phone (${width}px)`);
  await page.close();
});

e2e.test("[e2e] loyalty: a refund's debt on the points card, the voided code in My Redemptions", async () => {
  const { page, errors } = await e2e.signedInPage(DESKTOP, DEBTOR);
  await page.goto(`${e2e.server.url}/loyalty`);
  const balance = (await page.locator("[data-loyalty-balance]").textContent()) ?? "";
  assert.match(balance, /-300\s*points.*Bronze Tier/);
  assert.match(balance, /A refund took back 300 points more than you had\. Points you earn pay this off first\./);
  await page.locator('[data-island="Tabs"][data-hydrated="true"]').waitFor({ state: "attached" });
  await page.getByRole("tab", { name: "My Redemptions" }).click();
  assert.match((await page.locator("[data-redemption]").first().textContent()) ?? "", /Voided/);
  await fullPageShot(page, "loyalty-debt");
  await page.goto(`${e2e.server.url}/account`);
  assert.match((await page.locator("[data-loyalty-card]").textContent()) ?? "", /-300\s*points/);
  await fullPageShot(page, "account-debt");
  assert.deepEqual(errors, []);
  await page.close();
});

e2e.registerStopTest();
