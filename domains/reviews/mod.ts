/** The reviews domain's public surface: reading, writing, voting on, replying to and moderating reviews. */
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
} from "./reviews.ts";
export { voteOnReview, type VoteResult, votesOf, withdrawVote } from "./votes.ts";
export {
  type AuthorOrder,
  authorOrders,
  listForModeration,
  moderateReview,
  type ModerationPage,
  type QueuedReview,
} from "./moderation.ts";
export { PHOTO_TOO_LARGE, PHOTO_WRONG_TYPE, reviewPhotos } from "./photos.ts";
export { reviewRejectedEmail } from "./rejection_email.ts";
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
