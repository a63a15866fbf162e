/**
 * Staff moderation: the queue of reviews by status (with each author's order history). Approving or
 * rejecting one is flows/moderate_review.ts (points, the rejection e-mail and the audit entry).
 */
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderItems, orders, products, reviews, users } from "../../db/schema/mod.ts";
import { getReview, type Review, type ReviewStatus } from "./reviews.ts";

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
