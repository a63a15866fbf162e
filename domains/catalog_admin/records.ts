/**
 * What the catalogue's staff writes share: the rows as the admin sees them (every column, archived
 * products included), the audit call, and unique-key clashes turned into the 409 texts staff read.
 */
import { and, eq, getTableColumns, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, products, productVariants } from "../../db/schema/mod.ts";
import { ConflictError, ERROR_CODES, type ErrorCode, pgErrorCode } from "../../lib/errors.ts";
import { slugify } from "../../lib/ids.ts";
import { ValidationError } from "../../lib/errors.ts";
import { type AuditEntityType, changedFields, recordAudit } from "../admin_audit/mod.ts";

const { searchVector: _searchVector, ...productTableColumns } = getTableColumns(products);

/** A products row as staff edit it (the search document stays in the database). */
export type ProductRecord = Omit<typeof products.$inferSelect, "searchVector">;
export type VariantRecord = typeof productVariants.$inferSelect;
export type CategoryRecord = typeof categories.$inferSelect;

/** Every column of one product, archived or not; `lock` takes its row lock for the transaction. */
export async function productRecord(tx: Db, id: number, lock = false): Promise<ProductRecord | undefined> {
  const query = tx.select(productTableColumns).from(products).where(eq(products.id, id)).$dynamic();
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** The fields an audit entry compares: the record without its bookkeeping timestamps. */
function auditable(row: Record<string, unknown>): Record<string, unknown> {
  const { updatedAt: _u, createdAt: _c, ...rest } = row;
  return rest;
}

/** Records a write in the audit trail: the changed fields for an update, key fields otherwise. */
export async function audit(
  tx: Db,
  userId: number,
  entityType: AuditEntityType,
  entityId: number,
  action: "create" | "update" | "delete" | "archive" | "unarchive",
  change: { before?: Record<string, unknown>; after?: Record<string, unknown>; key?: Record<string, unknown> },
): Promise<void> {
  const details = change.before && change.after
    ? { changes: changedFields(auditable(change.before), auditable(change.after)), ...change.key }
    : { ...change.key };
  await recordAudit(tx, { userId, entityType, entityId, action, details });
}

/** The slug to store: the one given, else one made from the name. */
export function slugOrFromName(slug: string | undefined, name: string): string {
  const chosen = slug || slugify(name);
  if (!chosen) throw new ValidationError("Slug is required when the name has no letters or digits");
  return chosen;
}

/** The catalogue's unique keys: the record and the field each one keeps unique. */
const UNIQUE_KEYS = {
  products_sku_unique: { record: "product", field: "sku" },
  products_slug_unique: { record: "product", field: "slug" },
  product_variants_sku_unique: { record: "variant", field: "sku" },
  categories_slug_unique: { record: "category", field: "slug" },
} as const satisfies Record<string, { record: string; field: "sku" | "slug" }>;

/** A clash on each field: its error code, and the field's name in the 409's text. */
const CLASH_ON = {
  sku: { code: ERROR_CODES.duplicateSku, label: "SKU" },
  slug: { code: ERROR_CODES.duplicateSlug, label: "slug" },
} satisfies Record<string, { code: ErrorCode; label: string }>;

/**
 * The 409 for a clash on one of the catalogue's unique keys (a check before the write, or the write
 * itself): "A variant with SKU RB-001 already exists", with its code and the form field it concerns.
 */
export function uniqueClash(key: keyof typeof UNIQUE_KEYS, values: Record<string, unknown>): ConflictError {
  const { record, field } = UNIQUE_KEYS[key];
  const { code, label } = CLASH_ON[field];
  return new ConflictError(`A ${record} with ${label} ${values[field]} already exists`, { code, field });
}

/**
 * Runs a write; a unique-key clash the checks before it could not see (a concurrent write) becomes
 * the same 409 as the checks give.
 */
export async function uniqueOrConflict<T>(values: Record<string, unknown>, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (pgErrorCode(err) === "23505") {
      const key = Object.keys(UNIQUE_KEYS).find((name) => String(errText(err)).includes(name));
      throw key
        ? uniqueClash(key as keyof typeof UNIQUE_KEYS, values)
        : new ConflictError("That record already exists");
    }
    throw err;
  }
}

/**
 * Runs a write that picks its own free keys (a copy's slug, generated SKUs) again when a concurrent
 * write took one of them between its check and its insert: the next run sees that key taken.
 */
export async function retryOnClash<T>(write: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1;; i++) {
    try {
      return await write();
    } catch (err) {
      if (pgErrorCode(err) !== "23505") throw err;
      if (i >= attempts) {
        throw new ConflictError("Another change took the same SKU or slug at the same time; try again");
      }
    }
  }
}

function errText(err: unknown): string {
  let e: unknown = err;
  const parts: string[] = [];
  for (let i = 0; i < 4 && e && typeof e === "object"; i++) {
    const o = e as { message?: unknown; constraint?: unknown; constraint_name?: unknown; cause?: unknown };
    parts.push(String(o.message ?? ""), String(o.constraint ?? ""), String(o.constraint_name ?? ""));
    e = o.cause;
  }
  return parts.join(" ");
}

/** 409 when another product (not `exceptId`) already has this SKU or slug. */
export async function assertProductKeysFree(
  tx: Db,
  keys: { sku?: string; slug?: string },
  exceptId?: number,
): Promise<void> {
  const other = exceptId ? ne(products.id, exceptId) : undefined;
  if (keys.sku !== undefined) {
    const [hit] = await tx.select({ id: products.id }).from(products)
      .where(and(sql`lower(${products.sku}) = lower(${keys.sku})`, other)).limit(1);
    if (hit) throw uniqueClash("products_sku_unique", keys);
  }
  if (keys.slug !== undefined) {
    const [hit] = await tx.select({ id: products.id }).from(products)
      .where(and(eq(products.slug, keys.slug), other)).limit(1);
    if (hit) throw uniqueClash("products_slug_unique", keys);
  }
}

/** 400 when a category id names no category. */
export async function assertCategoryExists(tx: Db, categoryId: number | null | undefined): Promise<void> {
  if (categoryId === null || categoryId === undefined) return;
  const [hit] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!hit) throw new ValidationError("Category not found", [{ path: "categoryId", message: "Category not found" }]);
}

/** Sale price must be below the price (when there is one). */
export function assertSaleBelowPrice(priceCents: number, salePriceCents: number | null): void {
  if (salePriceCents !== null && salePriceCents >= priceCents) {
    throw new ValidationError("Sale price must be below the price", [
      { path: "salePrice", message: "Sale price must be below the price" },
    ]);
  }
}
