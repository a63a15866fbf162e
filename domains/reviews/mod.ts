/**
 * The reviews domain's public surface: reading, writing, replying to and listing reviews for moderation.
 * Voting (with the author's helpful points) and approving or rejecting are flows/review_votes.ts and
 * flows/moderate_review.ts.
 */
export {
  addReply,
  assertNotReviewed,
  createReview,
  getReview,
  initialsOf,
  listProductReviews,
  paidOrderWith,
  publicReview,
  type Review,
  reviewableProduct,
  type ReviewAuthor,
  reviewOf,
  type ReviewPage,
  type ReviewReply,
  type ReviewStatus,
  type ReviewSummary,
  reviewSummary,
  type Verification,
  votesOf,
} from "./reviews.ts";

export {
  type AuthorOrder,
  authorOrders,
  listForModeration,
  type ModerationPage,
  type QueuedReview,
} from "./moderation.ts";
export { PHOTO_TOO_LARGE, PHOTO_WRONG_TYPE, reviewPhotos } from "./photos.ts";
export * from "./schemas.ts";
export {
  queuedJson,
  type ReplyJson,
  replyJson,
  type ReviewJson,
  reviewJson,
  type ReviewPageJson,
  reviewPageJson,
} from "./json.ts";
