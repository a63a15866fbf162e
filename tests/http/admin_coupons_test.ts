/** The admin coupon API and the Manage Coupons pages (spec 001): guards, messages, audit, history kept. */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { couponForm, STAFF_PASSWORD, staffAccount } from "../helpers/staff.ts";
import { failingDatabase, loggedWhile } from "../helpers/failing_db.ts";
import { createUser } from "../helpers/factories.ts";
import { auditLogs, coupons, couponUsage, orders } from "../../db/schema/mod.ts";

const { test, closeDatabase } = useTestDatabase();

const body = (over: Record<string, unknown> = {}) => ({
  code: "summer25",
  description: "25% off summer basking lamps",
  type: "percentage",
  value: 25,
  minOrderValue: null,
  maxDiscount: 200,
  startDate: "2026-12-01",
  endDate: "2026-12-31",
  usageLimit: null,
  userLimit: 1,
  firstTimeOnly: false,
  active: true,
  categoryId: null,
  productId: null,
  ...over,
});

test(
  "[admin coupons] visitors get 401 and customers 403 on every admin coupon route; shopper routes stay open",
  async (db, database) => {
    const visitor = testClient(testApp(database));
    const { client: customer } = await staffAccount(db, database, "customer");
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/coupons"],
      ["GET", "/api/coupons/1"],
      ["POST", "/api/coupons", body()],
      ["PUT", "/api/coupons/1", body()],
      ["DELETE", "/api/coupons/1"],
    ];
    for (const [method, path, json] of calls) {
      const init = {
        method,
        headers: { "Content-Type": "application/json" },
        body: json ? JSON.stringify(json) : undefined,
      };
      assert.equal((await visitor.request(path, init)).status, 401, `${method} ${path} visitor`);
      assert.equal((await customer.request(path, init)).status, 403, `${method} ${path} customer`);
    }
    const validate = await visitor.postJson("/api/coupons/validate", { code: "NOPE" });
    assert.equal(validate.status, 200);
    assert.equal((await validate.json()).valid, false);
    for (const path of ["/admin/coupons", "/admin/coupons/new", "/admin/coupons/1/edit"]) {
      assert.equal((await customer.get(path)).status, 303, path);
    }
    assert.equal((await customer.postForm("/admin/coupons/new", { code: "X" })).status, 303);
    assert.equal(await db.$count(coupons), 0);
  },
);

test(
  "[admin coupons] create (201, upper-case code), list newest first with search and status, update, audit before/after",
  async (db, database) => {
    const { client: admin, user } = await staffAccount(db, database, "admin");
    const created = await admin.postJson("/api/coupons", body());
    assert.equal(created.status, 201);
    const c = await created.json();
    assert.equal(c.code, "SUMMER25");
    assert.equal(c.value, 25);
    assert.equal(c.maxDiscount, 200);
    assert.equal(c.startDate, "2026-11-30T22:00:00.000Z", "a bare day starts at midnight in South Africa");
    assert.equal(c.endDate, "2026-12-31T21:59:59.999Z");
    const second = await (await admin.postJson(
      "/api/coupons",
      body({
        code: "FLAT50",
        description: "R50 off any vivarium",
        type: "fixed_amount",
        value: 50,
        maxDiscount: 99,
        active: false,
      }),
    )).json();
    assert.equal(second.maxDiscount, null, "a maximum discount belongs to percentage coupons only");

    const dup = await admin.postJson("/api/coupons", body({ code: "Summer25" }));
    assert.equal(dup.status, 409);
    assert.equal((await dup.json()).error, "A coupon with this code already exists");

    const list = await (await admin.get("/api/coupons")).json();
    assert.equal(list.total, 2);
    assert.deepEqual(list.items.map((i: { code: string }) => i.code), ["FLAT50", "SUMMER25"]);
    const search = await (await admin.get("/api/coupons?search=VIVARIUM")).json();
    assert.deepEqual(search.items.map((i: { code: string }) => i.code), ["FLAT50"]);
    const inactive = await (await admin.get("/api/coupons?status=inactive")).json();
    assert.deepEqual(inactive.items.map((i: { code: string }) => i.code), ["FLAT50"]);
    const like = await (await admin.get("/api/coupons?search=r_")).json();
    assert.equal(like.total, 0, "_ is a character, not a wildcard");

    const updated = await admin.postJson(`/api/coupons/${c.id}`, body({ value: 30, active: false }), "PUT");
    assert.equal(updated.status, 200);
    assert.equal((await updated.json()).value, 30);
    const clash = await admin.postJson(`/api/coupons/${c.id}`, body({ code: "flat50" }), "PUT");
    assert.equal(clash.status, 409);

    const audit = await db.select().from(auditLogs).where(eq(auditLogs.entityId, c.id)).orderBy(auditLogs.id);
    assert.deepEqual(audit.map((a) => [a.entityType, a.action, a.userId]), [
      ["coupon", "create", user.id],
      ["coupon", "update", user.id],
    ]);
    assert.deepEqual((audit[1].details as { changes: unknown }).changes, {
      value: { before: 25, after: 30 },
      active: { before: true, after: false },
    });
    assert.equal((audit[0].details as { after: { code: string } }).after.code, "SUMMER25");
  },
);

test(
  "[admin coupons] the spec's messages: 2-character code, characters, description, value, dates, limits; hostile input",
  async (db, database) => {
    const { client: admin } = await staffAccount(db, database, "super_admin");
    const cases: [Record<string, unknown>, string][] = [
      [{ code: "AB" }, "Coupon code must be at least 3 characters"],
      [{ code: "A".repeat(21) }, "Coupon code must be at most 20 characters"],
      [{ code: "TEN OFF" }, "Coupon code can only contain letters, numbers, underscores and hyphens"],
      [{ description: "abc" }, "Description is required"],
      [{ value: 0 }, "Value must be a positive number"],
      [{ value: "10" }, "Value must be a positive number"],
      [{ minOrderValue: -1 }, "Minimum order value must be a non-negative number"],
      [{ maxDiscount: 0 }, "Maximum discount must be a positive number"],
      [{ startDate: "" }, "Start date is required"],
      [{ endDate: "2026-11-30" }, "End date cannot be before the start date"],
      [{ usageLimit: 0 }, "Usage limit must be a positive number"],
      [{ userLimit: -2 }, "User limit must be a positive number"],
      [{ userLimit: 1.5 }, "User limit must be a positive number"],
      [{ description: "Nul\u0000byte here" }, "Text must not contain control characters"],
      [{ value: 12.345, type: "fixed_amount" }, "Use at most 2 decimals"],
      [{ categoryId: 2_147_483_648 }, "Too big: expected number to be <=2147483647"],
    ];
    for (const [over, message] of cases) {
      const res = await admin.postJson("/api/coupons", body(over));
      assert.equal(res.status, 400, JSON.stringify(over));
      const json = await res.json();
      assert.ok(
        json.issues.some((i: { message: string }) => i.message === message),
        `${JSON.stringify(over)}: ${JSON.stringify(json)}`,
      );
    }
    const first = await (await admin.postJson("/api/coupons", body({ code: "AB" }))).json();
    assert.equal(first.error, "Coupon code must be at least 3 characters");
    const extra = await admin.postJson("/api/coupons", { ...body(), admin: true });
    assert.equal(extra.status, 400);
    assert.equal((await admin.request("/api/coupons/2147483648", { method: "DELETE" })).status, 400);
    assert.equal((await admin.request("/api/coupons/99", { method: "DELETE" })).status, 404);
    const big = await admin.postJson("/api/coupons", body({ description: "x".repeat(70_000) }));
    assert.equal(big.status, 400);
    const notJson = await admin.request("/api/coupons", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{",
    });
    assert.equal(notJson.status, 400);
    assert.equal(await db.$count(coupons), 0);
  },
);

test(
  "[admin coupons] deleting: an unused coupon goes (audited); a used one is refused with 409 and keeps its history and figures",
  async (db, database) => {
    const { client: admin } = await staffAccount(db, database, "admin");
    const unused = await (await admin.postJson("/api/coupons", body({ code: "GONE1" }))).json();
    const used = await (await admin.postJson("/api/coupons", body({ code: "KEPT1" }))).json();
    const buyer = await createUser(db);
    const [paid] = await db.insert(orders).values({
      userId: buyer.id,
      orderNumber: "RB-1",
      total: "300.00",
      refundedAmount: "50.00",
      paidAt: new Date(),
      status: "processing",
      couponId: used.id,
    }).returning();
    const [unpaid] = await db.insert(orders).values({
      userId: buyer.id,
      orderNumber: "RB-2",
      total: "80.00",
      couponId: used.id,
    })
      .returning();
    await db.insert(couponUsage).values([
      { couponId: used.id, userId: buyer.id, orderId: paid.id, discountAmount: "75.00" },
      { couponId: used.id, userId: buyer.id, orderId: unpaid.id, discountAmount: "20.00" },
    ]);

    const gone = await admin.request(`/api/coupons/${unused.id}`, { method: "DELETE" });
    assert.equal(gone.status, 200);
    const refused = await admin.request(`/api/coupons/${used.id}`, { method: "DELETE" });
    assert.equal(refused.status, 409);
    assert.match((await refused.json()).error, /used on 2 orders.*Deactivate it instead/);
    assert.equal(await db.$count(couponUsage), 2);
    const kept = await (await admin.get(`/api/coupons/${used.id}`)).json();
    assert.deepEqual(kept.usage, { timesUsed: 1, revenue: 250, discountGiven: 75 });
    const audit = await db.select().from(auditLogs).where(eq(auditLogs.action, "delete"));
    assert.equal(audit.length, 1);
    assert.equal(audit[0].entityId, unused.id);
    assert.equal((audit[0].details as { before: { code: string } }).before.code, "GONE1");
  },
);

test(
  "[admin coupons] the page: spec texts, value display, dimmed inactive rows, empty states, no-JS create/edit/delete",
  async (db, database) => {
    const { client: admin } = await staffAccount(db, database, "admin");
    const empty = await (await admin.get("/admin/coupons")).text();
    assert.match(empty, /Manage Coupons/);
    assert.match(empty, /Add Coupon/);
    assert.match(empty, /No coupons found/);
    assert.match(empty, /placeholder="Search coupons\.\.\."/);
    assert.match(empty, /data-island="CouponManager"/);

    const bad = await admin.postForm("/admin/coupons/new", {
      code: "AB",
      description: "tiny",
      type: "percentage",
      value: "",
      startDate: "",
    });
    assert.equal(bad.status, 400);
    const badHtml = await bad.text();
    for (
      const m of [
        "Coupon code must be at least 3 characters",
        "Description is required",
        "Value must be a positive number",
        "Start date is required",
      ]
    ) {
      assert.ok(badHtml.includes(m), m);
    }
    const ok = await admin.postForm("/admin/coupons/new", couponForm("reptile10"));
    assert.equal(ok.status, 303);
    const [row] = await db.select().from(coupons);
    assert.equal(row.code, "REPTILE10");
    assert.equal(row.userLimit, 1, "a blank user limit is 1");
    assert.equal(row.endDate, null);
    const listed = await (await admin.get("/admin/coupons")).text();
    assert.match(listed, /Coupon Created/);
    assert.match(listed, /10%/);
    assert.match(listed, /Max: R/);
    assert.match(listed, /Jan 5, 2026/);
    assert.match(listed, /No expiry/);

    const edit = await admin.postForm(`/admin/coupons/${row.id}/edit`, {
      code: "REPTILE10",
      description: "Buy three crickets tubs",
      type: "buy_x_get_y",
      value: "2",
      startDate: "2026-01-05",
      userLimit: "3",
    });
    assert.equal(edit.status, 303);
    const after = await (await admin.get("/admin/coupons")).text();
    assert.match(after, /Coupon Updated/);
    assert.match(after, /Buy 2 get one free/);
    assert.match(
      after,
      /class="bg-stone-50 text-stone-600"/,
      "an inactive row is greyed (not by opacity, which fails contrast)",
    );
    const none = await (await admin.get("/admin/coupons?search=zzz")).text();
    assert.match(none, /No coupons match &quot;zzz&quot;\. Try a different search term\./);

    const ask = await (await admin.get(`/admin/coupons/${row.id}/delete`)).text();
    assert.match(
      ask,
      /Are you sure you want to delete the coupon code &quot;REPTILE10&quot;\? This action cannot be undone\./,
    );
    const del = await admin.postForm(`/admin/coupons/${row.id}/delete`, {});
    assert.equal(del.status, 303);
    assert.match(await (await admin.get("/admin/coupons")).text(), /Coupon Deleted/);
    assert.equal(await db.$count(coupons), 0);
  },
);

test(
  "[admin coupons] a list that fails to load says 'Failed to load coupons. Please try again.'",
  async (db, database) => {
    await staffAccount(db, database, "admin");
    const broken = failingDatabase(database, (_fields, table) => table === "coupons");
    const admin = testClient(testApp(broken));
    assert.equal(
      (await admin.postJson("/api/auth/login", { username: "admin", password: STAFF_PASSWORD })).status,
      200,
    );
    const { result: html, logged } = await loggedWhile(async () => {
      const res = await admin.get("/admin/coupons");
      assert.equal(res.status, 200);
      return await res.text();
    });
    assert.match(html, /Failed to load coupons\. Please try again\./);
    assert.doesNotMatch(html, /No coupons found/);
    assert.equal(logged.length, 1);
  },
);

closeDatabase();
