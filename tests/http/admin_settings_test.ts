/** /api/admin/settings and /admin/settings: guards, validation, and the storefront showing the saved values. */
import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp, testConfig } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { STAFF_PASSWORD, staffAccount } from "../helpers/staff.ts";
import { auditLogs } from "../../db/schema/mod.ts";
import { shopSettingsDefaults } from "../../domains/settings/mod.ts";

const { test, closeDatabase } = useTestDatabase();
const defaults = shopSettingsDefaults(testConfig().shop);

test("[admin settings] visitor 401 / customer 403 on GET and PUT; pages redirect", async (db, database) => {
  const visitor = testClient(testApp(database));
  const { client: customer } = await staffAccount(db, database, "customer");
  for (const client of [visitor, customer]) {
    const expected = client === visitor ? 401 : 403;
    assert.equal((await client.get("/api/admin/settings")).status, expected);
    assert.equal((await client.postJson("/api/admin/settings", defaults, "PUT")).status, expected);
    assert.equal((await client.get("/admin/settings")).status, 303);
    assert.equal((await client.postForm("/admin/settings", { shopName: "Hacked" })).status, 303);
  }
  assert.equal(await db.$count(auditLogs), 0);
});

test(
  "[admin settings] PUT saves and the storefront shows it at once: top bar, footer, terms page; GET answers the values",
  async (db, database) => {
    const { client: admin } = await staffAccount(db, database, "admin");
    const app = testApp(database);
    const shopper = testClient(app);
    const before = await (await shopper.get("/")).text();
    assert.match(before, /Free delivery on orders from R(\s|&nbsp;| )1(\s| | )500,00/);

    const staff = testClient(app);
    await staff.postJson("/api/auth/login", { username: "admin", password: STAFF_PASSWORD });
    assert.deepEqual(await (await staff.get("/api/admin/settings")).json(), defaults);
    const res = await staff.postJson("/api/admin/settings", {
      ...defaults,
      shopName: "Gecko Corner",
      companyName: "Gecko Corner Trading (Pty) Ltd",
      vatNumber: "4111222333",
      email: "hello@geckocorner.co.za",
      phone: "021 555 0199",
      freeDeliveryThreshold: 800,
      deliveryFee: 75.5,
    }, "PUT");
    assert.equal(res.status, 200);
    assert.equal((await res.json()).deliveryFee, 75.5);
    const home = await (await shopper.get("/")).text();
    assert.match(home, /Free delivery on orders from R(\s|&nbsp;| )800,00/);
    assert.match(home, /Gecko Corner Trading \(Pty\) Ltd/);
    const terms = await (await shopper.get("/terms")).text();
    assert.match(terms, /data-vat="?[^>]*>4111222333/);
    assert.match(terms, /hello@geckocorner\.co\.za/);
    assert.match(terms, /021 555 0199/);
    assert.equal(await db.$count(auditLogs), 1);
    void admin;
  },
);

test("[admin settings] hostile and invalid input: 400 with a plain message, nothing saved", async (db, database) => {
  const { client: admin } = await staffAccount(db, database, "super_admin");
  const cases: unknown[] = [
    { ...defaults, vatNumber: "123" },
    { ...defaults, deliveryFee: -5 },
    { ...defaults, deliveryFee: 1.234 },
    { ...defaults, shopName: "A\u0000B" },
    { ...defaults, email: "x" },
    { ...defaults, freeDeliveryThreshold: "1000" },
    { ...defaults, role: "admin" },
    "just a string",
    [],
  ];
  for (const body of cases) {
    const res = await admin.postJson("/api/admin/settings", body, "PUT");
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.equal(typeof (await res.json()).error, "string");
  }
  const big = await admin.postJson("/api/admin/settings", { ...defaults, address: "x".repeat(100_000) }, "PUT");
  assert.equal(big.status, 400);
  assert.equal(await db.$count(auditLogs), 0);
});

test(
  "[admin settings] the form page works without JavaScript: errors by field, then save with a toast",
  async (db, database) => {
    const { client: admin } = await staffAccount(db, database, "admin");
    const page = await (await admin.get("/admin/settings")).text();
    assert.match(page, /name="shopName"[^>]*value="Reptile Basics"|value="Reptile Basics"[^>]*name="shopName"/);
    assert.match(page, /Charged at checkout for standard delivery below the free-delivery threshold/);
    assert.doesNotMatch(page, /not charge it yet/, "the hint tells what checkout does");
    const fields = Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, String(v)]));
    const bad = await admin.postForm("/admin/settings", { ...fields, vatNumber: "999", deliveryFee: "abc" });
    assert.equal(bad.status, 400);
    const html = await bad.text();
    assert.match(html, /VAT number must be 10 digits starting with 4/);
    assert.match(html, /Delivery fee must be a number/);
    const ok = await admin.postForm("/admin/settings", { ...fields, deliveryFee: "80" });
    assert.equal(ok.status, 303);
    const after = await (await admin.get("/admin/settings")).text();
    assert.match(after, /Settings saved/);
    assert.match(after, /value="80"/);
  },
);

test("[admin settings] the low-stock e-mail address: the shop's by default, another, or none", async (db, database) => {
  const { client: admin } = await staffAccount(db, database, "admin");
  assert.equal((await (await admin.get("/api/admin/settings")).json()).stockAlertEmail, defaults.email);
  const page = await (await admin.get("/admin/settings")).text();
  assert.match(
    page,
    /<legend[^>]*>Notifications<\/legend>[^]*name="stockAlertEmail"[^>]*value="support@reptilebasics\.co\.za"/,
  );
  const bad = await admin.postJson("/api/admin/settings", { ...defaults, stockAlertEmail: "buyer at shop" }, "PUT");
  assert.equal(bad.status, 400);
  assert.equal(
    (await bad.json()).message,
    "Enter a valid e-mail address, or leave it empty to send no low-stock e-mails",
  );
  const form = await admin.postForm("/admin/settings", {
    ...Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, String(v)])),
    stockAlertEmail: "  ",
  });
  assert.equal(form.status, 303);
  assert.equal(
    (await (await admin.get("/api/admin/settings")).json()).stockAlertEmail,
    "",
    "none: the job sends nothing",
  );
});

closeDatabase();
