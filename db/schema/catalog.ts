/** Categories, products and product variants. Money columns are numeric(10,2) rand. */
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  serial,
  text,
  varchar,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { money, timestamps, tstz } from "./columns.ts";

/** PostgreSQL full-text search document. */
const tsvector = customType<{ data: string }>({
  dataType: () => "tsvector",
});

/**
 * A product's publication state: a draft is saved and seen by staff only, never by shoppers
 * (domains/catalog/visibility.ts); an active product is on the storefront unless archived.
 */
export const productStatus = pgEnum("product_status", ["draft", "active"]);

export const categories = pgTable("categories", {
  id: serial().primaryKey(),
  name: varchar({ length: 100 }).notNull(),
  slug: varchar({ length: 120 }).notNull().unique(),
  description: text(),
  parentId: integer().references((): AnyPgColumn => categories.id, { onDelete: "set null" }),
  image: text(),
  googleCategoryId: varchar({ length: 20 }),
  googleCategoryPath: text(),
  level: integer().notNull().default(1),
  /** Display order in the header, home page and category list. */
  position: integer().notNull().default(0),
  /** Months after which its consumables should be replaced (staff set; a product's own value comes first). */
  replacementMonths: integer(),
  externalId: varchar({ length: 100 }),
  externalSource: varchar({ length: 50 }),
  syncedAt: tstz(),
  ...timestamps(),
}, (t) => [index().on(t.parentId), index().on(t.position), index().on(t.externalSource, t.externalId)]);

export const products = pgTable("products", {
  id: serial().primaryKey(),
  name: varchar({ length: 200 }).notNull(),
  slug: varchar({ length: 220 }).notNull().unique(),
  description: text().notNull().default(""),
  price: money().notNull(),
  salePrice: money(),
  sku: varchar({ length: 64 }).notNull().unique(),
  stock: integer().notNull().default(0),
  images: jsonb().$type<string[]>().notNull().default([]),
  /**
   * Alt text of the product's images, keyed by image URL (so reordering never mixes them up); an
   * image without an entry reads the product's name. Kept beside `images` so every reader of the
   * plain URL list stays as it is (decision 0070).
   */
  imageAlts: jsonb().$type<Record<string, string>>().notNull().default({}),
  /**
   * Up to three option types (Size: Small, Medium; UVB: 5%, 10%) whose combinations are the
   * product's variants; empty for a product without options (decision 0070).
   */
  options: jsonb().$type<{ name: string; values: string[] }[]>().notNull().default([]),
  categoryId: integer().references(() => categories.id, { onDelete: "set null" }),
  featured: boolean().notNull().default(false),
  isNew: boolean().notNull().default(false),
  brand: varchar({ length: 100 }),
  metaTitle: varchar({ length: 200 }),
  metaDescription: text(),
  fbCommerceId: varchar({ length: 100 }),
  fbRetailerId: varchar({ length: 100 }),
  fbAvailability: varchar({ length: 30 }),
  fbCondition: varchar({ length: 30 }),
  fbGtin: varchar({ length: 30 }),
  fbMpn: varchar({ length: 64 }),
  fbLink: text(),
  fbSyncedAt: tstz(),
  googleProductCategoryId: varchar({ length: 20 }),
  googleProductCategory: text(),
  /** Kilograms. */
  weight: numeric({ precision: 8, scale: 3 }),
  /** Centimetres. */
  length: numeric({ precision: 8, scale: 2 }),
  width: numeric({ precision: 8, scale: 2 }),
  height: numeric({ precision: 8, scale: 2 }),
  pudoEligible: boolean().notNull().default(true),
  /**
   * Set when staff archive the product: it leaves the storefront (its page answers 404) while old
   * orders, carts' history and the audit trail keep pointing at it. Products are never deleted.
   */
  archivedAt: tstz(),
  /** Draft or active (decision 0069); independent of the archive. */
  status: productStatus().notNull().default("active"),
  /**
   * When a draft is to be published: the publishing job (domains/catalog_admin/publishing.ts) makes
   * it active once this time has passed, and clears it. Ignored for an active product.
   */
  publishAt: tstz(),
  /**
   * Months after which a bought unit should be replaced (a UVB tube 12): staff set it here, or on the
   * category; the setup rules' value (product_husbandry) comes between the two. Null: not a consumable.
   */
  replacementMonths: integer(),
  /**
   * The product is low on stock at this many units or fewer (a reorder point: crickets sell by the
   * hundred, a vivarium one a month); null reads the shop's LOW_STOCK (5). The dashboard, the
   * product list's "low stock" filter and the daily low-stock e-mail all read it (decision 0105).
   */
  lowStockAt: integer(),
  /**
   * The fewest units any of its variants holds (pre-order variants, which hold none, left out); null
   * for a product sold without variants. Kept by a trigger on product_variants (migration 0047), so
   * the low-stock rule sees a size that ran out while the product's total is still high (decision 0111).
   */
  lowestVariantStock: integer(),
  /**
   * Search document kept by the database (triggers of migration 0015): name weighs most, then
   * brand, then the category's name, then description. Stored with the category's name so one GIN
   * index answers a search (decision 0044); never written by the code.
   */
  searchVector: tsvector(),
  ...timestamps(),
}, (t) => [
  index("products_search_vector_idx").using("gin", t.searchVector),
  index("products_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
  index().on(t.categoryId),
  index().on(t.featured),
  index().on(t.isNew),
  index().on(t.brand),
  index().on(t.name),
  index().on(t.price),
  index().on(t.createdAt),
  // The recommendations job's minute check reads the products written since its last run (decision 0090).
  index("products_updated_at_idx").on(t.updatedAt),
  index().on(t.fbRetailerId),
  index().on(t.archivedAt),
  // The publishing job's read: drafts whose time has come.
  index("products_publish_at_idx").on(t.publishAt).where(sql`status = 'draft' and publish_at is not null`),
  index("products_effective_price_idx").on(sql`coalesce(${t.salePrice}, ${t.price})`),
  // A search's name and brand matches, the first matches it ranks (text_search.ts, decision 0054).
  index("products_title_search_idx").using(
    "gin",
    sql`(to_tsvector('english', ${t.name}) || to_tsvector('simple', coalesce(${t.brand}, '')))`,
  ),
  // What a search's typo matching compares (text_search.ts); the `<%` operator can use it.
  index("products_name_brand_trgm_idx").using(
    "gin",
    sql`lower(${t.name} || ' ' || coalesce(${t.brand}, '')) gin_trgm_ops`,
  ),
  // Storefront listings of a category, one index per sort, so a page is read in order and stops
  // after its rows instead of sorting the whole category (decision 0044).
  index("products_listing_featured_idx").on(
    t.categoryId,
    t.featured.desc().nullsFirst(),
    t.isNew.desc().nullsFirst(),
    t.name,
    t.id,
  )
    .where(sql`archived_at is null`),
  index("products_listing_price_idx").on(t.categoryId, sql`coalesce(${t.salePrice}, ${t.price})`, t.name, t.id)
    .where(sql`archived_at is null`),
  index("products_listing_price_desc_idx")
    .on(t.categoryId, sql`coalesce(${t.salePrice}, ${t.price}) desc`, t.name, t.id)
    .where(sql`archived_at is null`),
  index("products_listing_name_idx").on(t.categoryId, t.name, t.id).where(sql`archived_at is null`),
  index("products_listing_newest_idx").on(t.categoryId, t.createdAt, t.id).where(sql`archived_at is null`),
  // Counts and facets of storefront products by category, read from the index alone (the migration
  // adds INCLUDE (brand, price, sale_price), which Drizzle cannot declare). Its condition is the
  // storefront's whole rule (visibility.ts), so a count never visits the table (decision 0089).
  index("products_storefront_category_idx").on(t.categoryId)
    .where(sql`archived_at is null and status = 'active'`),
  // The whole catalogue's listing in its default sort (no category chosen): a deep page walks the
  // index alone instead of sorting every product (decision 0098).
  index("products_storefront_featured_idx").on(
    t.featured.desc().nullsFirst(),
    t.isNew.desc().nullsFirst(),
    t.name,
    t.id,
  )
    .where(sql`archived_at is null and status = 'active'`),
  // The admin dashboard's low-stock panel and the product list's "low stock" filter (decision 0098).
  // Its condition is the low-stock rule itself (db/low_stock.ts), so the index holds only low products.
  index("products_low_stock_idx").on(sql`coalesce(${t.lowestVariantStock}, ${t.stock})`, t.name)
    .where(sql`archived_at is null and coalesce(lowest_variant_stock, stock) <= coalesce(low_stock_at, 5)`),
  // The admin product list's "name or SKU contains" search, beside products_name_trgm_idx (decision 0098).
  index("products_sku_trgm_idx").using("gin", sql`lower(${t.sku}) gin_trgm_ops`),
  check("products_stock_non_negative", sql`${t.stock} >= 0`),
  check("products_low_stock_at_range", sql`${t.lowStockAt} between 0 and 1000000`),
  check("products_price_non_negative", sql`${t.price} >= 0`),
  check("products_sale_price_non_negative", sql`${t.salePrice} is null or ${t.salePrice} >= 0`),
]);

export const productVariants = pgTable("product_variants", {
  id: serial().primaryKey(),
  productId: integer().notNull().references(() => products.id, { onDelete: "cascade" }),
  name: varchar({ length: 100 }).notNull(),
  sku: varchar({ length: 64 }).notNull().unique(),
  price: money().notNull(),
  salePrice: money(),
  stock: integer().notNull().default(0),
  dimensions: varchar({ length: 60 }),
  preorder: boolean().notNull().default(false),
  preorderDiscount: numeric({ precision: 5, scale: 2 }),
  regularDiscount: numeric({ precision: 5, scale: 2 }),
  arrivalDate: date({ mode: "string" }),
  /**
   * The variant's value of each of the product's options, in the options' order (["Small", "5%"]);
   * null for a variant made by hand, outside the option matrix (decision 0070).
   */
  optionValues: jsonb().$type<string[]>(),
  ...timestamps(),
}, (t) => [
  index().on(t.productId),
  check("product_variants_stock_non_negative", sql`${t.stock} >= 0`),
  check("product_variants_price_non_negative", sql`${t.price} >= 0`),
]);
