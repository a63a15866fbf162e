/** Reviews as JSON (the API's answers and the islands' props): dates as ISO strings, authors with initials. */
import type { QueuedReview, Review, ReviewPage, ReviewReply } from "./mod.ts";
import { initialsOf } from "./reviews.ts";
import type { z } from "zod";
import type {
  queuedReviewJsonSchema,
  replyOutput,
  reviewJsonSchema,
  reviewPageJsonSchema,
} from "../../contract/reviews.ts";

export interface AuthorJson {
  id: number;
  username: string;
  /** Drawn as the avatar (no external image service). */
  initials: string;
}

const authorJson = (u: { id: number; username: string } | null): AuthorJson | null =>
  u ? { id: u.id, username: u.username, initials: initialsOf(u.username) } : null;

export function replyJson(r: ReviewReply): z.input<typeof replyOutput> {
  return {
    id: r.id,
    reviewId: r.reviewId,
    userId: r.userId,
    user: authorJson(r.user),
    content: r.content,
    isOfficial: r.isOfficial,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
export type ReplyJson = ReturnType<typeof replyJson>;

export function reviewJson(r: Review): z.input<typeof reviewJsonSchema> {
  return {
    id: r.id,
    productId: r.productId,
    userId: r.userId,
    user: authorJson(r.user),
    title: r.title,
    content: r.content,
    rating: r.rating,
    helpfulCount: r.helpfulCount,
    notHelpfulCount: r.notHelpfulCount,
    source: r.source,
    status: r.status,
    verificationStatus: r.verificationStatus,
    photos: r.photos,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    replies: r.replies.map(replyJson),
  };
}
export type ReviewJson = ReturnType<typeof reviewJson>;

export function reviewPageJson(page: ReviewPage): z.input<typeof reviewPageJsonSchema> {
  return {
    items: page.items.map(reviewJson),
    total: page.total,
    page: page.page,
    pageCount: page.pageCount,
    pageSize: page.pageSize,
    summary: page.summary,
  };
}
export type ReviewPageJson = ReturnType<typeof reviewPageJson>;

export function queuedJson(r: QueuedReview): z.input<typeof queuedReviewJsonSchema> {
  return {
    ...reviewJson(r),
    product: r.product,
    author: r.author,
    moderationNote: r.moderationNote,
    moderatedAt: r.moderatedAt?.toISOString() ?? null,
    orders: r.orders.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
  };
}
