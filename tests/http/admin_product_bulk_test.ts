/**
 * Bulk product edits and the stock history over HTTP: POST /api/admin/products/bulk (roles, CSRF,
 * validation at the edge, the answer), its no-JavaScript form on /admin/products, and
 * GET /api/admin/products/{id}/stock-history with the /admin/products/{id}/stock page.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { signedInAs } from "../helpers/staff.ts";
import { registerCustomer } from "../helpers/accounts.ts";
import { createProduct } from "../helpers/factories.ts";
import { products } from "../../db/schema/mod.ts";

const { test, closeDatabase } = useTestDatabase();
const BULK = "/api/admin/products/bulk";

test(
  "[bulk api] visitors 401, customers 403, another site's request 403 (CSRF); nothing changed",
  async (db, database) => {
    const p = await createProduct(db, { featured: false });
    const body = { action: "set_featured", value: true, ids: [p.id] };
    const app = testApp(database);
    const visitor = await testClient(app).postJson(BULK, body);
    assert.equal(visitor.status, 401);
    const customer = testClient(app);
    await registerCustomer(customer);
    assert.equal((await customer.postJson(BULK, body)).status, 403);
    const admin = await signedInAs(db, database, "admin", app);
    const forged = await admin.request(BULK, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
      body: JSON.stringify(body),
    });
    assert.equal(forged.status, 403);
    assert.match((await forged.json()).message ?? "", /another site/);
    assert.equal((await db.select().from(products).where(eq(products.id, p.id)))[0].featured, false);
    const ok = await admin.postJson(BULK, body);
    assert.equal(ok.status, 200);
    assert.deepEqual(await ok.json(), { updated: 1, skipped: [] });
  },
);

test(
  "[bulk api] bad input is a 400 with the reason: unknown action, over 500 ids, bad percent, control characters, both or neither target",
  async (db, database) => {
    const p = await createProduct(db);
    const admin = await signedInAs(db, database, "admin");
    const cases: [unknown, RegExp][] = [
      [{ action: "delete_everything", ids: [p.id] }, /Action must be one of/],
      [{ action: "archive", ids: Array.from({ length: 501 }, (_, i) => i + 1) }, /At most 500 products at once/],
      [{ action: "adjust_price", ids: [p.id], by: { kind: "percent", percent: -100 } }, /Percent must be above -100/],
      [{ action: "adjust_price", ids: [p.id], by: { kind: "percent", percent: 2.555 } }, /at most two decimals/],
      [{ action: "adjust_price", ids: [p.id], by: { kind: "percent", percent: "ten" } }, /Percent must be a number/],
      [{ action: "archive", filter: { q: "bowl\u0000" } }, /control characters/i],
      [{ action: "archive" }, /Give either ids or a filter/],
      [{ action: "archive", ids: [p.id], filter: {} }, /Give either ids or a filter/],
      [{ action: "archive", ids: [0] }, /Each id must be a product id/],
      [{ action: "archive", ids: [2 ** 31] }, /Each id must be a product id/],
      [{ action: "set_stock", ids: [p.id], stock: -1 }, /Stock must be 0 or more/],
      [{ action: "archive", ids: [p.id], extra: true }, /.+/],
    ];
    for (const [body, message] of cases) {
      const res = await admin.postJson(BULK, body);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 80));
      const json = await res.json();
      const text = [json.message, json.error, ...(json.issues ?? []).map((i: { message: string }) => i.message)].join(
        " ",
      );
      assert.match(text, message, JSON.stringify(body).slice(0, 80));
    }
    const big = await admin.request(BULK, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ action: "archive", ids: [p.id], pad: "x".repeat(70_000) }),
    });
    assert.equal(big.status, 400);
    assert.match((await big.json()).message, /too large/);
    assert.equal((await db.select().from(products).where(eq(products.id, p.id)))[0].archivedAt, null);
  },
);

test(
  "[bulk form] the list's form changes the ticked rows' prices, or all matching the filter, with a flash",
  async (db, database) => {
    const a = await createProduct(db, { name: "Alpha Bowl", price: "100.00" });
    const b = await createProduct(db, { name: "Beta Bowl", price: "50.00" });
    const c = await createProduct(db, { name: "Gamma Hide", price: "80.00" });
    const admin = await signedInAs(db, database, "admin");
    const list = await (await admin.get("/admin/products?q=bowl")).text();
    assert.match(list, /data-bulk-form/);
    assert.match(list, new RegExp(`name="id_${a.id}"`));
    assert.match(list.replaceAll("<!-- -->", ""), /All 2 products matching this filter/);

    const res = await admin.postForm("/admin/products/bulk", {
      scope: "selected",
      [`id_${a.id}`]: "on",
      [`id_${c.id}`]: "on",
      action: "adjust_price",
      priceKind: "percent",
      priceChange: "-10",
      f_q: "bowl",
      f_archived: "active",
    });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get("location"), "/admin/products?q=bowl");
    const price = async (id: number) => (await db.select().from(products).where(eq(products.id, id)))[0].price;
    assert.deepEqual([await price(a.id), await price(b.id), await price(c.id)], ["90.00", "50.00", "72.00"]);
    const page = await (await admin.get("/admin/products?q=bowl")).text();
    assert.match(page, /Bulk edit done/);
    assert.match(page, /2 products updated\./);

    const all = await admin.postForm("/admin/products/bulk", {
      scope: "filter",
      action: "adjust_price",
      priceKind: "amount",
      priceChange: "5.50",
      f_q: "bowl",
      f_archived: "active",
    });
    assert.equal(all.status, 303);
    assert.deepEqual([await price(a.id), await price(b.id), await price(c.id)], ["95.50", "55.50", "72.00"]);

    // The low-stock alert: a number sets it, an empty box returns to the shop's default, a bad one is refused.
    const alert = async (id: number) => (await db.select().from(products).where(eq(products.id, id)))[0].lowStockAt;
    const setAlert = (lowStockAt: string) =>
      admin.postForm("/admin/products/bulk", {
        scope: "selected",
        [`id_${a.id}`]: "on",
        action: "set_low_stock_at",
        lowStockAt,
        f_archived: "active",
      });
    assert.equal((await setAlert("25")).status, 303);
    assert.equal(await alert(a.id), 25);
    assert.equal((await setAlert(" ")).status, 303);
    assert.equal(await alert(a.id), null);
    await setAlert("-2");
    assert.match(await (await admin.get("/admin/products")).text(), /Low-stock alert must be 0 or more/);

    const refused = await admin.postForm("/admin/products/bulk", { scope: "selected", action: "archive" });
    assert.equal(refused.status, 303);
    assert.match(await (await admin.get("/admin/products")).text(), /Choose at least one product/);
  },
);

test(
  "[stock history api] a product's changes as JSON sentences, paged; unknown product 404, bad id 400, staff only",
  async (db, database) => {
    const p = await createProduct(db, { name: "Heat Mat", stock: 3 });
    const app = testApp(database);
    const admin = await signedInAs(db, database, "admin", app);
    assert.equal((await admin.postJson(BULK, { action: "set_stock", ids: [p.id], stock: 8 })).status, 200);
    assert.equal((await admin.postJson(BULK, { action: "set_stock", ids: [p.id], stock: 5 })).status, 200);
    const res = await admin.get(`/api/admin/products/${p.id}/stock-history?pageSize=1`);
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.equal(body.hasMore, true);
    assert.deepEqual(
      body.items.map((m: { delta: number; stockAfter: number; reason: string }) => [m.delta, m.stockAfter, m.reason]),
      [
        [-3, 5, "bulk"],
      ],
    );
    assert.match(body.items[0].text, /^-3 \(bulk edit, by admin\) -> 5 left, /);
    assert.equal((await admin.get(`/api/admin/products/999999/stock-history`)).status, 404);
    assert.equal((await admin.get(`/api/admin/products/abc/stock-history`)).status, 400);
    assert.equal((await admin.get(`/api/admin/products/${p.id}/stock-history?page=0`)).status, 400);
    assert.equal((await admin.get(`/api/admin/products/${2 ** 31}/stock-history`)).status, 400);
    assert.equal((await admin.get(`/admin/products/abc/stock`)).status, 400);
    assert.equal((await admin.get(`/admin/products/999999/stock`)).status, 404);
    const customer = testClient(app);
    await registerCustomer(customer);
    assert.equal((await customer.get(`/api/admin/products/${p.id}/stock-history`)).status, 403);

    // React separates neighbouring text with empty comments; a reader sees none.
    const html = (await (await admin.get(`/admin/products/${p.id}/stock`)).text()).replaceAll("<!-- -->", "");
    assert.match(html, /Stock history: Heat Mat/);
    assert.match(html, /\(bulk edit, by admin\)/);
    assert.match(html, /5 left/);
    // The product's edit page links to it.
    assert.match(
      await (await admin.get(`/admin/products/${p.id}`)).text(),
      new RegExp(`href="/admin/products/${p.id}/stock"`),
    );
  },
);

closeDatabase();
