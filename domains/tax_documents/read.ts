/**
 * Finding an order's tax documents for the one who may read them: the order's customer (another
 * customer's order, or an order without the document, is "Order Not Found"/"not found": 404) or staff.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  creditNotes,
  type DrawnAttachment,
  type EmailAttachment,
  orders,
  type StoredAttachment,
  taxInvoices,
} from "../../db/schema/mod.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { type CreditNote, numberedInvoice, type TaxInvoice } from "./issue.ts";
import { creditNotePdf, taxInvoicePdf } from "./pdf.ts";

export const INVOICE_NOT_FOUND = "This order has no tax invoice.";
export const CREDIT_NOTE_NOT_FOUND = "This order has no credit note.";

/** Who is asking: the customer (their own orders only) or staff (every order). */
export type DocumentReader = { userId: number } | { staff: true };

/** What the order pages link to. */
export interface OrderDocuments {
  invoice: { number: string; issuedAt: Date } | null;
  creditNotes: { id: number; number: string; issuedAt: Date }[];
}

async function readableOrder(db: Db, orderId: number, reader: DocumentReader) {
  const [order] = await db.select({ id: orders.id, userId: orders.userId, orderNumber: orders.orderNumber })
    .from(orders).where(eq(orders.id, orderId));
  if (!order || ("userId" in reader && order.userId !== reader.userId)) throw new NotFoundError(INVOICE_NOT_FOUND);
  return order;
}

/** The documents of several orders (the account's orders list), by order id. */
export async function documentsOfOrders(db: Db, orderIds: number[]): Promise<Map<number, OrderDocuments>> {
  const out = new Map<number, OrderDocuments>();
  if (!orderIds.length) return out;
  const [invoices, notes] = await Promise.all([
    db.select({ orderId: taxInvoices.orderId, number: taxInvoices.number, issuedAt: taxInvoices.issuedAt })
      .from(taxInvoices).where(inArray(taxInvoices.orderId, orderIds)),
    db.select({
      id: creditNotes.id,
      orderId: creditNotes.orderId,
      number: creditNotes.number,
      issuedAt: creditNotes.issuedAt,
    })
      .from(creditNotes).where(inArray(creditNotes.orderId, orderIds)).orderBy(asc(creditNotes.sequence)),
  ]);
  for (const id of orderIds) out.set(id, { invoice: null, creditNotes: [] });
  // An invoice still waiting for its number (the moment after its payment) is not shown yet.
  for (const i of invoices) if (i.number) out.get(i.orderId)!.invoice = { number: i.number, issuedAt: i.issuedAt };
  for (const n of notes) out.get(n.orderId)!.creditNotes.push({ id: n.id, number: n.number, issuedAt: n.issuedAt });
  return out;
}

/** One order's documents (empty for an order the reader may not see). */
export async function orderDocuments(db: Db, orderId: number): Promise<OrderDocuments> {
  return (await documentsOfOrders(db, [orderId])).get(orderId)!;
}

export interface DocumentFile {
  number: string;
  filename: string;
  bytes: Uint8Array;
}

/** The order's tax invoice as a PDF; 404 for another customer's order or an unpaid one. */
export async function invoiceFile(db: Db, orderId: number, reader: DocumentReader): Promise<DocumentFile> {
  const order = await readableOrder(db, orderId, reader);
  const [stored] = await db.select().from(taxInvoices).where(eq(taxInvoices.orderId, order.id));
  if (!stored) throw new NotFoundError(INVOICE_NOT_FOUND);
  const inv = await numberedInvoice(db, stored);
  return { number: inv.number, filename: `${inv.number}.pdf`, bytes: await taxInvoicePdf(inv, order.orderNumber) };
}

/** The invoice PDF for the confirmation e-mail. */
export async function invoiceAttachment(inv: TaxInvoice, orderNumber: string): Promise<EmailAttachment> {
  const bytes = await taxInvoicePdf(inv, orderNumber);
  return { filename: `${inv.number}.pdf`, contentType: "application/pdf", contentBase64: base64(bytes) };
}

/**
 * The confirmation e-mail's invoice as the outbox keeps it: the sender draws the PDF from the stored
 * invoice when it sends the message (drawAttachments), not the paying transaction. The file is named
 * by the invoice's number when drawn: the paying transaction does not know it yet (decision 0086).
 */
export function invoiceAttachmentRef(orderId: number): DrawnAttachment {
  return { filename: "tax-invoice.pdf", contentType: "application/pdf", taxInvoiceOf: orderId };
}

/** The files of an outbox row, each drawn now where the row keeps only what to draw it from. */
export async function drawAttachments(db: Db, stored: StoredAttachment[]): Promise<EmailAttachment[]> {
  const files: EmailAttachment[] = [];
  for (const a of stored) {
    if ("contentBase64" in a) {
      files.push(a);
      continue;
    }
    const [row] = await db.select({ inv: taxInvoices, orderNumber: orders.orderNumber }).from(taxInvoices)
      .innerJoin(orders, eq(orders.id, taxInvoices.orderId)).where(eq(taxInvoices.orderId, a.taxInvoiceOf));
    if (!row) throw new Error(`no tax invoice for order ${a.taxInvoiceOf}`);
    files.push(await invoiceAttachment(await numberedInvoice(db, row.inv), row.orderNumber));
  }
  return files;
}

function base64(bytes: Uint8Array): string {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/**
 * A credit note of the order as a PDF: the one with `noteId`, or without it the latest. 404 for
 * another customer's order, an order without credit notes, or a note of another order.
 */
export async function creditNoteFile(
  db: Db,
  orderId: number,
  reader: DocumentReader,
  noteId?: number,
): Promise<DocumentFile> {
  const order = await readableOrder(db, orderId, reader);
  const notes: CreditNote[] = await db.select().from(creditNotes)
    .where(and(eq(creditNotes.orderId, order.id), noteId === undefined ? undefined : eq(creditNotes.id, noteId)))
    .orderBy(asc(creditNotes.sequence));
  const note = notes.at(-1);
  if (!note) throw new NotFoundError(CREDIT_NOTE_NOT_FOUND);
  const [inv] = await db.select({ number: taxInvoices.number }).from(taxInvoices).where(
    eq(taxInvoices.id, note.invoiceId),
  );
  // issueCreditNote numbers the invoice it credits before the note is written.
  if (!inv?.number) throw new Error(`credit note ${note.id}: its tax invoice has no number`);
  return {
    number: note.number,
    filename: `${note.number}.pdf`,
    bytes: await creditNotePdf(note, inv.number, order.orderNumber),
  };
}
