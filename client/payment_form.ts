/**
 * The card payment form's texts and readiness check, apart from Stripe.js (client/stripe.ts): the
 * payment islands import this at once and load Stripe's loader only when Stripe is the gateway.
 */
import type { Stripe, StripeElements, StripePaymentElement } from "@stripe/stripe-js";

/** The payment form's texts (spec: document 2, section 8, payment form). */
export const PROCESSOR_NOT_READY = "Payment processor not ready. Please try again.";
export const ELEMENT_NOT_FOUND = "Payment element not found";

export interface MountedPaymentElement {
  stripe: Stripe;
  elements: StripeElements;
  element: StripePaymentElement;
}

/**
 * Why the form cannot be submitted yet, or null when it can: Stripe.js not loaded or the element
 * not ready for input ('Payment processor not ready'), or the element gone from the page.
 */
export function paymentFormProblem(mounted: MountedPaymentElement | null, ready: boolean): string | null {
  if (!mounted) return PROCESSOR_NOT_READY;
  if (!mounted.elements.getElement("payment")) return ELEMENT_NOT_FOUND;
  return ready ? null : PROCESSOR_NOT_READY;
}
