/**
 * The payments domain's public surface: which gateway the shop uses. Stripe when its keys are set;
 * outside production without keys, the offline test provider; in production without keys, none
 * (checkout then shows 'Payment Configuration Error' and takes no order).
 */
import type { Config } from "../../config.ts";
import { stripeGateway } from "./stripe_gateway.ts";
import { testGateway } from "./test_gateway.ts";
import type { PaymentGateway } from "./types.ts";
import { AppError, ERROR_CODES } from "../../lib/errors.ts";

// The gateway contract: PaymentRefusedError, the intent, event and refund facts, PaymentGateway.
export * from "./types.ts";
export { intentFacts, paymentEvent, stripeGateway, type StripeGatewayOptions } from "./stripe_gateway.ts";
export {
  CARD_DECLINED,
  isTestGateway,
  NOTHING_TO_REFUND,
  TEST_CARD_DECLINE,
  TEST_CARD_SUCCESS,
  type TestGateway,
  testGateway,
  UNKNOWN_TEST_PAYMENT,
  USE_TEST_CARD,
} from "./test_gateway.ts";
export {
  isPayFastGateway,
  paramString,
  PAYFAST_MANUAL_REFUND,
  PAYFAST_METHOD_LABEL,
  type PayFastCheckout,
  type PayFastCheckoutFields,
  type PayFastGateway,
  payfastGateway,
  type PayFastItn,
  PayFastItnRefused,
  payfastSignature,
  phpUrlencode,
} from "./payfast.ts";
export {
  isStitchGateway,
  STITCH_MANUAL_REFUND,
  STITCH_METHOD_LABEL,
  type StitchGateway,
  stitchGateway,
  StitchSignatureError,
  type StitchWebhook,
} from "./stitch.ts";
export * as paymentSchemas from "./schemas.ts";

/** The spec's text when no provider is configured. */
export const PAYMENT_NOT_CONFIGURED = "The payment system is not properly configured. Please contact support.";

/**
 * The refusal when the provider a request needs is not configured, the same on every route: 409 with
 * the spec's text and a stable code. Not a 5xx: nothing is down, this shop does not take that method
 * (and no input ever gets a 5xx). Webhooks are apart: a provider's delivery waits for a retry (503).
 */
export class PaymentNotConfiguredError extends AppError {
  constructor() {
    super(PAYMENT_NOT_CONFIGURED, 409, { code: ERROR_CODES.paymentNotConfigured });
  }
}

/**
 * The gateway for this configuration; call once per app (the test provider keeps its attempts in
 * memory). Stripe with keys. Without keys, the offline test provider only when the configuration
 * says so (TEST_PAYMENTS: on by default outside production, set by `deno task start` for the demo
 * shop), never because of data in the database: a live shop without keys gets none, and checkout
 * shows 'Payment Configuration Error'.
 */
export function paymentGateway(config: Pick<Config, "stripe" | "testPayments">): PaymentGateway | null {
  if (config.stripe) return stripeGateway(config.stripe);
  return config.testPayments ? testGateway() : null;
}

/** True for live Stripe keys: the public test payment page must not take real money. */
export function isLiveMode(config: Pick<Config, "stripe">): boolean {
  return config.stripe !== null && /^(sk|rk)_live_/.test(config.stripe.secretKey);
}
export { serveTestGateway, testGatewayOver } from "./test_gateway_shared.ts";
