/** The loyalty domain's public surface: points earned and spent, tiers, rewards and redemption codes. */
export { awardReviewPoints, HELPFUL_VOTE_POINTS, REVIEW_POINTS, settleHelpfulVotePoints } from "./review_points.ts";
export { awardOrderPoints, pointsBalance, pointsForPaidTotal, REFUND_CLAWBACK } from "./ledger.ts";
export { clawBackOrderPoints, takeBackPoints } from "./clawback.ts";
export { REDEMPTION_VOID } from "./voids.ts";
export { GOLD_POINTS, goldProgress, type LoyaltyTier, loyaltyTier, pointsToGold, SILVER_POINTS } from "./tiers.ts";
export { type DiscountType, type LedgerEntry, listHistory, listRewards, type Reward } from "./rewards.ts";
export {
  EMPTY_REDEMPTION_CODE,
  insufficientPointsMessage,
  listRedemptions,
  markRedemptionUsed,
  type RedeemResult,
  redeemReward,
  type Redemption,
  REDEMPTION_EXPIRED,
  REDEMPTION_INVALID,
  REDEMPTION_USED,
  REDEMPTION_VALID_DAYS,
  REDEMPTION_VOIDED,
  redemptionCode,
  type RedemptionValidation,
  releaseOrderRedemptions,
  retakeRedemption,
  REWARD_EXPIRED,
  REWARD_NOT_FOUND,
  REWARD_UNAVAILABLE,
  type UsableRedemption,
  usableRedemption,
  validateRedemption,
} from "./redemptions.ts";
export { loyaltySchemas, NO_ORDER_FOR_CODE } from "./schemas.ts";
