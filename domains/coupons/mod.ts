/** The coupons domain's public surface. */
export {
  buyXGetYDiscount,
  type CouponContext,
  type CouponResult,
  type CouponRule,
  type CouponType,
  evaluateCoupon,
  isFirstOrderCoupon,
  type PricedLine,
  SIGN_IN_TO_CONFIRM,
} from "./evaluate.ts";
export {
  couponContext,
  type CouponContextOptions,
  findCouponByCode,
  findCouponById,
  normaliseCode,
  toRule,
} from "./service.ts";
