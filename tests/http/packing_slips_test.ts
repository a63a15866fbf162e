/**
 * Packing slips (GET /admin/orders/{id}/packing-slip.pdf and /admin/orders/packing-slips.pdf?ids=)
 * and carrier tracking links: who may print them, what a slip says (and does not: no prices), the
 * selection's limits, one order a page, and the tracking links on the admin and customer order
 * pages and in the shipping e-mail.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testConfig } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { createProduct, createVariant } from "../helpers/factories.ts";
import { accountOn, fulfilmentShop } from "../helpers/staff.ts";
import { FREE_DELIVERY, paidOrder } from "../helpers/paid_orders.ts";
import { pdfText } from "../helpers/pdf.ts";
import type { Database, Db } from "../../db/client.ts";
import { orders } from "../../db/schema/mod.ts";
import { PACKING_SLIPS_MAX } from "../../domains/fulfilment/mod.ts";

const { test, closeDatabase } = useTestDatabase();
const config = testConfig();

/**
 * Two paid orders of customer "thandi": the first (standard delivery, with order notes) holds 2 x a
 * heat mat variant and 1 x a UVB tube; the second goes to a PUDO locker.
 */
async function setUp(db: Db, database: Database) {
  const { app, gateway, buyer, me, admin } = await fulfilmentShop(db, database);
  const tube = await createProduct(db, { name: "UVB Tube T5 24W", sku: "UVB-T5-24", price: "450.00", stock: 10 });
  const mat = await createProduct(db, { name: "Heat Mat", sku: "MAT", price: "300.00", stock: 10 });
  const mat28 = await createVariant(db, mat.id, { name: "28 x 28 cm", sku: "MAT-28", price: "329.00", stock: 8 });
  const first = await paidOrder(db, gateway, [
    { productId: mat.id, variantId: mat28.id, quantity: 2 },
    { productId: tube.id, quantity: 1 },
  ], { userId: buyer.id, delivery: FREE_DELIVERY });
  await db.update(orders).set({ notes: "Please pack the tube in bubble wrap." }).where(eq(orders.id, first.order.id));
  const second = await paidOrder(db, gateway, [{ productId: tube.id, quantity: 3 }], {
    userId: buyer.id,
    delivery: FREE_DELIVERY,
  });
  await db.update(orders).set({ shippingMethod: "pudo_locker", pudoLockerCode: "PUDO-SANDTON-CITY" })
    .where(eq(orders.id, second.order.id));
  return { app, first: first.order, second: second.order, me, admin };
}

async function pdfOf(res: Response): Promise<string> {
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "application/pdf");
  assert.equal(res.headers.get("cache-control"), "private, no-store");
  return await pdfText(new Uint8Array(await res.arrayBuffer()));
}

test(
  "[packing slips] visitors are sent to sign in, customers away; admin and super_admin print",
  async (db, database) => {
    const { app, first, second, me, admin } = await setUp(db, database);
    const visitor = testClient(app);
    const paths = [
      `/admin/orders/${first.id}/packing-slip.pdf`,
      `/admin/orders/packing-slips.pdf?ids=${first.id},${second.id}`,
    ];
    for (const path of paths) {
      const v = await visitor.get(path);
      assert.equal(v.status, 303, path);
      assert.match(v.headers.get("location") ?? "", /^\/login\?redirect=/, path);
      const c = await me.get(path);
      assert.equal(c.status, 303, path);
      assert.equal(c.headers.get("location"), "/", path);
      assert.notEqual(c.headers.get("content-type"), "application/pdf");
      assert.match(await pdfOf(await admin.get(path)), /Packing slip/, path);
    }
    const { client: boss } = await accountOn(db, app, "super_admin", "boss");
    assert.match(await pdfOf(await boss.get(paths[0])), new RegExp(first.orderNumber));
  },
);

test(
  "[packing slips] one slip: shop, order number and date, address, SKU, name, variant, quantity, notes, no prices",
  async (db, database) => {
    const { first, admin } = await setUp(db, database);
    const res = await admin.get(`/admin/orders/${first.id}/packing-slip.pdf`);
    assert.match(res.headers.get("content-disposition") ?? "", new RegExp(`packing-slip-${first.orderNumber}\\.pdf`));
    const text = await pdfOf(res);
    assert.match(text, /Packing slip/);
    assert.match(text, new RegExp(`Order:\\s+${first.orderNumber}`));
    const placed = new Intl.DateTimeFormat("en-ZA", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "Africa/Johannesburg",
    }).format(first.createdAt);
    assert.match(text, new RegExp(`Order date:\\s+${placed}`));
    assert.match(text, new RegExp(config.shop.name));
    assert.ok(text.includes(config.shop.contact.address.split(",")[0]), "the shop's address");
    // The delivery address as the order keeps it.
    const ship = first.shippingAddress!;
    assert.match(text, new RegExp(`${ship.firstName} ${ship.lastName}`));
    assert.ok(text.includes(ship.addressLine1!), "the street");
    assert.ok(text.includes(ship.city!), "the city");
    // Each line: quantity, SKU, name, variant (pdftotext -layout keeps a row on one line).
    assert.match(text, /Packed\s+Qty\s+SKU\s+Product\s+Variant/);
    assert.match(text, /2\s+MAT-28\s+Heat Mat\s+28 x 28 cm/);
    assert.match(text, /1\s+UVB-T5-24\s+UVB Tube T5 24W/);
    assert.match(text, /3 items in 2 lines/);
    assert.match(text, /Order notes\s+Please pack the tube in bubble wrap\./);
    // No price, total or VAT anywhere on a packing slip.
    assert.doesNotMatch(text, /R\s?\d/);
    // The order number's random digits may hold "450" by chance, so it is taken out first.
    assert.doesNotMatch(text.replaceAll(first.orderNumber, ""), /450|329|1 108|Total|VAT/);
  },
);

test(
  "[packing slips] a PUDO order shows the locker; a selection prints each order on its own page, in the order asked",
  async (db, database) => {
    const { first, second, admin } = await setUp(db, database);
    const one = await pdfOf(await admin.get(`/admin/orders/${second.id}/packing-slip.pdf`));
    assert.match(one, /PUDO locker: Sandton City/);
    assert.match(one, /Locker code PUDO-SANDTON-CITY/);
    assert.match(one, /Delivery:\s+PUDO locker/);
    assert.doesNotMatch(one, /Order notes/);

    const both = await pdfOf(
      await admin.get(`/admin/orders/packing-slips.pdf?ids=${second.id},${first.id},${second.id}`),
    );
    const pages = both.split("\f").filter((p) => p.trim());
    assert.equal(pages.length, 2, "one page per order, a repeated id once");
    assert.match(pages[0], new RegExp(second.orderNumber));
    assert.doesNotMatch(pages[0], new RegExp(first.orderNumber));
    assert.match(pages[1], new RegExp(first.orderNumber));
    assert.match(pages[1], /MAT-28/);
    // The list's GET form sends one ids= per ticked box.
    const form = await pdfOf(await admin.get(`/admin/orders/packing-slips.pdf?ids=${first.id}&ids=${second.id}`));
    assert.equal(form.split("\f").filter((p) => p.trim()).length, 2);
  },
);

test("[packing slips] 404 for an unknown order, 400 for no, malformed or too many ids", async (db, database) => {
  const { first, admin } = await setUp(db, database);
  const missing = await admin.get("/admin/orders/999999/packing-slip.pdf");
  assert.equal(missing.status, 404);
  assert.match(await missing.text(), /Order not found/i);
  const inBatch = await admin.get(`/admin/orders/packing-slips.pdf?ids=${first.id},999999`);
  assert.equal(inBatch.status, 404);
  assert.match(await inBatch.text(), /There is no order with id 999999\./);
  for (
    const [query, message] of [
      ["", /Choose at least one order/],
      ["?ids=", /Choose at least one order/],
      ["?ids=1,abc", /Order ids are positive whole numbers/],
      ["?ids=0", /Order ids are positive whole numbers/],
      [`?ids=${Array.from({ length: PACKING_SLIPS_MAX + 1 }, (_, i) => i + 1).join(",")}`, /at most 50 packing slips/],
    ] as const
  ) {
    const res = await admin.get(`/admin/orders/packing-slips.pdf${query}`);
    assert.equal(res.status, 400, query);
    assert.match(await res.text(), message, query);
  }
  // Fifty is allowed (they are not all orders here: 404, not 400).
  const fifty = await admin.get(
    `/admin/orders/packing-slips.pdf?ids=${Array.from({ length: PACKING_SLIPS_MAX }, (_, i) => i + 1).join(",")}`,
  );
  assert.equal(fifty.status, 404);
});

test(
  "[packing slips] the order page links its slip; the list prints the ticked rows by a GET form",
  async (db, database) => {
    const { first, second, admin } = await setUp(db, database);
    const page = await (await admin.get(`/admin/orders/${first.id}`)).text();
    assert.match(page, new RegExp(`href="/admin/orders/${first.id}/packing-slip.pdf"[^>]*>Packing slip<`));
    const list = await (await admin.get("/admin/orders")).text();
    const form = list.match(/<form id="packing-slips-form"[^>]*>/)?.[0] ?? "";
    assert.match(form, /action="\/admin\/orders\/packing-slips.pdf"/);
    assert.match(form, /method="get"/);
    for (const o of [first, second]) {
      const boxes = list.match(new RegExp(`<input type="checkbox"[^>]*value="${o.id}"[^>]*>`, "g")) ?? [];
      assert.equal(boxes.length, 2, "a tick box in the table and one in the phone list");
      for (const box of boxes) {
        assert.match(box, /name="ids"/);
        assert.match(box, /form="packing-slips-form"/);
      }
    }
    assert.match(list, />Print packing slips</);
  },
);

test(
  "[tracking links] a known carrier's number links to its tracking page on both order pages and in the e-mail; an unknown one does not",
  async (db, database) => {
    const { first, second, me, admin } = await setUp(db, database);
    // Recognised by its pattern alone (no carrier typed): an Aramex waybill.
    const shipped = await admin.postJson(`/api/admin/orders/${first.id}/status`, {
      status: "shipped",
      trackingNumber: "30412345678",
    });
    assert.equal(shipped.status, 200);
    const link = "https://www.aramex.com/track/results?ShipmentNumber=30412345678";
    const adminPage = await (await admin.get(`/admin/orders/${first.id}`)).text();
    assert.ok(adminPage.includes(`href="${link}"`), "admin order page");
    const mine = await (await me.get(`/order/${first.id}`)).text();
    assert.ok(mine.includes(`href="${link}"`), "customer order page");
    assert.match(mine, /data-tracking-carrier="Aramex"/);
    const mail = (await (await admin.get("/api/admin/outbox?to=thandi@example.co.za")).json()).items[0];
    assert.match(mail.subject, /has shipped/);
    assert.ok(mail.text.includes(`Track your parcel with Aramex: ${link}`), mail.text);

    // Staff typed a carrier this shop has no tracking page for: the number stays plain text.
    await admin.postJson(`/api/admin/orders/${second.id}/status`, {
      status: "shipped",
      trackingNumber: "30499999999",
      carrier: "Fly-by-night Couriers",
    });
    const plain = await (await me.get(`/order/${second.id}`)).text();
    assert.match(plain, /<span class="break-all" data-tracking-number[^>]*>30499999999<\/span>/);
    assert.doesNotMatch(plain, /aramex\.com/);
    const plainMail = (await (await admin.get("/api/admin/outbox?to=thandi@example.co.za")).json()).items[0];
    assert.match(plainMail.text, /Use the tracking number on the carrier's website/);
    assert.doesNotMatch(plainMail.text, /https:\/\/www\.aramex/);
  },
);

closeDatabase();
