/**
 * Reviews API. Public: GET /api/products/{id}/reviews (approved only). Customers: POST
 * /api/products/{id}/reviews (pending until approved), POST/DELETE /api/reviews/{id}/vote, POST
 * /api/reviews/{id}/replies. Staff: GET /api/admin/reviews?status=, POST /api/admin/reviews/{id}/status.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../app.ts";
import {
  addReply,
  assertNotReviewed,
  createReview,
  listForModeration,
  listProductReviews,
  LOGIN_REQUIRED,
  moderateReview,
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
  voteOnReview,
  withdrawVote,
} from "../../domains/reviews/mod.ts";
import { UnauthorizedError } from "../../lib/errors.ts";
import { parseId } from "../../lib/ids.ts";
import { currentUser, hasRole, requireRole } from "../guards.ts";
import { validate } from "../validate.ts";
import { readReviewSubmission, withStoredPhotos } from "../review_submission.ts";

/** Mounted at /api/products. */
export function productReviewApi() {
  const app = new Hono<AppEnv>();
  app.get("/:id/reviews", validate("query", reviewQuery), async (c) => {
    const productId = parseId(c.req.param("id"), "Product id");
    await reviewableProduct(c.var.db, productId);
    const page = await listProductReviews(c.var.db, productId, c.req.valid("query"));
    return c.json(reviewPageJson(page));
  });
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

/** Mounted at /api/reviews. */
export function reviewApi() {
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    if (!c.var.user) throw new UnauthorizedError("Please login to access this page.");
    await next();
  });
  app.post("/:id/vote", validate("json", voteBody), async (c) => {
    const reviewId = parseId(c.req.param("id"), "Review id");
    const result = await voteOnReview(c.var.db, {
      reviewId,
      voterId: currentUser(c).id,
      helpful: c.req.valid("json").helpful,
    });
    return c.json(result);
  });
  app.delete("/:id/vote", async (c) => {
    const reviewId = parseId(c.req.param("id"), "Review id");
    return c.json(await withdrawVote(c.var.db, { reviewId, voterId: currentUser(c).id }));
  });
  app.post("/:id/replies", validate("json", replyBody), async (c) => {
    const reviewId = parseId(c.req.param("id"), "Review id");
    const user = currentUser(c);
    const reply = await addReply(c.var.db, {
      reviewId,
      userId: user.id,
      isStaff: hasRole(user, "admin"),
      content: c.req.valid("json").content,
    });
    return c.json(replyJson(reply), 201);
  });
  return app;
}

/** Mounted at /api/admin/reviews (staff only). */
export function adminReviewApi() {
  const app = new Hono<AppEnv>();
  app.use("*", requireRole("admin"));
  app.get("/", validate("query", moderationQuery), async (c) => {
    const q = c.req.valid("query");
    const page = await listForModeration(c.var.db, { status: q.status, page: q.page });
    return c.json({ items: page.items.map(queuedJson), total: page.total, page: page.page, pageCount: page.pageCount });
  });
  app.post("/:id/status", validate("json", moderationBody), async (c) => {
    const reviewId = parseId(c.req.param("id"), "Review id");
    const body = c.req.valid("json");
    const result = await moderateReview(c.var.db, {
      reviewId,
      staffId: currentUser(c).id,
      status: body.status,
      reason: body.reason,
      siteUrl: c.var.config.siteUrl,
      shopName: c.var.config.shop.name,
    });
    return c.json({
      id: reviewId,
      status: result.after,
      previousStatus: result.before,
      pointsAwarded: result.pointsAwarded,
    });
  });
  return app;
}
