/**
 * The cart's coupon toasts, in the spec's words: the CartView island shows them after a JSON call,
 * the cart page's no-JavaScript forms as a flash after the redirect.
 */
import { ApiError } from "./api.ts";
import type { ToastInput } from "./toast.ts";

/** The spec's toast for a code the server refuses; its specific reason goes under the coupon box. */
export const COUPON_INVALID = {
  title: "Invalid Coupon",
  description: "This coupon cannot be applied to your cart.",
} as const;

/** 'Coupon Applied' names the code; a guest's first-order coupon adds the sign-in note. */
export function couponAppliedText(code: string, note: string | null): string {
  return `Coupon ${code} has been applied to your cart.${note ? ` ${note}` : ""}`;
}

/** A coupon the server dropped on re-checking the cart (expired, minimum no longer met...). */
export function couponRemovedToast(notice: string): ToastInput {
  return { title: "Coupon Removed", description: notice };
}

/**
 * What a failed apply shows: a refusal by the server (4xx) is the spec's 'Invalid Coupon' toast with
 * the server's reason inline; anything else (server error, network, rate limit) is 'Failed to apply
 * coupon'.
 */
export function couponFailure(err: unknown): { toast: ToastInput; inline: string } {
  if (err instanceof ApiError && [400, 404, 409, 422].includes(err.status)) {
    return { toast: { ...COUPON_INVALID, variant: "destructive" }, inline: err.message };
  }
  return {
    toast: {
      title: "Failed to apply coupon",
      description: err instanceof Error ? err.message : undefined,
      variant: "destructive",
    },
    inline: "Failed to apply coupon",
  };
}
