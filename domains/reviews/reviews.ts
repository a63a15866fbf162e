/**
 * Reviews as shoppers see and write them: the approved reviews of a product (filtered, sorted, paged,
 * with a summary), a new review (pending until staff approve it; verified when the author has a
 * paid order with the product) and replies.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared.ts";
import { orderItems, orders, products, reviewReplies, reviews, reviewVotes, users } from "../../db/schema/mod.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { pgErrorCode } from "../../lib/errors.ts";
import {
  ALREADY_REVIEWED,
  PHOTO_NOT_UPLOADED,
  REVIEW_NOT_FOUND,
  type ReviewInput,
  type ReviewQuery,
  REVIEWS_PAGE_SIZE,
  type ReviewSort,
} from "./schemas.ts";
import { ownedReviewPhotoKey, showableReviewPhotos } from "./photo_urls.ts";
import { isOnStorefront } from "../catalog/visibility.ts";

export type ReviewStatus = "pending" | "approved" | "rejected";
export type Verification = typeof reviews.$inferSelect["verificationStatus"];

export interface ReviewAuthor {
  id: number;
  username: string;
}

export interface ReviewReply {
  id: number;
  reviewId: number;
  userId: number | null;
  user: ReviewAuthor | null;
  content: string;
  isOfficial: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface Review {
  id: number;
  productId: number;
  userId: number | null;
  user: ReviewAuthor | null;
  title: string;
  content: string;
  rating: number;
  helpfulCount: number;
  notHelpfulCount: number;
  source: ReviewSource;
  status: ReviewStatus;
  verificationStatus: Verification;
  photos: string[];
  createdAt: Date;
  updatedAt: Date;
  replies: ReviewReply[];
}

export interface ReviewSummary {
  /** Average rating to one decimal (0 without reviews). */
  average: number;
  count: number;
  /** Reviews per star count, keys "5" to "1". */
  distribution: Record<"1" | "2" | "3" | "4" | "5", number>;
  /** Reviews per source (the shop's customers, Google, Amazon): a source tab is shown only when it has some. */
  sources: Record<ReviewSource, number>;
}

type ReviewSource = typeof reviews.$inferSelect["source"];

export interface ReviewPage {
  items: Review[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  summary: ReviewSummary;
}

const ORDER_BY: Record<ReviewSort, SQL[]> = {
  recent: [desc(reviews.createdAt), desc(reviews.id)],
  helpful: [desc(reviews.helpfulCount), desc(reviews.createdAt), desc(reviews.id)],
  highest: [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  lowest: [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
};

const reviewColumns = {
  id: reviews.id,
  productId: reviews.productId,
  userId: reviews.userId,
  username: users.username,
  title: reviews.title,
  content: reviews.content,
  rating: reviews.rating,
  helpfulCount: reviews.helpfulCount,
  notHelpfulCount: reviews.notHelpfulCount,
  source: reviews.source,
  status: reviews.status,
  verificationStatus: reviews.verificationStatus,
  photos: reviews.photos,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
};

type ReviewRow = { [K in keyof typeof reviewColumns]: unknown } & Omit<Review, "user" | "replies"> & {
  username: string | null;
};

/** The replies of these reviews, oldest first, grouped by review. */
async function repliesOf(db: Db, reviewIds: number[]): Promise<Map<number, ReviewReply[]>> {
  const out = new Map<number, ReviewReply[]>();
  if (!reviewIds.length) return out;
  const rows = await db.select({
    id: reviewReplies.id,
    reviewId: reviewReplies.reviewId,
    userId: reviewReplies.userId,
    username: users.username,
    content: reviewReplies.content,
    isOfficial: reviewReplies.isOfficial,
    createdAt: reviewReplies.createdAt,
    updatedAt: reviewReplies.updatedAt,
  }).from(reviewReplies).leftJoin(users, eq(users.id, reviewReplies.userId))
    .where(inArray(reviewReplies.reviewId, reviewIds)).orderBy(asc(reviewReplies.createdAt), asc(reviewReplies.id));
  for (const { username, ...r } of rows) {
    const list = out.get(r.reviewId) ?? [];
    list.push({ ...r, user: r.userId && username ? { id: r.userId, username } : null });
    out.set(r.reviewId, list);
  }
  return out;
}

async function withReplies(db: Db, rows: ReviewRow[]): Promise<Review[]> {
  const replies = await repliesOf(db, rows.map((r) => r.id));
  return rows.map(({ username, ...r }) => ({
    ...r,
    // Checked on the way out too: rows written before the rule, or by hand, show no foreign URL.
    photos: showableReviewPhotos(r.photos, r.userId),
    user: r.userId && username ? { id: r.userId, username } : null,
    replies: replies.get(r.id) ?? [],
  }));
}

// Prepared: every uncached product page reads it.
const approvedCounts = preparedQuery((db) =>
  db.select({ rating: reviews.rating, source: reviews.source, n: count() }).from(reviews)
    .where(and(eq(reviews.productId, sql.placeholder("productId")), eq(reviews.status, "approved")))
    .groupBy(reviews.rating, reviews.source).prepare("review_counts")
);

/** Average, count and distribution (by stars and by source) of a product's approved reviews. */
export async function reviewSummary(db: Db, productId: number): Promise<ReviewSummary> {
  const rows = await approvedCounts(db).execute({ productId });
  const distribution = { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 };
  const sources: Record<ReviewSource, number> = { internal: 0, google: 0, amazon: 0, facebook: 0, external: 0 };
  let total = 0;
  let sum = 0;
  for (const r of rows) {
    distribution[String(r.rating) as keyof typeof distribution] += Number(r.n);
    sources[r.source] += Number(r.n);
    total += Number(r.n);
    sum += r.rating * Number(r.n);
  }
  return { average: total ? Math.round((sum / total) * 10) / 10 : 0, count: total, distribution, sources };
}

/** A product's approved reviews: filtered by star count and source, sorted, one page at a time. */
export async function listProductReviews(
  db: Db,
  productId: number,
  query: ReviewQuery = {},
  pageSize = REVIEWS_PAGE_SIZE,
): Promise<ReviewPage> {
  const where = and(
    eq(reviews.productId, productId),
    eq(reviews.status, "approved"),
    query.rating ? eq(reviews.rating, query.rating) : undefined,
    query.source && query.source !== "all" ? eq(reviews.source, query.source) : undefined,
  );
  const summary = await reviewSummary(db, productId);
  // Without a source filter the summary's distribution already holds the count: one query fewer on
  // every product page, and none at all for the rows of a product nobody has reviewed yet.
  const total = !query.source || query.source === "all"
    ? (query.rating ? summary.distribution[String(query.rating) as keyof ReviewSummary["distribution"]] : summary.count)
    : (await db.select({ total: count() }).from(reviews).where(where))[0].total;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page ?? 1, pageCount);
  const rows = total === 0
    ? []
    : await db.select(reviewColumns).from(reviews).leftJoin(users, eq(users.id, reviews.userId))
      .where(where).orderBy(...ORDER_BY[query.sort ?? "recent"]).limit(pageSize).offset((page - 1) * pageSize);
  return { items: await withReplies(db, rows as ReviewRow[]), total, page, pageCount, pageSize, summary };
}

/** One review with its replies (any status), or null. */
export async function getReview(db: Db, id: number): Promise<Review | null> {
  const rows = await db.select(reviewColumns).from(reviews).leftJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.id, id));
  return rows.length ? (await withReplies(db, rows as ReviewRow[]))[0] : null;
}

const reviewIdOf = preparedQuery((db) =>
  db.select({ id: reviews.id }).from(reviews)
    .where(and(eq(reviews.userId, sql.placeholder("userId")), eq(reviews.productId, sql.placeholder("productId"))))
    .prepare("review_of")
);

/** The customer's own review of a product (any status), or null. */
export async function reviewOf(db: Db, userId: number, productId: number): Promise<Review | null> {
  const [row] = await reviewIdOf(db).execute({ userId, productId });
  return row ? await getReview(db, row.id) : null;
}

/** The user's paid order (not cancelled) containing the product, newest first, or null. */
export async function paidOrderWith(db: Db, userId: number, productId: number): Promise<number | null> {
  const [row] = await db.select({ id: orders.id }).from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(
      eq(orders.userId, userId),
      isNotNull(orders.paidAt),
      ne(orders.status, "cancelled"),
      eq(orderItems.productId, productId),
    )).orderBy(desc(orders.paidAt)).limit(1);
  return row?.id ?? null;
}

/** Throws 409 when the customer has already reviewed the product (checked before photos are stored). */
export async function assertNotReviewed(db: Db, userId: number, productId: number): Promise<void> {
  const [row] = await db.select({ id: reviews.id }).from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)));
  if (row) throw new ConflictError(ALREADY_REVIEWED);
}

/** The product a review may be written for (on the storefront: not a draft, not archived), or 404. */
export async function reviewableProduct(
  db: Db,
  productId: number,
): Promise<{ id: number; slug: string; name: string }> {
  const [p] = await db.select({
    id: products.id,
    slug: products.slug,
    name: products.name,
    archivedAt: products.archivedAt,
    status: products.status,
  })
    .from(products).where(eq(products.id, productId));
  if (!p || !isOnStorefront(p)) throw new NotFoundError("Product Not Found");
  return { id: p.id, slug: p.slug, name: p.name };
}

/**
 * Writes a customer's review: pending (not public until staff approve it), `verified_purchase` when
 * they have a paid order with the product. One per customer and product: 409 otherwise (the unique
 * index decides a race).
 */
export async function createReview(
  db: Db,
  input: ReviewInput & { productId: number; userId: number },
): Promise<Review> {
  await reviewableProduct(db, input.productId);
  await assertNotReviewed(db, input.userId, input.productId);
  // The route has checked the files exist (reviewPhotos); this keeps any other caller to the rule.
  if (input.photos?.some((url) => !ownedReviewPhotoKey(url, input.userId))) {
    throw new ValidationError(PHOTO_NOT_UPLOADED);
  }
  const orderId = await paidOrderWith(db, input.userId, input.productId);
  let id: number;
  try {
    [{ id }] = await db.insert(reviews).values({
      productId: input.productId,
      userId: input.userId,
      orderId,
      title: input.title,
      content: input.content,
      rating: input.rating,
      source: "internal",
      status: "pending",
      verificationStatus: orderId ? "verified_purchase" : "unverified",
      photos: input.photos ?? [],
    }).returning({ id: reviews.id });
  } catch (err) {
    if (pgErrorCode(err) === "23505") throw new ConflictError(ALREADY_REVIEWED);
    throw err;
  }
  return (await getReview(db, id))!;
}

/** An approved review (the only ones anybody but staff may vote on or reply to), or 404. */
export async function publicReview(db: Db, id: number) {
  const [row] = await db.select({ id: reviews.id, userId: reviews.userId, status: reviews.status })
    .from(reviews).where(eq(reviews.id, id));
  if (!row || row.status !== "approved") throw new NotFoundError(REVIEW_NOT_FOUND);
  return row;
}

/** A reply to an approved review; a staff member's reply is the shop's 'Official Response'. */
export async function addReply(
  db: Db,
  input: { reviewId: number; userId: number; isStaff: boolean; content: string },
): Promise<ReviewReply> {
  await publicReview(db, input.reviewId);
  const [row] = await db.insert(reviewReplies).values({
    reviewId: input.reviewId,
    userId: input.userId,
    content: input.content,
    isOfficial: input.isStaff,
  }).returning({ id: reviewReplies.id });
  return (await repliesOf(db, [input.reviewId])).get(input.reviewId)!.find((r) => r.id === row.id)!;
}

/** The initials drawn as a reviewer's avatar (no external image service). */
export function initialsOf(username: string | null | undefined): string {
  const parts = (username ?? "").replace(/[^\p{L}\p{N}]+/gu, " ").trim().split(" ").filter(Boolean);
  if (!parts.length) return "?";
  const letters = parts.length > 1 ? parts[0][0] + parts[1][0] : parts[0].slice(0, 2);
  return letters.toUpperCase();
}

/** The customer's votes on these reviews (reviewId -> helpful). */
export async function votesOf(db: Db, userId: number, reviewIds: number[]): Promise<Record<number, boolean>> {
  if (!reviewIds.length) return {};
  const rows = await db.select({ reviewId: reviewVotes.reviewId, vote: reviewVotes.vote }).from(reviewVotes)
    .where(and(eq(reviewVotes.userId, userId), inArray(reviewVotes.reviewId, reviewIds)));
  return Object.fromEntries(rows.map((r) => [r.reviewId, r.vote]));
}
