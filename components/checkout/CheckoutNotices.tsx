/** Small notices of the checkout screens: 'Secure Checkout' and the 'Payment Configuration Error'. */
import { ShieldIcon } from "../ui/icons.tsx";

export const PAYMENT_CONFIGURATION_ERROR = "The payment system is not properly configured. Please contact support.";

/** The spec's configuration error panel (no payment provider: no order can be placed or paid). */
export function PaymentConfigurationError() {
  return (
    <div
      role="alert"
      className="mb-6 rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900"
      data-payment-config-error
    >
      <p className="font-bold">Payment Configuration Error</p>
      <p className="mt-1 text-sm">{PAYMENT_CONFIGURATION_ERROR}</p>
    </div>
  );
}

/**
 * The customer left an order at the payment step (the browser's Back button, a new tab): they may
 * pay it, or place this one, which cancels it and gives its items and coupon back.
 */
export function UnpaidOrderNotice({ order }: { order: { id: number; orderNumber: string } }) {
  return (
    <div
      role="status"
      className="mb-6 rounded-2xl border border-amber-200 bg-amber-50 p-5 text-amber-950"
      data-unpaid-order
    >
      <p className="font-bold">Order {order.orderNumber} is waiting for payment</p>
      <p className="mt-1 text-sm">
        Placing the order below cancels it and uses your cart as it is now.{" "}
        <a href={`/checkout?order=${order.id}`} className="font-semibold underline">
          Pay for order {order.orderNumber} instead
        </a>
      </p>
    </div>
  );
}

export function SecureCheckoutNote() {
  return (
    <div className="flex gap-3 rounded-2xl border border-stone-200 bg-white p-4 text-sm" data-secure-checkout>
      <ShieldIcon className="h-5 w-5 shrink-0 text-green-800" />
      <div>
        <p className="font-semibold text-stone-900">Secure Checkout</p>
        <p className="mt-0.5 text-stone-600">
          Card details go straight to our payment provider over an encrypted connection; we never see or store them.
        </p>
      </div>
    </div>
  );
}
