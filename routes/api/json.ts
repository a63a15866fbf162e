/** JSON shapes of catalogue records: the spec's field names, money as rand numbers. */
import {
  type Category,
  categoryFields,
  type Product,
  productFields,
  type ProductWithVariants,
  type Variant,
} from "../../domains/catalog/mod.ts";
import type { Suggestion } from "../../domains/search/mod.ts";
import { toRand } from "../../lib/money.ts";
import type { z } from "zod";
import type {
  categoryJsonSchema,
  productJsonSchema,
  productWithVariantsJsonSchema,
  suggestionJsonSchema,
  variantJsonSchema,
} from "../../contract/catalog.ts";

// Typed with the contract's schemas (contract/catalog.ts): the routes declare them as outputs.
type Out<S extends z.ZodType> = z.input<S>;

export function categoryJson(c: Category): Out<typeof categoryJsonSchema> {
  return { ...categoryFields(c), productCount: c.productCount };
}

export function productJson(p: Product): Out<typeof productJsonSchema> {
  return {
    ...productFields(p),
    price: toRand(p.priceCents),
    salePrice: toRand(p.salePriceCents),
    currency: "ZAR" as const,
    stock: p.stock,
    availability: p.stock > 0 ? "in stock" as const : "out of stock" as const,
    condition: "new" as const,
    images: p.images,
    options: p.options,
    categoryId: p.categoryId,
    category: p.category,
    featured: p.featured,
    isNew: p.isNew,
    weight: p.weightKg,
    length: p.lengthCm,
    width: p.widthCm,
    height: p.heightCm,
    pudoEligible: p.pudoEligible,
    gtin: p.gtin,
    mpn: p.mpn,
    fbMpn: p.mpn,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function variantJson(v: Variant): Out<typeof variantJsonSchema> {
  return {
    id: v.id,
    productId: v.productId,
    name: v.name,
    sku: v.sku,
    price: toRand(v.priceCents),
    salePrice: toRand(v.salePriceCents),
    stock: v.stock,
    dimensions: v.dimensions,
    preorder: v.preorder,
    preorderDiscount: v.preorderDiscount,
    regularDiscount: v.regularDiscount,
    arrivalDate: v.arrivalDate,
    optionValues: v.optionValues,
  };
}

export function productWithVariantsJson(p: ProductWithVariants): Out<typeof productWithVariantsJsonSchema> {
  return { ...productJson(p), variants: p.variants.map(variantJson) };
}

export function suggestionJson(s: Suggestion): Out<typeof suggestionJsonSchema> {
  return {
    id: s.id,
    name: s.name,
    slug: s.slug,
    brand: s.brand,
    price: toRand(s.priceCents),
    salePrice: toRand(s.salePriceCents),
    image: s.image,
  };
}
