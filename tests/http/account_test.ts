import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { type TestClient, testClient } from "../helpers/client.ts";
import { registration } from "../helpers/accounts.ts";
import { createCoupon, createProduct } from "../helpers/factories.ts";
import type { Database, Db } from "../../db/client.ts";
import { emailOutbox, loyaltyLedger, orders, users, wishlistItems } from "../../db/schema/mod.ts";
import { formatMoney } from "../../lib/money.ts";
import { createCustomer, fillCustomerData, insertOrder, PASSWORD } from "../../domains/accounts/test_fixtures.ts";

const { test, closeDatabase } = useTestDatabase();

const NEW_PASSWORD = "Basking-Spot9!";

async function signedIn(db: Db, database: Database, values: Parameters<typeof createCustomer>[1] = {}) {
  const user = await createCustomer(db, values);
  const app = testApp(database);
  const client = testClient(app);
  const res = await client.postJson("/api/auth/login", { username: user.username, password: PASSWORD });
  assert.equal(res.status, 200);
  return { app, client, user };
}

/** {@link signedIn}, beside another customer who already has taken@example.co.za. */
async function signedInBesideTaken(db: Db, database: Database) {
  const me = await signedIn(db, database);
  await createCustomer(db, { email: "taken@example.co.za" });
  return me;
}

/** Posts the profile form without JavaScript, which must refuse it (400); the page it answers with. */
async function refusedProfile(client: TestClient, fields: Record<string, string>): Promise<string> {
  const res = await client.postForm("/account/profile", fields);
  assert.equal(res.status, 400);
  return await res.text();
}

/** The profile form's fields for Lindiwe Dlamini, with this phone number. */
const lindiwe = (phone: string) => ({
  firstName: "Lindiwe",
  lastName: "Dlamini",
  email: "lindiwe@example.co.za",
  phone,
});

async function html(client: TestClient, path: string, status = 200): Promise<string> {
  const res = await client.get(path);
  assert.equal(res.status, status, `${path}: ${res.status}`);
  assert.match(res.headers.get("content-type") ?? "", /text\/html/);
  return await res.text();
}

/** The page's text without tags and React's text separators (for sentences built from parts). */
function textOf(page: string): string {
  return page.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

/** The toast a redirect carried, as the next page renders it. */
async function toastAfter(client: TestClient, path: string): Promise<string> {
  return await html(client, path);
}

test("[account] visitors are sent to sign in, with the way back", async (_db, database) => {
  const client = testClient(testApp(database));
  const res = await client.get("/account");
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/login?redirect=%2Faccount");
  const tab = await client.get("/account?tab=orders");
  assert.equal(tab.headers.get("location"), "/login?redirect=%2Faccount%3Ftab%3Dorders");
  const form = await client.postForm("/account/profile", { email: "x@example.co.za" });
  assert.equal(form.status, 303);
  assert.match(form.headers.get("location") ?? "", /^\/login\?redirect=/);
  const api = await client.get("/api/account/export");
  assert.equal(api.status, 401);
  assert.match(api.headers.get("content-type") ?? "", /application\/json/);
  assert.equal((await client.postJson("/api/account/delete", { password: PASSWORD, confirm: true })).status, 401);
});

test("[account] /account/orders and /orders lead to the Orders tab", async (_db, database) => {
  const client = testClient(testApp(database));
  for (const path of ["/account/orders", "/orders"]) {
    const res = await client.get(path);
    assert.equal(res.status, 303, path);
    assert.equal(res.headers.get("location"), "/account?tab=orders");
  }
});

test(
  "[account] overview: offers for the customer's tags, with their codes and conditions; none for others",
  async (db, database) => {
    const { client, user } = await signedIn(db, database, { username: "vip_keeper" });
    const { client: plain } = await signedIn(db, database, { username: "plain_keeper" });
    assert.doesNotMatch(await (await client.get("/account")).text(), /Offers for you/, "no card without an offer");
    await db.update(users).set({ tags: ["vip"] }).where(eq(users.id, user.id));
    await createCoupon(db, {
      code: "VIP15",
      description: "Thank you for being a regular",
      customerTag: "vip",
      value: "15",
      maxDiscount: "300.00",
      minOrderValue: "500.00",
      startDate: new Date(Date.now() - 86_400_000),
      endDate: new Date(Date.UTC(2099, 11, 31, 12)),
    });
    await createCoupon(db, { code: "<b>TRADE</b>".slice(0, 20), customerTag: "trade" });
    const page = await (await client.get("/account")).text();
    assert.match(page, /Offers for you/);
    assert.match(page, /data-offer="VIP15"/);
    assert.match(
      page,
      /15% off, up to R\s300,00[^]*Thank you for being a regular · on orders of R\s500,00 or more · until 31 December 2099/,
    );
    assert.doesNotMatch(page, /TRADE/, "a coupon for a tag they lack");
    assert.doesNotMatch(await (await plain.get("/account")).text(), /Offers for you|VIP15/);
    // The cart's coupon box names it too, above the sample hints; not for the other customer or a guest.
    const product = await createProduct(db, { price: "600.00", stock: 5 });
    assert.equal((await client.postJson("/api/cart", { productId: product.id, quantity: 1 })).status, 201);
    assert.equal((await plain.postJson("/api/cart", { productId: product.id, quantity: 1 })).status, 201);
    const cart = await (await client.get("/cart")).text();
    assert.match(cart, /data-coupon-hints/);
    assert.match(
      cart,
      /data-offer-hints[^>]*>For you: (<!-- -->)?<span><strong[^>]*>VIP15<\/strong> (<!-- -->)?\((<!-- -->)?15% off, up to R\s300,00/,
    );
    const other = await (await plain.get("/cart")).text();
    assert.match(other, /data-coupon-hints/);
    assert.doesNotMatch(other, /data-offer-hints|VIP15/);
    const guest = testClient(testApp(database));
    assert.equal((await guest.postJson("/api/cart", { productId: product.id, quantity: 1 })).status, 201);
    const guestCart = await (await guest.get("/cart")).text();
    assert.match(guestCart, /data-coupon-hints/);
    assert.doesNotMatch(guestCart, /data-offer-hints|VIP15/);
  },
);

test("[account] overview: account info, the last 3 orders, the loyalty card", async (db, database) => {
  const { client, user } = await signedIn(db, database, { username: "gecko_fan", email: "gecko.fan@example.co.za" });
  await db.update(users).set({ phone: "082 555 1234" }).where(eq(users.id, user.id));
  const day = (d: number) => new Date(Date.UTC(2026, 10, d, 9));
  for (let d = 1; d <= 4; d++) {
    await insertOrder(db, user.id, { orderNumber: `RB-100${d}`, createdAt: day(d), status: "processing" });
  }
  await db.insert(loyaltyLedger).values({ userId: user.id, points: 620, reason: "Order purchase" });
  const res = await client.get("/account");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /text\/html/);
  assert.equal(res.headers.get("cache-control"), "private, no-store");
  const page = await res.text();
  assert.match(page, /<title>My Account \| Reptile Basics<\/title>/);
  assert.match(page, /noindex/);
  assert.match(page, /data-account-tab="overview" aria-current="page"|aria-current="page" data-account-tab="overview"/);
  for (const label of ["Overview", "Orders", "Wishlist", "Address Book", "Account Settings", "Logout"]) {
    assert.ok(page.includes(`>${label}<`), label);
  }
  assert.match(page, /<form action="\/logout" method="post"><button type="submit"[^>]*>.*?Logout<\/button>/);
  assert.ok(page.includes("Account information"));
  assert.ok(page.includes("gecko_fan"));
  assert.ok(page.includes("gecko.fan@example.co.za"));
  assert.ok(page.includes("082 555 1234"));
  assert.ok(page.includes("Thandi Nkosi"));
  assert.match(page, /Member since/);
  // The last 3 orders, newest first; the oldest is not on the overview.
  const numbers = [...page.matchAll(/RB-100\d/g)].map((m) => m[0]);
  assert.deepEqual([...new Set(numbers)], ["RB-1004", "RB-1003", "RB-1002"]);
  assert.ok(page.includes('href="/account?tab=orders"'));
  // Loyalty: 620 points is Silver; the card links to /loyalty.
  const text = textOf(page);
  assert.match(text, /Loyalty rewards 620 points Silver Tier/);
  assert.ok(text.includes("Earn 380 more points to reach Gold Tier"));
  assert.ok(page.includes('href="/loyalty"'));
});

test("[account] overview and Orders tab without orders show the empty state", async (db, database) => {
  const { client } = await signedIn(db, database);
  const overview = await html(client, "/account");
  assert.ok(overview.includes("You have not placed any orders yet."));
  assert.ok(overview.includes('href="/products"'));
  assert.ok(textOf(overview).includes("Bronze Tier"));
  const tab = await html(client, "/account?tab=orders");
  assert.ok(tab.includes("You have not placed any orders yet."));
  assert.ok(!tab.includes("data-orders-table"));
  assert.match(tab, /<title>My Orders \| Reptile Basics<\/title>/);
});

test(
  "[account] Orders tab: the spec's columns, coloured capitalised status, rand totals, View Details",
  async (db, database) => {
    const { client, user } = await signedIn(db, database);
    const other = await createCustomer(db);
    const statuses = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
    const made = [];
    for (const [i, status] of statuses.entries()) {
      made.push(
        await insertOrder(db, user.id, {
          orderNumber: `RB-20${i}`,
          status,
          createdAt: new Date(Date.UTC(2026, 10, 10 + i, 8)),
          items: [{ name: "Heat mat", price: "299.00", quantity: 2 }],
        }),
      );
    }
    await insertOrder(db, other.id, { orderNumber: "RB-NOT-MINE" });
    const page = await html(client, "/account?tab=orders");
    assert.match(
      page,
      /aria-current="page"[^>]*data-account-tab="orders"|data-account-tab="orders"[^>]*aria-current="page"/,
    );
    for (const column of ["Order #", "Date", "Status", "Total", "Actions"]) {
      assert.match(page, new RegExp(`<th scope="col"[^>]*>${column}</th>`), column);
    }
    assert.ok(!page.includes("RB-NOT-MINE"), "another customer's order is not listed");
    const colours = { pending: "amber", processing: "blue", shipped: "indigo", delivered: "green", cancelled: "red" };
    for (const [status, colour] of Object.entries(colours)) {
      const badge = page.match(new RegExp(`<span class="([^"]*)" data-status="${status}">([^<]*)</span>`));
      assert.ok(badge, status);
      assert.ok(badge[1].includes(`bg-${colour}-100`), `${status} is ${colour}`);
      assert.equal(badge[2], status.charAt(0).toUpperCase() + status.slice(1));
    }
    assert.ok(page.includes(formatMoney(59800)), "total in rand, en-ZA");
    assert.ok(page.includes("14 Nov 2026"), "date in en-ZA");
    for (const order of made) assert.ok(page.includes(`href="/order/${order.id}"`));
    assert.ok(page.includes(">View Details<"));
    const rows = [...page.matchAll(/data-order-row="(RB-[^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(rows, ["RB-204", "RB-203", "RB-202", "RB-201", "RB-200"], "newest first");
  },
);

test("[account] orders that cannot be loaded show 'Error loading orders', not a broken page", async (db, database) => {
  const { client, user } = await signedIn(db, database);
  await insertOrder(db, user.id);
  const log = console.error;
  console.error = () => {};
  await db.execute(sql`alter table orders rename to orders_hidden`);
  try {
    const tab = await html(client, "/account?tab=orders");
    assert.ok(tab.includes("Error loading orders"));
    const overview = await html(client, "/account");
    assert.ok(overview.includes("Error loading orders"));
    assert.ok(overview.includes("Account information"), "the rest of the overview still shows");
  } finally {
    await db.execute(sql`alter table orders_hidden rename to orders`);
    console.error = log;
  }
});

test("[account] Wishlist tab: empty state, then the saved products", async (db, database) => {
  const { client, user } = await signedIn(db, database);
  const empty = await html(client, "/account?tab=wishlist");
  assert.ok(empty.includes("Your wishlist is empty"));
  assert.ok(empty.includes('href="/products"'));
  const product = await createProduct(db, { name: "Arcadia ProT5 UVB Kit", slug: "arcadia-prot5", price: "1299.00" });
  await db.insert(wishlistItems).values({ userId: user.id, productId: product.id });
  const page = await html(client, "/account?tab=wishlist");
  assert.ok(page.includes("Arcadia ProT5 UVB Kit"));
  assert.ok(page.includes('href="/product/arcadia-prot5"'));
  assert.ok(page.includes(formatMoney(129900)));
  assert.ok(!page.includes("Your wishlist is empty"));
});

test("[account] Address Book tab: default addresses and the link to /address-book", async (db, database) => {
  const { client, user } = await signedIn(db, database);
  const empty = await html(client, "/account?tab=addresses");
  assert.ok(empty.includes('href="/address-book"'));
  assert.ok(empty.includes("No addresses saved yet"));
  await fillCustomerData(db, user);
  const page = await html(client, "/account?tab=addresses");
  assert.ok(page.includes("Default shipping address"));
  assert.ok(page.includes("Default billing address"));
  assert.ok(page.includes("12 Jacaranda Street"));
  assert.ok(page.includes('href="/address-book"'));
});

test("[account] Settings tab: profile, password, download and delete", async (db, database) => {
  const { client } = await signedIn(db, database);
  const page = await html(client, "/account?tab=settings");
  assert.match(page, /<title>Account Settings \| Reptile Basics<\/title>/);
  assert.ok(page.includes('action="/account/profile"'));
  assert.ok(page.includes('action="/account/password"'));
  assert.ok(page.includes('name="currentPassword"'));
  assert.ok(page.includes('name="newPassword"'));
  assert.ok(page.includes('href="/api/account/export"'));
  assert.ok(page.includes("Download my data"));
  assert.ok(page.includes('href="/account/delete"'));
  const unknown = await html(client, "/account?tab=nonsense");
  assert.ok(unknown.includes("Account information"), "an unknown tab shows the overview");
});

test(
  "[account] profile form without JavaScript: saved, refused with messages, e-mail conflict",
  async (db, database) => {
    const { client, user } = await signedInBesideTaken(db, database);
    const badPage = await refusedProfile(client, lindiwe("12-34"));
    assert.ok(badPage.includes("Please enter a valid phone number"));
    assert.ok(badPage.includes('value="Lindiwe"'), "typed values are kept");
    const conflict = await client.postForm("/account/profile", {
      email: "Taken@example.co.za",
      currentPassword: PASSWORD,
    });
    assert.equal(conflict.status, 409);
    assert.ok((await conflict.text()).includes("An account with that e-mail address already exists."));
    const ok = await client.postForm("/account/profile", { ...lindiwe("+27 82 555 1234"), currentPassword: PASSWORD });
    assert.equal(ok.status, 303);
    assert.equal(ok.headers.get("location"), "/account?tab=settings");
    const after = await toastAfter(client, "/account?tab=settings");
    assert.ok(after.includes("Profile updated"), "the toast shows after the redirect");
    assert.ok(after.includes('value="lindiwe@example.co.za"'));
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    assert.deepEqual([row.firstName, row.lastName, row.email, row.phone], [
      "Lindiwe",
      "Dlamini",
      "lindiwe@example.co.za",
      "+27 82 555 1234",
    ]);
  },
);

test(
  "[account] changing the e-mail needs the current password and tells the old address",
  async (db, database) => {
    const { client, user } = await signedIn(db, database, { email: "old@example.co.za", firstName: "Lindiwe" });
    const page = await html(client, "/account?tab=settings");
    const profileForm = page.slice(page.indexOf('data-form="profile"'), page.indexOf('data-form="password"'));
    assert.match(profileForm, /name="currentPassword"/, "the profile form has a current-password field");
    assert.ok(textOf(profileForm).includes("Current password (only needed to change your e-mail)"));

    const missingPage = await refusedProfile(client, { firstName: "Lindiwe", email: "new@example.co.za" });
    assert.ok(missingPage.includes("Please enter your current password to change your e-mail address"));
    assert.ok(missingPage.includes('value="new@example.co.za"'), "the typed address is kept");
    const wrongPage = await refusedProfile(client, { email: "new@example.co.za", currentPassword: "Not-My-Password1" });
    assert.ok(wrongPage.includes("Current password is incorrect"));
    assert.ok(!wrongPage.includes("Not-My-Password1"), "the password is never echoed");
    const api = await client.postJson("/api/account/profile", { email: "new@example.co.za" }, "PUT");
    assert.equal(api.status, 400);
    const apiBody = await api.json();
    assert.equal(apiBody.error, "Please enter your current password to change your e-mail address");
    assert.equal(apiBody.issues[0].path, "currentPassword");
    const [unchanged] = await db.select().from(users).where(eq(users.id, user.id));
    assert.equal(unchanged.email, "old@example.co.za");
    assert.equal((await db.select().from(emailOutbox)).length, 0);

    // Name and phone alone still need no password.
    const nameOnly = await client.postForm("/account/profile", { firstName: "Lindi", email: "old@example.co.za" });
    assert.equal(nameOnly.status, 303);
    assert.equal((await db.select().from(emailOutbox)).length, 0, "no notice when the e-mail stays");

    const ok = await client.postForm("/account/profile", {
      firstName: "Lindi",
      email: "new@example.co.za",
      currentPassword: PASSWORD,
    });
    assert.equal(ok.status, 303);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    assert.equal(row.email, "new@example.co.za");
    const [notice] = await db.select().from(emailOutbox);
    assert.equal(notice.toAddress, "old@example.co.za", "the notice goes to the old address");
    assert.equal(notice.subject, "Your Reptile Basics e-mail address was changed");
    assert.match(notice.textBody, /changed to ne\*\*\*@example\.co\.za/);
  },
);

test("[account] password form: wrong current refused; success signs out other devices only", async (db, database) => {
  const { app, client, user } = await signedIn(db, database);
  const phone = testClient(app);
  assert.equal((await phone.postJson("/api/auth/login", { username: user.username, password: PASSWORD })).status, 200);
  const wrong = await client.postForm("/account/password", {
    currentPassword: "Not-My-Password1",
    newPassword: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
  });
  assert.equal(wrong.status, 400);
  assert.ok((await wrong.text()).includes("Current password is incorrect"));
  const mismatch = await client.postForm("/account/password", {
    currentPassword: PASSWORD,
    newPassword: NEW_PASSWORD,
    confirmPassword: "Something-else1!",
  });
  assert.equal(mismatch.status, 400);
  assert.ok((await mismatch.text()).includes("Passwords do not match"));
  const weak = await client.postForm("/account/password", {
    currentPassword: PASSWORD,
    newPassword: "lizard",
    confirmPassword: "lizard",
  });
  assert.ok((await weak.text()).includes("Password must be at least 8 characters"));
  assert.equal((await phone.get("/api/auth/me")).status, 200, "refusals sign nobody out");
  const ok = await client.postForm("/account/password", {
    currentPassword: PASSWORD,
    newPassword: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
  });
  assert.equal(ok.status, 303);
  assert.ok((await toastAfter(client, "/account?tab=settings")).includes("Password changed"));
  assert.equal((await client.get("/api/auth/me")).status, 200, "this browser stays signed in");
  assert.equal((await phone.get("/api/auth/me")).status, 401, "the other device is signed out");
  const relogin = testClient(app);
  const old = await relogin.postJson("/api/auth/login", { username: user.username, password: PASSWORD });
  assert.equal(old.status, 401);
  const fresh = await relogin.postJson("/api/auth/login", { username: user.username, password: NEW_PASSWORD });
  assert.equal(fresh.status, 200);
});

test("[account] API: profile and password", async (db, database) => {
  const { client, user } = await signedInBesideTaken(db, database);
  const res = await client.postJson("/api/account/profile", {
    firstName: "Sipho",
    lastName: "Mokoena",
    email: "sipho@example.co.za",
    phone: "011 555 0199",
    currentPassword: PASSWORD,
  }, "PUT");
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.email, "sipho@example.co.za");
  assert.equal(body.phone, "011 555 0199");
  assert.equal(body.password, undefined);
  const conflict = await client.postJson(
    "/api/account/profile",
    { email: "taken@example.co.za", currentPassword: PASSWORD },
    "PUT",
  );
  assert.equal(conflict.status, 409);
  assert.equal((await conflict.json()).error, "An account with that e-mail address already exists.");
  const invalid = await client.postJson("/api/account/profile", { email: "sipho@example.co.za", phone: "abc" }, "PUT");
  assert.equal(invalid.status, 400);
  assert.equal((await invalid.json()).issues[0].message, "Please enter a valid phone number");
  const extra = await client.postJson("/api/account/profile", { email: "sipho@example.co.za", role: "admin" }, "PUT");
  assert.equal(extra.status, 400, "unknown fields (a self-assigned role) are refused");
  const wrong = await client.postJson("/api/account/password", {
    currentPassword: "Nope-Nope-1",
    newPassword: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
  });
  assert.equal(wrong.status, 400);
  assert.equal((await wrong.json()).error, "Current password is incorrect");
  const ok = await client.postJson("/api/account/password", {
    currentPassword: PASSWORD,
    newPassword: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
  });
  assert.equal(ok.status, 200);
  assert.equal((await client.get("/api/auth/me")).status, 200);
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, user.id));
  assert.equal(row.role, "customer");
});

test("[account] export downloads a dated JSON file of the user's data", async (db, database) => {
  const { client, user } = await signedIn(db, database);
  await fillCustomerData(db, user);
  const res = await client.get("/api/account/export");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
  assert.match(
    res.headers.get("content-disposition") ?? "",
    /^attachment; filename="reptile-basics-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
  );
  assert.equal(res.headers.get("cache-control"), "private, no-store");
  const text = await res.text();
  const data = JSON.parse(text);
  assert.equal(data.profile.username, user.username);
  assert.equal(data.orders.length, 1);
  assert.doesNotMatch(text, /argon2|"password"/);
});

test(
  "[account] deletion: a confirmation step, then erased, signed out, free to register again",
  async (db, database) => {
    const { app, client, user } = await signedIn(db, database, {
      username: "gecko_fan",
      email: "gecko.fan@example.co.za",
    });
    const made = await fillCustomerData(db, user);
    const confirm = await html(client, "/account/delete");
    assert.ok(confirm.includes("Delete your account?"));
    assert.ok(confirm.includes("I understand this cannot be undone"));
    assert.ok(confirm.includes('name="password"'));
    assert.ok(confirm.includes('action="/account/delete"'));
    const unticked = await client.postForm("/account/delete", { password: PASSWORD });
    assert.equal(unticked.status, 400);
    assert.ok((await unticked.text()).includes("Please confirm that you understand this cannot be undone"));
    const wrong = await client.postForm("/account/delete", { password: "Wrong-Password1", confirm: "on" });
    assert.equal(wrong.status, 400);
    assert.ok((await wrong.text()).includes("Password is incorrect"));
    assert.ok(await db.select().from(users).where(eq(users.username, "gecko_fan")).then((r) => r.length === 1));

    const foreign = await client.request("/account/delete", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
      body: new URLSearchParams({ password: PASSWORD, confirm: "on" }).toString(),
    });
    assert.equal(foreign.status, 403, "a cross-site form is refused");

    const ok = await client.postForm("/account/delete", { password: PASSWORD, confirm: "on" });
    assert.equal(ok.status, 303);
    assert.equal(ok.headers.get("location"), "/");
    assert.ok(!client.cookies.has("sid"), "the session cookie is cleared");
    const home = await html(client, "/");
    assert.ok(home.includes("Your account has been deleted"));
    assert.equal((await client.get("/account")).status, 303, "signed out");
    assert.equal((await db.select().from(orders).where(eq(orders.id, made.order.id))).length, 1, "order kept");

    const again = testClient(app);
    const login = await again.postJson("/api/auth/login", { username: "gecko_fan", password: PASSWORD });
    assert.equal(login.status, 401);
    const register = await again.postJson(
      "/api/auth/register",
      registration({
        username: "gecko_fan",
        email: "gecko.fan@example.co.za",
        password: PASSWORD,
        confirmPassword: PASSWORD,
      }),
    );
    assert.equal(register.status, 201, "the username and e-mail are free again");
  },
);

test("[account] API deletion needs confirm: true and the password", async (db, database) => {
  const { client } = await signedIn(db, database);
  const unconfirmed = await client.postJson("/api/account/delete", { password: PASSWORD, confirm: false });
  assert.equal(unconfirmed.status, 400);
  assert.equal((await unconfirmed.json()).error, "Please confirm that you understand this cannot be undone");
  const wrong = await client.postJson("/api/account/delete", { password: "Wrong-Password1", confirm: true });
  assert.equal(wrong.status, 400);
  assert.equal((await wrong.json()).error, "Password is incorrect");
  const ok = await client.postJson("/api/account/delete", { password: PASSWORD, confirm: true });
  assert.equal(ok.status, 200);
  assert.deepEqual(await ok.json(), { success: true, message: "Your account has been deleted" });
  assert.equal((await client.get("/api/auth/me")).status, 401);
});

closeDatabase();
