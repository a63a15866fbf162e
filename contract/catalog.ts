/**
 * The catalogue's JSON contract: categories, products, variants, lists and search answers as the
 * public reads (GET /api/products..., /api/categories..., /api/search...) send them. The mappers in
 * routes/api/json.ts are typed with these schemas, so a field added on one side and not the other
 * breaks `deno task check`, and /api/openapi.json describes every response.
 */
import { z } from "zod";
import { rand } from "./money.ts";

const int = z.number().int();
const isoTime = z.string().describe("ISO 8601 date and time");

export const categoryJsonSchema = z.object({
  id: int,
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  parentId: int.nullable(),
  level: int,
  productCount: int.describe("Products in this category and its sub-categories"),
});

export const productJsonSchema = z.object({
  id: int,
  name: z.string(),
  slug: z.string(),
  sku: z.string(),
  brand: z.string().nullable(),
  description: z.string(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  price: rand,
  salePrice: rand.nullable(),
  currency: z.literal("ZAR"),
  stock: int,
  availability: z.enum(["in stock", "out of stock"]),
  condition: z.literal("new"),
  images: z.array(z.string()).describe("Image URLs, the main photo first"),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) }))
    .describe("Option types whose combinations are the variants (Size: Small, Large); empty when none"),
  categoryId: int.nullable(),
  category: z.object({ id: int, name: z.string(), slug: z.string() }).nullable(),
  featured: z.boolean(),
  isNew: z.boolean(),
  weight: z.number().nullable().describe("kg"),
  length: z.number().nullable().describe("cm"),
  width: z.number().nullable().describe("cm"),
  height: z.number().nullable().describe("cm"),
  pudoEligible: z.boolean(),
  gtin: z.string().nullable(),
  mpn: z.string().nullable(),
  fbMpn: z.string().nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
});

export const variantJsonSchema = z.object({
  id: int,
  productId: int,
  name: z.string(),
  sku: z.string(),
  price: rand,
  salePrice: rand.nullable(),
  stock: int,
  dimensions: z.string().nullable(),
  preorder: z.boolean(),
  preorderDiscount: z.number().nullable().describe("Percent off while on pre-order"),
  regularDiscount: z.number().nullable(),
  arrivalDate: z.string().nullable().describe("YYYY-MM-DD"),
  optionValues: z.array(z.string()).nullable().describe("Its value of each of the product's options, in order"),
});

export const productWithVariantsJsonSchema = productJsonSchema.extend({ variants: z.array(variantJsonSchema) });

export const productListJsonSchema = z.object({
  items: z.array(productJsonSchema),
  total: int.describe("How many products match (with `capped`, at least this many)"),
  capped: z.boolean().optional(),
  page: int,
  limit: int,
});

export const searchJsonSchema = z.object({
  query: z.string(),
  total: int,
  totalCapped: z.boolean().describe("More products match than `total`, the number ranked"),
  items: z.array(productJsonSchema),
});

export const suggestionJsonSchema = z.object({
  id: int,
  name: z.string(),
  slug: z.string(),
  brand: z.string().nullable(),
  price: rand,
  salePrice: rand.nullable(),
  image: z.string().nullable(),
});
