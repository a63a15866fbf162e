/**
 * Tax invoice and credit note downloads through the app: the customer's own order only (another
 * customer and an unpaid order get 404), staff from the admin order page, the links on the order
 * page and the account's orders, and the customer's VAT number on the profile.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testSite } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { registerCustomer } from "../helpers/accounts.ts";
import { customerWithOrderOn } from "../helpers/orders.ts";
import { systemRefund } from "../helpers/paid_orders.ts";
import { signedInAs } from "../helpers/staff.ts";
import { pdfText } from "../helpers/pdf.ts";
import type { Db } from "../../db/client.ts";
import { orders, users } from "../../db/schema/mod.ts";
import { TEST_CARD_SUCCESS, testGateway } from "../../domains/payments/mod.ts";
import { finalizePaidOrder } from "../../flows/finalise_payment.ts";

const { test, closeDatabase } = useTestDatabase();
const opts = testSite();
const gateway = testGateway();

async function pay(db: Db, order: { id: number; orderNumber: string; totalCents: number }) {
  // Paid (and so refunded) through the offline test provider.
  await db.update(orders).set({ paymentMethod: gateway.provider }).where(eq(orders.id, order.id));
  const intent = await gateway.createIntent({
    amountCents: order.totalCents,
    currency: "zar",
    metadata: { orderId: String(order.id), orderNumber: order.orderNumber },
  });
  await finalizePaidOrder(db, order.id, await gateway.confirmTestCard(intent.clientSecret, TEST_CARD_SUCCESS), opts);
}

test(
  "[tax documents http] the customer downloads their invoice; another customer and an unpaid order get 404",
  async (db, database) => {
    const { app, client, order } = await customerWithOrderOn(db, database);
    const unpaid = await client.get(`/orders/${order.id}/invoice.pdf`);
    assert.equal(unpaid.status, 404, "an unpaid order has no invoice");
    assert.doesNotMatch(await (await client.get(`/order/${order.id}`)).text(), /invoice\.pdf/);

    await pay(db, order);
    const res = await client.get(`/orders/${order.id}/invoice.pdf`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("Content-Type"), "application/pdf");
    assert.equal(res.headers.get("Content-Disposition"), 'attachment; filename="INV-000001.pdf"');
    assert.match(res.headers.get("Cache-Control") ?? "", /private/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    assert.equal(new TextDecoder().decode(bytes.slice(0, 5)), "%PDF-");
    assert.match(await pdfText(bytes), /Tax Invoice[\s\S]*INV-000001/);

    // The order page and the account's orders link to it.
    assert.match(
      await (await client.get(`/order/${order.id}`)).text(),
      new RegExp(`/orders/${order.id}/invoice\\.pdf`),
    );
    assert.match(
      await (await client.get("/account?tab=orders")).text(),
      new RegExp(`/orders/${order.id}/invoice\\.pdf`),
    );

    const stranger = testClient(app);
    await registerCustomer(stranger, { username: "stranger", email: "stranger@example.co.za" });
    assert.equal((await stranger.get(`/orders/${order.id}/invoice.pdf`)).status, 404);
    assert.equal((await stranger.get(`/orders/${order.id}/credit-note.pdf`)).status, 404);
    assert.equal((await stranger.get(`/orders/99999/invoice.pdf`)).status, 404);
    assert.equal((await stranger.get(`/orders/abc/invoice.pdf`)).status, 404);

    const anonymous = testClient(app);
    const redirect = await anonymous.get(`/orders/${order.id}/invoice.pdf`);
    assert.equal(redirect.status, 303);
    assert.match(redirect.headers.get("Location") ?? "", /^\/login\?redirect=/);
  },
);

test(
  "[tax documents http] credit notes: the latest, each by id, and staff download both documents",
  async (db, database) => {
    const { app, client, order } = await customerWithOrderOn(db, database);
    await pay(db, order);
    assert.equal((await client.get(`/orders/${order.id}/credit-note.pdf`)).status, 404, "no refund yet");
    const refund = (amountCents: number, reason: string) =>
      systemRefund(db, gateway, { orderId: order.id, amountCents, reason });
    await refund(10_000, "Late delivery");
    await refund(5_000, "Scratched box");
    const latest = await client.get(`/orders/${order.id}/credit-note.pdf`);
    assert.equal(latest.status, 200);
    assert.equal(latest.headers.get("Content-Disposition"), 'attachment; filename="CN-000002.pdf"');
    const text = await pdfText(new Uint8Array(await latest.arrayBuffer()));
    assert.match(text, /Credit Note[\s\S]*CN-000002[\s\S]*INV-000001/);
    assert.match(text, /Scratched box/);
    const page = await (await client.get(`/order/${order.id}`)).text();
    assert.match(page, /Credit note CN-000001/);
    assert.match(page, /Credit note CN-000002/);
    const first = await client.get(`/orders/${order.id}/credit-notes/1.pdf`);
    assert.equal(first.headers.get("Content-Disposition"), 'attachment; filename="CN-000001.pdf"');
    assert.equal((await client.get(`/orders/${order.id}/credit-notes/77.pdf`)).status, 404);
    assert.equal((await client.get(`/orders/${order.id}/credit-notes/1.txt`)).status, 404);

    const admin = await signedInAs(db, database, "admin", app);
    const adminPage = await (await admin.get(`/admin/orders/${order.id}`)).text();
    assert.match(adminPage, new RegExp(`/admin/orders/${order.id}/invoice\\.pdf`));
    const inv = await admin.get(`/admin/orders/${order.id}/invoice.pdf`);
    assert.equal(inv.status, 200);
    assert.equal(inv.headers.get("Content-Type"), "application/pdf");
    assert.equal((await admin.get(`/admin/orders/${order.id}/credit-notes/2.pdf`)).status, 200);
    const outsider = await client.get(`/admin/orders/${order.id}/invoice.pdf`);
    assert.notEqual(outsider.status, 200, "customers stay out of the admin area");
    assert.notEqual(outsider.headers.get("Content-Type"), "application/pdf");
  },
);

test(
  "[tax documents http] the customer's VAT number: checked, saved from the API and the form, printed on later invoices",
  async (db, database) => {
    const { client, me, order } = await customerWithOrderOn(db, database);
    const bad = await client.postJson("/api/account/profile", { email: me.email, vatNumber: "123" }, "PUT");
    assert.equal(bad.status, 400);
    assert.equal((await bad.json()).issues[0].message, "VAT number must be 10 digits starting with 4");
    const ok = await client.postJson("/api/account/profile", { email: me.email, vatNumber: "4 123 456 789" }, "PUT");
    assert.equal(ok.status, 200);
    assert.equal((await ok.json()).vatNumber, "4123456789");
    const kept = await client.postJson("/api/account/profile", { email: me.email, phone: "011 555 0199" }, "PUT");
    assert.equal((await kept.json()).vatNumber, "4123456789", "a body without the field leaves it");
    const form = await client.postForm("/account/profile", { email: me.email, vatNumber: "5123456789" });
    assert.equal(form.status, 400);
    assert.match(await form.text(), /VAT number must be 10 digits starting with 4/);
    const settings = await (await client.get("/account?tab=settings")).text();
    assert.match(settings, /name="vatNumber"[^>]*value="4123456789"|value="4123456789"[^>]*name="vatNumber"/);
    await pay(db, order);
    const text = await pdfText(
      new Uint8Array(await (await client.get(`/orders/${order.id}/invoice.pdf`)).arrayBuffer()),
    );
    assert.match(text, /VAT registration number: 4123456789/);
    const cleared = await client.postForm("/account/profile", { email: me.email, vatNumber: "" });
    assert.equal(cleared.status, 303);
    const [row] = await db.select({ v: users.vatNumber }).from(users).where(eq(users.id, me.id));
    assert.equal(row.v, null);
  },
);

test(
  "[tax documents http] a PayFast refund by staff is recorded with its credit note and staff are told to finish it at PayFast",
  async (db, database) => {
    const { app, client, order } = await customerWithOrderOn(db, database);
    await pay(db, order);
    await db.update(orders).set({ paymentMethod: "payfast", paymentId: "pf_77" }).where(eq(orders.id, order.id));
    const admin = await signedInAs(db, database, "admin", app);
    const res = await admin.postJson(`/api/admin/orders/${order.id}/refund`, { amount: 100, reason: "Wrong colour" });
    assert.equal(res.status, 200, await res.clone().text());
    const body = await res.json();
    assert.match(body.notice, /complete the refund in the PayFast dashboard/);
    assert.equal(body.refunds[0].status, "manual");
    const note = await client.get(`/orders/${order.id}/credit-note.pdf`);
    assert.equal(note.status, 200);
    assert.match(await pdfText(new Uint8Array(await note.arrayBuffer())), /Wrong colour/);
  },
);

closeDatabase();
