/**
 * The checkout side panel's money: the order total (subtotal, discounts with their codes, delivery
 * as domains/cart/delivery.ts decides it, total), the coupon display (the applied coupon with Remove, or a box to add one) and a
 * pointer to where a loyalty reward code goes (the payment step). The coupon forms post to the
 * cart's own form actions and come back to /checkout.
 */
import type { Cart, OrderTotals } from "../../domains/cart/mod.ts";
import { type DiscountLine, discountLines, type OrderDetail } from "../../domains/orders/mod.ts";
import { formatMoney } from "../../lib/money.ts";
import { CheckoutCard } from "./CheckoutFrame.tsx";
import { CouponExpiry } from "../cart/CouponHints.tsx";
import { Island } from "../../lib/islands.tsx";
import CheckoutCoupon from "../../islands/CheckoutCoupon.tsx";

const items = (n: number) => `${n} ${n === 1 ? "item" : "items"}`;

export function OrderTotal(
  { subtotalCents, discounts, shippingCents, totalCents, itemCount }: {
    subtotalCents: number;
    /** The coupon's and the reward code's lines (discountLines). */
    discounts: DiscountLine[];
    shippingCents: number;
    totalCents: number;
    itemCount: number;
  },
) {
  return (
    <dl className="space-y-2 text-sm" data-order-total-panel>
      <div className="flex justify-between gap-3">
        <dt className="text-stone-600">{`Subtotal (${items(itemCount)})`}</dt>
        <dd className="tabular-nums" data-subtotal>{formatMoney(subtotalCents)}</dd>
      </div>
      {discounts.map((d) => (
        <div key={d.label} className="flex justify-between gap-3 text-green-800">
          <dt>{d.label}</dt>
          <dd className="tabular-nums" data-discount>{`−${formatMoney(d.cents)}`}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-3">
        <dt className="text-stone-600">Shipping</dt>
        <dd className={shippingCents ? "tabular-nums" : "font-medium text-green-800"} data-shipping>
          {shippingCents ? formatMoney(shippingCents) : "Free"}
        </dd>
      </div>
      <div className="flex justify-between gap-3 border-t border-stone-200 pt-3 text-base font-bold text-stone-900">
        <dt>Total</dt>
        <dd className="tabular-nums" data-total>{formatMoney(totalCents)}</dd>
      </div>
    </dl>
  );
}

/** An order's lines (name, option, quantity x price, line total) and its total: the payment pages' recap. */
export function OrderLinesAndTotal({ order }: { order: OrderDetail }) {
  const units = order.items.reduce((n, i) => n + i.quantity, 0);
  return (
    <>
      <ul className="divide-y divide-stone-100 text-sm" data-payment-lines>
        {order.items.map((i) => (
          <li key={i.id} className="flex justify-between gap-3 py-2 first:pt-0">
            <span className="min-w-0">
              <span className="font-medium text-stone-900">{i.name}</span>
              {i.variantName ? <span className="block text-xs text-stone-600">{i.variantName}</span> : null}
              <span className="block text-xs text-stone-600">{`${i.quantity} × ${formatMoney(i.priceCents)}`}</span>
            </span>
            <span className="font-medium whitespace-nowrap tabular-nums">{formatMoney(i.lineTotalCents)}</span>
          </li>
        ))}
      </ul>
      <div className="mt-3 border-t border-stone-200 pt-3">
        <OrderTotal
          subtotalCents={order.subtotalCents}
          discounts={discountLines(order)}
          shippingCents={order.shippingCents}
          totalCents={order.totalCents}
          itemCount={units}
        />
      </div>
    </>
  );
}

function CouponDisplay({ cart }: { cart: Cart }) {
  if (cart.coupon) {
    return (
      <form
        method="post"
        action="/cart/coupon/remove"
        className="flex items-start justify-between gap-3 rounded-xl bg-green-50 px-3 py-2.5 text-sm"
        data-coupon-applied={cart.coupon.code}
      >
        <input type="hidden" name="redirect" value="/checkout" />
        <span className="min-w-0">
          <span className="block font-semibold text-green-900">{`Coupon ${cart.coupon.code} applied`}</span>
          <span className="block text-green-900/80">{cart.coupon.description}</span>
          <CouponExpiry endDate={cart.coupon.endDate} />
        </span>
        <button
          type="submit"
          className="shrink-0 font-semibold text-red-700 hover:underline"
          aria-label={`Remove coupon ${cart.coupon.code}`}
        >
          Remove
        </button>
      </form>
    );
  }
  return <Island name="CheckoutCoupon" component={CheckoutCoupon} props={{}} hydrate="visible" />;
}

/** The Order Total card of the review step, with the coupon display under the figures. */
export function OrderTotalPanel({ cart, totals }: { cart: Cart; totals: OrderTotals }) {
  return (
    <CheckoutCard id="order-total" title="Order Total">
      <OrderTotal
        subtotalCents={cart.subtotalCents}
        discounts={discountLines({
          discountCents: cart.discountCents + cart.referralDiscountCents,
          couponCode: cart.coupon?.code ?? null,
          rewardCode: null,
          rewardDiscountCents: 0,
          referralDiscountCents: cart.referralDiscountCents,
        })}
        shippingCents={totals.delivery.feeCents}
        totalCents={totals.totalCents}
        itemCount={cart.itemCount}
      />
      {cart.referralNote ? <p className="mt-3 text-xs text-stone-600" data-referral-note>{cart.referralNote}</p> : null}
      <div className="mt-4 border-t border-stone-200 pt-4">
        <CouponDisplay cart={cart} />
      </div>
      {/* The spec's loyalty code box needs an order, so it is on the payment step; this says where. */}
      <p className="mt-3 text-xs text-stone-600" data-reward-hint>
        Have a reward code from your{" "}
        <a href="/loyalty" className="font-semibold text-green-800 underline">loyalty points</a>? You can enter it at
        the payment step.
      </p>
    </CheckoutCard>
  );
}
