/**
 * SARS tax invoices and credit notes. Every figure is written once, when the document is issued (the
 * payment or the refund), so a document never changes when prices, the VAT rate or the shop's details
 * change later. Numbers come from gapless sequences in document_sequences.
 */
import { check, index, integer, jsonb, numeric, pgTable, serial, text, varchar } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { money, tstz } from "./columns.ts";
import { orderRefunds, orders } from "./commerce.ts";

/** The last number given out per sequence ("invoice", "credit_note"); taken under a row lock. */
export const documentSequences = pgTable("document_sequences", {
  name: varchar({ length: 40 }).primaryKey(),
  lastValue: integer().notNull().default(0),
});

/** The supplier or recipient block as printed. */
export interface TaxParty {
  name: string;
  address: string[];
  vatNumber?: string | null;
  registrationNumber?: string | null;
  email?: string | null;
}

/** One printed line with its amounts in cents (gross = net + vat). */
export interface TaxLine {
  description: string;
  quantity: number;
  unitGrossCents: number;
  netCents: number;
  vatCents: number;
  grossCents: number;
}

export const taxInvoices = pgTable("tax_invoices", {
  id: serial().primaryKey(),
  orderId: integer().notNull().references(() => orders.id, { onDelete: "restrict" }).unique(),
  /**
   * e.g. INV-000123. Null only between the payment's commit and the one statement that numbers the
   * invoice right after it (decision 0086); a crash in between leaves it to the numbering job.
   */
  number: varchar({ length: 40 }).unique(),
  sequence: integer().unique(),
  issuedAt: tstz().notNull().defaultNow(),
  supplier: jsonb().$type<TaxParty>().notNull(),
  recipient: jsonb().$type<TaxParty>().notNull(),
  lines: jsonb().$type<TaxLine[]>().notNull(),
  /** 0.1500 for 15%. */
  vatRate: numeric({ precision: 5, scale: 4 }).notNull(),
  netTotal: money().notNull(),
  vatTotal: money().notNull(),
  grossTotal: money().notNull(),
}, (t) => [
  index().on(t.issuedAt),
  check("tax_invoices_gross", sql`${t.grossTotal} = ${t.netTotal} + ${t.vatTotal}`),
  // What the numbering job looks for: empty but for a crash between a payment and its numbering.
  index("tax_invoices_unnumbered").on(t.orderId).where(sql`${t.sequence} is null`),
  check("tax_invoices_numbered", sql`(${t.number} is null) = (${t.sequence} is null)`),
]);

export const creditNotes = pgTable("credit_notes", {
  id: serial().primaryKey(),
  refundId: integer().notNull().references(() => orderRefunds.id, { onDelete: "restrict" }).unique(),
  orderId: integer().notNull().references(() => orders.id, { onDelete: "restrict" }),
  invoiceId: integer().notNull().references(() => taxInvoices.id, { onDelete: "restrict" }),
  /** e.g. CN-000045. */
  number: varchar({ length: 40 }).notNull().unique(),
  sequence: integer().notNull().unique(),
  issuedAt: tstz().notNull().defaultNow(),
  reason: text().notNull(),
  supplier: jsonb().$type<TaxParty>().notNull(),
  recipient: jsonb().$type<TaxParty>().notNull(),
  lines: jsonb().$type<TaxLine[]>().notNull(),
  vatRate: numeric({ precision: 5, scale: 4 }).notNull(),
  netTotal: money().notNull(),
  vatTotal: money().notNull(),
  grossTotal: money().notNull(),
}, (t) => [
  index().on(t.orderId),
  index().on(t.invoiceId),
  index().on(t.issuedAt),
  check("credit_notes_gross", sql`${t.grossTotal} = ${t.netTotal} + ${t.vatTotal}`),
]);
