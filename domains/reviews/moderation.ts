/**
 * Staff moderation: the queue of reviews by status (with each author's order history) and approving
 * or rejecting one. Approval credits the author's review points once; rejection e-mails the author
 * the reason through the outbox. Every decision is audited in the same transaction.
 */
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderItems, orders, products, reviews, users } from "../../db/schema/mod.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { recordAudit } from "../admin_audit/mod.ts";
import { awardReviewPoints } from "../loyalty/mod.ts";
import { enqueueEmail } from "../mail/mod.ts";
import { reviewRejectedEmail } from "./rejection_email.ts";
import { getReview, type Review, type ReviewStatus } from "./reviews.ts";
import { REVIEW_NOT_FOUND } from "./schemas.ts";

export interface AuthorOrder {
  id: number;
  orderNumber: string;
  status: string;
  total: string;
  createdAt: Date;
  paid: boolean;
  /** Whether the order contains the reviewed product. */
  hasProduct: boolean;
}

export interface QueuedReview extends Review {
  product: { id: number; name: string; slug: string };
  author: { id: number; username: string; email: string } | null;
  orders: AuthorOrder[];
  moderationNote: string | null;
  moderatedAt: Date | null;
}

export interface ModerationPage {
  items: QueuedReview[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

/** Reviews of one status (pending by default), oldest pending first / newest decided first. */
export async function listForModeration(
  db: Db,
  opts: { status?: ReviewStatus; page?: number; pageSize?: number } = {},
): Promise<ModerationPage> {
  const status = opts.status ?? "pending";
  const pageSize = opts.pageSize ?? 20;
  const [{ total }] = await db.select({ total: count() }).from(reviews).where(eq(reviews.status, status));
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, opts.page ?? 1), pageCount);
  const rows = await db.select({
    id: reviews.id,
    productId: reviews.productId,
    productName: products.name,
    productSlug: products.slug,
    userId: reviews.userId,
    username: users.username,
    email: users.email,
    moderationNote: reviews.moderationNote,
    moderatedAt: reviews.moderatedAt,
  }).from(reviews).innerJoin(products, eq(products.id, reviews.productId)).leftJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.status, status))
    .orderBy(status === "pending" ? reviews.createdAt : desc(reviews.moderatedAt), reviews.id)
    .limit(pageSize).offset((page - 1) * pageSize);
  const items: QueuedReview[] = [];
  for (const r of rows) {
    const review = (await getReview(db, r.id))!;
    items.push({
      ...review,
      product: { id: r.productId, name: r.productName, slug: r.productSlug },
      author: r.userId && r.username && r.email ? { id: r.userId, username: r.username, email: r.email } : null,
      orders: r.userId ? await authorOrders(db, r.userId, r.productId) : [],
      moderationNote: r.moderationNote,
      moderatedAt: r.moderatedAt,
    });
  }
  return { items, total, page, pageCount, pageSize };
}

/** The author's last 10 orders, newest first, each saying whether it holds the reviewed product. */
export async function authorOrders(db: Db, userId: number, productId: number): Promise<AuthorOrder[]> {
  const list = await db.select({
    id: orders.id,
    orderNumber: orders.orderNumber,
    status: orders.status,
    total: orders.total,
    createdAt: orders.createdAt,
    paidAt: orders.paidAt,
  }).from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)).limit(10);
  const withProduct = list.length
    ? new Set(
      (await db.selectDistinct({ orderId: orderItems.orderId }).from(orderItems)
        .where(and(inArray(orderItems.orderId, list.map((o) => o.id)), eq(orderItems.productId, productId))))
        .map((r) => r.orderId),
    )
    : new Set<number>();
  return list.map(({ paidAt, ...o }) => ({ ...o, paid: paidAt !== null, hasProduct: withProduct.has(o.id) }));
}

/**
 * Approves or rejects a review. Approval makes it public and credits the author's 10 points (once
 * per review, even when approved again after a rejection); rejection keeps it hidden and e-mails the
 * author the reason. Returns the review's status before and after.
 */
export async function moderateReview(
  db: Db,
  input: {
    reviewId: number;
    staffId: number;
    status: "approved" | "rejected";
    reason?: string | null;
    siteUrl: string;
    shopName: string;
  },
): Promise<{ before: ReviewStatus; after: ReviewStatus; pointsAwarded: number }> {
  return await db.transaction(async (tx) => {
    const [row] = await tx.select({
      id: reviews.id,
      status: reviews.status,
      userId: reviews.userId,
      title: reviews.title,
      moderationNote: reviews.moderationNote,
      productName: products.name,
      productSlug: products.slug,
    }).from(reviews).innerJoin(products, eq(products.id, reviews.productId))
      .where(eq(reviews.id, input.reviewId)).for("update", { of: reviews });
    if (!row) throw new NotFoundError(REVIEW_NOT_FOUND);
    const note = input.status === "rejected" ? (input.reason ?? "").trim() : null;
    await tx.update(reviews).set({
      status: input.status,
      moderationNote: note,
      moderatedBy: input.staffId,
      moderatedAt: new Date(),
      updatedAt: new Date(),
    }).where(eq(reviews.id, row.id));
    let pointsAwarded = 0;
    if (input.status === "approved" && row.userId) {
      pointsAwarded = await awardReviewPoints(tx, {
        userId: row.userId,
        reviewId: row.id,
        productName: row.productName,
      });
    }
    if (input.status === "rejected" && row.userId && row.status !== "rejected") {
      const [author] = await tx.select({ email: users.email, username: users.username, firstName: users.firstName })
        .from(users).where(eq(users.id, row.userId));
      if (author) {
        await enqueueEmail(
          tx,
          reviewRejectedEmail({
            to: author.email,
            name: author.firstName || author.username,
            reviewTitle: row.title,
            productName: row.productName,
            productUrl: `${input.siteUrl.replace(/\/+$/, "")}/product/${row.productSlug}#reviews`,
            reason: note ?? "",
            shopName: input.shopName,
          }),
        );
      }
    }
    await recordAudit(tx, {
      userId: input.staffId,
      entityType: "review",
      entityId: row.id,
      action: input.status === "approved" ? "approve" : "reject",
      details: {
        changes: {
          status: { before: row.status, after: input.status },
          ...(note !== row.moderationNote ? { moderationNote: { before: row.moderationNote, after: note } } : {}),
        },
        ...(pointsAwarded ? { pointsAwarded } : {}),
      },
    });
    return { before: row.status, after: input.status, pointsAwarded };
  });
}
