/** The coupons domain's public surface. */
export {
  buyXGetYDiscount,
  type CouponContext,
  type CouponResult,
  type CouponRule,
  couponStandingRefusal,
  type CouponType,
  evaluateCoupon,
  isFirstOrderCoupon,
  NOT_FOR_THIS_ACCOUNT,
  type PricedLine,
  SIGN_IN_FOR_TAGGED_COUPON,
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
export {
  type AdminCoupon,
  COUPON_PAGE_SIZE,
  createCoupon,
  deleteCoupon,
  DUPLICATE_CODE,
  getAdminCoupon,
  listCoupons,
  retagCoupons,
  updateCoupon,
} from "./admin.ts";
export { offersForCustomer, offerText } from "./offers.ts";
export * as couponSchemas from "./schemas.ts";
export * from "./rules.ts";
