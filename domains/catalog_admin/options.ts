/**
 * A product's option types (Size x Colour, Length x UVB strength) and the variant matrix they
 * make. Staff set the options; "Generate variants" adds each missing combination as a variant
 * (named "Small / 5%", its option values stored, SKU from the product's SKU and the values, price
 * from the product, stock 0). Generating only ever adds: existing variants, and so any variant an
 * order or cart points at, are kept as they are (decision 0070). Audited in the same transaction.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, productVariants } from "../../db/schema/mod.ts";
import { NotFoundError, ValidationError } from "../../lib/errors.ts";
import { syncProductStock } from "../orders/mod.ts";
import { audit, type ProductRecord, productRecord, retryOnClash, type VariantRecord } from "./records.ts";
import { MAX_OPTION_COMBINATIONS, type ProductOption, TOO_MANY_COMBINATIONS } from "./schemas.ts";
import { prefixPattern } from "../../db/like.ts";

/** Every combination of the options' values, the first option varying slowest. */
export function combinations(options: ProductOption[]): string[][] {
  if (!options.length) return [];
  return options.reduce<string[][]>(
    (acc, option) => acc.flatMap((prefix) => option.values.map((value) => [...prefix, value])),
    [[]],
  );
}

/** A combination's variant name: "Small / 5%". */
export function combinationName(values: string[]): string {
  return values.join(" / ");
}

/** The SKU a combination starts from: the product's SKU and each value in capitals ("UVB-T5-SMALL-5"). */
export function combinationSku(productSku: string, values: string[]): string {
  const parts = values.map((v) => v.toUpperCase().replace(/[^A-Z0-9]+/g, "-").replace(/^-+|-+$/g, "") || "X");
  return [productSku, ...parts].join("-");
}

/**
 * `base`, or `base-2`, `base-3`... : the first not in `taken` (lower-cased SKUs), cut to fit 64
 * characters with its suffix.
 */
export function uniqueSku(base: string, taken: Set<string>): string {
  for (let n = 1;; n++) {
    const suffix = n === 1 ? "" : `-${n}`;
    const candidate = `${base.slice(0, 64 - suffix.length)}${suffix}`;
    if (!taken.has(candidate.toLowerCase())) {
      taken.add(candidate.toLowerCase());
      return candidate;
    }
  }
}

/** Lower-cased SKUs of every variant that starts like one of `bases` (the only ones a new SKU could clash with). */
export async function takenVariantSkus(tx: Db, bases: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  const prefixes = [...new Set(bases.map((b) => b.slice(0, 40).toLowerCase()))];
  for (const prefix of prefixes) {
    const like = prefixPattern(prefix);
    const rows = await tx.select({ sku: productVariants.sku }).from(productVariants)
      .where(sql`lower(${productVariants.sku}) like ${like}`);
    for (const row of rows) taken.add(row.sku.toLowerCase());
  }
  return taken;
}

/** Replaces a product's option types (variants are untouched until staff generate). */
export async function setProductOptions(
  db: Db,
  userId: number,
  productId: number,
  options: ProductOption[],
): Promise<ProductRecord> {
  return await db.transaction(async (tx) => {
    const before = await productRecord(tx, productId, true);
    if (!before) throw new NotFoundError("Product Not Found");
    await tx.update(products).set({ options, updatedAt: new Date() }).where(eq(products.id, productId));
    const after = (await productRecord(tx, productId))!;
    await audit(tx, userId, "product", productId, "update", {
      before: { options: before.options },
      after: { options: after.options },
    });
    return after;
  });
}

const sameValues = (a: string[], b: string[]) =>
  a.length === b.length && a.every((v, i) => v.toLowerCase() === b[i].toLowerCase());

/**
 * Adds a variant for every combination of the product's options that has none yet (matched by its
 * stored option values, or by its name for a variant made by hand before the options existed, which
 * then gets its values). Returns the variants added.
 */
export async function generateVariants(db: Db, userId: number, productId: number): Promise<VariantRecord[]> {
  // A SKU taken by another write between our check and our insert: run again, past it.
  return await retryOnClash(() =>
    db.transaction(async (tx) => {
      const product = await productRecord(tx, productId, true);
      if (!product) throw new NotFoundError("Product Not Found");
      const all = combinations(product.options);
      if (!all.length) throw new ValidationError("Add an option with its values before generating variants");
      if (all.length > MAX_OPTION_COMBINATIONS) throw new ValidationError(TOO_MANY_COMBINATIONS);
      const existing = await tx.select().from(productVariants).where(eq(productVariants.productId, productId))
        .orderBy(asc(productVariants.id)).for("update");
      const missing: string[][] = [];
      for (const values of all) {
        const name = combinationName(values).toLowerCase();
        if (existing.some((v) => v.optionValues && sameValues(v.optionValues, values))) continue;
        const byName = existing.find((v) => !v.optionValues && v.name.toLowerCase() === name);
        if (byName) {
          await tx.update(productVariants).set({ optionValues: values, updatedAt: new Date() })
            .where(eq(productVariants.id, byName.id));
          byName.optionValues = values;
          continue;
        }
        missing.push(values);
      }
      if (!missing.length) return [];
      const bases = missing.map((values) => combinationSku(product.sku, values));
      const taken = await takenVariantSkus(tx, bases);
      const created = await tx.insert(productVariants).values(missing.map((values, i) => ({
        productId,
        name: combinationName(values),
        sku: uniqueSku(bases[i], taken),
        price: product.price,
        salePrice: product.salePrice,
        stock: 0,
        optionValues: values,
      }))).returning();
      await syncProductStock(tx, productId);
      for (const v of created) {
        await audit(tx, userId, "product_variant", v.id, "create", {
          key: { productId, name: v.name, sku: v.sku, price: v.price, stock: v.stock, generated: true },
        });
      }
      return created;
    })
  );
}
