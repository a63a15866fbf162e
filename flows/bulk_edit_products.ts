/**
 * Bulk edits from the admin products list (decision 0072): one action on many products, in ONE
 * transaction (all or nothing), one audit entry per changed product with its fields before and
 * after, stock changes in the stock history with reason "bulk".
 *
 * The products' rows are locked by id, then (for a price change) their variants' rows by id: every
 * product row before any variant row, as checkout locks, so a bulk edit and a checkout queue behind
 * each other instead of deadlocking.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { cartItems, categories, products, productVariants } from "../db/schema/mod.ts";
import { ConflictError, ValidationError } from "../lib/errors.ts";
import { formatMoney, toCents, toNumeric } from "../lib/money.ts";
import { type AuditRecord, recordAudits } from "../domains/admin_audit/mod.ts";
import { type ProductFilter, rankProducts } from "../domains/catalog/mod.ts";
import { recordStockMovements, type StockChange } from "../domains/stock_history/mod.ts";
import {
  type BulkFilter,
  type BulkInput,
  type BulkOutput,
  MAX_BULK_MATCHES,
  MAX_PRICE_CENTS,
} from "../domains/product_bulk/schemas.ts";

/** The admin products list's filter as the catalogue reads it (the list and "all N matching" share it). */
export function productListFilter(f: Partial<BulkFilter>): ProductFilter {
  return {
    archived: f.archived === "archived" ? "only" : f.archived === "all" ? "all" : "unarchived",
    status: f.status,
    nameOrSku: f.q || undefined,
    categoryIds: f.category ? [f.category] : undefined,
    stock: f.stock,
    setupRules: f.setup,
    sort: "name_asc",
  };
}

/** The products a request names: its ids, or every product matching its filter (at most MAX_BULK_MATCHES). */
async function targetIds(tx: Db, input: BulkInput): Promise<number[]> {
  if (input.ids) return [...new Set(input.ids)];
  const { ids, total } = await rankProducts(tx, {
    ...productListFilter(input.filter!),
    page: 1,
    limit: MAX_BULK_MATCHES + 1,
  });
  if (total > MAX_BULK_MATCHES || ids.length > MAX_BULK_MATCHES) {
    throw new ValidationError(
      `${total} products match this filter; a bulk edit takes at most ${MAX_BULK_MATCHES} at once. Narrow the filter.`,
      [{ path: "filter", message: `At most ${MAX_BULK_MATCHES} products at once` }],
    );
  }
  return ids;
}

/**
 * A price moved by a percent or an amount, in whole cents: `cents * (100 + percent) / 100` rounded
 * half up to the cent (the percent has at most two decimals, so the sum is exact in integers), and
 * never below R 0,01.
 */
export function adjustedCents(
  cents: number,
  by: { kind: "percent"; percent: number } | { kind: "amount"; amount: number },
) {
  const moved = by.kind === "percent"
    ? Math.round((cents * (10_000 + Math.round(by.percent * 100))) / 10_000)
    : cents + by.amount;
  return Math.max(1, moved);
}

type Row = typeof products.$inferSelect;
type Skip = BulkOutput["skipped"][number];

/** Runs the bulk action; throws (and changes nothing) when any product cannot take it. */
export async function bulkEditProducts(
  db: Db,
  userId: number,
  input: BulkInput,
  now = new Date(),
): Promise<BulkOutput> {
  return await db.transaction(async (tx) => {
    const ids = await targetIds(tx, input);
    const rows = ids.length
      ? await tx.select().from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)).for("update")
      : [];
    const found = new Map(rows.map((r) => [r.id, r]));
    const skipped: Skip[] = ids.filter((id) => !found.has(id)).map((id) => ({ id, name: null, reason: "not found" }));
    if (input.action === "set_category" && input.categoryId !== null) {
      const [hit] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId));
      if (!hit) {
        throw new ValidationError("Category not found", [{ path: "categoryId", message: "Category not found" }]);
      }
    }
    const variantsByProduct = input.action === "adjust_price" || input.action === "set_stock"
      ? await lockedVariants(tx, rows.map((r) => r.id), input.action === "adjust_price")
      : new Map<number, VariantRow[]>();

    const audits: AuditRecord[] = [];
    const movements: StockChange[] = [];
    const leftCarts: number[] = [];
    for (const row of rows) {
      const change = await applyTo(tx, row, input, variantsByProduct.get(row.id) ?? [], now);
      if ("skip" in change) {
        skipped.push({ id: row.id, name: row.name, reason: change.skip });
        continue;
      }
      if (change.leavesCarts) leftCarts.push(row.id);
      if (change.movement) movements.push(change.movement);
      audits.push({
        userId,
        entityType: "product",
        entityId: row.id,
        action: "bulk_update",
        details: {
          bulkAction: input.action,
          name: row.name,
          sku: row.sku,
          before: change.before,
          after: change.after,
          ...change.extra,
        },
      });
    }
    // Off the storefront (archived, back to draft): out of shoppers' carts too, as a single edit does.
    if (leftCarts.length) await tx.delete(cartItems).where(inArray(cartItems.productId, leftCarts));
    await recordStockMovements(tx, movements, { reason: "bulk", actorUserId: userId, at: now });
    await recordAudits(tx, audits);
    return { updated: audits.length, skipped };
  });
}

type VariantRow = typeof productVariants.$inferSelect;

/** The variants of the products, by product (rows locked for a price change, after every product row). */
async function lockedVariants(tx: Db, productIds: number[], lock: boolean): Promise<Map<number, VariantRow[]>> {
  const out = new Map<number, VariantRow[]>();
  if (!productIds.length) return out;
  const query = tx.select().from(productVariants).where(inArray(productVariants.productId, productIds))
    .orderBy(asc(productVariants.id)).$dynamic();
  for (const v of lock ? await query.for("update") : await query) {
    out.set(v.productId, [...(out.get(v.productId) ?? []), v]);
  }
  return out;
}

interface Applied {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  /** More details for the audit entry (the variants' prices). */
  extra?: Record<string, unknown>;
  leavesCarts?: boolean;
  movement?: StockChange;
}

/** One product's change (written), or why it was left alone. */
async function applyTo(
  tx: Db,
  row: Row,
  input: BulkInput,
  variants: VariantRow[],
  now: Date,
): Promise<Applied | { skip: string }> {
  const set = (cols: Partial<typeof products.$inferInsert>) =>
    tx.update(products).set({ ...cols, updatedAt: now }).where(eq(products.id, row.id))
      .returning({ stock: products.stock });
  switch (input.action) {
    case "set_category": {
      if (row.categoryId === input.categoryId) return { skip: "already in that category" };
      await set({ categoryId: input.categoryId });
      return { before: { categoryId: row.categoryId }, after: { categoryId: input.categoryId } };
    }
    case "set_status": {
      if (row.status === input.status) return { skip: `already ${input.status}` };
      // Only a draft waits for a publishing time (as a single edit: catalog_admin/products.ts).
      await set(input.status === "active" ? { status: "active", publishAt: null } : { status: "draft" });
      return {
        before: { status: row.status },
        after: { status: input.status },
        leavesCarts: input.status === "draft",
      };
    }
    case "archive":
    case "unarchive": {
      const archive = input.action === "archive";
      if ((row.archivedAt !== null) === archive) return { skip: archive ? "already archived" : "not archived" };
      await set({ archivedAt: archive ? now : null });
      return {
        before: { archivedAt: row.archivedAt?.toISOString() ?? null },
        after: { archivedAt: archive ? now.toISOString() : null },
        leavesCarts: archive,
      };
    }
    case "set_featured":
    case "set_new": {
      const field = input.action === "set_featured" ? "featured" : "isNew";
      if (row[field] === input.value) {
        return {
          skip: input.value
            ? `already ${field === "featured" ? "featured" : "new"}`
            : `not ${field === "featured" ? "featured" : "new"}`,
        };
      }
      await set({ [field]: input.value });
      return { before: { [field]: row[field] }, after: { [field]: input.value } };
    }
    case "set_stock": {
      // A product sold as variants holds the sum of its variants' stock: setting it would be undone by
      // the next sale. Staff set each variant's stock on the product's page (decision 0072).
      if (variants.length) return { skip: "sold as variants: set each variant's stock on its page" };
      if (row.stock === input.stock) return { skip: `stock already ${input.stock}` };
      const [after] = await set({ stock: input.stock });
      return {
        before: { stock: row.stock },
        after: { stock: after.stock },
        movement: { productId: row.id, variantId: null, delta: after.stock - row.stock, stockAfter: after.stock },
      };
    }
    case "set_low_stock_at": {
      if (row.lowStockAt === input.lowStockAt) return { skip: "alert already at that level" };
      await set({ lowStockAt: input.lowStockAt });
      return { before: { lowStockAt: row.lowStockAt }, after: { lowStockAt: input.lowStockAt } };
    }
    case "adjust_price":
      return await adjustPrice(tx, row, input.by, variants, now);
  }
}

/** The product's price and sale price, and each variant's, moved the same way. */
async function adjustPrice(
  tx: Db,
  row: Row,
  by: Extract<BulkInput, { action: "adjust_price" }>["by"],
  variants: VariantRow[],
  now: Date,
): Promise<Applied> {
  const moved = (label: string, price: string, sale: string | null) => {
    const priceCents = adjustedCents(toCents(price)!, by);
    const saleCents = sale === null ? null : adjustedCents(toCents(sale)!, by);
    if (priceCents > MAX_PRICE_CENTS) {
      throw new ConflictError(
        `${label}: the price would be above ${formatMoney(MAX_PRICE_CENTS)}. Nothing was changed.`,
      );
    }
    // Both clamped to R 0,01 (or an amount pushing the sale price up to the price): refused, never a
    // sale price that is not below the price.
    if (saleCents !== null && saleCents >= priceCents) {
      throw new ConflictError(
        `${label}: the sale price would not be below the price (${formatMoney(saleCents)} vs ${
          formatMoney(priceCents)
        }). Nothing was changed.`,
      );
    }
    return { price: toNumeric(priceCents), salePrice: saleCents === null ? null : toNumeric(saleCents) };
  };
  const label = `${row.name} (${row.sku})`;
  const next = moved(label, row.price, row.salePrice);
  await tx.update(products).set({ ...next, updatedAt: now }).where(eq(products.id, row.id));
  const variantChanges = [];
  for (const v of variants) {
    const n = moved(`${label}, variant ${v.name}`, v.price, v.salePrice);
    await tx.update(productVariants).set({ ...n, updatedAt: now })
      .where(and(eq(productVariants.id, v.id), eq(productVariants.productId, row.id)));
    variantChanges.push({
      variantId: v.id,
      name: v.name,
      price: { before: v.price, after: n.price },
      salePrice: { before: v.salePrice, after: n.salePrice },
    });
  }
  return {
    before: { price: row.price, salePrice: row.salePrice },
    after: next,
    ...(variantChanges.length ? { extra: { variants: variantChanges } } : {}),
  };
}
