import assert from "node:assert/strict";
import { ELEMENT_NOT_FOUND, type MountedPaymentElement, paymentFormProblem, PROCESSOR_NOT_READY } from "./stripe.ts";

function mounted(element: unknown): MountedPaymentElement {
  return { stripe: {}, elements: { getElement: () => element }, element } as unknown as MountedPaymentElement;
}

Deno.test("[payment form] the spec's texts say why the form cannot be sent yet", () => {
  assert.equal(paymentFormProblem(null, false), PROCESSOR_NOT_READY, "Stripe.js not loaded");
  assert.equal(paymentFormProblem(mounted({}), false), PROCESSOR_NOT_READY, "element still loading");
  assert.equal(paymentFormProblem(mounted(null), true), ELEMENT_NOT_FOUND, "element gone from the page");
  assert.equal(paymentFormProblem(mounted({}), true), null);
});
