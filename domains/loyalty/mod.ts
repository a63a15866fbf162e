/** The loyalty domain's public surface: points earned and spent, tiers, rewards and redemption codes. */
export { awardOrderPoints, pointsBalance, pointsForPaidTotal } from "./ledger.ts";
export { GOLD_POINTS, goldProgress, type LoyaltyTier, loyaltyTier, pointsToGold, SILVER_POINTS } from "./tiers.ts";
export { type DiscountType, type LedgerEntry, listHistory, listRewards, type Reward } from "./rewards.ts";
export {
  EMPTY_REDEMPTION_CODE,
  insufficientPointsMessage,
  listRedemptions,
  type RedeemResult,
  redeemReward,
  type Redemption,
  REDEMPTION_VALID_DAYS,
  redemptionCode,
  type RedemptionValidation,
  REWARD_EXPIRED,
  REWARD_NOT_FOUND,
  REWARD_UNAVAILABLE,
  validateRedemption,
} from "./redemptions.ts";
export { loyaltySchemas } from "./schemas.ts";
