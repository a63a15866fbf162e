import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  creditNotes,
  documentSequences,
  emailOutbox,
  orderRefunds,
  orders,
  products,
  taxInvoices,
  users,
} from "../../db/schema/mod.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { toCents } from "../../lib/money.ts";
import { testConfig, testSite } from "../../tests/helpers/app.ts";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createProduct } from "../../tests/helpers/factories.ts";
import { customer, FREE_DELIVERY, paidOrder, systemRefund } from "../../tests/helpers/paid_orders.ts";
import { pdfText } from "../../tests/helpers/pdf.ts";
import { addToCart } from "../cart/mod.ts";
import { deliverDue, type MailMessage } from "../mail/mod.ts";
import { type PaymentGateway, TEST_CARD_SUCCESS, testGateway } from "../payments/mod.ts";
import { writeShopSettings } from "../settings/mod.ts";
import { shopSettingsDefaults } from "../settings/shop.ts";
import {
  creditNoteFile,
  creditNoteLines,
  invoiceFile,
  invoiceLines,
  numberTaxInvoice,
  numberWaitingTaxInvoices,
  orderDocuments,
  printable,
  taxInvoicePdf,
  totalsOf,
} from "./mod.ts";
import { placeOrder } from "../../flows/place_order.ts";
import { finalizePaidOrder } from "../../flows/finalise_payment.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();
const config = testConfig();
const opts = testSite(config);
const SHOP = { ...shopSettingsDefaults(config.shop), companyName: "Scales & Tails (Pty) Ltd", vatNumber: "4123456789" };

async function setShop(db: Db, changes: Partial<typeof SHOP> = {}) {
  const [admin] = await db.insert(users).values({ username: "boss", email: "boss@example.co.za", password: "x" })
    .onConflictDoNothing().returning();
  const id = admin?.id ?? (await db.select().from(users).where(eq(users.username, "boss")))[0].id;
  await writeShopSettings(db, { ...SHOP, ...changes }, shopSettingsDefaults(config.shop), id);
}

/**
 * An order of 2 x R450 with R95 delivery, a coupon (R40), a reward code (R50) and a referral
 * (R25) off: R880 paid. The amounts are written onto the order before the payment attempt, as the
 * payment step does with a reward code.
 */
async function discountedOrder(db: Db, gateway: PaymentGateway, userId?: number) {
  const p = await createProduct(db, { name: "UVB Tube T5 24W", sku: "UVB-24", price: "450.00", stock: 50 });
  const uid = userId ?? (await customer(db)).id;
  await addToCart(db, { userId: uid }, { productId: p.id, quantity: 2 });
  const { order } = await placeOrder(db, { userId: uid, idempotencyKey: null, shippingMethod: "standard" });
  await db.update(orders).set({
    shippingCost: "95.00",
    discountAmount: "90.00",
    rewardDiscount: "50.00",
    referralDiscount: "25.00",
    total: "880.00",
  }).where(eq(orders.id, order.id));
  return { orderId: order.id, orderNumber: order.orderNumber, userId: uid, productId: p.id, gateway };
}

async function pay(db: Db, gateway: PaymentGateway, orderId: number, orderNumber: string) {
  const [row] = await db.select({ total: orders.total }).from(orders).where(eq(orders.id, orderId));
  const intent = await gateway.createIntent({
    amountCents: toCents(row.total)!,
    currency: "zar",
    metadata: { orderId: String(orderId), orderNumber },
  });
  const facts = await (gateway as ReturnType<typeof testGateway>).confirmTestCard(
    intent.clientSecret,
    TEST_CARD_SUCCESS,
  );
  return await finalizePaidOrder(db, orderId, facts, opts);
}

const invoiceOf = async (db: Db, orderId: number) =>
  (await db.select().from(taxInvoices).where(eq(taxInvoices.orderId, orderId)))[0];

Deno.test("[tax documents] lines add up: net + VAT = gross on every line and in total, and the total is the order's", () => {
  // A fixed-seed generator: many shapes of order, the same ones on every run.
  let seed = 19;
  const rand = (max: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % (max + 1);
  };
  for (let run = 0; run < 500; run++) {
    const items = Array.from({ length: 1 + rand(5) }, () => ({ price: 1 + rand(500_000), qty: 1 + rand(8) }));
    const shipping = rand(3) === 0 ? 0 : rand(20_000);
    const subtotal = items.reduce((s, i) => s + i.price * i.qty, 0);
    const coupon = Math.floor((subtotal * rand(100)) / 100);
    const reward = rand(30_000);
    const referral = rand(30_000);
    const total = Math.max(0, subtotal + shipping - coupon - reward - referral);
    const lines = invoiceLines({
      lines: items.map((i, n) => ({
        id: n + 1,
        name: `Item ${n}`,
        variantName: null,
        sku: null,
        priceCents: i.price,
        quantity: i.qty,
      })),
      shippingCents: shipping,
      discountCents: coupon + reward,
      rewardDiscountCents: reward,
      referralDiscountCents: referral,
      totalCents: total,
    }, 15);
    for (const l of lines) assert.equal(l.netCents + l.vatCents, l.grossCents, JSON.stringify(l));
    const t = totalsOf(lines);
    assert.equal(t.grossCents, total);
    assert.equal(t.netCents + t.vatCents, t.grossCents);
  }
  const credit = creditNoteLines(
    { amountCents: 50_000, restock: [{ orderItemId: 1, quantity: 1 }] },
    [{ id: 1, name: "Heat mat", variantName: null, sku: null, priceCents: 45_000, quantity: 2 }],
    "INV-000007",
    15,
  );
  assert.deepEqual(credit.map((l) => [l.description, l.grossCents]), [["Heat mat", 45_000], [
    "Further refund on INV-000007",
    5_000,
  ]]);
  assert.deepEqual(
    creditNoteLines({ amountCents: 1_000, restock: [] }, [], "INV-000007", 15).map((l) => [l.description, l.vatCents]),
    [["Refund of INV-000007", 130]],
  );
});

test("[tax documents] a paid order gets INV-000001 with its lines, delivery and each discount; the PDF says what SARS asks", async (db) => {
  await setShop(db);
  const gateway = testGateway();
  const o = await discountedOrder(db, gateway);
  await db.update(users).set({ vatNumber: "4987654321", firstName: "Thandi", lastName: "Nkosi" })
    .where(eq(users.id, o.userId));
  assert.equal(await invoiceOf(db, o.orderId), undefined, "no invoice before payment");
  await assert.rejects(invoiceFile(db, o.orderId, { userId: o.userId }), NotFoundError, "unpaid: 404");
  await pay(db, gateway, o.orderId, o.orderNumber);
  const inv = await invoiceOf(db, o.orderId);
  assert.equal(inv.number, "INV-000001");
  assert.deepEqual(inv.lines.map((l) => [l.description, l.quantity, l.grossCents]), [
    ["UVB Tube T5 24W [UVB-24]", 2, 90_000],
    ["Delivery", 1, 9_500],
    ["Coupon discount", 1, -4_000],
    ["Reward code discount", 1, -5_000],
    ["Referral discount", 1, -2_500],
  ]);
  assert.equal(inv.grossTotal, "880.00");
  assert.equal(toCents(inv.netTotal)! + toCents(inv.vatTotal)!, 88_000);
  assert.equal(inv.vatTotal, "114.78");
  assert.equal(inv.vatRate, "0.1500");
  assert.equal(inv.supplier.name, "Scales & Tails (Pty) Ltd");
  assert.equal(inv.recipient.vatNumber, "4987654321");

  const text = await pdfText((await invoiceFile(db, o.orderId, { userId: o.userId })).bytes);
  for (
    const words of [
      "Tax Invoice",
      "INV-000001",
      "Invoice date",
      "Scales & Tails (Pty) Ltd",
      "VAT registration number: 4123456789",
      "VAT registration number: 4987654321",
      "Thandi Nkosi",
      "UVB Tube T5 24W",
      "Delivery",
      "Coupon discount",
      "VAT (15%)",
      "R 880,00",
      "R 114,78",
      "Prices include VAT at 15%",
    ]
  ) assert.ok(text.replace(/\u00a0/g, " ").includes(words), `"${words}" missing from:\n${text}`);
  // The address printed is the order's snapshot (billing, else delivery).
  assert.match(text, /Thandi Nkosi/);

  // A second order takes the next number; a replayed payment issues nothing more.
  const second = await paidOrder(db, gateway, [{ productId: o.productId, quantity: 1 }]);
  assert.equal((await invoiceOf(db, second.order.id)).number, "INV-000002");
  assert.equal((await db.select().from(taxInvoices)).length, 2);
});

test("[tax documents] the confirmation e-mail carries the invoice PDF", async (db) => {
  const gateway = testGateway();
  const p = await createProduct(db, { price: "120.00", stock: 5 });
  const { order } = await paidOrder(db, gateway, [{ productId: p.id, quantity: 1 }]);
  const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id));
  assert.match(mail.textBody, /Your tax invoice is attached \(PDF\)\./);
  assert.equal(mail.attachments?.length, 1);
  // The outbox keeps what to draw the PDF from; the sender draws it when it sends (decision 0061),
  // named by the invoice's number, which the paying transaction does not know yet (decision 0086).
  assert.deepEqual(mail.attachments, [
    { filename: "tax-invoice.pdf", contentType: "application/pdf", taxInvoiceOf: order.id },
  ]);
  const sent: MailMessage[] = [];
  await deliverDue(db, { send: (m) => Promise.resolve(void sent.push(m)) }, new Date(Date.now() + 60_000));
  const [att] = sent.find((m) => m.subject === mail.subject)!.attachments!;
  assert.equal(att.filename, "INV-000001.pdf");
  assert.equal(att.contentType, "application/pdf");
  const bytes = Uint8Array.from(atob(att.contentBase64), (c) => c.charCodeAt(0));
  assert.equal(new TextDecoder().decode(bytes.slice(0, 5)), "%PDF-");
  assert.match(await pdfText(bytes), /Tax Invoice[\s\S]*INV-000001/);
});

test("[tax documents] a payment that rolls back gives its invoice number back", async (db) => {
  const gateway = testGateway();
  const p = await createProduct(db, { price: "200.00", stock: 5 });
  const user = await customer(db);
  await addToCart(db, { userId: user.id }, { productId: p.id, quantity: 1 });
  const { order } = await placeOrder(db, { userId: user.id, idempotencyKey: null, shippingMethod: "standard" });
  // The payment's last step (queueing the e-mail) fails after the invoice was issued in it.
  await db.execute(sql`create or replace function fail_mail() returns trigger language plpgsql as $$
    begin raise exception 'mail is down'; end $$`);
  await db.execute(
    sql`create trigger fail_mail before insert on email_outbox for each row execute function fail_mail()`,
  );
  try {
    await assert.rejects(
      pay(db, gateway, order.id, order.orderNumber),
      (err: Error) => /mail is down/.test(`${err.message} ${(err.cause as Error | undefined)?.message}`),
    );
  } finally {
    await db.execute(sql`drop trigger fail_mail on email_outbox`);
    await db.execute(sql`drop function fail_mail()`);
  }
  const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
  assert.equal(row.paidAt, null, "the payment rolled back");
  assert.equal((await db.select().from(taxInvoices)).length, 0);
  await pay(db, gateway, order.id, order.orderNumber);
  assert.equal((await invoiceOf(db, order.id)).number, "INV-000001", "no gap: the rolled-back number was reused");
});

test("[tax documents] an issued invoice never changes: later prices, shop details, VAT number and rate leave it as issued", async (db) => {
  await setShop(db);
  const gateway = testGateway();
  const o = await discountedOrder(db, gateway);
  await pay(db, gateway, o.orderId, o.orderNumber);
  const before = await invoiceOf(db, o.orderId);
  const firstPdf = await pdfText((await invoiceFile(db, o.orderId, { userId: o.userId })).bytes);
  await db.update(products).set({ price: "999.00" }).where(eq(products.id, o.productId));
  await setShop(db, { companyName: "Another Name (Pty) Ltd", vatNumber: "4000000001", address: "1 New Road, Durban" });
  await db.update(users).set({ vatNumber: "4111111111" }).where(eq(users.id, o.userId));
  const after = await invoiceOf(db, o.orderId);
  assert.deepEqual(after, before);
  const text = await pdfText((await invoiceFile(db, o.orderId, { userId: o.userId })).bytes);
  assert.equal(text, firstPdf);
  assert.ok(!text.includes("Another Name") && !text.includes("4111111111"));
  // A stored rate is printed as stored: were the rate ever to change, old invoices keep theirs.
  const text14 = await pdfText(
    await taxInvoicePdf(
      { ...after, number: after.number!, sequence: after.sequence!, vatRate: "0.1400" },
      o.orderNumber,
    ),
  );
  assert.match(text14, /VAT \(14%\)/);
  // The customer's VAT number is printed on invoices issued after it was given.
  const later = await paidOrder(db, gateway, [{ productId: o.productId, quantity: 1 }], { userId: o.userId });
  assert.equal((await invoiceOf(db, later.order.id)).recipient.vatNumber, "4111111111");
  assert.equal((await invoiceOf(db, later.order.id)).supplier.name, "Another Name (Pty) Ltd");
});

test("[tax documents] another customer's invoice is not found; staff read every one", async (db) => {
  const gateway = testGateway();
  const p = await createProduct(db, { price: "120.00", stock: 5 });
  const { order, userId } = await paidOrder(db, gateway, [{ productId: p.id, quantity: 1 }]);
  const other = await customer(db);
  await assert.rejects(invoiceFile(db, order.id, { userId: other.id }), NotFoundError);
  await assert.rejects(creditNoteFile(db, order.id, { userId: userId }), NotFoundError, "no credit note yet");
  assert.equal((await invoiceFile(db, order.id, { staff: true })).number, "INV-000001");
});

test("[tax documents] each refund gets a credit note (own numbers) referring to the invoice, with the reason and the VAT adjusted", async (db) => {
  await setShop(db);
  const gateway = testGateway();
  const p = await createProduct(db, { name: "Heat Mat 28W", price: "450.00", stock: 10 });
  const { order, userId } = await paidOrder(db, gateway, [{ productId: p.id, quantity: 2 }]);
  const lineId = order.items[0].id;
  const refund = (amountCents: number, reason: string, restock: { orderItemId: number; quantity: number }[] = []) =>
    systemRefund(db, gateway, { orderId: order.id, amountCents, reason, restock });
  await refund(45_000, "Arrived damaged", [{ orderItemId: lineId, quantity: 1 }]);
  await refund(10_000, "Goodwill for the late delivery");
  const notes = await db.select().from(creditNotes).orderBy(creditNotes.sequence);
  assert.deepEqual(notes.map((n) => [n.number, n.grossTotal, n.vatTotal]), [
    ["CN-000001", "450.00", "58.70"],
    ["CN-000002", "100.00", "13.04"],
  ]);
  assert.deepEqual(notes[0].lines.map((l) => [l.description.replace(/ \[.*\]$/, ""), l.quantity]), [[
    "Heat Mat 28W",
    1,
  ]]);
  assert.deepEqual(notes[1].lines.map((l) => l.description), ["Refund of INV-000001"]);
  const latest = await pdfText((await creditNoteFile(db, order.id, { userId })).bytes);
  assert.match(latest, /Credit Note/);
  assert.match(latest, /CN-000002/);
  assert.match(latest, /INV-000001/);
  assert.match(latest, /Goodwill for the late delivery/);
  assert.match(latest, /VAT \(15%\)\s+R\u00a0?\s?13,04/);
  const first = await pdfText((await creditNoteFile(db, order.id, { userId }, notes[0].id)).bytes);
  assert.match(first, /CN-000001[\s\S]*Arrived damaged/);
  await assert.rejects(creditNoteFile(db, order.id, { userId: (await customer(db)).id }), NotFoundError);
});

test("[tax documents] a PayFast refund is recorded as manual, with its credit note, and never sent to a provider", async (db) => {
  const gateway = testGateway();
  const p = await createProduct(db, { price: "300.00", stock: 10 });
  const { order } = await paidOrder(db, gateway, [{ productId: p.id, quantity: 1 }], { delivery: FREE_DELIVERY });
  await db.update(orders).set({ paymentMethod: "payfast", paymentId: "pf_1234" }).where(eq(orders.id, order.id));
  const refusing: PaymentGateway = {
    ...gateway,
    refund: () => Promise.reject(new Error("no provider may be asked")),
  };
  await systemRefund(db, refusing, { orderId: order.id, amountCents: 30_000, reason: "Changed their mind" });
  const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
  assert.equal(row.status, "manual");
  assert.equal(row.provider, "payfast");
  const [note] = await db.select().from(creditNotes).where(eq(creditNotes.refundId, row.id));
  assert.equal(note.number, "CN-000001");
  assert.equal(note.grossTotal, "300.00");
  const [o] = await db.select().from(orders).where(eq(orders.id, order.id));
  assert.equal(o.status, "refunded");
});

test("[tax documents] names outside the PDF font's characters are drawn safely", async (db) => {
  const gateway = testGateway();
  const p = await createProduct(db, { name: "Ĝecko 🦎 hide Ωmega", price: "80.00", stock: 5 });
  const user = await customer(db, { firstName: "Zoë 🐍", lastName: "Ŋcube" });
  const { order } = await paidOrder(db, gateway, [{ productId: p.id, quantity: 1 }], { userId: user.id });
  const text = await pdfText((await invoiceFile(db, order.id, { staff: true })).bytes);
  assert.match(text, /Gecko \? hide \?mega/);
  const font = { getCharacterSet: () => [...Array(256).keys()] } as never;
  assert.equal(printable("Zoë\u202fR", font), "Zoë R");
});

raceTest("[tax documents] payments at the same moment get consecutive numbers, no gaps, no repeats", async (db) => {
  const gateway = testGateway();
  const p = await createProduct(db, { price: "100.00", stock: 100 });
  const placed = [];
  for (let i = 0; i < 8; i++) {
    const user = await customer(db);
    await addToCart(db, { userId: user.id }, { productId: p.id, quantity: 1 });
    placed.push((await placeOrder(db, { userId: user.id, idempotencyKey: null, shippingMethod: "standard" })).order);
  }
  await Promise.all(placed.map((o) => pay(db, gateway, o.id, o.orderNumber)));
  const numbers = (await db.select({ n: taxInvoices.sequence }).from(taxInvoices)).map((r) => r.n!).sort((a, b) =>
    a - b
  );
  assert.deepEqual(numbers, [1, 2, 3, 4, 5, 6, 7, 8]);
});

/** Numbering fails (as a crash between the payment's commit and its numbering would leave it) while `run` runs. */
async function withNumberingDown<T>(db: Db, run: () => Promise<T>): Promise<T> {
  await db.execute(sql`create or replace function fail_numbering() returns trigger language plpgsql as $$
    begin raise exception 'numbering is down'; end $$`);
  await db.execute(
    sql`create trigger fail_numbering before insert or update on document_sequences for each row execute function fail_numbering()`,
  );
  try {
    return await run();
  } finally {
    await db.execute(sql`drop trigger fail_numbering on document_sequences`);
    await db.execute(sql`drop function fail_numbering()`);
  }
}

test("[tax documents] an invoice left without its number gets the next one from the job, the download or the mail sender; none is skipped", async (db) => {
  const gateway = testGateway();
  const p = await createProduct(db, { price: "120.00", stock: 10 });
  const first = await paidOrder(db, gateway, [{ productId: p.id, quantity: 1 }]);
  // The payment commits; the numbering after it fails: the order is paid, its invoice waits.
  const waiting = await withNumberingDown(db, () => paidOrder(db, gateway, [{ productId: p.id, quantity: 1 }]));
  const [paid] = await db.select().from(orders).where(eq(orders.id, waiting.order.id));
  assert.ok(paid.paidAt, "the payment is kept");
  assert.equal((await invoiceOf(db, waiting.order.id)).number, null);
  assert.equal((await orderDocuments(db, waiting.order.id)).invoice, null, "not shown until numbered");
  assert.equal(await numberWaitingTaxInvoices(db), 1);
  assert.equal(await numberWaitingTaxInvoices(db), 0, "numbered once");
  assert.equal((await invoiceOf(db, first.order.id)).number, "INV-000001");
  assert.equal((await invoiceOf(db, waiting.order.id)).number, "INV-000002");
  assert.equal((await orderDocuments(db, waiting.order.id)).invoice?.number, "INV-000002");

  // Downloaded before the job came round: numbered then, with the next number.
  const downloaded = await withNumberingDown(db, () => paidOrder(db, gateway, [{ productId: p.id, quantity: 1 }]));
  const file = await invoiceFile(db, downloaded.order.id, { userId: downloaded.userId });
  assert.equal(file.filename, "INV-000003.pdf");
  assert.match(await pdfText(file.bytes), /Tax Invoice[\s\S]*INV-000003/);

  // Sent before the job came round: the mail sender numbers it and names the file by it.
  const mailed = await withNumberingDown(db, () => paidOrder(db, gateway, [{ productId: p.id, quantity: 1 }]));
  const sent: MailMessage[] = [];
  await deliverDue(db, { send: (m) => Promise.resolve(void sent.push(m)) }, new Date(Date.now() + 60_000));
  const [mailedRow] = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, mailed.order.id));
  const att = sent.find((m) => m.subject === mailedRow.subject && m.to === mailedRow.toAddress)!.attachments![0];
  assert.equal(att.filename, "INV-000004.pdf");
  assert.equal(await numberWaitingTaxInvoices(db), 0);
  const [seq] = await db.select().from(documentSequences).where(eq(documentSequences.name, "invoice"));
  assert.equal(seq.lastValue, 4, "the sequence stepped once per invoice");
});

raceTest(
  "[tax documents] numbering one waiting invoice from several places at once steps the sequence once",
  async (db) => {
    const gateway = testGateway();
    const p = await createProduct(db, { price: "120.00", stock: 10 });
    await paidOrder(db, gateway, [{ productId: p.id, quantity: 1 }]);
    const waiting = await withNumberingDown(db, () => paidOrder(db, gateway, [{ productId: p.id, quantity: 1 }]));
    const results = await Promise.all(Array.from({ length: 6 }, () => numberTaxInvoice(db, waiting.order.id)));
    assert.deepEqual(results.filter(Boolean), [{ number: "INV-000002", sequence: 2 }]);
    const [seq] = await db.select().from(documentSequences).where(eq(documentSequences.name, "invoice"));
    assert.equal(seq.lastValue, 2);
  },
);

closeDatabase();
