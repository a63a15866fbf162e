/**
 * The back office's operations screens in Chromium: a super_admin makes a customer an admin; an admin
 * creates, edits and deletes a coupon in the Manage Coupons dialogs (the CouponManager island); a
 * settings change shows on the storefront; screenshots of coupons, users, settings, audit and the
 * dashboard at 1280 px and 390 px.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  demoAdmin,
  DESKTOP,
  expectToast,
  fullPageShot,
  type PageHome,
  PHONE,
  useShopInBrowser,
  viewportShot,
  watchErrors,
} from "../helpers/e2e.ts";
import { demoAccounts } from "../../seed/demo.ts";
import { createCoupon, createUser } from "../helpers/factories.ts";
import { orderItems, orders, products, productVariants } from "../../db/schema/mod.ts";
import { sql } from "drizzle-orm";
import { hashPassword } from "../../domains/auth/mod.ts";

const superAdmin = demoAccounts.find((a) => a.role === "super_admin")!;
/** The variant the shop is filled with sold out. */
let lowSize = { id: 0, name: "", product: "" };

const e2e = useShopInBrowser({
  start: "[e2e] start the shop and the browser",
  stop: "[e2e] stop the shop and the browser",
  database: {
    withAccounts: true,
    async fill(db) {
      const thandi = await createUser(db, {
        username: "thandi_keeper",
        email: "thandi@example.co.za",
        firstName: "Thandi",
        lastName: "Nkosi",
        password: await hashPassword("Gecko-Keeper1"),
      });
      // A coupon for the customers an automatic tag will find: offered on her account once she is tagged.
      await createCoupon(db, {
        code: "REGULARS15",
        description: "For our regulars",
        customerTag: "regulars",
        value: "15",
        minOrderValue: "300.00",
        startDate: new Date(Date.now() - 86_400_000),
      });
      // One size of a range sold out while the others are plenty: the range is low (decision 0111), and
      // the first of the demo's ranges sorts among the dashboard's first eight sold-out lines.
      const [size] = await db.select({ id: productVariants.id, name: productVariants.name, product: products.name })
        .from(productVariants)
        .innerJoin(products, sql`${products.id} = ${productVariants.productId}`)
        .where(sql`not ${productVariants.preorder} and ${products.stock} > 20 and ${productVariants.productId} in (
          select product_id from ${productVariants} group by 1 having count(*) > 1)`)
        .orderBy(productVariants.id).limit(1);
      await db.update(productVariants).set({ stock: 0 }).where(sql`${productVariants.id} = ${size.id}`);
      lowSize = size;
      // Paid orders over the last weeks, so the dashboard's chart has something to draw.
      // A product without variants, so the restock plan can read its stock against its sales.
      const [product] = await db.select().from(products)
        .where(sql`not exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id})`)
        .orderBy(products.id).limit(1);
      const now = Date.now();
      for (let i = 0; i < 24; i++) {
        const paidAt = new Date(now - ((i * 37) % 29) * 86_400_000 - i * 3_600_000);
        const total = (250 + ((i * 173) % 1900)).toFixed(2);
        const [o] = await db.insert(orders).values({
          // Thandi's are the first three (her page sums them up).
          userId: i < 3 ? thandi.id : null,
          orderNumber: `RB-E2E-${i}`,
          total,
          subtotal: total,
          status: i % 3 === 0 ? "processing" : "delivered",
          paidAt,
          createdAt: paidAt,
        }).returning();
        await db.insert(orderItems).values({
          orderId: o.id,
          productId: product.id,
          name: product.name,
          price: total,
          quantity: 1,
        });
      }
    },
  },
});

async function staffPage(account: { username: string; password: string }, view: PageHome = DESKTOP) {
  return (await e2e.signedInPage(view, account)).page;
}

async function couponIsland(page: Page) {
  await page.locator('[data-island="CouponManager"][data-hydrated="true"]').waitFor({ state: "attached" });
  await page.locator('[data-island="Toaster"][data-hydrated="true"]').waitFor({ state: "attached" });
}

e2e.test("[e2e admin] a super_admin makes a customer an admin", async () => {
  const page = await staffPage(superAdmin);
  const errors = watchErrors(page);
  await page.goto(`${e2e.server.url}/admin/users`);
  await page.getByPlaceholder("Search by username, e-mail or name...").fill("nkosi");
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL(/q=nkosi/);
  await fullPageShot(page, "admin-users-desktop");
  await page.getByRole("link", { name: "thandi_keeper" }).click();
  await page.getByRole("heading", { name: "thandi_keeper" }).waitFor();
  await page.getByLabel("Role").selectOption("admin");
  await page.getByRole("button", { name: "Change role" }).click();
  await expectToast(page, "Account updated", /thandi_keeper is now Admin/);
  await fullPageShot(page, "admin-user-detail-desktop");
  // The new admin can open the admin area.
  const promoted = await staffPage({ username: "thandi_keeper", password: "Gecko-Keeper1" });
  await promoted.goto(`${e2e.server.url}/admin/coupons`);
  await promoted.getByRole("heading", { name: "Manage Coupons" }).waitFor();
  assert.deepEqual(errors, []);
  await page.context().close();
  await promoted.context().close();
});

e2e.test("[e2e admin] staff read a customer's purchases, tag them and keep a note on them", async () => {
  const page = await staffPage(demoAdmin);
  const errors = watchErrors(page);
  // Sorted by what they spent, the one customer who has bought comes first.
  await page.goto(`${e2e.server.url}/admin/users`);
  await page.getByLabel("Sort").selectOption({ label: "Most spent" });
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL(/sort=spent/);
  assert.equal(await page.locator("[data-user]").first().getAttribute("data-user"), "thandi_keeper");
  await viewportShot(page, "admin-users-most-spent-desktop");
  // A segment: customers with at least two purchases who bought this year; the filter stays open and in the links.
  await page.locator("[data-purchase-filter] summary").click();
  await page.getByLabel("Orders at least").fill("2");
  await page.getByLabel("Last order on or after").fill(`${new Date().getFullYear()}-01-01`);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await page.waitForURL(/minOrders=2/);
  assert.deepEqual(
    await page.locator("[data-user]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-user"))),
    ["thandi_keeper"],
  );
  assert.equal(await page.locator("[data-purchase-filter]").getAttribute("open"), "");
  assert.match(await page.getByRole("link", { name: "Export CSV" }).getAttribute("href") ?? "", /minOrders=2/);
  await viewportShot(page, "admin-users-purchase-filter-desktop");
  // Kept automatically from now on: the rule tags her at once and is listed with its last run.
  await page.locator("[data-tag-rule-maker] summary").click();
  await page.getByLabel("Tag", { exact: true }).and(page.locator("#rule-tag")).fill("Regulars");
  await page.getByRole("button", { name: "Keep this tag" }).click();
  await expectToast(page, "Automatic tag kept", /"regulars" is on 1 account more now/);
  await page.locator("[data-tag-rules] summary").click();
  assert.match(
    await page.locator('[data-tag-rule="regulars"]').innerText(),
    /2 or more orders · last order on or after 1 January \d{4}[^]*Last run [^]*: 1 added\./,
  );
  await viewportShot(page, "admin-users-tag-rules-desktop");
  // Tagged, she finds the regulars' coupon on her account.
  const customer = await staffPage({ username: "thandi_keeper", password: "Gecko-Keeper1" });
  await customer.goto(`${e2e.server.url}/account`);
  await customer.getByRole("heading", { name: "Offers for you" }).waitFor();
  assert.match(await customer.locator('[data-offer="REGULARS15"]').innerText(), /15% off[^]*on orders of R\s300,00/);
  await customer.locator("#offers").scrollIntoViewIfNeeded();
  await viewportShot(customer, "account-offers-desktop");
  // Her cart's coupon box names it above the sample codes.
  await customer.goto(`${e2e.server.url}/cart?product=1`);
  await customer.getByRole("button", { name: "Add to Cart" }).click();
  await customer.locator("[data-offer-hints]").waitFor();
  assert.match(await customer.locator("[data-offer-hints]").innerText(), /For you: REGULARS15 \(15% off\)/);
  await customer.locator("[data-offer-hints]").scrollIntoViewIfNeeded();
  await viewportShot(customer, "cart-offer-hint-desktop");
  await customer.context().close();
  await page.getByRole("button", { name: 'Stop tagging "regulars" automatically' }).click();
  await expectToast(page, "Automatic tag stopped");
  assert.equal(await page.locator("[data-tag-rules]").count(), 0);
  // The tag stays; take it off again so the steps below see her tags as before.
  await page.goto(`${e2e.server.url}/admin/users?tag=regulars`);
  assert.equal(await page.locator("[data-user]").count(), 1);
  await page.locator('[data-user="thandi_keeper"]').getByRole("checkbox").check();
  await page.getByText("Tag accounts", { exact: true }).click();
  await page.getByLabel("Change").selectOption("remove");
  await page.locator("#bulk-tag").fill("regulars");
  await page.getByRole("button", { name: "Apply" }).click();
  await expectToast(page, "Tags updated", /Removed "regulars" from 1 account/);
  await page.goto(`${e2e.server.url}/admin/users?q=thandi`);
  const row = page.locator('[data-user="thandi_keeper"]');
  assert.match(await row.innerText(), /\b3\b[^]*R\s[\d\s]+,\d\d/, "the list shows her paid orders and spend");
  // The search's accounts as a CSV file, with her purchases.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  assert.match(download.suggestedFilename(), /^customers-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await Deno.readTextFile((await download.path())!);
  assert.match(csv, /^thandi_keeper,Thandi,Nkosi,thandi@example\.co\.za,,\w+,active,\d{4}-\d{2}-\d{2},3,/m);
  // Tag the ticked rows from the list.
  await row.getByRole("checkbox", { name: "Select thandi_keeper" }).check();
  await page.getByText("Tag accounts", { exact: true }).click();
  await page.getByLabel("Tag", { exact: true }).fill("Reptile Expo 2026");
  await page.getByRole("button", { name: "Apply" }).click();
  await expectToast(page, "Tags updated", /Added "reptile expo 2026" to 1 account/);
  assert.equal(await row.locator("[data-tags]").getAttribute("data-tags"), "reptile expo 2026");
  await fullPageShot(page, "admin-users-bulk-tag-desktop");
  await row.getByRole("link", { name: "thandi_keeper" }).click();
  await page.getByRole("heading", { name: "Purchases" }).waitFor();
  assert.equal(await page.locator('[data-fact="paid-orders"]').innerText(), "3");
  const tags = page.getByLabel("Tags", { exact: true });
  await tags.fill("Breeder, trade ");
  await page.getByRole("button", { name: "Save tags" }).click();
  await expectToast(page, "Tags saved");
  assert.equal(await tags.inputValue(), "breeder, trade");
  const note = page.getByLabel("Note", { exact: true });
  await note.fill("Gate code 4521.\nPrefers PUDO lockers.");
  await page.getByRole("button", { name: "Save note" }).click();
  await expectToast(page, "Note saved");
  assert.equal(await note.inputValue(), "Gate code 4521.\nPrefers PUDO lockers.");
  await fullPageShot(page, "admin-user-note-desktop");
  // A tag leads to the list filtered by it, where she is the only breeder.
  await page.locator("[data-tags]").getByRole("link", { name: "breeder" }).first().click();
  await page.waitForURL(/\/admin\/users\?tag=breeder$/);
  assert.equal(await page.getByLabel("Tag filter").inputValue(), "breeder");
  assert.deepEqual(
    await page.locator("[data-user]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-user"))),
    [
      "thandi_keeper",
    ],
  );
  await fullPageShot(page, "admin-users-tag-filter-desktop");
  // "breeder" is renamed from the filtered list; the list follows the new name.
  await page.locator("[data-tag-rename] summary").click();
  await page.getByLabel("New name").fill("Reptile Breeder");
  await viewportShot(page, "admin-users-tag-rename-desktop");
  await page.getByRole("button", { name: "Rename", exact: true }).click();
  await expectToast(page, "Tag renamed", /"breeder" is now "reptile breeder" on 1 account\./);
  await page.waitForURL(/\/admin\/users\?tag=reptile\+breeder$/);
  assert.equal(await page.getByLabel("Tag filter").inputValue(), "reptile breeder");
  assert.equal(await page.locator("[data-user]").count(), 1);
  // Her orders, by her tag, on the orders list.
  await page.goto(`${e2e.server.url}/admin/orders`);
  await page.getByLabel("Customer tag").selectOption("trade");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await page.waitForURL(/tag=trade/);
  assert.equal(await page.locator('[data-tags="reptile breeder,trade"]').count(), 3, "her three orders, tags shown");
  await viewportShot(page, "admin-orders-tag-filter-desktop");
  await page.goto(`${e2e.server.url}/admin/audit`);
  await page.getByText(/User #\d+ note changed/).first().waitFor();
  await page.getByText(/User #\d+ tags changed/).first().waitFor();
  assert.deepEqual(errors, []);
  await page.context().close();
});

e2e.test("[e2e admin] an admin creates, edits and deletes a coupon on the Manage Coupons screen", async () => {
  const page = await staffPage(demoAdmin);
  const errors = watchErrors(page, { ignore: /status of 4\d\d/ });
  await page.goto(`${e2e.server.url}/admin/coupons`);
  await couponIsland(page);
  await page.getByRole("heading", { name: "Manage Coupons" }).waitFor();

  await page.getByRole("link", { name: "Add Coupon" }).click();
  const dialog = page.locator("[data-coupon-dialog]");
  await dialog.getByRole("heading", { name: "Create New Coupon" }).waitFor();
  await dialog.getByLabel("Code").fill("ab");
  await dialog.getByLabel("Description").fill("Hi");
  await dialog.getByRole("button", { name: "Create Coupon" }).click();
  await dialog.getByText("Coupon code must be at least 3 characters").waitFor();
  await dialog.getByText("Description is required").waitFor();
  await dialog.getByText("Value must be a positive number").waitFor();
  await viewportShot(page, "admin-coupon-dialog-desktop");

  await dialog.getByLabel("Code").fill("basking15");
  await dialog.getByLabel("Description").fill("15% off basking lamps, at most R200");
  await dialog.getByLabel("Value (%)").fill("15");
  await dialog.getByLabel("Maximum discount (R, optional)").fill("200");
  await dialog.getByRole("button", { name: "Create Coupon" }).click();
  await expectToast(page, "Coupon Created", /BASKING15/);
  const row = page.locator('tr[data-coupon-code="BASKING15"]');
  await row.waitFor();
  assert.match(await row.innerText(), /15%[\s\S]*Max: R/);

  await row.getByRole("link", { name: "Edit BASKING15" }).click();
  await dialog.getByRole("heading", { name: "Edit Coupon" }).waitFor();
  await dialog.getByLabel("Value (%)").fill("20");
  await dialog.getByLabel("Only for customers tagged (optional)").fill("Trade");
  await viewportShot(page, "admin-coupon-edit-tag-desktop");
  await dialog.getByLabel("Active").uncheck();
  await dialog.getByRole("button", { name: "Update Coupon" }).click();
  await expectToast(page, "Coupon Updated", /BASKING15/);
  await page.locator('tr[data-coupon-code="BASKING15"].bg-stone-50').waitFor();
  assert.match(
    await page.locator('tr[data-coupon-code="BASKING15"]').innerText(),
    /Only customers tagged "trade"[\s\S]*20%[\s\S]*Inactive/,
  );
  await couponIsland(page);
  await fullPageShot(page, "admin-coupons-desktop");

  await page.locator('tr[data-coupon-code="BASKING15"]').getByRole("link", { name: "Delete BASKING15" }).click();
  const ask = page.locator("[data-delete-dialog]");
  await ask.getByRole("heading", { name: "Delete Coupon" }).waitFor();
  await ask.getByText('Are you sure you want to delete the coupon code "BASKING15"? This action cannot be undone.')
    .waitFor();
  await ask.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Coupon Deleted", /BASKING15/);
  assert.equal(await page.locator('tr[data-coupon-code="BASKING15"]').count(), 0);
  assert.deepEqual(errors, []);

  await page.goto(`${e2e.server.url}/admin/audit?entityType=coupon`);
  assert.equal(await page.locator("[data-audit-id]").count(), 3);
  await fullPageShot(page, "admin-audit-desktop");
  await page.goto(`${e2e.server.url}/admin`);
  await page.locator("[data-sales-chart]").waitFor();
  await page.locator("[data-low-stock] li", { hasText: lowSize.product }).locator("[data-low-variants]")
    .getByText(`${lowSize.name} sold out`).waitFor();
  await fullPageShot(page, "admin-dashboard-desktop");
  await page.goto(`${e2e.server.url}/admin/products?stock=low&q=${encodeURIComponent(lowSize.product)}`);
  await page.locator("[data-product-row]", { hasText: lowSize.product }).getByText("(a variant sold out)").waitFor();
  await fullPageShot(page, "admin-products-low-desktop");
  await page.goto(`${e2e.server.url}/admin?tab=users`);
  await fullPageShot(page, "admin-dashboard-users-desktop");
  await page.context().close();
});

e2e.test("[e2e admin] a settings change shows on the storefront", async () => {
  const page = await staffPage(demoAdmin);
  await page.goto(`${e2e.server.url}/admin/settings`);
  await page.getByLabel("Free-delivery threshold (R)").fill("750");
  await page.getByLabel("Phone").fill("021 555 0199");
  await page.getByLabel("VAT number").fill("12345");
  await page.getByRole("button", { name: "Save settings" }).click();
  await page.getByText("VAT number must be 10 digits starting with 4").waitFor();
  await page.getByLabel("VAT number").fill("4111222333");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expectToast(page, "Settings saved");
  await fullPageShot(page, "admin-settings-desktop");
  const shopper = await e2e.browser.newPage(DESKTOP);
  await shopper.goto(`${e2e.server.url}/`);
  assert.match(await shopper.locator("body").innerText(), /Free delivery on orders from R\s?750,00/);
  await shopper.goto(`${e2e.server.url}/terms`);
  assert.match(
    await shopper.locator("body").innerText(),
    /4111222333[\s\S]*021 555 0199|021 555 0199[\s\S]*4111222333/,
  );
  await page.context().close();
  await shopper.context().close();
});

e2e.test("[e2e admin] the restock plan: what to order, a purchase order from it, its delivery booked in", async () => {
  const page = await staffPage(demoAdmin, { ...DESKTOP, acceptDownloads: true });
  const errors = watchErrors(page);
  await page.goto(`${e2e.server.url}/admin`);
  await page.getByRole("link", { name: "Restock", exact: true }).click();
  await page.getByRole("heading", { name: "Restock" }).waitFor();
  // 24 units in the last 29 days of the one product the orders name; a year's cover needs ordering.
  await page.getByLabel("Stock to last (days)").fill("365");
  await page.getByRole("button", { name: "Show" }).click();
  await page.waitForURL(/\/admin\/restock\?days=30&cover=365$/);
  const order = page.locator("[data-restock-order]").first();
  const units = Number(await order.innerText());
  assert.ok(units > 0, "an order quantity for the product that sells");
  await fullPageShot(page, "admin-restock-desktop");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  assert.match(download.suggestedFilename(), /^restock-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await Deno.readTextFile(await download.path());
  assert.match(
    csv.split("\r\n")[0],
    /^SKU,Product,Variant,Last supplier,In stock,On order,Sold in 30 days,Per week,Days left,Runs out,Order$/,
  );
  assert.ok(csv.split("\r\n")[1].endsWith(`,${units}`), "the CSV orders what the page shows");

  // Order it: a purchase order filled in from the plan, to one supplier.
  await page.getByRole("link", { name: "Order it: a purchase order filled in from this list" }).click();
  await page.getByRole("heading", { name: "New purchase order" }).waitFor();
  const sku = (await page.getByLabel("SKUs and quantities to order").inputValue()).split(",")[0];
  assert.match(await page.getByLabel("SKUs and quantities to order").inputValue(), new RegExp(`, ${units}$`));
  await page.getByLabel("Supplier", { exact: true }).fill("Reptile Wholesale (Pty) Ltd");
  await page.getByLabel("Supplier e-mail (optional)").fill("sales@wholesale.example");
  await page.getByLabel("Expected on (optional)").fill("2026-12-14");
  await page.getByLabel("Note (optional)").fill("Quote Q-2211, 30 days");
  await fullPageShot(page, "admin-new-purchase-order-desktop");
  await page.getByRole("button", { name: "Place purchase order" }).click();
  await page.waitForURL(/\/admin\/purchase-orders\/\d+$/);
  await expectToast(
    page,
    "Purchase order placed",
    new RegExp(`to Reptile Wholesale \\(Pty\\) Ltd: 1 line, ${units} units`),
  );
  // Sent to the supplier, to the address given when placing it.
  assert.equal(await page.getByLabel("Supplier e-mail", { exact: true }).inputValue(), "sales@wholesale.example");
  await page.getByRole("button", { name: "E-mail to supplier" }).click();
  await expectToast(page, "Sent to the supplier", /PO-\d{4} was e-mailed to sales@wholesale\.example\./);
  // On order now: the plan no longer asks for it.
  const poUrl = page.url();
  await page.goto(`${e2e.server.url}/admin/restock?days=30&cover=365`);
  assert.equal(await page.locator(`[data-restock-order]`).count(), 0);

  // Part of the delivery arrives: booked in on the purchase order, the rest still awaited.
  await page.goto(poUrl);
  const arrived = page.getByLabel(`Units of ${sku} that arrived`);
  assert.equal(await arrived.inputValue(), String(units));
  await arrived.fill(String(units - 1));
  await page.getByLabel("Reference (optional)").fill("INV-2026-118");
  await page.getByRole("button", { name: "Book in stock" }).click();
  await expectToast(
    page,
    "Delivery booked in",
    new RegExp(`${units - 1} units? added to stock \\(INV-2026-118\\)\\. 1 unit still awaited`),
  );
  assert.equal(await page.locator(`[data-po-outstanding="${sku}"]`).innerText(), "1");
  await fullPageShot(page, "admin-purchase-order-desktop");
  // The last unit will not come: close it, and book a stray delivery in on Receive stock.
  await page.getByRole("button", { name: "Close: the rest is not coming" }).click();
  await expectToast(page, "Purchase order closed", /the rest is no longer on order/);
  await page.getByRole("link", { name: "Purchase orders", exact: true }).first().click();
  await page.getByRole("heading", { name: "Purchase orders" }).waitFor();
  await fullPageShot(page, "admin-purchase-orders-desktop");

  await page.goto(`${e2e.server.url}/admin/restock/receive`);
  await page.getByRole("heading", { name: "Receive stock" }).waitFor();
  await page.getByLabel("SKUs and quantities received").fill(`${sku}, 2`);
  await page.getByLabel("Reference (optional)").fill("INV-2026-119");
  await fullPageShot(page, "admin-receive-stock-desktop");
  await page.getByRole("button", { name: "Book in stock" }).click();
  await page.waitForURL(/\/admin\/restock$/);
  await expectToast(page, "Stock booked in", /1 line, 2 units \(INV-2026-119\)/);
  // The plan now offers the supplier as a filter.
  await page.getByLabel("Last ordered from").selectOption("Reptile Wholesale (Pty) Ltd");
  await page.getByRole("button", { name: "Show" }).click();
  await page.waitForURL(/supplier=Reptile\+Wholesale\+%28Pty%29\+Ltd/);
  await fullPageShot(page, "admin-restock-supplier-desktop");
  assert.deepEqual(errors, []);
  await page.context().close();
});

e2e.test("[e2e admin] phone screenshots of coupons, users, settings, audit and the dashboard", async () => {
  const page = await staffPage(superAdmin, PHONE);
  const errors = watchErrors(page);
  const screens = [
    ["/admin/coupons", "admin-coupons-phone"],
    ["/admin/users", "admin-users-phone"],
    ["/admin/users?minOrders=1", "admin-users-purchase-filter-phone"],
    ["/admin/purchase-orders/1", "admin-purchase-order-phone"],
    ["/admin/settings", "admin-settings-phone"],
    ["/admin/audit", "admin-audit-phone"],
    ["/admin", "admin-dashboard-phone"],
  ];
  for (const [path, name] of screens) {
    await page.goto(e2e.server.url + path);
    await fullPageShot(page, name);
  }
  await page.goto(`${e2e.server.url}/admin/coupons`);
  await couponIsland(page);
  await page.getByRole("link", { name: "Add Coupon" }).click();
  await page.locator("[data-coupon-dialog]").getByRole("heading", { name: "Create New Coupon" }).waitFor();
  await viewportShot(page, "admin-coupon-dialog-phone");
  assert.deepEqual(errors, []);
  await page.context().close();
});

e2e.registerStopTest();
