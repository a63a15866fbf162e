/**
 * Reports for a period staff choose (South African days, both ends included): the VAT on the tax
 * invoices and credit notes issued in it, which is what the shop declares on its VAT return, and
 * what each product and each top-level category sold in orders paid in it.
 *
 * The VAT figures add up the documents' stored totals, never the orders: a document's figures are
 * fixed when it is issued (domains/tax_documents), so a report of a closed period never changes.
 */
import { z } from "zod";
import { and, asc, desc, eq, gte, isNotNull, lt, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { alias } from "drizzle-orm/pg-core";
import { categories, creditNotes, orderItems, orders, products, taxInvoices } from "../../db/schema/mod.ts";
import { ValidationError } from "../../lib/errors.ts";
import { csvFile } from "../../lib/csv.ts";
import { toCents, toRand } from "../../lib/money.ts";
import { DAY_MS, optionalDate, SA_OFFSET_MS, saDay, saMidnight } from "../../lib/sa_dates.ts";

/** The longest period a report covers: a tax year, leap day included. */
export const MAX_REPORT_DAYS = 366;
export const REPORT_TOO_LONG = `Choose a period of at most ${MAX_REPORT_DAYS} days.`;

const periodFields = { from: optionalDate, to: optionalDate };
const startBeforeEnd: [(q: { from?: string; to?: string }) => boolean, { message: string; path: string[] }] = [
  (q) => !q.from || !q.to || q.from <= q.to,
  { message: "The start date must be on or before the end date.", path: ["to"] },
];

/** GET /admin/reports and its JSON and CSV twins: the period, both ends optional. */
export const reportPeriodQuery = z.object(periodFields).refine(...startBeforeEnd);
export type ReportPeriodQuery = z.infer<typeof reportPeriodQuery>;

export const PRODUCT_SALES_LIMIT = 500;

/** GET /api/admin/reports/product-sales: the period and how many products to list (default 50). */
export const productSalesQuery = z.object({
  ...periodFields,
  limit: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().regex(/^[1-9][0-9]{0,2}$/, `limit must be a whole number from 1 to ${PRODUCT_SALES_LIMIT}`)
      .transform(Number).pipe(
        z.number().max(PRODUCT_SALES_LIMIT, `limit must be a whole number from 1 to ${PRODUCT_SALES_LIMIT}`),
      ).default(50),
  ),
}).refine(...startBeforeEnd);

/** A period of whole South African days, `from` and `to` included (yyyy-mm-dd). */
export interface ReportPeriod {
  from: string;
  to: string;
}

/**
 * The period a query asks for: by default this month so far; a start alone runs to today (or is a
 * single day when it is later); an end alone starts on the first of its month.
 */
export function reportPeriod(q: ReportPeriodQuery, now = new Date()): ReportPeriod {
  const today = saDay(now);
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? `${to.slice(0, 8)}01`;
  if (daysIn({ from, to }) > MAX_REPORT_DAYS) throw new ValidationError(REPORT_TOO_LONG);
  return { from, to };
}

/** yyyy-mm-dd of the last day of the month `months` before (negative) or after the month of `day`. */
function monthEnd(day: string, months: number): string {
  const [y, m] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m + months, 0)).toISOString().slice(0, 10);
}

/**
 * The periods staff ask for most, at `now`: this month so far, last month, the two months before this
 * one (a VAT period for most small vendors) and the tax year so far (from 1 March).
 */
export function reportPresets(now = new Date()): { label: string; period: ReportPeriod }[] {
  const today = saDay(now);
  const firstOf = (end: string) => `${end.slice(0, 8)}01`;
  const lastMonth = monthEnd(today, -1);
  const [year, month] = today.split("-").map(Number);
  return [
    { label: "This month", period: { from: firstOf(today), to: today } },
    { label: "Last month", period: { from: firstOf(lastMonth), to: lastMonth } },
    { label: "Last two months", period: { from: firstOf(monthEnd(today, -2)), to: lastMonth } },
    { label: "Tax year so far", period: { from: `${month >= 3 ? year : year - 1}-03-01`, to: today } },
  ];
}

/** The number of days a period covers. */
export function daysIn(p: ReportPeriod): number {
  return Math.round((saMidnight(p.to, 1).getTime() - saMidnight(p.from).getTime()) / DAY_MS);
}

/** The instants a period covers: from its first midnight up to (not including) the midnight after it. */
function within(column: Parameters<typeof gte>[0], p: ReportPeriod): SQL {
  return and(gte(column, saMidnight(p.from)), lt(column, saMidnight(p.to, 1)))!;
}

const cents = z.number().int();
export const documentTotalsSchema = z.object({
  count: z.number().int(),
  netCents: cents,
  vatCents: cents,
  grossCents: cents,
});
export type DocumentTotals = z.infer<typeof documentTotalsSchema>;

export const taxReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  invoices: documentTotalsSchema,
  creditNotes: documentTotalsSchema,
  /** Invoices less credit notes: the period's supplies and output VAT. */
  net: documentTotalsSchema.omit({ count: true }),
});
export type TaxReport = z.infer<typeof taxReportSchema>;

const totalsColumns = (t: typeof taxInvoices | typeof creditNotes) => ({
  count: sql<number>`count(*)::int`,
  net: sql<string>`coalesce(sum(${t.netTotal}), 0)`,
  vat: sql<string>`coalesce(sum(${t.vatTotal}), 0)`,
  gross: sql<string>`coalesce(sum(${t.grossTotal}), 0)`,
});

const totalsOf = (r: { count: number; net: string; vat: string; gross: string }): DocumentTotals => ({
  count: r.count,
  netCents: toCents(r.net)!,
  vatCents: toCents(r.vat)!,
  grossCents: toCents(r.gross)!,
});

/** The VAT on the invoices and credit notes issued in a period, each kind added up from the stored documents. */
export async function taxReport(db: Db, period: ReportPeriod): Promise<TaxReport> {
  const [[inv], [cn]] = await Promise.all([
    db.select(totalsColumns(taxInvoices)).from(taxInvoices).where(within(taxInvoices.issuedAt, period)),
    db.select(totalsColumns(creditNotes)).from(creditNotes).where(within(creditNotes.issuedAt, period)),
  ]);
  const invoices = totalsOf(inv);
  const credits = totalsOf(cn);
  return {
    ...period,
    invoices,
    creditNotes: credits,
    net: {
      netCents: invoices.netCents - credits.netCents,
      vatCents: invoices.vatCents - credits.vatCents,
      grossCents: invoices.grossCents - credits.grossCents,
    },
  };
}

/** One line of the tax documents list: an invoice, or a credit note with its amounts negative. */
export interface TaxDocumentRow {
  kind: "invoice" | "credit_note";
  /** Null only in the moment between a payment and its invoice's numbering (decision 0086). */
  number: string | null;
  issuedAt: Date;
  orderNumber: string;
  /** The invoice a credit note corrects. */
  refersTo: string | null;
  customer: string;
  customerVatNumber: string | null;
  ratePercent: number;
  netCents: number;
  vatCents: number;
  grossCents: number;
}

/** Every invoice and credit note issued in a period, oldest first, as an accountant reconciles them. */
export async function taxDocumentRows(db: Db, period: ReportPeriod): Promise<TaxDocumentRow[]> {
  const invoiceOfNote = sql<string | null>`(select ${taxInvoices.number} from ${taxInvoices}
    where ${taxInvoices.id} = ${creditNotes.invoiceId})`;
  // The columns both kinds print, read from either table.
  const printed = (t: typeof taxInvoices | typeof creditNotes) => ({
    number: t.number,
    issuedAt: t.issuedAt,
    orderNumber: orders.orderNumber,
    recipient: t.recipient,
    vatRate: t.vatRate,
    net: t.netTotal,
    vat: t.vatTotal,
    gross: t.grossTotal,
  });
  const [invoices, notes] = await Promise.all([
    db.select(printed(taxInvoices)).from(taxInvoices).innerJoin(orders, eq(orders.id, taxInvoices.orderId))
      .where(within(taxInvoices.issuedAt, period)),
    db.select({ ...printed(creditNotes), refersTo: invoiceOfNote }).from(creditNotes)
      .innerJoin(orders, eq(orders.id, creditNotes.orderId))
      .where(within(creditNotes.issuedAt, period)),
  ]);
  const row = (
    kind: TaxDocumentRow["kind"],
    d: (typeof invoices)[number] & { refersTo?: string | null },
    sign: 1 | -1,
  ): TaxDocumentRow => ({
    kind,
    number: d.number,
    issuedAt: d.issuedAt,
    orderNumber: d.orderNumber,
    refersTo: d.refersTo ?? null,
    customer: d.recipient.name,
    customerVatNumber: d.recipient.vatNumber ?? null,
    ratePercent: Math.round(Number(d.vatRate) * 10_000) / 100,
    netCents: sign * toCents(d.net)!,
    vatCents: sign * toCents(d.vat)!,
    grossCents: sign * toCents(d.gross)!,
  });
  return [...invoices.map((d) => row("invoice", d, 1)), ...notes.map((d) => row("credit_note", d, -1))]
    .sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime() || (a.number ?? "").localeCompare(b.number ?? ""));
}

export const productSalesRowSchema = z.object({
  /** Null for a line whose product no longer exists in the catalogue (named as ordered). */
  productId: z.number().int().nullable(),
  name: z.string(),
  units: z.number().int(),
  /** VAT included, as ordered (before refunds). */
  cents: z.number().int(),
});
export type ProductSalesRow = z.infer<typeof productSalesRowSchema>;

/** The span of paid orders product sales read: from `since`, up to `until` when given. */
export interface PaidSpan {
  since: Date;
  until?: Date;
}

/** Orders paid in the span and not cancelled: the sales both sales reports count. */
export function paidIn(span: PaidSpan): SQL | undefined {
  return and(
    isNotNull(orders.paidAt),
    ne(orders.status, "cancelled"),
    gte(orders.paidAt, span.since),
    span.until ? lt(orders.paidAt, span.until) : undefined,
  );
}

/**
 * What each product sold in orders paid in a span and not cancelled, the best first by units or by
 * revenue; `limit` caps the list (null: every product, for the CSV). A line whose product was
 * deleted is listed under its ordered name.
 */
export async function productSales(
  db: Db,
  span: PaidSpan,
  by: "units" | "revenue",
  limit: number | null,
): Promise<ProductSalesRow[]> {
  const units = sql<number>`sum(${orderItems.quantity})::int`;
  const revenue = sql<string>`sum(${orderItems.price} * ${orderItems.quantity})`;
  const query = db.select({
    productId: orderItems.productId,
    name: sql<string>`min(${orderItems.name})`,
    units,
    revenue,
  }).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(paidIn(span))
    .groupBy(orderItems.productId, sql`case when ${orderItems.productId} is null then ${orderItems.name} end`)
    .orderBy(by === "units" ? desc(units) : desc(revenue), asc(sql`min(${orderItems.name})`));
  const rows = limit === null ? await query : await query.limit(limit);
  return rows.map((r) => ({ productId: r.productId, name: r.name, units: r.units, cents: toCents(r.revenue)! }));
}

export const categorySalesRowSchema = z.object({
  /** The top-level category; null for lines whose product has no category or is no longer in the catalogue. */
  categoryId: z.number().int().nullable(),
  name: z.string(),
  units: z.number().int(),
  /** VAT included, as ordered (before refunds). */
  cents: z.number().int(),
});
export type CategorySalesRow = z.infer<typeof categorySalesRowSchema>;

/** The name of the category row of sales whose product has none (or was deleted). */
export const NO_CATEGORY = "No category";

/**
 * Units and sales (VAT included, before refunds) by top-level category in orders paid in the span,
 * the best-selling first. A product in a subcategory counts for its parent, so the rows are the
 * shop's departments and add up to the whole; a line is placed by its product's category today.
 */
export async function categorySales(db: Db, span: PaidSpan): Promise<CategorySalesRow[]> {
  const parent = alias(categories, "parent_category");
  const id = sql<number | null>`coalesce(${parent.id}, ${categories.id})`;
  const revenue = sql<string>`sum(${orderItems.price} * ${orderItems.quantity})`;
  const rows = await db.select({
    categoryId: id,
    name: sql<string | null>`coalesce(${parent.name}, ${categories.name})`,
    units: sql<number>`sum(${orderItems.quantity})::int`,
    revenue,
  }).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(parent, eq(parent.id, categories.parentId))
    .where(paidIn(span))
    .groupBy(sql`1`, sql`2`)
    .orderBy(desc(revenue), asc(sql`2`));
  return rows.map((r) => ({
    categoryId: r.categoryId,
    name: r.name ?? NO_CATEGORY,
    units: r.units,
    cents: toCents(r.revenue)!,
  }));
}

/** The paid span of a report's period. */
export const paidSpanOf = (p: ReportPeriod): PaidSpan => ({ since: saMidnight(p.from), until: saMidnight(p.to, 1) });

/** "2026-11-29 14:05", South African time: when a document was issued, as the CSV lists it. */
const saMinute = (d: Date) => new Date(d.getTime() + SA_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ");

const KIND_LABELS: Record<TaxDocumentRow["kind"], string> = { invoice: "Tax invoice", credit_note: "Credit note" };

/**
 * The period's invoices and credit notes as a spreadsheet for the accountant: one line a document,
 * amounts in rand (numbers) with credit notes negative, so each amount column adds up to the report's net.
 */
export async function taxDocumentsCsv(db: Db, period: ReportPeriod): Promise<string> {
  const rows = await taxDocumentRows(db, period);
  return csvFile(
    [
      "Issued (SAST)",
      "Document",
      "Number",
      "Order",
      "Corrects invoice",
      "Customer",
      "Customer VAT number",
      "VAT rate (%)",
      "Excl. VAT (R)",
      "VAT (R)",
      "Incl. VAT (R)",
    ],
    rows.map((r) => [
      saMinute(r.issuedAt),
      KIND_LABELS[r.kind],
      r.number,
      r.orderNumber,
      r.refersTo,
      r.customer,
      r.customerVatNumber,
      r.ratePercent,
      // Numbers, not text: a credit note's minus must not read as a formula's start (lib/csv.ts).
      toRand(r.netCents),
      toRand(r.vatCents),
      toRand(r.grossCents),
    ]),
  );
}

/** Every product sold in orders paid in the period, the best-selling by revenue first. */
export async function productSalesCsv(db: Db, period: ReportPeriod): Promise<string> {
  const rows = await productSales(db, paidSpanOf(period), "revenue", null);
  return csvFile(
    ["Product ID", "Product", "Units", "Sales incl. VAT (R)"],
    rows.map((r) => [r.productId, r.name, r.units, toRand(r.cents)]),
  );
}
