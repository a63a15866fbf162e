/** The order summary's figures: subtotal, discounts, delivery, total, and the free-delivery note. */
import { formatMoney } from "../../lib/money.ts";
import { REFERRAL_DISCOUNT_LABEL } from "../../domains/referrals/pricing.ts";
import type { CartJson } from "../../contract/cart.ts";

const rand = (amount: number) => formatMoney(Math.round(amount * 100));

/** Under the delivery line: how much more buys free delivery, or why it is free. */
export function deliveryNoteText(delivery: CartJson["delivery"]): string {
  if (delivery.free === "coupon") return "Free delivery with your coupon.";
  if (delivery.free === "threshold") {
    return `Free standard delivery on orders from ${formatMoney(delivery.freeThreshold * 100)}.`;
  }
  return `Add ${formatMoney(Math.round(delivery.amountToFree * 100))} more for free delivery.`;
}

function DeliveryNote({ delivery }: { delivery: CartJson["delivery"] }) {
  return (
    <p className={`mt-2 text-xs ${delivery.free ? "text-stone-600" : "font-medium text-amber-900"}`} data-delivery-note>
      {deliveryNoteText(delivery)}
    </p>
  );
}

/** The summary's list of figures and the delivery note under it. */
export function CartTotals({ cart }: { cart: CartJson }) {
  return (
    <>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between">
          <dt>{`Subtotal (${cart.itemCount} ${cart.itemCount === 1 ? "item" : "items"})`}</dt>
          <dd data-subtotal>{rand(cart.subtotal)}</dd>
        </div>
        {cart.coupon && cart.discount > 0 // FREESHIP takes nothing off the goods: its effect is the delivery line
          ? (
            <div className="flex justify-between text-green-800">
              <dt>{`Discount (${cart.coupon.code})`}</dt>
              <dd data-discount>−{rand(cart.discount)}</dd>
            </div>
          )
          : null}
        {cart.referralDiscount
          ? (
            <div className="flex justify-between text-green-800">
              <dt>{REFERRAL_DISCOUNT_LABEL}</dt>
              <dd data-referral-discount>−{rand(cart.referralDiscount)}</dd>
            </div>
          )
          : null}
        {cart.referralNote ? <p className="text-xs text-stone-600" data-referral-note>{cart.referralNote}</p> : null}
        <div className="flex justify-between">
          <dt>Delivery</dt>
          <dd data-delivery className={cart.delivery.fee ? "" : "font-medium text-green-800"}>
            {cart.delivery.fee ? rand(cart.delivery.fee) : "Free"}
          </dd>
        </div>
        <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-bold">
          <dt>Total</dt>
          <dd data-total>{rand(cart.orderTotal)}</dd>
        </div>
      </dl>
      <DeliveryNote delivery={cart.delivery} />
    </>
  );
}
