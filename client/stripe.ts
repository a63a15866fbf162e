/**
 * Stripe.js in the browser, for the payment islands: loaded from js.stripe.com only when Stripe is
 * the shop's gateway (the "pure" entry injects no script until asked), with the Payment Element in
 * the shop's green.
 */
import { loadStripe } from "@stripe/stripe-js/pure/index.mjs";
import type { Stripe, StripeElements, StripePaymentElement } from "@stripe/stripe-js";

/** The payment form's texts (spec: document 2, section 8, payment form). */
export const PROCESSOR_NOT_READY = "Payment processor not ready. Please try again.";
export const ELEMENT_NOT_FOUND = "Payment element not found";

/** The payment form's primary colour (spec: green). */
export const PAYMENT_GREEN = "#16a34a";

export interface MountedPaymentElement {
  stripe: Stripe;
  elements: StripeElements;
  element: StripePaymentElement;
}

/**
 * Loads Stripe.js and mounts the Payment Element for `clientSecret` into `container`; `onReady`
 * runs once the element can take input. Rejects when Stripe.js cannot be loaded.
 */
export async function mountPaymentElement(
  publishableKey: string,
  clientSecret: string,
  container: HTMLElement,
  onReady: () => void,
): Promise<MountedPaymentElement> {
  const stripe = await loadStripe(publishableKey);
  if (!stripe) throw new Error("Failed to initialize payment");
  const elements = stripe.elements({
    clientSecret,
    appearance: { theme: "stripe", variables: { colorPrimary: PAYMENT_GREEN, borderRadius: "8px" } },
  });
  const element = elements.create("payment", { layout: "tabs" });
  element.on("ready", onReady);
  element.mount(container);
  return { stripe, elements, element };
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

/**
 * Confirms the payment in the browser; redirects only for methods that need it (3-D Secure pages,
 * bank redirects), which come back to `returnUrl`.
 */
export async function confirmWithStripe(mounted: MountedPaymentElement, returnUrl: string) {
  return await mounted.stripe.confirmPayment({
    elements: mounted.elements,
    confirmParams: { return_url: new URL(returnUrl, location.origin).href },
    redirect: "if_required",
  });
}
