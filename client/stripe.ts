/**
 * Stripe.js in the browser, for the payment islands: loaded from js.stripe.com only when Stripe is
 * the shop's gateway (the "pure" entry injects no script until asked), with the Payment Element in
 * the shop's green.
 */
import { loadStripe } from "@stripe/stripe-js/pure/index.mjs";
import type { MountedPaymentElement } from "./payment_form.ts";

export {
  ELEMENT_NOT_FOUND,
  type MountedPaymentElement,
  paymentFormProblem,
  PROCESSOR_NOT_READY,
} from "./payment_form.ts";

/** The payment form's primary colour (spec: green). */
export const PAYMENT_GREEN = "#16a34a";

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
