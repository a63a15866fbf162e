/**
 * Duplicating a product: a copy to edit into a similar one (the 60 cm tube from the 90 cm one). The
 * copy is a draft (decision 0069), so shoppers never see it half-edited: "Copy of {name}", a fresh
 * slug and SKU, the same images, alt text, options and details, its variants copied with fresh SKUs,
 * its husbandry (what it does in an animal's setup) copied with them, and no stock (units are counted, never copied). Marketplace ids (Meta's) stay with the original.
 * One transaction with its audit entries.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { productHusbandry, products, productVariants } from "../../db/schema/mod.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { audit, type ProductRecord, productRecord, retryOnClash } from "./records.ts";
import { takenVariantSkus, uniqueSku } from "./options.ts";
import { prefixPattern } from "../../db/like.ts";

/** `base`, or `base-2`, `base-3`...: the first slug no product has. */
async function freeSlug(tx: Db, base: string): Promise<string> {
  const like = prefixPattern(base);
  const rows = await tx.select({ slug: products.slug }).from(products).where(sql`${products.slug} like ${like}`);
  const taken = new Set(rows.map((r) => r.slug));
  for (let n = 1;; n++) {
    const suffix = n === 1 ? "" : `-${n}`;
    const candidate = `${base.slice(0, 220 - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The first product SKU free of `base`, `base-2`... (product SKUs are unique regardless of case). */
async function freeProductSku(tx: Db, base: string): Promise<string> {
  const like = prefixPattern(base.slice(0, 40).toLowerCase());
  const rows = await tx.select({ sku: products.sku }).from(products).where(sql`lower(${products.sku}) like ${like}`);
  return uniqueSku(base, new Set(rows.map((r) => r.sku.toLowerCase())));
}

/**
 * What the original does in an animal's setup (product_husbandry: needs, sizes, UVB, habitats,
 * species, replacement months) goes with the copy, its variants' rows onto the copied variants: a
 * 60 cm tube copied from the 90 cm one is still a UVB tube, to be edited, not described again.
 */
async function copyHusbandry(tx: Db, fromId: number, toId: number, newVariantOf: Map<number, number>): Promise<void> {
  const rows = await tx.select().from(productHusbandry).where(eq(productHusbandry.productId, fromId))
    .orderBy(asc(productHusbandry.id));
  if (!rows.length) return;
  await tx.insert(productHusbandry).values(rows.map(({ id: _id, createdAt: _c, updatedAt: _u, ...rest }) => ({
    ...rest,
    productId: toId,
    variantId: rest.variantId === null ? null : newVariantOf.get(rest.variantId) ?? null,
  })));
}

/** Copies product `id` as a draft; returns the copy. */
export async function duplicateProduct(db: Db, userId: number, id: number): Promise<ProductRecord> {
  return await retryOnClash(() =>
    db.transaction(async (tx) => {
      const original = await productRecord(tx, id);
      if (!original) throw new NotFoundError("Product Not Found");
      const {
        id: _id,
        createdAt: _c,
        updatedAt: _u,
        archivedAt: _a,
        publishAt: _p,
        fbCommerceId: _fc,
        fbRetailerId: _fr,
        fbSyncedAt: _fs,
        ...copied
      } = original;
      const name = `Copy of ${original.name}`.slice(0, 200);
      const slug = await freeSlug(tx, `copy-of-${original.slug}`);
      const sku = await freeProductSku(tx, `${original.sku}-COPY`);
      const [row] = await tx.insert(products).values({ ...copied, name, slug, sku, status: "draft", stock: 0 })
        .returning({ id: products.id });
      const variants = await tx.select().from(productVariants).where(eq(productVariants.productId, id))
        .orderBy(asc(productVariants.id));
      const newVariantOf = new Map<number, number>();
      if (variants.length) {
        const bases = variants.map((v) => `${v.sku}-COPY`);
        const taken = await takenVariantSkus(tx, bases);
        const rows = await tx.insert(productVariants).values(variants.map((v, i) => {
          const { id: _vid, createdAt: _vc, updatedAt: _vu, ...rest } = v;
          return { ...rest, productId: row.id, sku: uniqueSku(bases[i], taken), stock: 0 };
        })).returning();
        rows.forEach((v, i) => newVariantOf.set(variants[i].id, v.id));
        for (const v of rows) {
          await audit(tx, userId, "product_variant", v.id, "create", {
            key: { productId: row.id, name: v.name, sku: v.sku, price: v.price, stock: v.stock },
          });
        }
      }
      await copyHusbandry(tx, id, row.id, newVariantOf);
      const copy = (await productRecord(tx, row.id))!;
      await audit(tx, userId, "product", copy.id, "create", {
        key: { name: copy.name, sku: copy.sku, slug: copy.slug, status: copy.status, duplicatedFrom: id },
      });
      return copy;
    })
  );
}
