/**
 * Purchase orders (decision 0117): what the shop ordered from a supplier and what has come in
 * against it. Here: the edge schemas, the reads, and the row-level steps the workflows in
 * flows/purchase_orders.ts take inside their transactions (lock, insert, book units, set status).
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { purchaseOrderLines, purchaseOrders, purchaseOrderStatus, users } from "../../db/schema/mod.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { awaitedUnits, openPurchaseOrder } from "../../db/on_order.ts";
import { csvFile } from "../../lib/csv.ts";

const MAX_ID = 2_147_483_647;
/** Most lines one purchase order holds (the same as one delivery booked in). */
export const MAX_PURCHASE_ORDER_LINES = 500;
/** Most purchase orders the list shows, newest first. */
export const PURCHASE_ORDER_LIST_LIMIT = 200;
export const NO_SUCH_PURCHASE_ORDER = "Purchase order not found";

// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export type PurchaseOrderStatus = (typeof purchaseOrderStatus.enumValues)[number];

/** "PO-0042": how staff and the supplier name it. */
export function purchaseOrderNumber(id: number): string {
  return `PO-${String(id).padStart(4, "0")}`;
}

/** The {id} of /admin/purchase-orders/{id}/... */
export const purchaseOrderIdParam = z.object({
  id: z.string().regex(/^[1-9][0-9]{0,9}$/, "The purchase order id must be a positive whole number.")
    .transform(Number).refine((n) => n <= MAX_ID, "The purchase order id must be a positive whole number."),
});

/** GET /admin/purchase-orders?status= (empty: every status). */
export const purchaseOrderListQuery = z.object({
  status: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(purchaseOrderStatus.enumValues, { error: "Status must be open, received, closed or cancelled" })
      .optional(),
  ),
});
export type PurchaseOrderListQuery = z.infer<typeof purchaseOrderListQuery>;

function plainText(label: string, max: number) {
  return z.string({ error: `${label} must be text` }).trim().max(max, `${label} is at most ${max} characters`)
    .refine((v) => !CONTROL.test(v), `${label} must not contain control characters`);
}

/** A South African calendar day as YYYY-MM-DD that exists ("2026-02-30" does not). */
const calendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Expected on must be a date (YYYY-MM-DD)")
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, "Expected on must be a date that exists");

/** A supplier's e-mail address: the whole address, at most 254 characters. */
export const supplierEmail = plainText("Supplier e-mail", 254).pipe(
  z.email({ error: "Supplier e-mail must be an e-mail address" }),
);

/** The header fields of POST /admin/purchase-orders (the flow adds its lines). */
export const purchaseOrderFields = {
  supplier: plainText("Supplier", 120).pipe(z.string().min(1, "Supplier is required")),
  /** Where "E-mail to supplier" sends it; optional. */
  supplierEmail: z.preprocess((v) => (v === "" ? null : v), supplierEmail.nullable()).default(null),
  /** The day the supplier promised, if any. */
  expectedOn: z.preprocess((v) => (v === "" ? null : v), calendarDay.nullable()).default(null),
  /** The supplier's quote or order number, terms agreed. */
  note: plainText("Note", 500).nullable().default(null).transform((v) => (v ? v : null)),
};

/** POST /admin/purchase-orders/{id}/send: the address it goes to. */
export const sendPurchaseOrderInput = z.object({ to: supplierEmail }).strict();
export type SendPurchaseOrderInput = z.infer<typeof sendPurchaseOrderInput>;

/** POST /admin/purchase-orders/{id}/receive: the units that arrived, by purchase order line. */
export const receivePurchaseOrderInput = z.object({
  lines: z.array(
    z.object({
      lineId: z.number({ error: "lineId must be a number" }).int().min(1).max(MAX_ID, "No such line"),
      quantity: z.number({ error: "Quantity must be a whole number" }).int("Quantity must be a whole number")
        .min(0, "Quantity must be 0 or more").max(100_000, "Quantity must be 100000 or less"),
    }).strict(),
    { error: "Lines must be a list of line ids and quantities" },
  ).min(1, "Enter the units that arrived").max(MAX_PURCHASE_ORDER_LINES, "Too many lines"),
  /** The supplier's invoice or delivery note number, kept on every stock movement. */
  reference: plainText("Reference", 100).nullable().default(null).transform((v) => (v ? v : null)),
}).strict();
export type ReceivePurchaseOrderInput = z.infer<typeof receivePurchaseOrderInput>;

export const purchaseOrderLineSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  /** Null for a product sold without variants, or a variant since deleted (variantName says which). */
  variantId: z.number().int().nullable(),
  sku: z.string(),
  name: z.string(),
  variantName: z.string().nullable(),
  ordered: z.number().int(),
  received: z.number().int(),
  /** Units still awaited: ordered less received, never below 0. */
  outstanding: z.number().int(),
});
export type PurchaseOrderLine = z.infer<typeof purchaseOrderLineSchema>;

export const purchaseOrderSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  supplier: z.string(),
  supplierEmail: z.string().nullable(),
  expectedOn: z.string().nullable(),
  note: z.string().nullable(),
  status: z.enum(purchaseOrderStatus.enumValues),
  /** The staff member who placed it (null once that account is gone). */
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  /** When it was last e-mailed to the supplier. */
  sentAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  lineCount: z.number().int(),
  orderedUnits: z.number().int(),
  receivedUnits: z.number().int(),
  /** Units still awaited; 0 once it is no longer open. */
  outstandingUnits: z.number().int(),
});
export type PurchaseOrderSummary = z.infer<typeof purchaseOrderSummarySchema>;

export const purchaseOrderSchema = purchaseOrderSummarySchema.extend({ lines: z.array(purchaseOrderLineSchema) });
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;

const summaryColumns = {
  id: purchaseOrders.id,
  supplier: purchaseOrders.supplier,
  supplierEmail: purchaseOrders.supplierEmail,
  expectedOn: purchaseOrders.expectedOn,
  note: purchaseOrders.note,
  status: purchaseOrders.status,
  createdBy: users.username,
  createdAt: purchaseOrders.createdAt,
  sentAt: purchaseOrders.sentAt,
  closedAt: purchaseOrders.closedAt,
  lineCount: sql<number>`(select count(*) from ${purchaseOrderLines} l
    where l.purchase_order_id = ${purchaseOrders.id})::int`.mapWith(Number),
  orderedUnits: sql<number>`(select coalesce(sum(l.ordered), 0) from ${purchaseOrderLines} l
    where l.purchase_order_id = ${purchaseOrders.id})::int`.mapWith(Number),
  receivedUnits: sql<number>`(select coalesce(sum(l.received), 0) from ${purchaseOrderLines} l
    where l.purchase_order_id = ${purchaseOrders.id})::int`.mapWith(Number),
  outstandingUnits: sql<number>`(select coalesce(sum(${awaitedUnits()}), 0)
    from ${purchaseOrderLines} where ${purchaseOrderLines.purchaseOrderId} = ${purchaseOrders.id})::int`
    .mapWith(Number),
};

type SummaryRow = {
  id: number;
  supplier: string;
  supplierEmail: string | null;
  expectedOn: string | null;
  note: string | null;
  status: PurchaseOrderStatus;
  createdBy: string | null;
  createdAt: Date;
  sentAt: Date | null;
  closedAt: Date | null;
  lineCount: number;
  orderedUnits: number;
  receivedUnits: number;
  outstandingUnits: number;
};

function summaryOf(row: SummaryRow): PurchaseOrderSummary {
  return {
    ...row,
    number: purchaseOrderNumber(row.id),
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    outstandingUnits: row.status === "open" ? row.outstandingUnits : 0,
  };
}

/** The purchase orders, newest first, of one status or all (at most PURCHASE_ORDER_LIST_LIMIT). */
export async function listPurchaseOrders(db: Db, query: PurchaseOrderListQuery): Promise<PurchaseOrderSummary[]> {
  const rows = await db.select(summaryColumns).from(purchaseOrders)
    .leftJoin(users, eq(users.id, purchaseOrders.createdBy))
    .where(query.status ? eq(purchaseOrders.status, query.status) : undefined)
    .orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrders.id))
    .limit(PURCHASE_ORDER_LIST_LIMIT);
  return rows.map(summaryOf);
}

/** One purchase order with its lines, as ordered; NotFoundError when there is none. */
export async function getPurchaseOrder(db: Db, id: number): Promise<PurchaseOrder> {
  const [row] = await db.select(summaryColumns).from(purchaseOrders)
    .leftJoin(users, eq(users.id, purchaseOrders.createdBy))
    .where(eq(purchaseOrders.id, id));
  if (!row) throw new NotFoundError(NO_SUCH_PURCHASE_ORDER);
  const lines = await db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.purchaseOrderId, id))
    .orderBy(asc(purchaseOrderLines.id));
  return {
    ...summaryOf(row),
    lines: lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      variantId: l.variantId,
      sku: l.sku,
      name: l.name,
      variantName: l.variantName,
      ordered: l.ordered,
      received: l.received,
      outstanding: Math.max(l.ordered - l.received, 0),
    })),
  };
}

/** Suppliers of earlier purchase orders, the most recent first (offered as the form's supplier is typed). */
export async function suppliersInUse(db: Db, limit = 50): Promise<string[]> {
  const rows = await db.select({ supplier: purchaseOrders.supplier }).from(purchaseOrders)
    .groupBy(purchaseOrders.supplier).orderBy(desc(sql`max(${purchaseOrders.createdAt})`)).limit(limit);
  return rows.map((r) => r.supplier);
}

export interface AwaitedLine {
  purchaseOrderId: number;
  number: string;
  supplier: string;
  expectedOn: string | null;
  sku: string;
  variantName: string | null;
  outstanding: number;
}

/** A product's units still awaited on open purchase orders, line by line, the oldest order first. */
export async function awaitedFor(db: Db, productId: number): Promise<AwaitedLine[]> {
  const rows = await db.select({
    purchaseOrderId: purchaseOrders.id,
    supplier: purchaseOrders.supplier,
    expectedOn: purchaseOrders.expectedOn,
    sku: purchaseOrderLines.sku,
    variantName: purchaseOrderLines.variantName,
    outstanding: sql<number>`${awaitedUnits()}::int`.mapWith(Number),
  }).from(purchaseOrderLines)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderLines.purchaseOrderId))
    .where(and(
      eq(purchaseOrderLines.productId, productId),
      openPurchaseOrder(),
      sql`${awaitedUnits()} > 0`,
    ))
    .orderBy(asc(purchaseOrders.id), asc(purchaseOrderLines.id));
  return rows.map((r) => ({ ...r, number: purchaseOrderNumber(r.purchaseOrderId) }));
}

/** An open purchase order whose promised day has passed (`today` a South African day, YYYY-MM-DD). */
export function isOverdue(order: { status: PurchaseOrderStatus; expectedOn: string | null }, today: string): boolean {
  return order.status === "open" && order.expectedOn !== null && order.expectedOn < today;
}

/**
 * Locks a purchase order's row for the rest of the transaction and reads its status: receiving,
 * closing and cancelling take this lock first, so they happen one after another and each sees what
 * the one before it wrote. NotFoundError when there is none.
 */
export async function lockPurchaseOrder(tx: Db, id: number): Promise<{ id: number; status: PurchaseOrderStatus }> {
  const [row] = await tx.select({ id: purchaseOrders.id, status: purchaseOrders.status }).from(purchaseOrders)
    .where(eq(purchaseOrders.id, id)).for("update");
  if (!row) throw new NotFoundError(NO_SUCH_PURCHASE_ORDER);
  return row;
}

/** Why a purchase order that is not open takes nothing more. */
export function notOpenMessage(id: number, status: PurchaseOrderStatus): string {
  const state = status === "received" ? "received in full" : status;
  return `${purchaseOrderNumber(id)} is ${state}: nothing more can be done to it.`;
}

export interface NewPurchaseOrderLine {
  productId: number;
  variantId: number | null;
  sku: string;
  name: string;
  variantName: string | null;
  ordered: number;
}

/** Writes a new open purchase order and its lines (inside the caller's transaction); its id. */
export async function insertPurchaseOrder(
  tx: Db,
  order: {
    supplier: string;
    supplierEmail: string | null;
    expectedOn: string | null;
    note: string | null;
    createdBy: number;
  },
  lines: NewPurchaseOrderLine[],
): Promise<number> {
  const [row] = await tx.insert(purchaseOrders).values(order).returning({ id: purchaseOrders.id });
  await tx.insert(purchaseOrderLines).values(lines.map((l) => ({ ...l, purchaseOrderId: row.id })));
  return row.id;
}

/** Adds units received to lines of a locked purchase order; whether every line is now in full. */
export async function bookReceivedUnits(
  tx: Db,
  id: number,
  units: { lineId: number; quantity: number }[],
): Promise<boolean> {
  for (const u of units) {
    await tx.update(purchaseOrderLines).set({ received: sql`${purchaseOrderLines.received} + ${u.quantity}` })
      .where(and(eq(purchaseOrderLines.id, u.lineId), eq(purchaseOrderLines.purchaseOrderId, id)));
  }
  const [left] = await tx.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(purchaseOrderLines)
    .where(
      and(
        eq(purchaseOrderLines.purchaseOrderId, id),
        sql`${purchaseOrderLines.received} < ${purchaseOrderLines.ordered}`,
      ),
    );
  return left.n === 0;
}

/** Units received so far on a purchase order. */
export async function receivedUnits(tx: Db, id: number): Promise<number> {
  const [row] = await tx.select({
    n: sql<number>`coalesce(sum(${purchaseOrderLines.received}), 0)::int`.mapWith(Number),
  })
    .from(purchaseOrderLines).where(eq(purchaseOrderLines.purchaseOrderId, id));
  return row.n;
}

/** The purchase order as a spreadsheet for the supplier (and for checking a delivery against it). */
export function purchaseOrderCsv(order: PurchaseOrder): string {
  return csvFile(
    ["SKU", "Product", "Variant", "Ordered", "Received", "Outstanding"],
    order.lines.map((l) => [l.sku, l.name, l.variantName ?? "", l.ordered, l.received, l.outstanding]),
  );
}

/** Moves a locked purchase order out of open (received, closed or cancelled). */
export async function setPurchaseOrderStatus(tx: Db, id: number, status: Exclude<PurchaseOrderStatus, "open">) {
  const now = new Date();
  await tx.update(purchaseOrders).set({ status, closedAt: now, updatedAt: now }).where(eq(purchaseOrders.id, id));
}

/** Records that a locked purchase order was e-mailed to `to`, now its supplier's address. */
export async function markSent(tx: Db, id: number, to: string) {
  const now = new Date();
  await tx.update(purchaseOrders).set({ supplierEmail: to, sentAt: now, updatedAt: now }).where(
    eq(purchaseOrders.id, id),
  );
}

/** Marks a locked purchase order changed (a delivery booked in that left it open). */
export async function touchPurchaseOrder(tx: Db, id: number) {
  await tx.update(purchaseOrders).set({ updatedAt: new Date() }).where(eq(purchaseOrders.id, id));
}

/** The lines of a purchase order as stored, for the workflows that book them in. */
export async function purchaseOrderLinesOf(tx: Db, id: number) {
  return await tx.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.purchaseOrderId, id))
    .orderBy(asc(purchaseOrderLines.id));
}
