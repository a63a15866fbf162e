/** Reviews, wishlists, recommendations, browsing history and back-in-stock alerts. */
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  real,
  serial,
  text,
  unique,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { money, timestamps, tstz } from "./columns.ts";
import { users } from "./accounts.ts";
import { categories, products, productVariants } from "./catalog.ts";
import { orders } from "./commerce.ts";

export const reviewSource = pgEnum("review_source", [
  "internal",
  "google",
  "amazon",
  "facebook",
  "external",
]);
export const reviewStatus = pgEnum("review_status", ["pending", "approved", "rejected"]);
export const reviewVerification = pgEnum("review_verification", [
  "unverified",
  "verified_purchase",
  "verified_owner",
  "expert",
  "admin_verified",
]);
export const recommendationType = pgEnum("recommendation_type", [
  "similar_products",
  "frequently_bought",
  "based_on_history",
  "trending",
  "personalized",
  "category_popular",
  "cross_sell",
  "up_sell",
]);

export const reviews = pgTable("reviews", {
  id: serial().primaryKey(),
  productId: integer().notNull().references(() => products.id, { onDelete: "cascade" }),
  userId: integer().references(() => users.id, { onDelete: "set null" }),
  orderId: integer().references(() => orders.id, { onDelete: "set null" }),
  title: varchar({ length: 100 }).notNull(),
  content: text().notNull(),
  rating: integer().notNull(),
  helpfulCount: integer().notNull().default(0),
  notHelpfulCount: integer().notNull().default(0),
  source: reviewSource().notNull().default("internal"),
  externalId: varchar({ length: 100 }),
  externalUrl: text(),
  status: reviewStatus().notNull().default("pending"),
  verificationStatus: reviewVerification().notNull().default("unverified"),
  photos: jsonb().$type<string[]>().notNull().default([]),
  /** Staff's reason when a review is rejected (told to the author by e-mail). */
  moderationNote: text(),
  moderatedBy: integer().references(() => users.id, { onDelete: "set null" }),
  moderatedAt: tstz(),
  ...timestamps(),
}, (t) => [
  index().on(t.productId, t.status),
  index().on(t.userId),
  index().on(t.orderId),
  index().on(t.createdAt),
  index().on(t.status, t.createdAt),
  index().on(t.moderatedBy),
  // One review per customer and product (imported reviews have no user).
  uniqueIndex("reviews_one_per_user_product").on(t.productId, t.userId).where(sql`${t.userId} is not null`),
  check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
]);

export const reviewVotes = pgTable("review_votes", {
  id: serial().primaryKey(),
  reviewId: integer().notNull().references(() => reviews.id, { onDelete: "cascade" }),
  userId: integer().notNull().references(() => users.id, { onDelete: "cascade" }),
  /** true = helpful, false = not helpful. */
  vote: boolean().notNull(),
  ...timestamps(),
}, (t) => [
  index().on(t.reviewId),
  index().on(t.userId),
  unique("review_votes_one_per_user").on(t.reviewId, t.userId),
]);

export const reviewReplies = pgTable("review_replies", {
  id: serial().primaryKey(),
  reviewId: integer().notNull().references(() => reviews.id, { onDelete: "cascade" }),
  userId: integer().references(() => users.id, { onDelete: "set null" }),
  content: text().notNull(),
  isOfficial: boolean().notNull().default(false),
  ...timestamps(),
}, (t) => [index().on(t.reviewId), index().on(t.userId)]);

export const wishlistItems = pgTable("wishlist_items", {
  id: serial().primaryKey(),
  userId: integer().notNull().references(() => users.id, { onDelete: "cascade" }),
  productId: integer().notNull().references(() => products.id, { onDelete: "cascade" }),
  addedAt: tstz().notNull().defaultNow(),
  /**
   * The product's price (sale price when on sale) the customer last saw: when saved, then as the
   * price-drop job tells them of a drop or sees a rise (decision 0108). Null until the job first reads it.
   */
  priceSeen: money(),
}, (t) => [
  index().on(t.userId, t.addedAt),
  index().on(t.productId),
  unique("wishlist_items_user_product_unique").on(t.userId, t.productId),
]);

/**
 * Computed lists. A product's lists (similar, frequently bought, cross-sell, up-sell) have a
 * sourceProductId; a customer's (personalized, based on history) a userId; shop-wide ones (trending,
 * category popular) neither, optionally a categoryId.
 */
export const recommendations = pgTable("recommendations", {
  id: serial().primaryKey(),
  sourceProductId: integer().references(() => products.id, { onDelete: "cascade" }),
  userId: integer().references(() => users.id, { onDelete: "cascade" }),
  categoryId: integer().references(() => categories.id, { onDelete: "cascade" }),
  recommendedProductId: integer().notNull().references(() => products.id, {
    onDelete: "cascade",
  }),
  type: recommendationType().notNull(),
  score: real().notNull().default(0),
  metadata: jsonb().$type<Record<string, unknown>>(),
  ...timestamps(),
}, (t) => [
  index().on(t.sourceProductId, t.type, t.score),
  index().on(t.recommendedProductId),
  index().on(t.userId, t.type, t.score),
  index().on(t.categoryId, t.type, t.score),
  index().on(t.type, t.score),
  unique("recommendations_pair_unique").on(t.sourceProductId, t.recommendedProductId, t.type),
]);

/**
 * A product's own four lists (similar, bought together, cross-sell, up-sell), one row per product:
 * the recommended ids best first with their scores. One row per product rather than one per entry
 * (decision 0059): at 100,000 products the per-entry rows were 4.8 million inserts with two
 * foreign-key checks each, over a minute of writing alone. `fingerprint` is what the lists were
 * computed from (name, brand, category, prices, archiving, description), so the incremental run
 * finds the products a write changed by comparing it.
 */
export const productRecommendationLists = pgTable("product_recommendations", {
  productId: integer().primaryKey().references(() => products.id, { onDelete: "cascade" }),
  similarProducts: integer().array().notNull(),
  similarScores: real().array().notNull(),
  boughtTogether: integer().array().notNull(),
  boughtTogetherScores: real().array().notNull(),
  crossSell: integer().array().notNull(),
  crossSellScores: real().array().notNull(),
  upSell: integer().array().notNull(),
  upSellScores: real().array().notNull(),
  fingerprint: text().notNull(),
  builtAt: tstz().notNull().defaultNow(),
});

/**
 * The recommendations job's state, one row: a lease (so that one instance at a time builds, however
 * the runs were triggered, without holding a database lock for the run's length), and when the last
 * full and incremental runs started (new paid orders and views are read from then on).
 */
export const recommendationRuns = pgTable("recommendation_runs", {
  id: integer().primaryKey(),
  leaseOwner: text(),
  leaseUntil: tstz(),
  /** Start of the last finished run, full or incremental: orders and views since then are new. */
  lastRunAt: tstz(),
  /** Start of the last finished full run. */
  lastFullAt: tstz(),
});

export const browsingHistory = pgTable("browsing_history", {
  id: serial().primaryKey(),
  userId: integer().references(() => users.id, { onDelete: "cascade" }),
  productId: integer().notNull().references(() => products.id, { onDelete: "cascade" }),
  sessionId: varchar({ length: 64 }),
  viewCount: integer().notNull().default(1),
  lastViewedAt: tstz().notNull().defaultNow(),
  /** Seconds on the product page, summed over views. */
  timeSpent: integer().notNull().default(0),
  createdAt: tstz().notNull().defaultNow(),
}, (t) => [
  index().on(t.userId, t.lastViewedAt),
  index().on(t.productId),
  index().on(t.sessionId),
  index().on(t.lastViewedAt),
  // One row per viewer and product (a customer by user, a visitor by an anonymous id): views add up.
  uniqueIndex("browsing_history_user_product").on(t.userId, t.productId).where(sql`${t.userId} is not null`),
  uniqueIndex("browsing_history_visitor_product").on(t.sessionId, t.productId).where(
    sql`${t.userId} is null and ${t.sessionId} is not null`,
  ),
]);

export const stockNotifications = pgTable("stock_notifications", {
  id: serial().primaryKey(),
  userId: integer().references(() => users.id, { onDelete: "cascade" }),
  productId: integer().notNull().references(() => products.id, { onDelete: "cascade" }),
  variantId: integer().references(() => productVariants.id, { onDelete: "cascade" }),
  email: varchar({ length: 254 }).notNull(),
  active: boolean().notNull().default(true),
  /** Set by a database trigger when the item comes back in stock; the alert sender then e-mails once. */
  dueAt: tstz(),
  notifiedAt: tstz(),
  createdAt: tstz().notNull().defaultNow(),
}, (t) => [
  index("stock_notifications_due_idx").on(t.dueAt).where(sql`${t.active} and ${t.dueAt} is not null`),
  index().on(t.userId),
  index().on(t.productId, t.active),
  index().on(t.variantId),
  uniqueIndex("stock_notifications_one_active")
    .on(t.productId, sql`coalesce(${t.variantId}, 0)`, t.email)
    .where(sql`${t.active}`),
]);
