/** /api/admin/users and /admin/users: guards, role changes (super_admin only), disabling, hostile input. */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { STAFF_PASSWORD, staffAccount } from "../helpers/staff.ts";
import { createAddress, createUser } from "../helpers/factories.ts";
import { auditLogs, coupons, loyaltyLedger, newsletterSubscriptions, orders, users } from "../../db/schema/mod.ts";
import { ACCOUNT_DISABLED } from "../../domains/auth/mod.ts";
import { ERASED_KEEPS_NO_NOTE, ERASED_KEEPS_NO_TAGS } from "../../domains/accounts/mod.ts";
import { setReminders } from "../../domains/animals/mod.ts";

const { test, closeDatabase } = useTestDatabase();

type Purchase = [total: string, paidAt: string, refunded?: string];
let orderSeq = 0;

/** A customer tagged "sorted" with delivered, paid orders (what the list's sorts and filters read). */
async function buyer(db: Db, username: string, buys: Purchase[]) {
  const u = await createUser(db, { username, tags: ["sorted"] });
  for (const [total, paidAt, refunded] of buys) {
    await db.insert(orders).values({
      userId: u.id,
      orderNumber: `RB-S${++orderSeq}`,
      total,
      status: "delivered",
      paidAt: new Date(paidAt),
      refundedAmount: refunded ?? "0",
    });
  }
  return u;
}

test(
  "[admin users] visitor 401 / customer 403 on the API; pages redirect; PATCH role by an admin is 403",
  async (db, database) => {
    const visitor = testClient(testApp(database));
    const { client: customer, user: keeper } = await staffAccount(db, database, "customer", "keeper");
    for (
      const [method, path] of [["GET", "/api/admin/users"], ["GET", "/api/admin/users/1"], [
        "PATCH",
        "/api/admin/users/1",
      ]]
    ) {
      const init = {
        method,
        headers: { "Content-Type": "application/json" },
        body: method === "PATCH" ? '{"disabled":true}' : undefined,
      };
      assert.equal((await visitor.request(path, init)).status, 401, `${method} ${path}`);
      assert.equal((await customer.request(path, init)).status, 403, `${method} ${path}`);
    }
    assert.equal((await visitor.get("/admin/users")).status, 303);
    assert.equal((await customer.get(`/admin/users/${keeper.id}`)).status, 303);
    assert.equal((await customer.postForm(`/admin/users/${keeper.id}`, { role: "super_admin" })).status, 303);
    assert.equal(await db.$count(users, eq(users.role, "super_admin")), 0);

    const { client: admin } = await staffAccount(db, database, "admin");
    const res = await admin.postJson(`/api/admin/users/${keeper.id}`, { role: "admin" }, "PATCH");
    assert.equal(res.status, 403);
    assert.equal((await res.json()).error, "Only a super admin can change roles.");
    assert.equal((await db.select().from(users).where(eq(users.id, keeper.id)))[0].role, "customer");
  },
);

test(
  "[admin users] list and detail: search, role filter, orders, points, addresses; no password hash",
  async (db, database) => {
    const { client: admin } = await staffAccount(db, database, "admin");
    const thandi = await createUser(db, { username: "thandi", firstName: "Thandi", lastName: "Nkosi" });
    await createUser(db, { username: "sipho" });
    await createAddress(db, thandi.id);
    await db.insert(orders).values({ userId: thandi.id, orderNumber: "RB-100", total: "499.00", status: "processing" });
    await db.insert(loyaltyLedger).values({ userId: thandi.id, points: 120, reason: "test" });
    const list = await (await admin.get("/api/admin/users?q=nkosi")).json();
    assert.equal(list.total, 1);
    assert.equal(list.items[0].username, "thandi");
    assert.equal("password" in list.items[0], false);
    const staff = await (await admin.get("/api/admin/users?role=admin")).json();
    assert.deepEqual(staff.items.map((u: { username: string }) => u.username), ["admin"]);
    const detail = await (await admin.get(`/api/admin/users/${thandi.id}`)).json();
    assert.equal(detail.points, 120);
    assert.equal(detail.orders[0].orderNumber, "RB-100");
    assert.equal(detail.orders[0].total, 499);
    assert.equal(detail.addresses.length, 1);
    const page = await (await admin.get(`/admin/users/${thandi.id}`)).text();
    assert.match(page, /RB-100/);
    assert.match(page, /Only a super admin can change roles\./);
    assert.match(page, /Disable account/);
    const listPage = await (await admin.get("/admin/users?q=thandi")).text();
    assert.match(listPage, /data-user="thandi"/);
    assert.doesNotMatch(listPage, /data-user="sipho"/);
  },
);

test("[admin users] hostile input: NUL, ids >= 2^31, wrong types, unknown fields, empty body", async (db, database) => {
  const { client: admin, user } = await staffAccount(db, database, "super_admin");
  const bad: [string, string, unknown?][] = [
    ["GET", "/api/admin/users?q=a%00b"],
    ["GET", "/api/admin/users?role=root"],
    ["GET", "/api/admin/users?page=-1"],
    ["GET", "/api/admin/users/2147483648"],
    ["GET", "/api/admin/users/abc"],
    ["PATCH", `/api/admin/users/${user.id}`, { role: 1 }],
    ["PATCH", `/api/admin/users/${user.id}`, { disabled: "yes" }],
    ["PATCH", `/api/admin/users/${user.id}`, {}],
    ["PATCH", `/api/admin/users/${user.id}`, { role: "admin", password: "x" }],
    ["PATCH", "/api/admin/users/2147483648", { disabled: true }],
  ];
  for (const [method, path, body] of bad) {
    const res = await admin.request(path, {
      method,
      headers: { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.equal(res.status, 400, `${method} ${path} ${JSON.stringify(body)}`);
    assert.ok((await res.json()).error);
  }
  assert.equal((await admin.get("/api/admin/users/99999")).status, 404);
  assert.equal((await admin.get("/admin/users/2147483648")).status, 400);
  assert.equal((await admin.get("/admin/users?q=%00")).status, 400);
});

test(
  "[admin users] a super_admin makes a customer an admin; the last super_admin stays; disabling signs the user out and login says why",
  async (db, database) => {
    const { client: boss, user: me } = await staffAccount(db, database, "super_admin", "boss");
    const { client: keeperClient, user: keeper } = await staffAccount(db, database, "customer", "keeper");
    const promoted = await boss.postJson(`/api/admin/users/${keeper.id}`, { role: "admin" }, "PATCH");
    assert.equal(promoted.status, 200);
    assert.equal((await promoted.json()).role, "admin");
    assert.equal((await keeperClient.get("/admin")).status, 200, "the new admin's session sees the admin area");

    const last = await boss.postJson(`/api/admin/users/${me.id}`, { role: "admin" }, "PATCH");
    assert.equal(last.status, 409);
    const self = await boss.postJson(`/api/admin/users/${me.id}`, { disabled: true }, "PATCH");
    assert.equal(self.status, 409);
    assert.equal((await self.json()).error, "You cannot disable your own account.");

    // The form route: disable, with the session ended at once.
    const form = await boss.postForm(`/admin/users/${keeper.id}`, { disabled: "true" });
    assert.equal(form.status, 303);
    assert.match(await (await boss.get(form.headers.get("location")!)).text(), /signed out everywhere/);
    assert.equal((await keeperClient.get("/api/auth/me")).status, 401);
    const again = testClient(testApp(database));
    const login = await again.postJson("/api/auth/login", { username: "keeper", password: STAFF_PASSWORD });
    assert.equal(login.status, 403);
    assert.equal((await login.json()).error, ACCOUNT_DISABLED);
    const page = await again.postForm("/login", { username: "keeper", password: STAFF_PASSWORD });
    assert.equal(page.status, 403);
    assert.match(await page.text(), /This account has been disabled/);

    const enable = await boss.postJson(`/api/admin/users/${keeper.id}`, { disabled: false }, "PATCH");
    assert.equal(enable.status, 200);
    assert.equal(
      (await again.postJson("/api/auth/login", { username: "keeper", password: STAFF_PASSWORD })).status,
      200,
    );
    const actions = (await db.select().from(auditLogs).orderBy(auditLogs.id)).map((a) => `${a.entityType}:${a.action}`);
    assert.deepEqual(actions, ["user:role_change", "user:disable", "user:enable"]);
  },
);

test(
  "[admin users] a customer's purchases (paid, not cancelled, refunds off), e-mail choices and staff's note",
  async (db, database) => {
    const { client: admin, user: me } = await staffAccount(db, database, "admin", "pieter");
    const thandi = await createUser(db, { username: "thandi", email: "thandi@example.co.za" });
    const paid = (n: string, total: string, paidAt: string, extra: Partial<typeof orders.$inferInsert> = {}) =>
      db.insert(orders).values({
        userId: thandi.id,
        orderNumber: n,
        total,
        status: "processing",
        paidAt: new Date(paidAt),
        ...extra,
      });
    await paid("RB-1", "500.00", "2026-10-02T09:00:00Z");
    await paid("RB-2", "300.00", "2026-11-20T09:00:00Z", { refundedAmount: "100.00" });
    await paid("RB-3", "999.00", "2026-11-21T09:00:00Z", { status: "cancelled", refundedAmount: "999.00" });
    await db.insert(orders).values({ userId: thandi.id, orderNumber: "RB-4", total: "250.00", status: "pending" });
    await db.insert(newsletterSubscriptions).values({
      email: "thandi@example.co.za",
      confirmToken: "c".repeat(64),
      unsubscribeToken: "u".repeat(64),
      confirmedAt: new Date(),
    });
    await setReminders(db, thandi.id, false, "cart");
    await setReminders(db, thandi.id, false, "price");

    const detail = await (await admin.get(`/api/admin/users/${thandi.id}`)).json();
    assert.deepEqual(detail.figures, {
      paidOrders: 2,
      spent: 700,
      averageOrder: 350,
      firstPaidAt: "2026-10-02T09:00:00.000Z",
      lastPaidAt: "2026-11-20T09:00:00.000Z",
    });
    assert.deepEqual(detail.marketing, {
      newsletter: "subscribed",
      cartReminders: false,
      replacementReminders: true,
      priceAlerts: false,
    });
    assert.equal(detail.staffNote, null);
    const page = await (await admin.get(`/admin/users/${thandi.id}`)).text();
    assert.match(page, /data-fact="paid-orders">2</);
    assert.match(page, /data-fact="spent">R\s700,00</);
    assert.match(page, /data-fact="newsletter">Subscribed</);
    assert.match(page, /data-fact="cart-reminders">Off \(turned off by the customer\)</);
    assert.match(page, /data-fact="price-alerts">Off \(turned off by the customer\)</);
    // The list shows each account's paid orders and spend too (one query for the page).
    const listed = await (await admin.get("/api/admin/users?q=thandi")).json();
    assert.deepEqual([listed.items[0].paidOrders, listed.items[0].spent, "figures" in listed.items[0]], [
      2,
      700,
      false,
    ]);
    assert.match(
      await (await admin.get("/admin/users?q=thandi")).text(),
      /data-user="thandi"[^]*?>2<\/td>[^]*?R\s700,00/,
    );

    // The note: the form and the API replace it, "" removes it; each change is audited with the text.
    const saved = await admin.postForm(`/admin/users/${thandi.id}/note`, { note: "  Gate code 4521.\nCall first.  " });
    assert.equal(saved.status, 303);
    assert.equal(saved.headers.get("location"), `/admin/users/${thandi.id}#note-h`);
    const after = await (await admin.get(`/admin/users/${thandi.id}`)).text();
    assert.match(after, /Note saved/);
    assert.match(after, /<textarea[^>]*name="note"[^>]*>Gate code 4521.\nCall first.<\/textarea>/);
    const put = await admin.postJson(`/api/admin/users/${thandi.id}/note`, { note: "Prefers PUDO." }, "PUT");
    assert.equal(put.status, 200);
    assert.equal((await put.json()).staffNote, "Prefers PUDO.");
    // Whoever packs one of her orders sees it in the order's Customer card (never on the packing slip).
    const [rb1] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, "RB-1"));
    assert.match(
      await (await admin.get(`/admin/orders/${rb1.id}`)).text(),
      /data-customer-note="true"[^>]*>Prefers PUDO\.</,
    );
    assert.equal((await (await admin.get(`/api/admin/orders/${rb1.id}`)).json()).customer.note, "Prefers PUDO.");
    assert.equal((await admin.postJson(`/api/admin/users/${thandi.id}/note`, { note: "" }, "PUT")).status, 200);
    assert.equal((await db.select().from(users).where(eq(users.id, thandi.id)))[0].staffNote, null);
    const trail = await db.select().from(auditLogs).where(eq(auditLogs.action, "note_change")).orderBy(auditLogs.id);
    assert.deepEqual(trail.map((a) => [a.userId, a.entityId, a.details]), [
      [me.id, thandi.id, { before: { staffNote: null }, after: { staffNote: "Gate code 4521.\nCall first." } }],
      [me.id, thandi.id, {
        before: { staffNote: "Gate code 4521.\nCall first." },
        after: { staffNote: "Prefers PUDO." },
      }],
      [me.id, thandi.id, { before: { staffNote: "Prefers PUDO." }, after: { staffNote: null } }],
    ]);

    // Refusals: control characters, too long, unknown fields, a missing user, a customer's session.
    for (const body of [{ note: "a\u0000b" }, { note: "x".repeat(2001) }, { note: "ok", extra: 1 }, {}]) {
      const res = await admin.postJson(`/api/admin/users/${thandi.id}/note`, body, "PUT");
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 40));
      assert.ok((await res.json()).message);
    }
    assert.equal((await admin.postJson("/api/admin/users/99999/note", { note: "x" }, "PUT")).status, 404);
    const { client: customer } = await staffAccount(db, database, "customer", "keeper");
    assert.equal((await customer.postJson(`/api/admin/users/${thandi.id}/note`, { note: "x" }, "PUT")).status, 403);
    // An erased account keeps no note.
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, thandi.id));
    const erased = await admin.postJson(`/api/admin/users/${thandi.id}/note`, { note: "x" }, "PUT");
    assert.equal(erased.status, 409);
    assert.equal((await erased.json()).message, ERASED_KEEPS_NO_NOTE);
  },
);

test(
  "[admin users] the customers CSV: every page of the filter, purchases, newsletter, formulas defused",
  async (db, database) => {
    const { client: admin } = await staffAccount(db, database, "admin", "pieter");
    const thandi = await createUser(db, {
      username: "thandi",
      email: "thandi@example.co.za",
      firstName: "=HYPERLINK(1)",
      lastName: "Nkosi",
      createdAt: new Date("2026-03-01T22:30:00Z"),
    });
    await db.update(users).set({ tags: ["breeder", "vip"] }).where(eq(users.id, thandi.id));
    await db.insert(orders).values({
      userId: thandi.id,
      orderNumber: "RB-1",
      total: "450.50",
      status: "delivered",
      paidAt: new Date("2026-11-20T23:00:00Z"),
    });
    await db.insert(newsletterSubscriptions).values({
      email: "thandi@example.co.za",
      confirmToken: "c".repeat(64),
      unsubscribeToken: "u".repeat(64),
      confirmedAt: new Date(),
    });
    await createUser(db, { username: "sipho", disabledAt: new Date() });
    await createUser(db, { username: "deleted-9", deletedAt: new Date() });
    // More than one page of 1,000, so the pages must join up without a gap or a repeat.
    await db.insert(users).values(Array.from({ length: 1_001 }, (_, i) => ({
      username: `bulk${i}`,
      email: `bulk${i}@example.co.za`,
      password: "x",
      createdAt: new Date(Date.UTC(2025, 0, 1) - i * 60_000),
    })));

    const res = await admin.get("/admin/users/export.csv?role=customer");
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^text\/csv/);
    assert.match(
      res.headers.get("content-disposition") ?? "",
      /^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await res.text()).trimEnd().split("\r\n");
    assert.equal(
      lines[0],
      "Username,First name,Last name,E-mail,Phone,Role,Status,Joined,Paid orders,Spent (ZAR),Last order,Newsletter,Tags",
    );
    const rows = lines.slice(1);
    const names = rows.map((l) => l.split(",")[0]);
    assert.equal(rows.length, 1_003, "thandi, sipho and 1,001 more; not the erased account, not staff");
    assert.equal(new Set(names).size, rows.length, "no row twice across pages");
    assert.ok(!names.includes("deleted-9") && !names.includes("pieter"));
    // Joined and last order are South African days; the name that looks like a formula stays text.
    assert.equal(
      rows.find((l) => l.startsWith("thandi,")),
      `thandi,"'=HYPERLINK(1)",Nkosi,thandi@example.co.za,,customer,active,2026-03-02,1,450.50,2026-11-21,subscribed,"breeder, vip"`,
    );
    assert.match(rows.find((l) => l.startsWith("sipho,"))!, /,disabled,\d{4}-\d{2}-\d{2},0,0\.00,,never,$/);
    // The search narrows the file as it narrows the list; bad input is a 400, a customer is turned away.
    const one = (await (await admin.get("/admin/users/export.csv?q=nkosi")).text()).trimEnd().split("\r\n");
    assert.equal(one.length, 2);
    const tagged = (await (await admin.get("/admin/users/export.csv?tag=VIP")).text()).trimEnd().split("\r\n");
    assert.deepEqual(tagged.slice(1).map((l) => l.split(",")[0]), ["thandi"], "the tag filter narrows it too");
    assert.equal((await admin.get("/admin/users/export.csv?q=%00")).status, 400);
    assert.match(await (await admin.get("/admin/users")).text(), /href="\/admin\/users\/export\.csv"[^>]*download/);
    const { client: customer } = await staffAccount(db, database, "customer", "keeper");
    assert.equal((await customer.get("/admin/users/export.csv")).status, 303);
  },
);

test(
  "[admin users] tags: the form and the API replace them, the list filters by one, the order page shows them",
  async (db, database) => {
    const { client: admin, user: me } = await staffAccount(db, database, "admin", "pieter");
    const thandi = await createUser(db, { username: "thandi" });
    const sipho = await createUser(db, { username: "sipho" });

    // One comma-separated field: trimmed, lower case, spaces made one, repeats and empty pieces dropped.
    const saved = await admin.postForm(`/admin/users/${thandi.id}/tags`, {
      tags: " Breeder,  VIP , breeder,, Trade   account",
    });
    assert.equal(saved.status, 303);
    assert.equal(saved.headers.get("location"), `/admin/users/${thandi.id}#note-h`);
    assert.deepEqual((await db.select().from(users).where(eq(users.id, thandi.id)))[0].tags, [
      "breeder",
      "vip",
      "trade account",
    ]);
    const page = await (await admin.get(`/admin/users/${thandi.id}`)).text();
    assert.match(page, /Tags saved/);
    assert.match(page, /name="tags"[^>]*value="breeder, vip, trade account"/);
    const put = await admin.postJson(`/api/admin/users/${sipho.id}/tags`, { tags: ["Breeder"] }, "PUT");
    assert.equal(put.status, 200);
    assert.deepEqual((await put.json()).tags, ["breeder"]);

    // The tags in use, most carried first; the list filters by one (any case) and shows each row's tags.
    assert.deepEqual((await (await admin.get("/api/admin/users/tags")).json()).items, [
      { tag: "breeder", accounts: 2 },
      { tag: "trade account", accounts: 1 },
      { tag: "vip", accounts: 1 },
    ]);
    const vip = await (await admin.get("/api/admin/users?tag=VIP")).json();
    assert.deepEqual([vip.total, vip.items[0].username, vip.items[0].tags], [1, "thandi", [
      "breeder",
      "vip",
      "trade account",
    ]]);
    assert.equal((await (await admin.get("/api/admin/users?tag=breeder")).json()).total, 2);
    const list = await (await admin.get("/admin/users?tag=trade+account")).text();
    assert.match(list, /<option value="trade account" selected="">trade account \(1\)<\/option>/);
    assert.match(list, /data-user="thandi"/);
    assert.doesNotMatch(list, /data-user="sipho"/);
    assert.match(list, /href="\/admin\/users\?tag=vip"/, "a tag links to its filter");
    assert.match(list, /href="\/admin\/users\/export\.csv\?tag=trade\+account"/, "the CSV follows the filter");

    // Whoever packs her order sees them on the order's Customer card.
    const [order] = await db.insert(orders).values({ userId: thandi.id, orderNumber: "RB-7", total: "99.00" })
      .returning();
    assert.match(await (await admin.get(`/admin/orders/${order.id}`)).text(), /data-tags="breeder,vip,trade account"/);
    assert.deepEqual((await (await admin.get(`/api/admin/orders/${order.id}`)).json()).customer.tags, [
      "breeder",
      "vip",
      "trade account",
    ]);

    // [] (or an empty field) removes them; every change is audited with the set before and after.
    assert.equal((await admin.postForm(`/admin/users/${sipho.id}/tags`, { tags: " , " })).status, 303);
    assert.equal((await admin.postJson(`/api/admin/users/${sipho.id}/tags`, { tags: [] }, "PUT")).status, 200);
    const trail = await db.select().from(auditLogs).where(eq(auditLogs.action, "tags_change")).orderBy(auditLogs.id);
    assert.deepEqual(trail.map((a) => [a.userId, a.entityId, a.details]), [
      [me.id, thandi.id, { before: { tags: [] }, after: { tags: ["breeder", "vip", "trade account"] } }],
      [me.id, sipho.id, { before: { tags: [] }, after: { tags: ["breeder"] } }],
      [me.id, sipho.id, { before: { tags: ["breeder"] }, after: { tags: [] } }],
    ], "saving the same set again writes no entry");

    // Refusals, each with a message: too many, too long, odd characters, control characters, not a list.
    for (
      const [body, message] of [
        [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, "A customer has at most 10 tags."],
        [{ tags: ["x".repeat(31)] }, "A tag is at most 30 characters."],
        [{ tags: ["<b>"] }, "A tag may hold letters, digits, spaces, hyphens, apostrophes and &."],
        [{ tags: ["-vip"] }, "A tag may hold letters, digits, spaces, hyphens, apostrophes and &."],
        [{ tags: ["a\u0000b"] }, null],
        [{ tags: "vip" }, null],
        [{ tags: [], extra: 1 }, null],
        [{}, null],
      ] as const
    ) {
      const res = await admin.postJson(`/api/admin/users/${thandi.id}/tags`, body, "PUT");
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 40));
      const got = (await res.json()).message;
      if (message) assert.equal(got, message);
      else assert.ok(got);
    }
    // The form shows the refusal on the customer's page, with what was saved left as it was.
    const bad = await admin.postForm(`/admin/users/${thandi.id}/tags`, { tags: "vip, <script>" });
    assert.equal(bad.status, 400);
    assert.match(await bad.text(), /role="alert"[^>]*>A tag may hold letters/);
    assert.equal((await db.select().from(users).where(eq(users.id, thandi.id)))[0].tags.length, 3);
    assert.equal((await admin.get("/api/admin/users?tag=%00")).status, 400);
    assert.equal((await admin.get("/api/admin/users?tag=" + "x".repeat(40))).status, 400);
    assert.equal((await admin.postJson("/api/admin/users/99999/tags", { tags: [] }, "PUT")).status, 404);
    const { client: customer } = await staffAccount(db, database, "customer", "keeper");
    assert.equal((await customer.postJson(`/api/admin/users/${thandi.id}/tags`, { tags: [] }, "PUT")).status, 403);
    assert.equal((await customer.get("/api/admin/users/tags")).status, 403);
    // An erased account takes none.
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, sipho.id));
    const erased = await admin.postJson(`/api/admin/users/${sipho.id}/tags`, { tags: ["vip"] }, "PUT");
    assert.equal(erased.status, 409);
    assert.equal((await erased.json()).message, ERASED_KEEPS_NO_TAGS);
  },
);

test(
  "[admin users] tags in bulk: the ticked rows or the whole search, by the list's form and by JSON",
  async (db, database) => {
    const { client: admin } = await staffAccount(db, database, "admin", "pieter");
    const a = await createUser(db, { username: "vet_a", firstName: "Vet" });
    const b = await createUser(db, { username: "vet_b", firstName: "Vet" });
    const c = await createUser(db, { username: "sipho" });
    const tagsOf = async (id: number) => (await db.select().from(users).where(eq(users.id, id)))[0].tags;

    // The list carries the form, a box on each row and the filter it would apply to.
    const list = await (await admin.get("/admin/users?q=vet")).text();
    assert.match(list, /<form id="user-bulk-form"[^>]*action="\/admin\/users\/tags" method="post"/);
    assert.match(
      list,
      new RegExp(`name="id_${a.id}"[^>]*form="user-bulk-form"|form="user-bulk-form"[^>]*name="id_${a.id}"`),
    );
    assert.match(list, /All 2 accounts(<!-- -->)? matching this search/);

    // Ticked rows: back to the same list, told what changed.
    const ticked = await admin.postForm("/admin/users/tags", {
      scope: "selected",
      change: "add",
      tag: "Clinic",
      [`id_${a.id}`]: "on",
      [`id_${c.id}`]: "on",
      f_q: "vet",
      f_page: "1",
    });
    assert.equal(ticked.status, 303);
    assert.equal(ticked.headers.get("location"), "/admin/users?q=vet");
    assert.deepEqual([await tagsOf(a.id), await tagsOf(b.id), await tagsOf(c.id)], [["clinic"], [], ["clinic"]]);
    assert.match(await (await admin.get("/admin/users?q=vet")).text(), /Added &quot;clinic&quot; to 2 accounts\./);
    // The whole search: b gains it, a had it already.
    await admin.postForm("/admin/users/tags", { scope: "filter", change: "add", tag: "clinic", f_q: "vet" });
    assert.match(
      await (await admin.get("/admin/users")).text(),
      /Added &quot;clinic&quot; to 1 account\. 1 account had it already\./,
    );
    assert.deepEqual(await tagsOf(b.id), ["clinic"]);
    // JSON: remove by the tag filter itself.
    const removed = await admin.postJson("/api/admin/users/tags/bulk", {
      change: "remove",
      tag: "clinic",
      filter: { tag: "clinic" },
    });
    assert.equal(removed.status, 200);
    assert.deepEqual(await removed.json(), { matched: 3, changed: 3 });

    // Refused: nothing ticked (the form tells it), bad input a 400 with a message, customers turned away.
    const none = await admin.postForm("/admin/users/tags", { scope: "selected", change: "add", tag: "x", f_q: "vet" });
    assert.equal(none.headers.get("location"), "/admin/users?q=vet");
    assert.match(
      await (await admin.get("/admin/users?q=vet")).text(),
      /Nothing was changed[^]*Tick at least one account\./,
    );
    for (
      const body of [
        { change: "add", tag: "x" },
        { change: "add", tag: "x", ids: [a.id], filter: {} },
        { change: "swap", tag: "x", ids: [a.id] },
        { change: "add", tag: "<x>", ids: [a.id] },
        { change: "add", tag: "x", ids: [0] },
        { change: "add", tag: "x", ids: Array.from({ length: 5_001 }, (_, i) => i + 1) },
        { change: "add", tag: "x", filter: { q: "a\u0000" } },
      ]
    ) {
      const res = await admin.postJson("/api/admin/users/tags/bulk", body);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 60));
      assert.ok((await res.json()).message);
    }
    const { client: customer } = await staffAccount(db, database, "customer", "keeper");
    assert.equal(
      (await customer.postJson("/api/admin/users/tags/bulk", { change: "add", tag: "x", ids: [a.id] })).status,
      403,
    );
    assert.deepEqual([await tagsOf(a.id), await tagsOf(b.id), await tagsOf(c.id)], [[], [], []]);
  },
);

test(
  "[admin users] renaming a tag: every account, merged where the new name is there, and coupons kept for it follow",
  async (db, database) => {
    const { client: admin } = await staffAccount(db, database, "admin", "pieter");
    const a = await createUser(db, { username: "breeder_a", tags: ["vip", "trade"] });
    const b = await createUser(db, { username: "breeder_b", tags: ["trade", "wholesale"] });
    const c = await createUser(db, { username: "hobby_c", tags: ["hobby"] });
    const [trade] = await db.insert(coupons).values({
      code: "TRADE10",
      description: "Trade",
      type: "percentage",
      value: "10",
      customerTag: "trade",
    }).returning();
    const tagsOf = async (id: number) => (await db.select().from(users).where(eq(users.id, id)))[0].tags;

    // The list filtered by a tag offers the rename; unfiltered it does not.
    const filtered = await (await admin.get("/admin/users?tag=trade")).text();
    assert.match(filtered, /<form(?=[^>]*action="\/admin\/users\/tags\/rename")[^>]*data-tag-rename/);
    assert.match(filtered, /Rename the tag &quot;trade&quot;/);
    assert.doesNotMatch(await (await admin.get("/admin/users")).text(), /data-tag-rename/);

    // The form: "trade" becomes "wholesale"; b had both, so they merge into one.
    const res = await admin.postForm("/admin/users/tags/rename", { from: "trade", to: "Wholesale" });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get("location"), "/admin/users?tag=wholesale");
    assert.deepEqual(
      [await tagsOf(a.id), await tagsOf(b.id), await tagsOf(c.id)],
      [["vip", "wholesale"], ["wholesale"], ["hobby"]],
    );
    assert.match(
      await (await admin.get("/admin/users?tag=wholesale")).text(),
      /&quot;trade&quot; is now &quot;wholesale&quot; on 2 accounts and 1 coupon\./,
    );
    const [coupon] = await db.select().from(coupons).where(eq(coupons.id, trade.id));
    assert.equal(coupon.customerTag, "wholesale", "the trade coupon still reaches the same customers");
    const audits = await db.select().from(auditLogs).where(eq(auditLogs.action, "tags_change"));
    assert.deepEqual(
      audits.map((e) => [e.entityId, e.details]).sort((x, y) => Number(x[0]) - Number(y[0])),
      [
        [a.id, { before: { tags: ["vip", "trade"] }, after: { tags: ["vip", "wholesale"] } }],
        [b.id, { before: { tags: ["trade", "wholesale"] }, after: { tags: ["wholesale"] } }],
      ],
    );
    const [couponAudit] = await db.select().from(auditLogs).where(eq(auditLogs.entityType, "coupon"));
    assert.deepEqual(couponAudit.details, { changes: { customerTag: { before: "trade", after: "wholesale" } } });

    // JSON: a tag nobody has is a 404; the same name, bad input and customers are turned away.
    const json = await admin.postJson("/api/admin/users/tags/rename", { from: "hobby", to: "keeper" });
    assert.equal(json.status, 200);
    assert.deepEqual(await json.json(), { accounts: 1, coupons: 0, rules: 0 });
    const gone = await admin.postJson("/api/admin/users/tags/rename", { from: "trade", to: "retail" });
    assert.equal(gone.status, 404);
    assert.equal((await gone.json()).message, 'No account or coupon has the tag "trade".');
    for (
      const body of [
        { from: "vip", to: " VIP " },
        { from: "vip" },
        { from: "vip", to: "<b>" },
        { from: "vip", to: "x".repeat(31) },
        { from: "vip\u0000", to: "x" },
        { from: "vip", to: "x", extra: 1 },
      ]
    ) {
      const bad = await admin.postJson("/api/admin/users/tags/rename", body);
      assert.equal(bad.status, 400, JSON.stringify(body));
      assert.ok((await bad.json()).message);
    }
    const same = await admin.postForm("/admin/users/tags/rename", { from: "vip", to: "VIP" });
    assert.equal(same.headers.get("location"), "/admin/users?tag=vip");
    assert.match(
      await (await admin.get("/admin/users?tag=vip")).text(),
      /Nothing was changed[^]*The new name is the same as the old one\./,
    );
    const { client: customer } = await staffAccount(db, database, "customer", "keeper");
    assert.equal((await customer.postJson("/api/admin/users/tags/rename", { from: "vip", to: "x" })).status, 403);
    assert.deepEqual(await tagsOf(a.id), ["vip", "wholesale"]);
  },
);

test(
  "[admin users] the list sorts by what customers bought: most spent, most orders, latest order, the rest after",
  async (db, database) => {
    const { client: admin } = await staffAccount(db, database, "admin", "pieter");
    const customer = (username: string, buys: Purchase[]) => buyer(db, username, buys);
    await customer("anele", [["500.00", "2026-11-01T09:00:00Z"]]);
    await customer("bongi", [["150.00", "2026-11-10T09:00:00Z"], ["150.00", "2026-11-25T09:00:00Z"]]);
    const cara = await customer("cara", []);
    // A cancelled order is no purchase; a refund comes off the spend (1 000 less 800).
    await db.insert(orders).values({ userId: cara.id, orderNumber: "RB-X", total: "9000.00", status: "cancelled" });
    await customer("dumi", [["1000.00", "2026-11-05T09:00:00Z", "800.00"]]);
    await customer("elna", []);

    const names = async (query: string) =>
      [...(await (await admin.get(`/admin/users?tag=sorted&${query}`)).text()).matchAll(/data-user="([^"]+)"/g)]
        .map((m) => m[1]);
    // Without purchases: after the buyers, newest account first (elna was made after cara).
    assert.deepEqual(await names("sort=spent"), ["anele", "bongi", "dumi", "elna", "cara"]);
    assert.deepEqual(await names("sort=orders"), ["bongi", "dumi", "anele", "elna", "cara"], "ties: newest first");
    assert.deepEqual(await names("sort=last_order"), ["bongi", "dumi", "anele", "elna", "cara"]);
    assert.deepEqual(await names(""), ["elna", "dumi", "cara", "bongi", "anele"]);
    const page = await (await admin.get("/admin/users?tag=sorted&sort=spent")).text();
    assert.match(page, /<option value="spent" selected="">Most spent<\/option>/);
    assert.match(page, /name="f_sort" value="spent"/, "the bulk form comes back to the same order");
    assert.match(page, /href="\/admin\/users\/export\.csv\?tag=sorted"/, "the CSV keeps its newest-first order");

    const json = await (await admin.get("/api/admin/users?tag=sorted&sort=spent")).json();
    assert.deepEqual(
      json.items.map((
        u: { username: string; spent: number; paidOrders: number },
      ) => [u.username, u.spent, u.paidOrders]),
      [["anele", 500, 1], ["bongi", 300, 2], ["dumi", 200, 1], ["elna", 0, 0], ["cara", 0, 0]],
    );
    assert.equal(json.total, 5);
    const bad = await admin.get("/api/admin/users?sort=richest");
    assert.equal(bad.status, 400);
    assert.equal((await bad.json()).message, "sort must be newest, spent, orders or last_order");
  },
);

test(
  "[admin users] the list filters by purchases: spent, order counts, last order; the CSV and bulk tags follow",
  async (db, database) => {
    const { client: admin } = await staffAccount(db, database, "admin", "pieter");
    // SA days: 2026-06-01 starts at 2026-05-31T22:00Z.
    await buyer(db, "anele", [["4000.00", "2026-02-01T09:00:00Z"], ["2000.00", "2026-05-31T21:59:00Z"]]);
    await buyer(db, "bongi", [["300.00", "2026-05-31T22:00:00Z"]]);
    const cara = await buyer(db, "cara", []);
    await db.insert(orders).values({ userId: cara.id, orderNumber: "RB-X", total: "9000.00", status: "cancelled" });
    // R6 000 less a R1 500 refund: R4 500, under R5 000.
    await buyer(db, "dumi", [["6000.00", "2026-11-05T09:00:00Z", "1500.00"]]);
    await buyer(db, "elna", []);

    const names = async (query: string) => {
      const res = await admin.get(`/admin/users?tag=sorted&${query}`);
      assert.equal(res.status, 200, query);
      return [...(await res.text()).matchAll(/data-user="([^"]+)"/g)].map((m) => m[1]).sort();
    };
    assert.deepEqual(await names("minSpent=5000"), ["anele"], "net of refunds");
    assert.deepEqual(await names("minSpent=4500"), ["anele", "dumi"], "at least: the amount itself counts");
    assert.deepEqual(await names("minOrders=2"), ["anele"]);
    assert.deepEqual(await names("maxOrders=0"), ["cara", "elna"], "never bought: a cancelled order is no purchase");
    assert.deepEqual(await names("maxOrders=1"), ["bongi", "cara", "dumi", "elna"]);
    assert.deepEqual(await names("minOrders=1&maxOrders=1"), ["bongi", "dumi"]);
    assert.deepEqual(await names("lastOrderBefore=2026-06-01"), ["anele"], "lapsed: bought, but not since the day");
    assert.deepEqual(await names("lastOrderFrom=2026-06-01"), ["bongi", "dumi"], "from the start of the SA day");
    assert.deepEqual(await names("lastOrderFrom=2026-06-01&lastOrderBefore=2026-11-01"), ["bongi"]);
    assert.deepEqual(await names("minSpent=100&maxOrders=1&sort=spent"), ["bongi", "dumi"]);
    assert.deepEqual(await names("minSpent=&minOrders=&maxOrders=&lastOrderFrom=&lastOrderBefore="), [
      "anele",
      "bongi",
      "cara",
      "dumi",
      "elna",
    ], "empty fields filter nothing");

    // The page keeps the filter open and carries it into its links and the bulk form.
    const page = await (await admin.get("/admin/users?tag=sorted&minSpent=4500&lastOrderFrom=2026-01-01")).text();
    assert.match(page, /<details[^>]*open=""[^>]*data-purchase-filter|data-purchase-filter[^>]*open=""/);
    assert.match(page, /Purchases (<!-- -->)?\(filtering\)/);
    assert.match(page, /name="minSpent"[^>]*value="4500"|value="4500"[^>]*name="minSpent"/);
    assert.match(page, /name="f_minSpent" value="4500"/);
    assert.match(page, /name="f_lastOrderFrom" value="2026-01-01"/);
    assert.match(page, /href="\/admin\/users\/export\.csv\?tag=sorted&amp;minSpent=4500&amp;lastOrderFrom=2026-01-01"/);
    assert.match(page, /All 2 accounts(<!-- -->)? matching this search/);
    assert.doesNotMatch(await (await admin.get("/admin/users")).text(), /data-purchase-filter[^>]*open=""/);
    assert.match(
      await (await admin.get("/admin/users?tag=sorted&minSpent=1000000")).text(),
      /No accounts have these purchases\./,
    );

    // The CSV holds the same accounts.
    const csv = await (await admin.get("/admin/users/export.csv?tag=sorted&minOrders=1&maxOrders=1")).text();
    assert.deepEqual(csv.trim().split("\n").slice(1).map((l) => l.split(",")[0]).sort(), ["bongi", "dumi"]);

    // Tag the whole filter from the form: back on the same list, only the matching accounts tagged.
    const tagged = await admin.postForm("/admin/users/tags", {
      scope: "filter",
      change: "add",
      tag: "vip",
      f_tag: "sorted",
      f_minSpent: "4500",
      f_sort: "spent",
      f_page: "1",
    });
    assert.equal(tagged.status, 303);
    assert.equal(tagged.headers.get("location"), "/admin/users?tag=sorted&minSpent=4500&sort=spent");
    assert.deepEqual(await names("tag=vip").then(() => names("")), ["anele", "bongi", "cara", "dumi", "elna"]);
    const vip = await (await admin.get("/api/admin/users?tag=vip")).json();
    assert.deepEqual(vip.items.map((u: { username: string }) => u.username).sort(), ["anele", "dumi"]);
    // And by JSON: lapsed customers get a win-back tag.
    const lapsed = await admin.postJson("/api/admin/users/tags/bulk", {
      change: "add",
      tag: "win-back",
      filter: { tag: "sorted", lastOrderBefore: "2026-06-01" },
    });
    assert.deepEqual(await lapsed.json(), { matched: 1, changed: 1 });
    const json = await (await admin.get("/api/admin/users?minOrders=1&lastOrderBefore=2026-06-01")).json();
    assert.deepEqual(json.items.map((u: { username: string; tags: string[] }) => [u.username, u.tags]), [
      ["anele", ["sorted", "vip", "win-back"]],
    ]);

    // Refused with the field's own words, on the page, the API, the CSV and the bulk change.
    const refusals: [string, string][] = [
      ["minSpent=lots", "Spent at least must be an amount in rand"],
      ["minSpent=-1", "Spent at least must be 0 or more"],
      ["minSpent=1e12", "Spent at least is at most R100 000 000"],
      ["minOrders=1.5", "Orders at least must be a whole number"],
      ["maxOrders=99999999999", "Orders at most is at most 1000000"],
      ["minOrders=3&maxOrders=2", "Orders at least is more than orders at most."],
      ["lastOrderFrom=2026-13-01", "That date does not exist."],
      ["lastOrderBefore=yesterday", "Dates look like 2026-11-24."],
      [
        "lastOrderFrom=2026-06-01&lastOrderBefore=2026-06-01",
        "The last-order dates leave no day: the first must come before the second.",
      ],
      ["minOrders=%00", "Text must not contain control characters"],
    ];
    for (const [query, message] of refusals) {
      const res = await admin.get(`/api/admin/users?${query}`);
      assert.equal(res.status, 400, query);
      assert.equal((await res.json()).message, message, query);
      assert.equal((await admin.get(`/admin/users?${query}`)).status, 400, query);
      assert.equal((await admin.get(`/admin/users/export.csv?${query}`)).status, 400, query);
    }
    for (const filter of [{ minOrders: -1 }, { minSpent: "x" }, { lastOrderBefore: 20260601 }, { spentMore: 1 }]) {
      const res = await admin.postJson("/api/admin/users/tags/bulk", { change: "add", tag: "x", filter });
      assert.equal(res.status, 400, JSON.stringify(filter));
      assert.ok((await res.json()).message);
    }
  },
);

test(
  "[admin users] automatic tags: made from the filtered list or by JSON, listed with their last run, stopped",
  async (db, database) => {
    const { client: admin } = await staffAccount(db, database, "admin", "pieter");
    const anele = await buyer(db, "anele", [["6000.00", "2026-10-01T09:00:00Z"]]);
    await buyer(db, "bongi", [["300.00", "2026-10-01T09:00:00Z"]]);

    // Only a list filtered by purchases offers the form, with the filter in its hidden fields.
    assert.doesNotMatch(await (await admin.get("/admin/users?tag=sorted")).text(), /data-tag-rule-maker/);
    const filtered = await (await admin.get("/admin/users?tag=sorted&minSpent=5000")).text();
    assert.match(filtered, /<form(?=[^>]*action="\/admin\/users\/tag-rules")(?=[^>]*data-tag-rule-maker)/);
    assert.match(filtered, /Tag these accounts automatically/);
    assert.match(filtered, /The tag goes on the 1 account this filter finds now/);

    const made = await admin.postForm("/admin/users/tag-rules", { tag: "VIP", f_tag: "sorted", f_minSpent: "5000" });
    assert.equal(made.status, 303);
    assert.equal(made.headers.get("location"), "/admin/users?tag=sorted&minSpent=5000");
    const page = await (await admin.get("/admin/users")).text();
    assert.match(
      page,
      /Automatic tag kept[^]*&quot;vip&quot; is on 1 account more now; it follows this filter every hour\./,
    );
    assert.match(page, /Automatic tags (<!-- -->)?\(1\)/);
    assert.match(page, /data-tag-rule="vip"/);
    assert.match(page, /Spent at least R\s1\s000,00|Spent at least R\s5\s000,00/);
    assert.match(
      page,
      /href="\/admin\/users\?tag=sorted&amp;minSpent=5000"/,
      "the rule links to the accounts it finds",
    );
    assert.match(page, /Last run [^<]*: 1 added\./);
    // The customer's page says which tags a rule keeps, beside the tags field.
    assert.match(
      await (await admin.get(`/admin/users/${anele.id}`)).text(),
      /data-automatic-tags[^>]*>Kept by automatic rules: vip\. Given or taken off here/,
    );
    const rows = await (await admin.get("/api/admin/users?tag=vip")).json();
    assert.deepEqual(rows.items.map((u: { username: string }) => u.username), ["anele"]);

    // JSON: list, make (201, the run's figures), refusals, stop.
    const listed = await (await admin.get("/api/admin/users/tag-rules")).json();
    assert.equal(listed.items.length, 1);
    assert.deepEqual(
      { ...listed.items[0], id: 0, createdAt: "", lastRunAt: "" },
      {
        id: 0,
        tag: "vip",
        filter: { tag: "sorted", minSpent: 5000 },
        description: listed.items[0].description,
        createdAt: "",
        lastRunAt: "",
        lastAdded: 1,
        lastRemoved: 0,
        lastFull: 0,
      },
    );
    assert.match(listed.items[0].description, /^Spent at least R\s5\s000,00 · tagged "sorted"$/);
    const once = await admin.postJson("/api/admin/users/tag-rules", {
      tag: "one-timer",
      filter: { minOrders: 1, maxOrders: 1 },
    });
    assert.equal(once.status, 201);
    const oneTimer = await once.json();
    assert.equal(oneTimer.description, "Exactly 1 order");
    assert.equal(oneTimer.lastAdded, 2);
    for (
      const [body, status, message] of [
        [
          { tag: "vip", filter: { minOrders: 2 } },
          409,
          'The tag "vip" already has an automatic rule: delete it first.',
        ],
        [
          { tag: "all", filter: { role: "customer" } },
          400,
          "An automatic tag needs a purchase filter: spent, orders or last order.",
        ],
        [
          { tag: "all", filter: { minSpent: 0, minOrders: 0 } },
          400,
          "An automatic tag needs a purchase filter: spent, orders or last order.",
        ],
        [{ tag: "loop", filter: { tag: "loop", minOrders: 1 } }, 400, "A rule cannot filter by its own tag."],
        [{ tag: "x", filter: { minOrders: 3, maxOrders: 2 } }, 400, "Orders at least is more than orders at most."],
        [{ tag: "<b>", filter: { minOrders: 1 } }, 400, undefined],
        [{ tag: "x", filter: { minOrders: 1 }, extra: 1 }, 400, undefined],
        [{ tag: "x" }, 400, undefined],
        [{ tag: "a\u0000b", filter: { minOrders: 1 } }, 400, undefined],
        [{ tag: "x", filter: { minOrders: 1, q: "a\u0000" } }, 400, undefined],
        [{ tag: "x", filter: { minOrders: 2 ** 31 } }, 400, "Orders at least is at most 1000000"],
        [{ tag: ["x"], filter: { minOrders: 1 } }, 400, undefined],
      ] as const
    ) {
      const res = await admin.postJson("/api/admin/users/tag-rules", body);
      assert.equal(res.status, status, JSON.stringify(body));
      const { message: said } = await res.json();
      if (message) assert.equal(said, message);
      else assert.ok(said);
    }
    const huge = await admin.postJson("/api/admin/users/tag-rules", { tag: "x", filter: { q: "a".repeat(2_000_000) } });
    assert.equal(huge.status, 413);
    assert.ok((await huge.json()).message);
    // The form says why on the list it came from.
    const refused = await admin.postForm("/admin/users/tag-rules", { tag: "vip", f_minOrders: "2" });
    assert.equal(refused.headers.get("location"), "/admin/users?minOrders=2");
    assert.match(
      await (await admin.get("/admin/users?minOrders=2")).text(),
      /No automatic tag was made[^]*already has an automatic rule/,
    );

    for (const id of ["0", "abc", "2147483648"]) {
      const res = await admin.request(`/api/admin/users/tag-rules/${id}`, { method: "DELETE" });
      assert.ok(res.status === 400 || res.status === 404, id);
    }
    assert.equal((await admin.request("/api/admin/users/tag-rules/999999", { method: "DELETE" })).status, 404);
    const stopped = await admin.request(`/api/admin/users/tag-rules/${oneTimer.id}`, { method: "DELETE" });
    assert.equal(stopped.status, 200);
    assert.equal((await stopped.json()).tag, "one-timer");
    // Stopped by the form: the tag stays on the accounts.
    const stop = await admin.postForm(`/admin/users/tag-rules/${listed.items[0].id}/delete`, {});
    assert.equal(stop.headers.get("location"), "/admin/users");
    assert.match(
      await (await admin.get("/admin/users")).text(),
      /Automatic tag stopped[^]*&quot;vip&quot; stays on the accounts that carry it/,
    );
    assert.deepEqual((await (await admin.get("/api/admin/users/tag-rules")).json()).items, []);
    assert.equal((await (await admin.get("/api/admin/users?tag=vip")).json()).total, 1);

    // Customers and visitors are turned away.
    const { client: customer } = await staffAccount(db, database, "customer", "keeper");
    assert.equal((await customer.get("/api/admin/users/tag-rules")).status, 403);
    assert.equal(
      (await customer.postJson("/api/admin/users/tag-rules", { tag: "x", filter: { minOrders: 1 } })).status,
      403,
    );
    assert.equal((await (await admin.get("/api/admin/users/tag-rules")).json()).items.length, 0);
  },
);

closeDatabase();
