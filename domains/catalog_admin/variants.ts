/**
 * Staff writes to product variants (the variant editor). Variant SKUs are unique across every
 * product. After each write the product's stock is set to the sum of its variants' stock, the rule
 * checkout keeps (domains/checkout/stock.ts). Each write records an audit entry in the same
 * transaction, and a change of a variant's stock a stock history row ("staff_edit", decision 0071);
 * the product's row is locked first, in the same order checkout locks.
 */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, productVariants } from "../../db/schema/mod.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { toCents, toNumeric } from "../../lib/money.ts";
import { syncProductStock } from "../orders/mod.ts";
import { recordStockMovements } from "../stock_history/mod.ts";
import {
  assertSaleBelowPrice,
  audit,
  productRecord,
  uniqueClash,
  uniqueOrConflict,
  type VariantRecord,
} from "./records.ts";
import type { VariantCreate, VariantUpdate } from "./schemas.ts";

type Columns = Partial<typeof productVariants.$inferInsert>;

function toColumns(input: VariantUpdate): Columns {
  const cols: Columns = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (key === "price") cols.price = toNumeric(value as number);
    else if (key === "salePrice") cols.salePrice = value === null ? null : toNumeric(value as number);
    else if (key === "preorderDiscount") cols.preorderDiscount = value === null ? null : String(value);
    else (cols as Record<string, unknown>)[key] = value;
  }
  return cols;
}

async function assertVariantSkuFree(tx: Db, sku: string | undefined, exceptId?: number): Promise<void> {
  if (sku === undefined) return;
  const [hit] = await tx.select({ id: productVariants.id }).from(productVariants)
    .where(
      and(sql`lower(${productVariants.sku}) = lower(${sku})`, exceptId ? ne(productVariants.id, exceptId) : undefined),
    )
    .limit(1);
  if (hit) throw uniqueClash("product_variants_sku_unique", { sku });
}

async function variantRecord(tx: Db, id: number): Promise<VariantRecord | undefined> {
  const [row] = await tx.select().from(productVariants).where(eq(productVariants.id, id));
  return row;
}

/** The product's variants, cheapest first (archived products included: staff still manage them). */
export async function listVariants(db: Db, productId: number): Promise<VariantRecord[]> {
  return await db.select().from(productVariants).where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.price), asc(productVariants.id));
}

/** Adds a variant to a product; 404 when the product is missing, 409 when the SKU is taken. */
export async function createVariant(
  db: Db,
  userId: number,
  productId: number,
  input: VariantCreate,
): Promise<VariantRecord> {
  assertSaleBelowPrice(input.price, input.salePrice);
  const values = { ...toColumns(input), productId } as typeof productVariants.$inferInsert;
  return await uniqueOrConflict(values, () =>
    db.transaction(async (tx) => {
      if (!await productRecord(tx, productId, true)) throw new NotFoundError("Product Not Found");
      await assertVariantSkuFree(tx, input.sku);
      const [created] = await tx.insert(productVariants).values(values).returning();
      await syncProductStock(tx, productId);
      await recordStockMovements(tx, [{
        productId,
        variantId: created.id,
        delta: created.stock,
        stockAfter: created.stock,
        note: "new variant",
      }], { reason: "staff_edit", actorUserId: userId });
      await audit(tx, userId, "product_variant", created.id, "create", {
        key: { productId, name: created.name, sku: created.sku, price: created.price, stock: created.stock },
      });
      return created;
    }));
}

/** Edits any subset of a variant's fields. */
export async function updateVariant(db: Db, userId: number, id: number, patch: VariantUpdate): Promise<VariantRecord> {
  return await uniqueOrConflict({ ...patch }, () =>
    db.transaction(async (tx) => {
      const found = await variantRecord(tx, id);
      if (!found) throw new NotFoundError("Variant not found");
      await tx.execute(sql`select id from ${products} where ${products.id} = ${found.productId} for update`);
      const [before] = await tx.select().from(productVariants).where(eq(productVariants.id, id)).for("update");
      assertSaleBelowPrice(
        patch.price ?? toCents(before.price)!,
        patch.salePrice !== undefined ? patch.salePrice : toCents(before.salePrice),
      );
      await assertVariantSkuFree(tx, patch.sku, id);
      const cols = toColumns(patch);
      if (Object.keys(cols).length) {
        await tx.update(productVariants).set({ ...cols, updatedAt: new Date() }).where(eq(productVariants.id, id));
      }
      await syncProductStock(tx, before.productId);
      const after = (await variantRecord(tx, id))!;
      await recordStockMovements(tx, [{
        productId: before.productId,
        variantId: id,
        delta: after.stock - before.stock,
        stockAfter: after.stock,
      }], { reason: "staff_edit", actorUserId: userId });
      await audit(tx, userId, "product_variant", id, "update", { before, after, key: { productId: before.productId } });
      return after;
    }));
}

/** Deletes a variant (orders keep their own copy of the line). */
export async function deleteVariant(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await variantRecord(tx, id);
    if (!found) throw new NotFoundError("Variant not found");
    await tx.execute(sql`select id from ${products} where ${products.id} = ${found.productId} for update`);
    // The units it held as the delete found them (the product's lock keeps sales out meanwhile); the
    // row's variant id is gone, so the note names it.
    const [gone] = await tx.delete(productVariants).where(eq(productVariants.id, id))
      .returning({ stock: productVariants.stock, name: productVariants.name });
    if (gone) {
      await recordStockMovements(tx, [{
        productId: found.productId,
        variantId: null,
        delta: -gone.stock,
        stockAfter: 0,
        note: `variant ${gone.name} deleted`,
      }], { reason: "staff_edit", actorUserId: userId });
    }
    await syncProductStock(tx, found.productId);
    await audit(tx, userId, "product_variant", id, "delete", {
      key: { productId: found.productId, name: found.name, sku: found.sku, price: found.price, stock: found.stock },
    });
  });
}
