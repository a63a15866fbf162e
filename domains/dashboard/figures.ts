/**
 * The admin dashboard's figures: sales today, this week and this month, daily sales and orders over
 * the last 30 days, top products, orders waiting for dispatch, low stock and pending reviews.
 *
 * Sales are paid orders (paidAt set, not cancelled), VAT included, net of refunds, counted on the day
 * they were paid in South Africa (Africa/Johannesburg: UTC+2 all year, no daylight saving). Weeks
 * start on Monday. Each figure is one aggregate query (the 30 days are one grouped query, not 30).
 */
import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lte, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orders, products, productVariants, purchaseOrderLines, purchaseOrders, reviews } from "../../db/schema/mod.ts";
import { awaitedUnits, openPurchaseOrder } from "../../db/on_order.ts";
import { toCents } from "../../lib/money.ts";
import { DAY_MS, SA_OFFSET_MS, saDay } from "../../lib/sa_dates.ts";
import { productSales, type ProductSalesRow } from "./period_reports.ts";
import { LOW_STOCK, lowOnStock, lowStockUnits } from "../../db/low_stock.ts";

export const CHART_DAYS = 30;
const TOP_PRODUCTS = 5;

/** The South African calendar around `now`: the starts of today, this week (Monday), this month. */
export function saBoundaries(now: Date) {
  const sa = new Date(now.getTime() + SA_OFFSET_MS);
  const today = Date.UTC(sa.getUTCFullYear(), sa.getUTCMonth(), sa.getUTCDate()) - SA_OFFSET_MS;
  const sinceMonday = (sa.getUTCDay() + 6) % 7;
  return {
    today: new Date(today),
    week: new Date(today - sinceMonday * DAY_MS),
    month: new Date(Date.UTC(sa.getUTCFullYear(), sa.getUTCMonth(), 1) - SA_OFFSET_MS),
    /** The first of the chart's days (today is the last). */
    chartStart: new Date(today - (CHART_DAYS - 1) * DAY_MS),
  };
}

export interface SalesFigure {
  cents: number;
  orders: number;
}

export interface DashboardFigures {
  today: SalesFigure;
  week: SalesFigure;
  month: SalesFigure;
  daily: { day: string; cents: number; orders: number }[];
  topByUnits: TopProduct[];
  topByRevenue: TopProduct[];
  awaitingDispatch: number;
  lowStock: LowStockProduct[];
  lowStockCount: number;
  pendingReviews: number;
}

export type TopProduct = ProductSalesRow;

const paid = and(isNotNull(orders.paidAt), ne(orders.status, "cancelled"));
/** Not archived and at or below its low-stock level, sold out included. */
const isLow = and(lowOnStock(), isNull(products.archivedAt));

export interface LowStockProduct {
  id: number;
  name: string;
  sku: string;
  /** The product's whole stock (its variants' sum when it has them). */
  stock: number;
  lowStockAt: number | null;
  /** Its variants at or below the product's level, the emptiest first; empty without variants (decision 0111). */
  lowVariants: { id: number; name: string; sku: string; stock: number }[];
  /** Units awaited on open purchase orders, any of its variants (decision 0117). */
  onOrder: number;
}

/**
 * The products low on stock, the emptiest first (the dashboard's list and the daily low-stock
 * e-mail), each with the variants that made it low and the units on order: three indexed reads, the
 * last two only for the listed products.
 */
export async function lowStockProducts(db: Db, limit: number): Promise<LowStockProduct[]> {
  const { id, name, sku, stock, lowStockAt } = products;
  const low = await db.select({ id, name, sku, stock, lowStockAt })
    .from(products).where(isLow).orderBy(asc(lowStockUnits()), asc(products.name), asc(products.id)).limit(limit);
  if (!low.length) return [];
  const ids = low.map((p) => p.id);
  const [variants, onOrder] = await Promise.all([lowVariantsOf(db, ids), unitsOnOrder(db, ids)]);
  return low.map((p) => ({
    ...p,
    lowVariants: variants.filter((v) => v.productId === p.id).map(({ productId: _, ...v }) => v),
    onOrder: onOrder.get(p.id) ?? 0,
  }));
}

/** The variants of `ids` at or below their product's low-stock level, the emptiest first. */
async function lowVariantsOf(db: Db, ids: number[]) {
  return await db.select({
    id: productVariants.id,
    productId: productVariants.productId,
    name: productVariants.name,
    sku: productVariants.sku,
    stock: productVariants.stock,
  }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(
      inArray(productVariants.productId, ids),
      eq(productVariants.preorder, false),
      sql`${productVariants.stock} <= coalesce(${products.lowStockAt}, ${LOW_STOCK})`,
    ))
    .orderBy(asc(productVariants.stock), asc(productVariants.name), asc(productVariants.id));
}

/** Units of each of `ids` still awaited on open purchase orders (the restock plan's "on order"). */
async function unitsOnOrder(db: Db, ids: number[]): Promise<Map<number, number>> {
  const rows = await db.select({
    productId: purchaseOrderLines.productId,
    units: sql<number>`sum(${awaitedUnits()})::int`.mapWith(Number),
  }).from(purchaseOrderLines)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderLines.purchaseOrderId))
    .where(and(inArray(purchaseOrderLines.productId, ids), openPurchaseOrder()))
    .groupBy(purchaseOrderLines.productId);
  return new Map(rows.map((r) => [r.productId, r.units]));
}

/** "Large sold out, XL 2 left": a low product's low variants, as the dashboard and the e-mail say them. */
export function lowVariantsText(variants: LowStockProduct["lowVariants"]): string {
  return variants.map((v) => `${v.name} ${v.stock === 0 ? "sold out" : `${v.stock} left`}`).join(", ");
}
const net = sql<string>`coalesce(sum(${orders.total} - ${orders.refundedAmount}), 0)`;

/** Every figure of the dashboard at `now`. */
export async function dashboardFigures(db: Db, now = new Date()): Promise<DashboardFigures> {
  const b = saBoundaries(now);
  const earliest = new Date(Math.min(b.week.getTime(), b.month.getTime(), b.chartStart.getTime()));
  const within = (from: Date) => sql`${orders.paidAt} >= ${from.toISOString()}::timestamptz`;
  const [[sales], daily, topByUnits, topByRevenue, [dispatch], lowStock, [lowCount], [pending]] = await Promise.all([
    db.select({
      todayCents: sql<string>`coalesce(sum(${orders.total} - ${orders.refundedAmount}) filter (where ${
        within(b.today)
      }), 0)`,
      todayOrders: sql<number>`(count(*) filter (where ${within(b.today)}))::int`,
      weekCents: sql<string>`coalesce(sum(${orders.total} - ${orders.refundedAmount}) filter (where ${
        within(b.week)
      }), 0)`,
      weekOrders: sql<number>`(count(*) filter (where ${within(b.week)}))::int`,
      monthCents: sql<string>`coalesce(sum(${orders.total} - ${orders.refundedAmount}) filter (where ${
        within(b.month)
      }), 0)`,
      monthOrders: sql<number>`(count(*) filter (where ${within(b.month)}))::int`,
    }).from(orders).where(and(paid, gte(orders.paidAt, earliest), lte(orders.paidAt, now))),
    db.select({
      day: sql<string>`to_char(${orders.paidAt} at time zone 'Africa/Johannesburg', 'YYYY-MM-DD')`,
      cents: net,
      orders: count(),
    }).from(orders).where(and(paid, gte(orders.paidAt, b.chartStart), lte(orders.paidAt, now)))
      .groupBy(sql`1`),
    productSales(db, { since: b.chartStart }, "units", TOP_PRODUCTS),
    productSales(db, { since: b.chartStart }, "revenue", TOP_PRODUCTS),
    db.select({ n: count() }).from(orders).where(and(eq(orders.status, "processing"), isNotNull(orders.paidAt))),
    lowStockProducts(db, 8),
    db.select({ n: count() }).from(products).where(isLow),
    db.select({ n: count() }).from(reviews).where(eq(reviews.status, "pending")),
  ]);
  const byDay = new Map(daily.map((d) => [d.day, d]));
  const days = Array.from({ length: CHART_DAYS }, (_, i) => saDay(new Date(b.chartStart.getTime() + i * DAY_MS)));
  return {
    today: { cents: toCents(sales.todayCents)!, orders: sales.todayOrders },
    week: { cents: toCents(sales.weekCents)!, orders: sales.weekOrders },
    month: { cents: toCents(sales.monthCents)!, orders: sales.monthOrders },
    daily: days.map((day) => {
      const d = byDay.get(day);
      return { day, cents: d ? toCents(d.cents)! : 0, orders: d ? d.orders : 0 };
    }),
    topByUnits,
    topByRevenue,
    awaitingDispatch: dispatch.n,
    lowStock,
    lowStockCount: lowCount.n,
    pendingReviews: pending.n,
  };
}
