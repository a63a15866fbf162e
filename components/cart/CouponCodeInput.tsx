/**
 * The coupon box's input, Apply button and message line, shared by the cart (CartView) and the
 * checkout (CheckoutCoupon). The form around it is the page's: a plain POST that works without
 * JavaScript; `coupon` (client/coupon_code.ts) adds the capitals, the check on blur and the disabled
 * Apply.
 */
import type { CouponCode } from "../../client/coupon_code.ts";

export function CouponCodeInput(
  { id, messageId, coupon, busy = false, inputClassName }: {
    id: string;
    /** The message line's id (the input is described by it). */
    messageId: string;
    coupon: CouponCode;
    busy?: boolean;
    inputClassName: string;
  },
) {
  return (
    <>
      <div className="flex gap-2">
        <input
          id={id}
          name="code"
          required
          maxLength={20}
          value={coupon.code}
          onChange={(e) => coupon.setCode(e.target.value)}
          onBlur={coupon.check}
          autoComplete="off"
          className={inputClassName}
          aria-describedby={messageId}
        />
        <button
          type="submit"
          disabled={coupon.hydrated && (!coupon.code.trim() || busy)}
          className="rounded-lg bg-stone-800 px-4 py-2 text-sm font-semibold text-white hover:bg-stone-900 disabled:opacity-40"
        >
          Apply
        </button>
      </div>
      <p
        id={messageId}
        className={`min-h-5 text-xs ${coupon.message?.tone === "info" ? "text-stone-700" : "text-red-700"}`}
        aria-live="polite"
      >
        {coupon.message?.text}
      </p>
    </>
  );
}
