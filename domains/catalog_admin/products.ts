/**
 * Staff writes to products: create, edit, archive and unarchive. Products are never deleted: an
 * archived product leaves the storefront (domains/catalog/visibility.ts) while orders keep their
 * lines. A draft (status `draft`) is saved and seen by staff only; publishing it is an edit like any
 * other (status -> `active`), audited with the rest; a draft's `publishAt` has the publishing job
 * (publishing.ts) do it at that time. A product sold as variants has the sum of its variants' stock, so its own stock is not
 * edited directly. Each write records an audit entry in the same transaction, and a change of stock
 * a stock history row ("staff_edit", decision 0071).
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { cartItems, products, productVariants } from "../../db/schema/mod.ts";
import { NotFoundError, ValidationError } from "../../lib/errors.ts";
import { toCents, toNumeric } from "../../lib/money.ts";
import { recordStockMovements } from "../stock_history/mod.ts";
import {
  assertCategoryExists,
  assertProductKeysFree,
  assertSaleBelowPrice,
  audit,
  type ProductRecord,
  productRecord,
  slugOrFromName,
  uniqueOrConflict,
} from "./records.ts";
import type { ProductCreate, ProductUpdate } from "./schemas.ts";

/** The message when staff set the stock of a product that has variants. */
export const VARIANT_STOCK_RULE = "The stock of a product with variants is the sum of its variants' stock";

type Columns = Partial<typeof products.$inferInsert>;

/** Form and API values -> column values (money to numeric strings, measures to text). */
function toColumns(input: ProductUpdate): Columns {
  const cols: Columns = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    switch (key) {
      case "price":
        cols.price = toNumeric(value as number);
        break;
      case "salePrice":
        cols.salePrice = value === null ? null : toNumeric(value as number);
        break;
      case "weight":
      case "length":
      case "width":
      case "height":
        cols[key] = value === null ? null : String(value);
        break;
      default:
        (cols as Record<string, unknown>)[key] = value;
    }
  }
  return cols;
}

/** Creates a product (slug from the name when none is given); 409 when the SKU or slug is taken. */
export async function createProduct(db: Db, userId: number, input: ProductCreate): Promise<ProductRecord> {
  const slug = slugOrFromName(input.slug, input.name);
  assertSaleBelowPrice(input.price, input.salePrice);
  const values = { ...toColumns(input), slug } as typeof products.$inferInsert;
  // Only a draft waits for a publishing time.
  if (values.status !== "draft") values.publishAt = null;
  return await uniqueOrConflict(values, () =>
    db.transaction(async (tx) => {
      await assertProductKeysFree(tx, { sku: input.sku, slug });
      await assertCategoryExists(tx, input.categoryId);
      const [row] = await tx.insert(products).values(values).returning({ id: products.id });
      const created = (await productRecord(tx, row.id))!;
      await recordStockMovements(tx, [{
        productId: created.id,
        variantId: null,
        delta: created.stock,
        stockAfter: created.stock,
        note: "new product",
      }], { reason: "staff_edit", actorUserId: userId });
      await audit(tx, userId, "product", created.id, "create", {
        key: { name: created.name, sku: created.sku, slug: created.slug, price: created.price, status: created.status },
      });
      return created;
    }));
}

/** Edits any subset of a product's fields; 404 when missing, 409 on a taken SKU or slug. */
export async function updateProduct(
  db: Db,
  userId: number,
  id: number,
  patch: ProductUpdate,
): Promise<ProductRecord> {
  return await uniqueOrConflict({ ...patch }, () =>
    db.transaction(async (tx) => {
      const before = await productRecord(tx, id, true);
      if (!before) throw new NotFoundError("Product Not Found");
      const cols = toColumns(patch);
      if (patch.slug !== undefined) cols.slug = slugOrFromName(patch.slug, patch.name ?? before.name);
      // Only a draft waits for a publishing time: an active product's is cleared.
      if ((patch.status ?? before.status) === "active" && (before.publishAt !== null || cols.publishAt)) {
        cols.publishAt = null;
      }
      assertSaleBelowPrice(
        patch.price ?? toCents(before.price)!,
        patch.salePrice !== undefined ? patch.salePrice : toCents(before.salePrice),
      );
      if (patch.stock !== undefined && patch.stock !== before.stock && await hasVariants(tx, id)) {
        throw new ValidationError(VARIANT_STOCK_RULE, [{ path: "stock", message: VARIANT_STOCK_RULE }]);
      }
      await assertProductKeysFree(tx, { sku: patch.sku, slug: cols.slug }, id);
      await assertCategoryExists(tx, patch.categoryId);
      if (Object.keys(cols).length) {
        await tx.update(products).set({ ...cols, updatedAt: new Date() }).where(eq(products.id, id));
      }
      // Back to draft: off the storefront, so out of shoppers' carts too (as archiving does).
      if (patch.status === "draft" && before.status !== "draft") {
        await tx.delete(cartItems).where(eq(cartItems.productId, id));
      }
      const after = (await productRecord(tx, id))!;
      // The row is locked since `before` was read, so the difference is this edit's alone.
      await recordStockMovements(tx, [{
        productId: id,
        variantId: null,
        delta: after.stock - before.stock,
        stockAfter: after.stock,
      }], { reason: "staff_edit", actorUserId: userId });
      await audit(tx, userId, "product", id, "update", { before, after });
      return after;
    }));
}

async function hasVariants(tx: Db, productId: number): Promise<boolean> {
  const [row] = await tx.select({ id: productVariants.id }).from(productVariants)
    .where(eq(productVariants.productId, productId)).limit(1);
  return !!row;
}

/**
 * Archives a product (DELETE /api/products/{id}): it leaves the storefront at once and its lines
 * leave shoppers' carts; orders keep their lines. Archiving an archived product changes nothing.
 */
export async function archiveProduct(db: Db, userId: number, id: number, now = new Date()): Promise<ProductRecord> {
  return await setArchived(db, userId, id, now);
}

/** Brings an archived product back to the storefront. */
export async function unarchiveProduct(db: Db, userId: number, id: number): Promise<ProductRecord> {
  return await setArchived(db, userId, id, null);
}

async function setArchived(db: Db, userId: number, id: number, at: Date | null): Promise<ProductRecord> {
  return await db.transaction(async (tx) => {
    const before = await productRecord(tx, id, true);
    if (!before) throw new NotFoundError("Product Not Found");
    if ((before.archivedAt === null) === (at === null)) return before;
    await tx.update(products).set({ archivedAt: at, updatedAt: new Date() }).where(eq(products.id, id));
    if (at) await tx.delete(cartItems).where(eq(cartItems.productId, id));
    const after = (await productRecord(tx, id))!;
    await audit(tx, userId, "product", id, at ? "archive" : "unarchive", {
      before: { archivedAt: before.archivedAt },
      after: { archivedAt: after.archivedAt },
      key: { name: after.name, sku: after.sku },
    });
    return after;
  });
}
