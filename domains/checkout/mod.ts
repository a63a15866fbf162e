/**
 * The checkout domain's public surface. Checkout is the one domain that orchestrates others (cart,
 * coupons, stock, addresses, payment, orders, loyalty, mail), each step inside one transaction.
 */
export {
  type CheckoutReview,
  checkoutReview,
  defaultAddresses,
  findLocker,
  PUDO_LOCKERS,
  PUDO_MIN_TOTAL_CENTS,
  type PudoEligibility,
  pudoEligibility,
  type PudoLocker,
} from "./review.ts";
export {
  attachPaymentIntent,
  type FinalizeOptions,
  type FinalizeOutcome,
  finalizePaidOrder,
  finalizePayment,
  intentIsForOrder,
  orderByPaymentIntent,
  type PayableOrder,
  payableOrder,
  PAYMENT_NOT_COMPLETED,
  paymentMismatch,
  type PaymentReturn,
  recordPaymentFailure,
  settleReturnedPayment,
} from "./payment.ts";
export {
  EXTRA_PAYMENT_REFUNDED,
  MAX_REFUND_ATTEMPTS,
  type OwedKind,
  PAYMENT_REFUNDED,
  paymentRefundedEmail,
  REFUND_DUE_NOTE,
  REFUND_GIVEN_UP,
  type RefundGateways,
  refundGateways,
  refundOwedForOrder,
  refundOwedPayments,
  settleOwedRefund,
} from "./refund.ts";
export { isRetryableConflict, isUniqueViolationOf, retryOnConflict } from "./retry.ts";
export {
  type AppliedRewardCode,
  applyRewardCode,
  type ApplyRewardCodeInput,
  FREE_SHIPPING_REWARD_REFUSED,
  MIN_PAYABLE_CENTS,
  ORDER_ALREADY_PAID,
  REWARD_CODE_ALREADY_APPLIED,
  rewardDiscount,
} from "./reward_code.ts";
export {
  abandonOrder,
  abandonUnpaidOrders,
  type AttemptOutcome,
  PAYMENT_STILL_PROCESSING,
  releasePaymentAttempt,
  type SweepReport,
  sweepUnpaidOrders,
  UNPAID_ORDER_TTL_MS,
  UNPAID_WHATSAPP_ORDER_TTL_MS,
  unpaidOrderOf,
} from "./cancel.ts";
export { type EventOutcome, handlePaymentEvent } from "./events.ts";
export {
  gatewayForOrder,
  handlePayFastItn,
  type ItnOutcome,
  type PayFastUrls,
  startPayFastPayment,
} from "./payfast.ts";
export {
  handleStitchWebhook,
  settleStitchReturn,
  startStitchPayment,
  type StitchUrls,
  type StitchWebhookOutcome,
} from "./stitch.ts";
export { orderConfirmationEmail, VAT_RATE_PERCENT, vatIncluded } from "./confirmation_email.ts";
export * as checkoutSchemas from "./schemas.ts";
