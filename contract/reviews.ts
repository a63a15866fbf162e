/**
 * What the review actions the islands call answer (vote, reply).
 */
import { z } from "zod";

export const authorSchema = z.object({ id: z.number().int(), username: z.string(), initials: z.string() }).nullable();

/** The vote's outcome: the voter's vote now (true helpful, false not, null none) and the counts. */
export const voteResultSchema = z.object({
  reviewId: z.number().int(),
  vote: z.boolean().nullable(),
  helpfulCount: z.number().int(),
  notHelpfulCount: z.number().int(),
});

export const voteOutput = voteResultSchema;

export const replyOutput = z.object({
  id: z.number().int(),
  reviewId: z.number().int(),
  userId: z.number().int().nullable(),
  user: authorSchema,
  content: z.string(),
  isOfficial: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const int = z.number().int();
const isoTime = z.string().describe("ISO 8601 date and time");

export const reviewJsonSchema = z.object({
  id: int,
  productId: int,
  userId: int.nullable(),
  user: authorSchema,
  title: z.string(),
  content: z.string(),
  rating: int.describe("1 to 5 stars"),
  helpfulCount: int,
  notHelpfulCount: int,
  source: z.string().describe("internal (the shop's customers), google or amazon"),
  status: z.enum(["pending", "approved", "rejected"]),
  verificationStatus: z.string().describe("Whether the reviewer bought the product"),
  photos: z.array(z.string()),
  createdAt: isoTime,
  updatedAt: isoTime,
  replies: z.array(replyOutput),
});

export const reviewPageJsonSchema = z.object({
  items: z.array(reviewJsonSchema),
  total: int,
  page: int,
  pageCount: int,
  pageSize: int,
  summary: z.object({
    average: z.number().describe("Average rating to one decimal (0 without reviews)"),
    count: int,
    distribution: z.record(z.enum(["1", "2", "3", "4", "5"]), int).describe("Reviews per star count"),
    sources: z.record(z.string(), int).describe("Reviews per source: a source tab shows only when it has some"),
  }),
});

export const queuedReviewJsonSchema = reviewJsonSchema.extend({
  product: z.object({ id: int, name: z.string(), slug: z.string() }),
  author: z.object({ id: int, username: z.string(), email: z.string() }).nullable(),
  moderationNote: z.string().nullable(),
  moderatedAt: isoTime.nullable(),
  orders: z.array(z.object({
    id: int,
    orderNumber: z.string(),
    status: z.string(),
    total: z.string().describe("Rand as a decimal string"),
    createdAt: isoTime,
    paid: z.boolean(),
    hasProduct: z.boolean().describe("Whether the order contains the reviewed product"),
  })).describe("The author's orders, for judging a review"),
});

export const moderationPageJsonSchema = z.object({
  items: z.array(queuedReviewJsonSchema),
  total: int,
  page: int,
  pageCount: int,
});
