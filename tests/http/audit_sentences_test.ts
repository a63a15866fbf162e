/**
 * The audit log (/admin/audit) and the order timeline read as sentences: each changed field
 * before -> after with who did it, filterable by staff member and entity, the raw JSON behind a
 * disclosure.
 */
import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { testShop } from "../helpers/app.ts";
import { createProduct } from "../helpers/factories.ts";
import { accountOn } from "../helpers/staff.ts";
import { customer, FREE_DELIVERY, paidOrder } from "../helpers/paid_orders.ts";
import type { Database, Db } from "../../db/client.ts";

const { test, closeDatabase } = useTestDatabase();

/** The HTML of the audit rows (the table body), without the filter form's options. */
function rowsOf(html: string): string {
  return html.match(/<tbody[\s\S]*<\/tbody>/)?.[0] ?? "";
}

async function setUp(db: Db, database: Database) {
  const { app, gateway } = testShop(database);
  const buyer = await customer(db, { username: "thandi", email: "thandi@example.co.za" });
  const product = await createProduct(db, { name: "Basking Lamp", price: "1299.00", stock: 10 });
  const { order } = await paidOrder(db, gateway, [{ productId: product.id, quantity: 1 }], {
    userId: buyer.id,
    delivery: FREE_DELIVERY,
  });
  const { client: pieter } = await accountOn(db, app, "admin", "pieter");
  const { client: anna } = await accountOn(db, app, "super_admin", "anna");
  return { app, product, order, pieter, anna };
}

test(
  "[audit sentences] /admin/audit: 'Price R 1 299,00 -> R 1 199,00', by whom, filtered by staff member and entity, raw JSON in a disclosure",
  async (db, database) => {
    const { product, order, pieter, anna } = await setUp(db, database);
    assert.equal((await pieter.postJson(`/api/products/${product.id}`, { price: 1199 }, "PUT")).status, 200);
    assert.equal(
      (await anna.postJson(`/api/admin/orders/${order.id}/status`, { status: "shipped", trackingNumber: "TCG123456" }))
        .status,
      200,
    );

    const html = await (await anna.get("/admin/audit")).text();
    // The "Staff member" field suggests the staff accounts, never customers.
    const staff = html.match(/<datalist id="audit-staff">[\s\S]*?<\/datalist>/)?.[0] ?? "";
    assert.match(
      html,
      /<input[^>]*id="audit-user"[^>]*list="audit-staff"|<input[^>]*list="audit-staff"[^>]*id="audit-user"/,
    );
    assert.deepEqual([...staff.matchAll(/value="([^"]+)"/g)].map((m) => m[1]), ["anna", "pieter"]);
    const all = rowsOf(html);
    assert.match(all, new RegExp(`Product #${product.id} updated by pieter`));
    assert.match(all, /Price R\u00a01\u00a0299,00 -&gt; R\u00a01\u00a0199,00/);
    assert.match(all, new RegExp(`Order #${order.id} marked shipped by anna`));
    assert.match(all, /Status processing -&gt; shipped/);
    assert.match(all, /Tracking number: TCG123456/);
    // The raw entry stays one click away, escaped.
    assert.match(
      all,
      /<details[^>]*data-raw-details[^>]*><summary[^>]*>Raw JSON<\/summary><pre[^>]*>\{\n {2}&quot;changes&quot;/,
    );

    const byPieter = rowsOf(await (await anna.get("/admin/audit?user=pieter")).text());
    assert.match(byPieter, /Price R/);
    assert.doesNotMatch(byPieter, /marked shipped/);
    const orders = rowsOf(await (await anna.get("/admin/audit?entityType=order")).text());
    assert.match(orders, /marked shipped by anna/);
    assert.doesNotMatch(orders, /Price R/);
  },
);

test(
  "[audit sentences] the order timeline reads each staff action before -> after, by whom, with its raw JSON",
  async (db, database) => {
    const { order, anna } = await setUp(db, database);
    await anna.postJson(`/api/admin/orders/${order.id}/status`, {
      status: "shipped",
      trackingNumber: "30412345678",
      carrier: "Aramex",
    });
    const page = await (await anna.get(`/admin/orders/${order.id}`)).text();
    const timeline = page.match(/<ol[^>]*data-timeline[\s\S]*?<\/ol>/)?.[0] ?? "";
    const shipped = timeline.match(/<li data-event="status">[\s\S]*?<\/li><\/ul>[\s\S]*?<\/details><\/li>/)?.[0] ?? "";
    assert.match(shipped, /<li[^>]*>Status processing -&gt; shipped<\/li>/);
    assert.match(shipped, /Tracking number: 30412345678/);
    assert.match(shipped, /Carrier: Aramex/);
    assert.match(shipped, /· by anna/);
    assert.match(
      shipped,
      /<summary[^>]*>Raw JSON<\/summary><pre[^>]*>[^<]*&quot;trackingNumber&quot;: &quot;30412345678&quot;/,
    );
    // The JSON API keeps its shape: no page sentences in it.
    const api = await (await anna.get(`/api/admin/orders/${order.id}`)).json();
    const event = api.timeline.find((e: { kind: string }) => e.kind === "status");
    assert.deepEqual(Object.keys(event).sort(), ["at", "by", "detail", "kind", "title"]);
  },
);

closeDatabase();
