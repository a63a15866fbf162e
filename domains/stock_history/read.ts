/**
 * Reading a product's stock history, newest first, a page at a time, with what a person needs to
 * read each row as a sentence: the variant's name, the order's number, the staff member's name.
 */
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orders, productVariants, stockMovements, users } from "../../db/schema/mod.ts";
import type { StockReason } from "./record.ts";

export interface StockMovement {
  id: number;
  productId: number;
  variantId: number | null;
  variantName: string | null;
  delta: number;
  stockAfter: number;
  reason: StockReason;
  orderId: number | null;
  orderNumber: string | null;
  actorUserId: number | null;
  /** The actor's username (staff names in the admin are usernames, as in the audit log). */
  actorName: string | null;
  note: string | null;
  createdAt: Date;
}

export interface StockHistoryPage {
  items: StockMovement[];
  page: number;
  pageSize: number;
  /** Whether an older page exists. */
  hasMore: boolean;
}

/** One page of a product's stock history, newest first (the (product_id, created_at) index). */
export async function listStockHistory(
  db: Db,
  productId: number,
  opts: { page: number; pageSize: number },
): Promise<StockHistoryPage> {
  const rows = await db.select({
    id: stockMovements.id,
    productId: stockMovements.productId,
    variantId: stockMovements.variantId,
    variantName: productVariants.name,
    delta: stockMovements.delta,
    stockAfter: stockMovements.stockAfter,
    reason: stockMovements.reason,
    orderId: stockMovements.orderId,
    orderNumber: orders.orderNumber,
    actorUserId: stockMovements.actorUserId,
    actorName: users.username,
    note: stockMovements.note,
    createdAt: stockMovements.createdAt,
  }).from(stockMovements)
    .leftJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
    .leftJoin(orders, eq(orders.id, stockMovements.orderId))
    .leftJoin(users, eq(users.id, stockMovements.actorUserId))
    .where(eq(stockMovements.productId, productId))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(opts.pageSize + 1).offset((opts.page - 1) * opts.pageSize);
  return {
    items: rows.slice(0, opts.pageSize),
    page: opts.page,
    pageSize: opts.pageSize,
    hasMore: rows.length > opts.pageSize,
  };
}

const REASON_WORDS: Record<StockReason, string> = {
  sale: "sale",
  cancel_release: "order cancelled",
  refund_restock: "refund restock",
  staff_edit: "staff edit",
  import: "import",
  bulk: "bulk edit",
  received: "received",
};

const when = new Intl.DateTimeFormat("en-ZA", {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
  timeZone: "Africa/Johannesburg",
});

/** The parts of a movement's sentence: "-2 (sale, order RB-1, by thandi) -> 8 left, 27 Nov 10:14". */
export interface MovementSentence {
  /** "-2" or "+5". */
  change: string;
  reason: string;
  /** The variant's name, when the units are a variant's. */
  variant: string | null;
  orderNumber: string | null;
  /** The staff member or customer, when known. */
  by: string | null;
  note: string | null;
  /** "8 left" (of the variant, when there is one). */
  left: string;
  at: string;
}

/** A movement read as a sentence, in the shop's time zone. */
export function describeMovement(m: StockMovement): MovementSentence {
  return {
    change: m.delta > 0 ? `+${m.delta}` : String(m.delta),
    reason: REASON_WORDS[m.reason],
    variant: m.variantName,
    orderNumber: m.orderNumber,
    by: m.actorName,
    note: m.note,
    left: `${m.stockAfter} left`,
    at: when.format(m.createdAt).replace(",", ""),
  };
}

/** The sentence as one line of text (tests, exports, the API's `text`). */
export function movementText(m: StockMovement): string {
  const s = describeMovement(m);
  const why = [
    s.reason,
    s.variant ? `variant ${s.variant}` : null,
    s.orderNumber ? `order ${s.orderNumber}` : null,
    s.by ? `by ${s.by}` : null,
    s.note,
  ].filter(Boolean).join(", ");
  return `${s.change} (${why}) -> ${s.left}, ${s.at}`;
}
