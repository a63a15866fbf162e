/**
 * The checkout domain's public surface: the review step, what paying an order checks, orders waiting
 * for payment and the payments the shop owes back. The workflows that place, pay and cancel orders
 * across domains live in flows/.
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
  intentIsForOrder,
  orderByPaymentIntent,
  type PayableOrder,
  payableOrder,
  PAYMENT_NOT_COMPLETED,
  paymentMismatch,
  type PaymentReturn,
} from "./payment.ts";
export {
  EXTRA_PAYMENT_REFUNDED,
  MAX_REFUND_ATTEMPTS,
  type OwedKind,
  type OwedRefundNotices,
  PAYMENT_REFUNDED,
  REFUND_DUE_NOTE,
  REFUND_GIVEN_UP,
  type RefundGateways,
  refundGateways,
  refundOwedForOrder,
  refundOwedPayments,
  settleOwedRefund,
} from "./refund.ts";
export { isRetryableConflict, isUniqueViolationOf, retryOnConflict } from "./retry.ts";
export { VAT_RATE_PERCENT, vatIncluded } from "./vat.ts";
export {
  PAYMENT_STILL_PROCESSING,
  UNPAID_ORDER_TTL_MS,
  UNPAID_WHATSAPP_ORDER_TTL_MS,
  unpaidOrderOf,
} from "./unpaid.ts";
export { recordOwedRefund } from "./refund.ts";
export * as checkoutSchemas from "./schemas.ts";
