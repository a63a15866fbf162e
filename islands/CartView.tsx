/**
 * The cart page: lines (a table on wide screens, cards on phones), quantity steppers, remove, Clear
 * Cart, the coupon box and the order summary. Every action is a server form first (works without
 * JavaScript); once hydrated the same controls call the cart API and update in place.
 */
import { type FormEvent, useState } from "react";
import { api } from "../client/api.ts";
import { setCartBadge } from "../client/cart.ts";
import { toast } from "../client/toast.ts";
import { couponAppliedText, couponFailure, couponRemovedToast } from "../client/cart_texts.ts";
// The pure rules module only (no database code), for the shared first-order note.
import { SIGN_IN_TO_CONFIRM } from "../domains/coupons/evaluate.ts";
import type { ActionOutput } from "../contract/action.ts";
import type {
  applyCouponOutput,
  CartJson,
  removeCartItemOutput,
  removeCouponOutput,
  updateCartItemOutput,
} from "../contract/cart.ts";
import { type CartItemJson, CartLines } from "../components/cart/CartLines.tsx";
import { CartTotals } from "../components/cart/CartTotals.tsx";
import { CouponExpiry, CouponHints, type OfferHint } from "../components/cart/CouponHints.tsx";
import { CouponCodeInput } from "../components/cart/CouponCodeInput.tsx";
import { useCouponCode } from "../client/coupon_code.ts";

// Response types come from the actions' declared outputs: a changed shape fails `deno task check` here.
type CartOutput = ActionOutput<typeof updateCartItemOutput>;

function errorText(err: unknown) {
  return err instanceof Error ? err.message : undefined;
}

export default function CartView(
  { initial, couponMessage = null, offers = [] }: {
    initial: CartJson;
    /** A refusal from the no-JavaScript coupon form: the code and the server's reason. */
    couponMessage?: { code: string; message: string } | null;
    /** Coupons kept for the signed-in customer's tags (decision 0116), shown above the sample hints. */
    offers?: OfferHint[];
  },
) {
  const [cart, setCart] = useState(initial);
  const coupon = useCouponCode({
    code: couponMessage?.code,
    message: couponMessage ? { text: couponMessage.message, tone: "error" } : null,
  });
  // A coupon dropped by the server stays explained beside the coupon box (the page also toasts it).
  const [notice, setNotice] = useState(initial.couponNotice);
  const [busy, setBusy] = useState(false);

  function update(next: CartJson) {
    setCart(next);
    setCartBadge(next.itemCount);
    if (next.couponNotice) {
      setNotice(next.couponNotice);
      toast(couponRemovedToast(next.couponNotice));
    } else if (next.coupon) setNotice(null);
  }

  async function run(fn: () => Promise<void>, failure: string) {
    setBusy(true);
    try {
      await fn();
    } catch (err) {
      toast({ title: failure, description: errorText(err), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  const setQuantity = (item: CartItemJson, quantity: number) =>
    run(
      async () => update(await api<CartOutput>(`/api/cart/${item.id}`, { method: "PUT", json: { quantity } })),
      "Failed to update cart item",
    );
  const remove = (item: CartItemJson) =>
    run(
      async () =>
        update(await api<ActionOutput<typeof removeCartItemOutput>>(`/api/cart/${item.id}`, { method: "DELETE" })),
      "Failed to remove item from cart",
    );
  const clear = () =>
    run(async () => update(await api<CartOutput>("/api/cart", { method: "DELETE" })), "Failed to clear cart");

  async function applyCoupon(e: FormEvent) {
    e.preventDefault();
    const value = coupon.code.trim().toUpperCase();
    if (!value) return;
    setBusy(true);
    try {
      const res = await api<ActionOutput<typeof applyCouponOutput>>("/api/cart/apply-coupon", {
        method: "POST",
        json: { code: value, cartTotal: cart.total },
      });
      update(res.cart);
      coupon.setCode("");
      coupon.setMessage(null);
      toast({
        title: "Coupon Applied",
        description: couponAppliedText(res.coupon.code, res.cart.couponNeedsSignIn ? SIGN_IN_TO_CONFIRM : null),
        variant: "success",
      });
    } catch (err) {
      const failure = couponFailure(err);
      coupon.setMessage({ text: failure.inline, tone: "error" });
      toast(failure.toast);
    } finally {
      setBusy(false);
    }
  }

  const removeCoupon = () =>
    run(async () => {
      const res = await api<ActionOutput<typeof removeCouponOutput>>("/api/cart/remove-coupon", {
        method: "POST",
        json: {},
      });
      update(res.cart);
      toast({ title: "Coupon Removed", description: "The coupon has been removed from your cart." });
    }, "Failed to remove coupon");

  if (!cart.items.length) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-extrabold">Your Cart is Empty</h1>
        <p className="mt-3 text-stone-600">Browse the catalogue and add what your animals need.</p>
        <a
          href="/products"
          className="mt-8 inline-block rounded-lg bg-green-800 px-6 py-3 font-semibold text-white hover:bg-green-900"
        >
          Start Shopping
        </a>
      </section>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8" aria-busy={busy}>
      <h1 className="text-3xl font-extrabold tracking-tight">Shopping Cart</h1>
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <section aria-label="Items in your cart">
          <CartLines
            items={cart.items}
            onSet={setQuantity}
            onRemove={remove}
          />
          <div className="mt-4 flex flex-wrap justify-between gap-3">
            <a
              href="/"
              className="rounded-lg border border-stone-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-stone-100"
            >
              Continue Shopping
            </a>
            <form
              method="post"
              action="/cart/clear"
              onSubmit={(e) => {
                e.preventDefault();
                clear();
              }}
            >
              <button
                type="submit"
                className="rounded-lg border border-red-200 bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
              >
                Clear Cart
              </button>
            </form>
          </div>
        </section>

        <aside aria-labelledby="summary-heading" className="h-fit rounded-xl border border-stone-200 bg-white p-5">
          <h2 id="summary-heading" className="text-lg font-bold">Order Summary</h2>
          <CartTotals cart={cart} />
          <div className="mt-5">
            {cart.coupon
              ? (
                <form
                  method="post"
                  action="/cart/coupon/remove"
                  className="flex items-center justify-between gap-2 rounded-lg bg-green-50 px-3 py-2 text-sm"
                  onSubmit={(e) => {
                    e.preventDefault();
                    removeCoupon();
                  }}
                >
                  <span>
                    <strong>{cart.coupon.code}</strong> · {cart.coupon.description}
                    <CouponExpiry endDate={cart.coupon.endDate} />
                  </span>
                  <button type="submit" className="font-semibold text-red-700 hover:underline">Remove</button>
                </form>
              )
              : (
                <form method="post" action="/cart/coupon" onSubmit={applyCoupon} className="space-y-1">
                  <label htmlFor="coupon-code" className="text-sm font-medium">Coupon code</label>
                  <CouponCodeInput
                    id="coupon-code"
                    messageId="coupon-message"
                    coupon={coupon}
                    busy={busy}
                    inputClassName="min-w-0 flex-1 rounded-lg border border-stone-300 px-3 py-2 text-sm uppercase"
                  />
                  <CouponHints offers={offers} />
                </form>
              )}
            {cart.coupon && cart.couponNeedsSignIn
              ? <p className="mt-2 text-xs text-stone-700" data-coupon-note>{SIGN_IN_TO_CONFIRM}</p>
              : null}
            {notice && !cart.coupon
              ? (
                <p
                  role="status"
                  className="mt-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-900"
                  data-coupon-notice
                >
                  {notice}
                </p>
              )
              : null}
          </div>
          <a
            href="/checkout"
            className="mt-4 block rounded-lg bg-green-800 px-4 py-3 text-center font-semibold text-white hover:bg-green-900"
          >
            Proceed to Checkout
          </a>
        </aside>
      </div>
    </div>
  );
}
