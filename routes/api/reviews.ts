/**
 * Reviews API. Public: GET /api/products/{id}/reviews (approved only). Customers: POST
 * /api/products/{id}/reviews (pending until approved), POST/DELETE /api/reviews/{id}/vote, POST
 * /api/reviews/{id}/replies. Staff: GET /api/admin/reviews?status=, POST /api/admin/reviews/{id}/status.
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import {
  addReply,
  assertNotReviewed,
  createReview,
  listForModeration,
  listProductReviews,
  LOGIN_REQUIRED,
  moderationBody,
  moderationQuery,
  queuedJson,
  replyBody,
  replyJson,
  reviewableProduct,
  reviewJson,
  reviewPageJson,
  reviewQuery,
  voteBody,
} from "../../domains/reviews/mod.ts";
import { UnauthorizedError } from "../../lib/errors.ts";
import { moderateReview } from "../../flows/moderate_review.ts";
import { voteOnReview, withdrawVote } from "../../flows/review_votes.ts";
import { parseId } from "../../lib/ids.ts";
import { currentUser, hasRole, requireRole, requireUser } from "../guards.ts";
import {
  moderationPageJsonSchema,
  replyOutput,
  reviewPageJsonSchema,
  voteOutput,
  voteResultSchema,
} from "../../contract/reviews.ts";
import { actionApi, defineAction, jsonRoute, validQuery } from "../action.ts";
import { validate } from "../validate.ts";
import { adminBodyLimit } from "../admin_limits.ts";
import { readReviewSubmission, withStoredPhotos } from "../review_submission.ts";

export const productReviewsAction = defineAction({
  method: "get",
  path: "/products/:id/reviews",
  input: undefined,
  output: reviewPageJsonSchema,
  auth: "public",
  middleware: [validate("query", reviewQuery)],
  summary: "A product's approved reviews (filter by stars, source, photos; sorted, paged) with the rating summary",
  handler: async (c) => {
    const productId = parseId(c.req.param("id"), "Product id");
    await reviewableProduct(c.var.db, productId);
    return reviewPageJson(await listProductReviews(c.var.db, productId, validQuery(c, reviewQuery)));
  },
});

export const moderationQueueAction = defineAction({
  method: "get",
  path: "/admin/reviews",
  input: undefined,
  output: moderationPageJsonSchema,
  auth: "admin",
  middleware: [validate("query", moderationQuery)],
  summary: "Reviews of one status for moderation (pending by default), with their authors' orders",
  handler: async (c) => {
    const q = validQuery(c, moderationQuery);
    const page = await listForModeration(c.var.db, { status: q.status, page: q.page });
    return { items: page.items.map(queuedJson), total: page.total, page: page.page, pageCount: page.pageCount };
  },
});

/** Mounted at /api/products. */
export function productReviewApi() {
  const app = new Hono<AppEnv>();
  jsonRoute(app, productReviewsAction, "/products");
  app.post("/:id/reviews", async (c) => {
    const productId = parseId(c.req.param("id"), "Product id");
    const user = c.var.user;
    if (!user) throw new UnauthorizedError(LOGIN_REQUIRED);
    const submission = await readReviewSubmission(c);
    await reviewableProduct(c.var.db, productId);
    await assertNotReviewed(c.var.db, user.id, productId);
    const input = await withStoredPhotos(c, submission);
    const review = await createReview(c.var.db, { ...input, productId, userId: user.id });
    return c.json(reviewJson(review), 201);
  });
  return app;
}

const REVIEW_STATUSES = ["pending", "approved", "rejected"] as const;

export const voteAction = defineAction({
  method: "post",
  path: "/reviews/:id/vote",
  input: voteBody,
  output: voteOutput,
  auth: "customer",
  summary: "Vote a review helpful or not helpful (not one's own)",
  handler: async (c, input) => {
    const reviewId = parseId(c.req.param("id"), "Review id");
    return await voteOnReview(c.var.db, { reviewId, voterId: currentUser(c).id, helpful: input.helpful });
  },
});

export const withdrawVoteAction = defineAction({
  method: "delete",
  path: "/reviews/:id/vote",
  input: undefined,
  output: voteResultSchema,
  auth: "customer",
  summary: "Withdraw one's vote on a review",
  handler: async (c) => {
    const reviewId = parseId(c.req.param("id"), "Review id");
    return await withdrawVote(c.var.db, { reviewId, voterId: currentUser(c).id });
  },
});

export const replyAction = defineAction({
  method: "post",
  path: "/reviews/:id/replies",
  input: replyBody,
  output: replyOutput,
  status: 201,
  auth: "customer",
  summary: "Reply to a review (a staff reply is marked official)",
  handler: async (c, input) => {
    const reviewId = parseId(c.req.param("id"), "Review id");
    const user = currentUser(c);
    const reply = await addReply(c.var.db, {
      reviewId,
      userId: user.id,
      isStaff: hasRole(user, "admin"),
      content: input.content,
    });
    return replyJson(reply);
  },
});

export const moderateReviewAction = defineAction({
  method: "post",
  path: "/admin/reviews/:id/status",
  input: moderationBody,
  output: z.object({
    id: z.number().int(),
    status: z.enum(REVIEW_STATUSES),
    previousStatus: z.enum(REVIEW_STATUSES),
    pointsAwarded: z.number().int(),
  }),
  auth: "admin",
  middleware: [adminBodyLimit()],
  summary: "Approve or reject a review (a rejection e-mails the reason to the author)",
  handler: async (c, body) => {
    const reviewId = parseId(c.req.param("id"), "Review id");
    const result = await moderateReview(c.var.db, {
      reviewId,
      staffId: currentUser(c).id,
      status: body.status,
      reason: body.reason,
      siteUrl: c.var.config.siteUrl,
      shopName: c.var.config.shop.name,
    });
    return { id: reviewId, status: result.after, previousStatus: result.before, pointsAwarded: result.pointsAwarded };
  },
});

/** Mounted at /api/reviews. */
export function reviewApi() {
  return actionApi("/reviews", [voteAction, withdrawVoteAction, replyAction], requireUser());
}

/** Mounted at /api/admin/reviews (staff only). */
export function adminReviewApi() {
  return actionApi("/admin/reviews", [moderationQueueAction, moderateReviewAction], requireRole("admin"));
}
