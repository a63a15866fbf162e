/**
 * The checkout's coupon box: the same behaviour as the cart's (capitals, the code checked on blur
 * with its reason under the box, Apply disabled while the box is empty). Applying is the plain form
 * post to the cart's coupon action, which comes back to /checkout with the new totals; without
 * JavaScript the server render is that form alone.
 */
import { useCouponCode } from "../client/coupon_code.ts";
import { CouponCodeInput } from "../components/cart/CouponCodeInput.tsx";
import { CouponHints } from "../components/cart/CouponHints.tsx";

export default function CheckoutCoupon() {
  const coupon = useCouponCode();
  return (
    <form method="post" action="/cart/coupon" className="space-y-1.5" data-coupon-form>
      <input type="hidden" name="redirect" value="/checkout" />
      <label htmlFor="checkout-coupon" className="block text-sm font-medium text-stone-800">
        Coupon code <span className="font-normal text-stone-500">(no coupon applied)</span>
      </label>
      <CouponCodeInput
        id="checkout-coupon"
        messageId="checkout-coupon-message"
        coupon={coupon}
        inputClassName="min-w-0 flex-1 rounded-lg border border-stone-300 px-3 py-2 text-sm uppercase focus:border-green-700 focus:ring-2 focus:ring-green-700/20 focus:outline-none"
      />
      <CouponHints />
    </form>
  );
}
