/**
 * The restock planner (/admin/restock, decision 0106): for each stock-keeping unit that sold lately
 * (a variant, or a product sold without variants), how long its stock lasts at the rate it sold over
 * the last `days` days, and how many to order so it lasts `cover` days. Only units that will not last
 * that long are listed, the soonest to run out first: the shop's reorder list, ready for a supplier.
 *
 * Sales are units in orders paid in the window and not cancelled (the sales reports' rule), so a
 * sold-out item that kept selling until it ran out is listed with what it needs. What never sold in
 * the window has no rate to plan from and is left to the low-stock alert.
 *
 * Units still awaited on open purchase orders count as on order (decision 0117): they are added to
 * the stock before deciding what will not last, and taken off what to order, so a reorder placed
 * yesterday is not suggested again today.
 */
import { z } from "zod";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.ts";
import {
  orderItems,
  orders,
  products,
  productVariants,
  purchaseOrderLines,
  purchaseOrders,
} from "../../db/schema/mod.ts";
import { csvFile } from "../../lib/csv.ts";
import { awaitedUnits, openPurchaseOrder } from "../../db/on_order.ts";
import { DAY_MS, saDay } from "../../lib/sa_dates.ts";
import { paidIn } from "./period_reports.ts";

/** Most rows the page and the JSON list; the CSV holds up to RESTOCK_CSV_ROWS. */
export const RESTOCK_PAGE_ROWS = 200;
export const RESTOCK_CSV_ROWS = 10_000;

function daysField(label: string, fallback: number) {
  const message = `${label} must be a whole number of days from 1 to 365`;
  return z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string({ error: message }).regex(/^[0-9]{1,3}$/, message).transform(Number)
      .pipe(z.number().min(1, message).max(365, message)).default(fallback),
  );
}

/** GET /admin/restock, its CSV and GET /api/admin/reports/restock. */
export const restockQuery = z.object({
  /** The sales window the selling rate is read from. */
  days: daysField("days", 30),
  /** How many days the stock should last after ordering (the supplier's lead time and the time between orders). */
  cover: daysField("cover", 30),
  /** Only what was last ordered from this supplier (decision 0117); empty or absent: everything. */
  supplier: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string({ error: "Supplier must be text" }).trim().max(120, "Supplier is at most 120 characters")
      // deno-lint-ignore no-control-regex
      .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), "Supplier must not contain control characters").optional(),
  ),
});
export type RestockQuery = z.infer<typeof restockQuery>;

export const restockRowSchema = z.object({
  productId: z.number().int(),
  /** Null for a product sold without variants. */
  variantId: z.number().int().nullable(),
  name: z.string(),
  variantName: z.string().nullable(),
  sku: z.string(),
  stock: z.number().int(),
  /** Units awaited on open purchase orders. */
  onOrder: z.number().int(),
  /** The supplier of its latest purchase order not cancelled; null when it was never ordered. */
  lastSupplier: z.string().nullable(),
  /** Units sold in the window. */
  sold: z.number().int(),
  /** Units a week at the window's rate, to one decimal. */
  perWeek: z.number(),
  /** Whole days the stock on hand lasts at that rate (0 when sold out). */
  coverDays: z.number().int(),
  /** The South African day it runs out at that rate (today when sold out). */
  runsOutOn: z.string(),
  /** Units to order so the stock and what is on order last `cover` days. */
  order: z.number().int(),
});
export type RestockRow = z.infer<typeof restockRowSchema>;

export const restockPlanSchema = z.object({
  days: z.number().int(),
  cover: z.number().int(),
  /** The supplier the plan is filtered by, if any. */
  supplier: z.string().nullable(),
  /** How many units need ordering (rows may hold fewer: the first RESTOCK_PAGE_ROWS). */
  total: z.number().int(),
  rows: z.array(restockRowSchema),
});
export type RestockPlan = z.infer<typeof restockPlanSchema>;

interface PlanRow {
  product_id: number;
  variant_id: number | null;
  name: string;
  variant_name: string | null;
  sku: string;
  stock: number;
  on_order: number;
  last_supplier: string | null;
  sold: number;
  total: number;
}

/** The units that will not last `cover` days at the last `days` days' rate, the soonest out first. */
export async function restockPlan(
  db: Db,
  query: RestockQuery,
  opts: { now?: Date; limit?: number } = {},
): Promise<RestockPlan> {
  const now = opts.now ?? new Date();
  const { days, cover } = query;
  const since = new Date(now.getTime() - days * DAY_MS);
  const stock = sql`coalesce(${productVariants.stock}, ${products.stock})`;
  // Units needed to last `cover` days, rounded up: the comparison and the order agree on it.
  const needed = sql`ceil(sold.units::numeric * ${cover} / ${days})`;
  const result = await db.execute(sql`
    with sold as (
      select ${orderItems.productId} as product_id, ${orderItems.variantId} as variant_id,
        sum(${orderItems.quantity})::int as units
      from ${orderItems} join ${orders} on ${orders.id} = ${orderItems.orderId}
      where ${paidIn({ since, until: now })} and ${orderItems.productId} is not null
      group by 1, 2
    ), on_order as (
      select ${purchaseOrderLines.productId} as product_id, ${purchaseOrderLines.variantId} as variant_id,
        sum(${awaitedUnits()})::int as units
      from ${purchaseOrderLines}
      join ${purchaseOrders} on ${purchaseOrders.id} = ${purchaseOrderLines.purchaseOrderId}
      where ${openPurchaseOrder()}
      group by 1, 2
    ), last_supplier as (
      select distinct on (1, 2) ${purchaseOrderLines.productId} as product_id,
        ${purchaseOrderLines.variantId} as variant_id, ${purchaseOrders.supplier} as supplier
      from ${purchaseOrderLines}
      join ${purchaseOrders} on ${purchaseOrders.id} = ${purchaseOrderLines.purchaseOrderId}
      -- Only what sold in the window: the plan lists nothing else, and the order history may be long.
      where ${purchaseOrders.status} <> 'cancelled' and ${purchaseOrderLines.productId} in (select product_id from sold)
      order by 1, 2, ${purchaseOrders.createdAt} desc, ${purchaseOrders.id} desc
    )
    select ${products.id} as product_id, ${productVariants.id} as variant_id, ${products.name} as name,
      ${productVariants.name} as variant_name, coalesce(${productVariants.sku}, ${products.sku}) as sku,
      ${stock}::int as stock, coalesce(on_order.units, 0) as on_order, last_supplier.supplier as last_supplier,
      sold.units as sold,
      count(*) over ()::int as total
    from sold
    join ${products} on ${products.id} = sold.product_id
    left join ${productVariants} on ${productVariants.id} = sold.variant_id
    left join on_order on on_order.product_id = sold.product_id
      and on_order.variant_id is not distinct from sold.variant_id
    left join last_supplier on last_supplier.product_id = sold.product_id
      and last_supplier.variant_id is not distinct from sold.variant_id
    where ${products.archivedAt} is null and ${products.status} = 'active'
      -- A line without a variant of a product now sold as variants (the variant since deleted): the
      -- product's total stock is not that line's, so it is left out rather than misread.
      and (sold.variant_id is not null or not exists (
        select 1 from ${productVariants} pv where pv.product_id = ${products.id}
      ))
      and ${stock} + coalesce(on_order.units, 0) < ${needed}
      ${query.supplier ? sql`and last_supplier.supplier = ${query.supplier}` : sql``}
    order by ${stock}::numeric / sold.units, ${products.name}, ${productVariants.name} nulls first
    limit ${opts.limit ?? RESTOCK_PAGE_ROWS}`);
  const rows = rowsOf<PlanRow>(result);
  return {
    days,
    cover,
    supplier: query.supplier ?? null,
    total: rows.length ? Number(rows[0].total) : 0,
    rows: rows.map((r) => planRow(r, query, now)),
  };
}

function planRow(r: PlanRow, { days, cover }: RestockQuery, now: Date): RestockRow {
  const stock = Number(r.stock);
  const onOrder = Number(r.on_order);
  const sold = Number(r.sold);
  const coverDays = Math.floor((stock * days) / sold);
  return {
    productId: Number(r.product_id),
    variantId: r.variant_id === null ? null : Number(r.variant_id),
    name: r.name,
    variantName: r.variant_name,
    sku: r.sku,
    stock,
    onOrder,
    lastSupplier: r.last_supplier,
    sold,
    perWeek: Math.round((sold * 7 * 10) / days) / 10,
    coverDays,
    runsOutOn: saDay(new Date(now.getTime() + coverDays * DAY_MS)),
    order: Math.ceil((sold * cover) / days) - stock - onOrder,
  };
}

/** The plan as a CSV for a supplier's order: every unit that needs ordering (up to RESTOCK_CSV_ROWS). */
export async function restockCsv(db: Db, query: RestockQuery, now?: Date): Promise<string> {
  const plan = await restockPlan(db, query, { now, limit: RESTOCK_CSV_ROWS });
  return csvFile(
    [
      "SKU",
      "Product",
      "Variant",
      "Last supplier",
      "In stock",
      "On order",
      `Sold in ${plan.days} days`,
      "Per week",
      "Days left",
      "Runs out",
      "Order",
    ],
    plan.rows.map((
      r,
    ) => [
      r.sku,
      r.name,
      r.variantName ?? "",
      r.lastSupplier ?? "",
      r.stock,
      r.onOrder,
      r.sold,
      r.perWeek,
      r.coverDays,
      r.runsOutOn,
      r.order,
    ]),
  );
}
