/** /admin/audit and the dashboard's figures and Users tab. */
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { staffAccount } from "../helpers/staff.ts";
import { createProduct, createUser } from "../helpers/factories.ts";
import { auditLogs, orders } from "../../db/schema/mod.ts";
import { recordAudit } from "../../domains/admin_audit/mod.ts";
import { saDay } from "../../lib/sa_dates.ts";

const { test, closeDatabase } = useTestDatabase();

test("[admin audit] guards: visitor to the login, customer to the home page", async (db, database) => {
  const visitor = await testClient(testApp(database)).get("/admin/audit");
  assert.equal(visitor.status, 303);
  assert.match(visitor.headers.get("location") ?? "", /^\/login\?redirect=/);
  const { client: customer } = await staffAccount(db, database, "customer");
  const res = await customer.get("/admin/audit");
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/");
});

test(
  "[admin audit] every entry, filtered by entity type, username and South African dates; details as sentences with the full JSON; badges",
  async (db, database) => {
    const { client: admin, user: me } = await staffAccount(db, database, "admin", "nomsa");
    const other = await createUser(db, { username: "pieter", role: "super_admin" });
    const long = { changes: { description: { before: "a".repeat(40), after: "b".repeat(40) } } };
    await recordAudit(db, {
      userId: me.id,
      entityType: "coupon",
      entityId: 7,
      action: "create",
      details: { after: { code: "X" } },
    });
    await recordAudit(db, {
      userId: other.id,
      entityType: "user",
      entityId: me.id,
      action: "role_change",
      details: long,
    });
    await recordAudit(db, { userId: me.id, entityType: "coupon", entityId: 7, action: "delete", details: null });
    await recordAudit(db, { userId: null, entityType: "setting", entityId: 1, action: "update", details: {} });
    // Dates: the first entry at 23:30 SAST on 1 November (21:30 UTC), the rest on 2 November SAST.
    await db.execute(sql`update audit_logs set created_at = '2026-11-01T21:30:00Z' where id = 1`);
    await db.execute(sql`update audit_logs set created_at = '2026-11-01T22:30:00Z' where id > 1`);

    const all = await (await admin.get("/admin/audit")).text();
    assert.deepEqual([...all.matchAll(/data-audit-id="(\d+)"/g)].map((m) => m[1]), ["4", "3", "2", "1"]);
    assert.match(all, /class="[^"]*bg-red-700[^"]*" data-action="delete"/);
    assert.match(all, /class="[^"]*bg-green-800[^"]*" data-action="create"/);
    assert.match(all, /class="[^"]*border-stone-300[^"]*" data-action="role_change"/);
    // Each entry reads as sentences (issue 32), the whole JSON behind a disclosure.
    assert.match(all, new RegExp(`User #${me.id} given another role by pieter`));
    assert.match(all, new RegExp(`Description ${"a".repeat(40)} -&gt; ${"b".repeat(40)}`));
    const [stored] = await db.select({ details: auditLogs.details }).from(auditLogs).where(eq(auditLogs.id, 2));
    assert.ok(all.includes(JSON.stringify(stored.details, null, 2).replaceAll('"', "&quot;")), "the raw JSON");
    assert.match(all, /<details[^>]*data-raw-details/);
    assert.match(all, />pieter</);
    assert.match(all, /System/);

    const coupons = await (await admin.get("/admin/audit?entityType=coupon")).text();
    assert.deepEqual([...coupons.matchAll(/data-audit-id="(\d+)"/g)].map((m) => m[1]), ["3", "1"]);
    const byUser = await (await admin.get("/admin/audit?user=PIETER")).text();
    assert.deepEqual([...byUser.matchAll(/data-audit-id="(\d+)"/g)].map((m) => m[1]), ["2"]);
    const nobody = await (await admin.get("/admin/audit?user=ghost")).text();
    assert.match(nobody, /No user is called &quot;ghost&quot;/);
    assert.match(nobody, /No audit logs found/);
    const day1 = await (await admin.get("/admin/audit?from=2026-11-01&to=2026-11-01")).text();
    assert.deepEqual([...day1.matchAll(/data-audit-id="(\d+)"/g)].map((m) => m[1]), ["1"]);
    const day2 = await (await admin.get("/admin/audit?from=2026-11-02")).text();
    assert.deepEqual([...day2.matchAll(/data-audit-id="(\d+)"/g)].map((m) => m[1]), ["4", "3", "2"]);

    for (const q of ["entityType=root", "user=a%00b", "from=yesterday", "page=0", "page=2147483648x"]) {
      assert.equal((await admin.get(`/admin/audit?${q}`)).status, 400, q);
    }
  },
);

test("[admin audit] pages of 50 with a next link only when there is more", async (db, database) => {
  const { client: admin, user } = await staffAccount(db, database, "admin");
  for (let i = 1; i <= 51; i++) {
    await recordAudit(db, { userId: user.id, entityType: "coupon", entityId: i, action: "update" });
  }
  const first = await (await admin.get("/admin/audit")).text();
  assert.equal([...first.matchAll(/data-audit-id=/g)].length, 50);
  assert.match(first, /href="\/admin\/audit\?page=2"/);
  const second = await (await admin.get("/admin/audit?page=2")).text();
  assert.equal([...second.matchAll(/data-audit-id=/g)].length, 1);
  assert.doesNotMatch(second, /rel="next"/);
});

test(
  "[admin dashboard] figures above the tabs: sales cards, an SVG chart with title, summary and table, work waiting; Users tab",
  async (db, database) => {
    const { client: admin } = await staffAccount(db, database, "admin");
    const customer = await createUser(db, { username: "newest_keeper" });
    await createProduct(db, { name: "Almost Gone Hide", stock: 1 });
    await db.insert(orders).values({
      userId: customer.id,
      orderNumber: "RB-9",
      total: "1234.50",
      status: "processing",
      paidAt: new Date(),
    });
    const html = await (await admin.get("/admin")).text();
    assert.match(html, /Sales today/);
    assert.match(html, /data-sales="Sales today">R(\s|&nbsp;| )1(\s|&nbsp;| )234,50</);
    assert.match(html, /<svg[^>]*role="img"/);
    assert.match(html, /<title id="sales-chart-title">Daily sales and orders over the last 30 days<\/title>/);
    assert.match(html, /<desc id="sales-chart-desc">30 days from .* 1 paid orders/);
    assert.match(html, /Show the figures as a table/);
    assert.match(html, /Waiting for dispatch/);
    assert.match(html, /Almost Gone Hide/);
    assert.match(html, /href="\/admin\/restock"[^>]*>What to order</, "the low-stock panel leads to the restock plan");
    assert.match(html, /Pending reviews/);
    // The top lists lead to the same 30 days in the period report, which lists every product.
    const [first, today] = [new Date(Date.now() - 29 * 86_400_000), new Date()].map(saDay);
    assert.match(html, new RegExp(`href="/admin/reports\\?from=${first}&amp;to=${today}"[^>]*>Full list<`));
    assert.match(html, /Products &amp; Variants/, "the tabs still follow");

    const users = await (await admin.get("/admin?tab=users")).text();
    assert.match(users, /data-role-count="customer">1</);
    assert.match(users, /data-role-count="admin">1</);
    assert.match(users, /newest_keeper/);
    assert.match(users, /href="\/admin\/users"/);
  },
);

closeDatabase();
