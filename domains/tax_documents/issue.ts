/**
 * Issuing tax invoices (at payment) and credit notes (at refund). Numbers come from gapless
 * sequences: a credit note takes its number in the refund's transaction (a rollback gives it back);
 * an invoice is prepared in the paying transaction and numbered by one statement right after its
 * commit (decision 0086), so payments do not queue on the sequence's lock. Everything printed is
 * frozen when the document is prepared: supplier (the shop settings as they are now), recipient,
 * lines and totals.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.ts";
import type { ShopInfo } from "../../config.ts";
import {
  creditNotes,
  documentSequences,
  orderItems,
  orderRefunds,
  orders,
  taxInvoices,
  type TaxParty,
  users,
} from "../../db/schema/mod.ts";
import { toCents, toNumeric } from "../../lib/money.ts";
import { readShopSettings, shopSettingsDefaults } from "../settings/mod.ts";
import { creditNoteLines, invoiceLines, type OrderedLine, totalsOf } from "./amounts.ts";

/** An invoice row as stored: its number is null until the numbering after the payment (decision 0086). */
export type InvoiceRow = typeof taxInvoices.$inferSelect;
/** A tax invoice as printed: numbered. */
export type TaxInvoice = InvoiceRow & { number: string; sequence: number };
export type CreditNote = typeof creditNotes.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

export const INVOICE_SEQUENCE = "invoice";
export const CREDIT_NOTE_SEQUENCE = "credit_note";

/** INV-000123, CN-000045. */
export function documentNumber(prefix: "INV" | "CN", sequence: number): string {
  return `${prefix}-${String(sequence).padStart(6, "0")}`;
}

/**
 * The next number of a sequence. The upsert takes (or creates) the sequence's row and keeps it
 * locked until the transaction ends: a second payment waits here, and a rollback undoes the step.
 */
export async function nextInSequence(tx: Db, name: string): Promise<number> {
  const [row] = await tx.insert(documentSequences).values({ name, lastValue: 1 })
    .onConflictDoUpdate({ target: documentSequences.name, set: { lastValue: sql`${documentSequences.lastValue} + 1` } })
    .returning({ value: documentSequences.lastValue });
  return row.value;
}

/** The supplier block: the shop's details as staff set them now (read inside the transaction, not cached). */
export async function supplierParty(tx: Db, shop: ShopInfo): Promise<TaxParty> {
  const s = await readShopSettings(tx, shopSettingsDefaults(shop));
  const contact = [s.phone && `Tel ${s.phone}`, s.email].filter(Boolean).join(" · ");
  return {
    name: s.companyName || s.shopName,
    address: [s.address, ...(contact ? [contact] : [])],
    vatNumber: s.vatNumber || null,
    registrationNumber: s.registrationNumber || null,
    email: s.email || null,
  };
}

function addressLines(a: Record<string, unknown> | null): { name: string; lines: string[] } {
  if (!a) return { name: "", lines: [] };
  const str = (k: string) => (typeof a[k] === "string" ? (a[k] as string).trim() : "");
  const cityLine = [str("city"), str("state"), str("postalCode")].filter(Boolean).join(", ");
  return {
    name: [str("firstName"), str("lastName")].filter(Boolean).join(" "),
    lines: [str("addressLine1"), str("addressLine2"), cityLine, str("country")].filter(Boolean),
  };
}

/** The recipient block: the billing address (else the delivery one) and the customer's account. */
async function recipientParty(tx: Db, order: OrderRow): Promise<TaxParty> {
  const [user] = order.userId === null ? [] : await tx.select({
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    username: users.username,
    vatNumber: users.vatNumber,
  }).from(users).where(and(eq(users.id, order.userId), isNull(users.deletedAt)));
  const address = addressLines(order.billingAddress ?? order.shippingAddress);
  const accountName = user ? [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username : "";
  const lines = address.lines.length ? address.lines : order.pudoLockerAddress ? [order.pudoLockerAddress] : [];
  return {
    name: address.name || accountName || "Customer",
    address: lines,
    vatNumber: user?.vatNumber || null,
    email: user?.email ?? null,
  };
}

async function orderedLines(tx: Db, orderId: number): Promise<OrderedLine[]> {
  const rows = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    variantName: r.variantName,
    sku: r.sku,
    priceCents: toCents(r.price) ?? 0,
    quantity: r.quantity,
  }));
}

function rateNumeric(ratePercent: number): string {
  return (ratePercent / 100).toFixed(4);
}

/**
 * The order's tax invoice, prepared now if it has none: everything printed is frozen here, in the
 * transaction that marks the order paid (with the order's row locked, so the unique orderId is never
 * raced). It has no number yet: the caller numbers it with `numberTaxInvoice` right after its commit
 * (decision 0086), so no payment holds the invoice sequence's lock while it talks to its client.
 */
export async function prepareTaxInvoice(
  tx: Db,
  order: OrderRow,
  shop: ShopInfo,
  now: Date,
  ratePercent: number,
): Promise<void> {
  // The reads are independent: sent together, they cost the paying transaction one round trip.
  const [[existing], ordered, supplier, recipient] = await Promise.all([
    tx.select({ id: taxInvoices.id }).from(taxInvoices).where(eq(taxInvoices.orderId, order.id)),
    orderedLines(tx, order.id),
    supplierParty(tx, shop),
    recipientParty(tx, order),
  ]);
  if (existing) return;
  const lines = invoiceLines({
    lines: ordered,
    shippingCents: toCents(order.shippingCost) ?? 0,
    discountCents: toCents(order.discountAmount) ?? 0,
    rewardDiscountCents: toCents(order.rewardDiscount) ?? 0,
    referralDiscountCents: toCents(order.referralDiscount) ?? 0,
    totalCents: toCents(order.total) ?? 0,
  }, ratePercent);
  const totals = totalsOf(lines);
  await tx.insert(taxInvoices).values({
    orderId: order.id,
    issuedAt: now,
    supplier,
    recipient,
    lines,
    vatRate: rateNumeric(ratePercent),
    netTotal: toNumeric(totals.netCents),
    vatTotal: toNumeric(totals.vatCents),
    grossTotal: toNumeric(totals.grossCents),
  });
}

/**
 * Gives the order's prepared invoice the next number, in one statement: it locks the invoice row
 * (skipping it if another caller numbered it meanwhile), steps the sequence only when there is an
 * invoice to number, and writes the number. Outside a transaction the sequence's row is locked for
 * this statement's own run and no longer, and a failure takes its step back with it: the numbers
 * stay consecutive and gapless. Null when the order has no invoice waiting for a number.
 */
export async function numberTaxInvoice(db: Db, orderId: number): Promise<{ number: string; sequence: number } | null> {
  // lpad() would cut a seventh digit off; the number is the sequence padded to at least six.
  const rows = rowsOf<{ number: string; sequence: number }>(
    await db.execute(sql`
      with target as (
        select id from ${taxInvoices}
        where ${taxInvoices.orderId} = ${orderId} and ${taxInvoices.sequence} is null
        for update
      ), step as (
        insert into ${documentSequences} (name, last_value)
        select ${INVOICE_SEQUENCE}, 1 where exists (select 1 from target)
        on conflict (name) do update set last_value = ${documentSequences}.last_value + 1
        returning last_value
      )
      update ${taxInvoices} set
        sequence = step.last_value,
        number = 'INV-' || case when length(step.last_value::text) >= 6 then step.last_value::text
                                else lpad(step.last_value::text, 6, '0') end
      from step, target where ${taxInvoices.id} = target.id
      returning ${taxInvoices.number} as number, ${taxInvoices.sequence} as sequence`),
  );
  return rows[0] ?? null;
}

/**
 * Numbers the invoices a crash left without one (the payment committed, the numbering after it
 * did not run), oldest first. Answers how many it numbered.
 */
export async function numberWaitingTaxInvoices(db: Db, limit = 100): Promise<number> {
  const waiting = await db.select({ orderId: taxInvoices.orderId }).from(taxInvoices)
    .where(isNull(taxInvoices.sequence)).orderBy(taxInvoices.id).limit(limit);
  let numbered = 0;
  for (const { orderId } of waiting) if (await numberTaxInvoice(db, orderId)) numbered++;
  return numbered;
}

/** The invoice as printed, numbered now if it was still waiting for its number. */
export async function numberedInvoice(db: Db, invoice: InvoiceRow): Promise<TaxInvoice> {
  if (invoice.number !== null && invoice.sequence !== null) {
    return { ...invoice, number: invoice.number, sequence: invoice.sequence };
  }
  // Numbered here, or by the caller that held the row meanwhile: either way read back once.
  await numberTaxInvoice(db, invoice.orderId);
  const [row] = await db.select().from(taxInvoices).where(eq(taxInvoices.id, invoice.id));
  if (row.number === null || row.sequence === null) throw new Error(`tax invoice ${invoice.id} has no number`);
  return { ...row, number: row.number, sequence: row.sequence };
}

/**
 * The credit note of a refund given (succeeded, manual, or pending at the provider: see
 * docs/decisions/0032), issued now if it has none; null when the order has no tax invoice (a payment
 * refunded before the order was ever fulfilled had none to credit). Call it in the transaction that
 * records the refund, with the order's row locked. The VAT rate is the invoice's: a credit adjusts
 * the VAT charged then.
 */
export async function issueCreditNote(
  tx: Db,
  refundId: number,
  shop: ShopInfo,
  now: Date,
): Promise<CreditNote | null> {
  const [existing] = await tx.select().from(creditNotes).where(eq(creditNotes.refundId, refundId));
  if (existing) return existing;
  const [refund] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, refundId));
  if (!refund) return null;
  const [stored] = await tx.select().from(taxInvoices).where(eq(taxInvoices.orderId, refund.orderId));
  if (!stored) return null;
  // A refund in the moment between a payment and its invoice's numbering credits the numbered invoice.
  const invoice = await numberedInvoice(tx, stored);
  const ratePercent = Math.round(Number(invoice.vatRate) * 10_000) / 100;
  const lines = creditNoteLines(
    { amountCents: toCents(refund.amount) ?? 0, restock: refund.restock ?? [] },
    await orderedLines(tx, refund.orderId),
    invoice.number,
    ratePercent,
  );
  const totals = totalsOf(lines);
  const sequence = await nextInSequence(tx, CREDIT_NOTE_SEQUENCE);
  const [row] = await tx.insert(creditNotes).values({
    refundId,
    orderId: refund.orderId,
    invoiceId: invoice.id,
    number: documentNumber("CN", sequence),
    sequence,
    issuedAt: now,
    reason: refund.reason,
    supplier: await supplierParty(tx, shop),
    // The customer as invoiced: a credit note corrects that invoice, so it names the same recipient.
    recipient: invoice.recipient,
    lines,
    vatRate: invoice.vatRate,
    netTotal: toNumeric(totals.netCents),
    vatTotal: toNumeric(totals.vatCents),
    grossTotal: toNumeric(totals.grossCents),
  }).returning();
  return row;
}
