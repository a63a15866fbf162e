/** The referrals domain's public surface: codes, redemption, the referee's discount and the referrer's points. */
export { CODE_ALPHABET, CODE_LENGTH, newReferralCode, referralLink } from "./codes.ts";
export { REFERRAL_DISCOUNT_LABEL, type ReferralOffer, type ReferralTotals, referralTotals } from "./pricing.ts";
export {
  checkReferralCode,
  creditReferrer,
  ensureInvitation,
  myReferrals,
  type RedeemedReferral,
  redeemReferral,
  REFERRAL_ALREADY_USED,
  REFERRAL_CREDIT,
  REFERRAL_EXPIRED,
  REFERRAL_NOT_FIRST_ORDER,
  REFERRAL_OWN_CODE,
  REFERRAL_POINTS,
  REFERRAL_REVERSAL,
  REFERRAL_UNKNOWN,
  referralOffer,
  type ReferralSummary,
  reverseReferralCredit,
} from "./service.ts";
export {
  DEFAULT_REFERRAL_DISCOUNT_PERCENT,
  REFERRAL_SETTINGS_KEY,
  referralDiscountPercent,
  validPercent,
} from "./settings.ts";
export * as referralSchemas from "./schemas.ts";
