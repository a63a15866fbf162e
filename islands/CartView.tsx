/**
 * The cart page: lines (a table on wide screens, cards on phones), quantity steppers, remove, Clear
 * Cart, the coupon box and the order summary. Every action is a server form first (works without
 * JavaScript); once hydrated the same controls call the cart API and update in place.
 */
import { type FormEvent, useState } from "react";
import { api, ApiError } from "../client/api.ts";
import { setCartBadge } from "../client/cart.ts";
import { toast, type ToastInput } from "../client/toast.ts";
// The pure rules module only (no database code), for the shared first-order note.
import { SIGN_IN_TO_CONFIRM } from "../domains/coupons/evaluate.ts";
import { REFERRAL_DISCOUNT_LABEL } from "../domains/referrals/pricing.ts";
import { formatMoney } from "../lib/money.ts";
import { ProductImage } from "../components/catalog/ProductImage.tsx";
import type { ActionOutput } from "../contract/action.ts";
import type { CartJson } from "../contract/cart.ts";
import type {
  applyCouponOutput,
  removeCartItemOutput,
  removeCouponOutput,
  updateCartItemOutput,
} from "../contract/cart.ts";

// Response types come from the actions' declared outputs: a changed shape fails `deno task check` here.
export type { CartJson };
export type CartItemJson = CartJson["items"][number];
type CartOutput = ActionOutput<typeof updateCartItemOutput>;
import { CouponExpiry, CouponHints } from "../components/cart/CouponHints.tsx";
import { CouponCodeInput } from "../components/cart/CouponCodeInput.tsx";
import { useCouponCode } from "../client/coupon_code.ts";

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
    toast: { title: "Failed to apply coupon", description: errorText(err), variant: "destructive" },
    inline: "Failed to apply coupon",
  };
}

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

/** Why a line cannot be checked out as it is: stock fell below its quantity after it was added. */
export function stockWarning(item: Pick<CartItemJson, "quantity" | "product">): string | null {
  const max = item.product.stock;
  if (item.quantity <= max) return null;
  if (max <= 0) return "Out of stock: please remove this item.";
  return item.product.preorder
    ? `Only ${max} can be pre-ordered: please lower the quantity.`
    : `Only ${max} left: please lower the quantity.`;
}

const rand = (amount: number) => formatMoney(Math.round(amount * 100));
function errorText(err: unknown) {
  return err instanceof Error ? err.message : undefined;
}

function Stepper({ item, onSet }: { item: CartItemJson; onSet: (q: number) => void }) {
  const btn =
    "h-9 w-9 text-lg font-bold text-stone-700 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-40";
  return (
    <form
      method="post"
      action={`/cart/items/${item.id}`}
      className="inline-flex items-center overflow-hidden rounded-lg border border-stone-300 bg-white"
      onSubmit={(e) => {
        e.preventDefault();
        const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        onSet(Number(submitter?.value ?? item.quantity));
      }}
    >
      <button
        type="submit"
        name="quantity"
        value={Math.max(1, Math.min(item.quantity - 1, item.product.stock))}
        className={btn}
        disabled={item.quantity <= 1}
        aria-label={`One fewer ${item.product.name}`}
      >
        −
      </button>
      <span className="w-10 text-center text-sm font-semibold" aria-live="polite" data-quantity>{item.quantity}</span>
      <button
        type="submit"
        name="quantity"
        value={item.quantity + 1}
        className={btn}
        disabled={item.quantity >= item.product.stock}
        aria-label={`One more ${item.product.name}`}
      >
        +
      </button>
    </form>
  );
}

function RemoveButton({ item, onRemove }: { item: CartItemJson; onRemove: () => void }) {
  return (
    <form
      method="post"
      action={`/cart/items/${item.id}/remove`}
      onSubmit={(e) => {
        e.preventDefault();
        onRemove();
      }}
    >
      <button
        type="submit"
        className="text-sm font-medium text-red-700 hover:underline"
        aria-label={`Remove ${item.product.name}`}
      >
        Remove
      </button>
    </form>
  );
}

function ItemName({ item }: { item: CartItemJson }) {
  return (
    <div className="min-w-0">
      <a href={`/product/${item.product.slug}`} className="font-semibold text-stone-900 hover:text-green-800">
        {item.product.name}
      </a>
      {item.product.variantName ? <p className="text-xs text-stone-500">{item.product.variantName}</p> : null}
      {item.product.preorder ? <p className="text-xs text-amber-700">Pre-order</p> : null}
      {stockWarning(item)
        ? <p className="mt-1 text-xs font-semibold text-red-700" data-stock-warning>{stockWarning(item)}</p>
        : null}
    </div>
  );
}

function Price({ item }: { item: CartItemJson }) {
  return (
    <span>
      {rand(item.product.price)}
      {item.product.regularPrice !== null
        ? <s className="ml-1 text-xs text-stone-500">{rand(item.product.regularPrice)}</s>
        : null}
    </span>
  );
}

export default function CartView(
  { initial, couponMessage = null }: {
    initial: CartJson;
    /** A refusal from the no-JavaScript coupon form: the code and the server's reason. */
    couponMessage?: { code: string; message: string } | null;
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
          <table className="hidden w-full overflow-hidden rounded-xl border border-stone-200 bg-white text-sm md:table">
            <thead className="bg-stone-50 text-left text-stone-600">
              <tr>
                <th className="p-3 font-semibold" colSpan={2}>Product</th>
                <th className="p-3 font-semibold">Price</th>
                <th className="p-3 font-semibold">Quantity</th>
                <th className="p-3 text-right font-semibold">Total</th>
                <th className="p-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {cart.items.map((item) => (
                <tr key={item.id} className="border-t border-stone-100" data-cart-line={item.id}>
                  <td className="w-20 p-3">
                    <ProductImage
                      src={item.product.image}
                      name={item.product.name}
                      alt=""
                      width={64}
                      height={64}
                      className="h-16 w-16 rounded-lg"
                    />
                  </td>
                  <td className="p-3">
                    <ItemName item={item} />
                  </td>
                  <td className="p-3 whitespace-nowrap">
                    <Price item={item} />
                  </td>
                  <td className="p-3">
                    <Stepper
                      item={item}
                      onSet={(q) =>
                        setQuantity(item, q)}
                    />
                  </td>
                  <td className="p-3 text-right font-semibold whitespace-nowrap">{rand(item.lineTotal)}</td>
                  <td className="p-3 text-right">
                    <RemoveButton
                      item={item}
                      onRemove={() =>
                        remove(item)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="space-y-3 md:hidden">
            {cart.items.map((item) => (
              <li key={item.id} className="flex gap-3 rounded-xl border border-stone-200 bg-white p-3">
                <ProductImage
                  src={item.product.image}
                  name={item.product.name}
                  alt=""
                  width={80}
                  height={80}
                  className="h-20 w-20 shrink-0 rounded-lg"
                />
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <ItemName item={item} />
                  <p className="text-sm">
                    <Price item={item} />
                  </p>
                  <div className="flex items-center justify-between gap-2">
                    <Stepper
                      item={item}
                      onSet={(q) =>
                        setQuantity(item, q)}
                    />
                    <span className="font-semibold">{rand(item.lineTotal)}</span>
                  </div>
                  <RemoveButton
                    item={item}
                    onRemove={() =>
                      remove(item)}
                  />
                </div>
              </li>
            ))}
          </ul>
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
            {cart.referralNote
              ? <p className="text-xs text-stone-600" data-referral-note>{cart.referralNote}</p>
              : null}
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
                  <CouponHints />
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
