/**
 * /cart and its form actions. Every action works as a plain form post (redirect back with a toast);
 * the CartView island does the same through the JSON API without reloading.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../context.ts";
import { type AddOffer, addOffer } from "../../domains/cart/mod.ts";
import { AppError, ValidationError } from "../../lib/errors.ts";
import { idOrNull } from "../../lib/ids.ts";
import { Island } from "../../lib/islands.tsx";
import CartView from "../../islands/CartView.tsx";
import { COUPON_INVALID, couponAppliedText, couponRemovedToast } from "../../client/cart_texts.ts";
import { currentCartJson } from "../api/cart_json.ts";
import { setFlash } from "../flash.ts";
import { refererPath } from "../guards.ts";
import { renderPage } from "../render.tsx";
import { SetupGaps } from "../../components/animals/SpeciesViews.tsx";
import { chosenSetups } from "./animals.tsx";
import {
  addToCartAction,
  applyCouponAction,
  clearCartAction,
  COUPON_REMOVED,
  removeCartItemAction,
  removeCouponAction,
  updateCartItemAction,
} from "../api/cart_actions.ts";
import { formRoute } from "../action.ts";
import { addedToast } from "../../client/cart.ts";
import { offersForCustomer, offerText } from "../../domains/coupons/mod.ts";
import type { OfferHint } from "../../components/cart/CouponHints.tsx";

/** A refused cart form: an error toast on the cart instead of an error page. */
function refused(c: Context<AppEnv>, failure: string, err: AppError) {
  setFlash(c, { title: failure, description: err.message, variant: "destructive" });
  return c.redirect("/cart", 303);
}

/** The confirm box on /cart?product= asks to land on the plain cart, not on the box again. */
function afterAdd(c: Context<AppEnv>, fields: Record<string, string>) {
  return c.redirect(fields.redirect === "/cart" ? "/cart" : refererPath(c, "/cart"), 303);
}

/** The coupon forms also sit on the checkout's review step, which asks to come back to itself. */
const COUPON_RETURNS = new Set(["/cart", "/checkout"]);

function returnTo(fields: Record<string, string>): string {
  return COUPON_RETURNS.has(fields.redirect) ? fields.redirect : "/cart";
}

const CART_HEAD = { title: "Shopping Cart", canonicalPath: "/cart", noindex: true };

/** The no-JS coupon form's refusal reason, carried to the next /cart render (only /cart reads it). */
const COUPON_MESSAGE_COOKIE = "coupon_message";

function setCouponMessage(c: Context<AppEnv>, code: string, message: string) {
  setCookie(c, COUPON_MESSAGE_COOKIE, JSON.stringify({ code: code.trim().toUpperCase().slice(0, 20), message }), {
    path: "/cart",
    httpOnly: true,
    sameSite: "Lax",
    maxAge: 60,
  });
}

function takeCouponMessage(c: Context<AppEnv>): { code: string; message: string } | null {
  const raw = getCookie(c, COUPON_MESSAGE_COOKIE);
  if (!raw) return null;
  deleteCookie(c, COUPON_MESSAGE_COOKIE, { path: "/cart" });
  try {
    const parsed = JSON.parse(raw);
    return typeof parsed?.code === "string" && typeof parsed?.message === "string"
      ? { code: parsed.code.slice(0, 20), message: parsed.message.slice(0, 300) }
      : null;
  } catch {
    return null;
  }
}

/**
 * A coupon dropped by a no-JS cart form's read-back (its minimum no longer met...), carried to the
 * next /cart render like a refusal's reason: that render's toast and inline notice tell it.
 */
const COUPON_NOTICE_COOKIE = "coupon_notice";

function setCouponNotice(c: Context<AppEnv>, notice: string) {
  setCookie(c, COUPON_NOTICE_COOKIE, notice.slice(0, 300), {
    path: "/cart",
    httpOnly: true,
    sameSite: "Lax",
    maxAge: 60,
  });
}

function takeCouponNotice(c: Context<AppEnv>): string | null {
  const raw = getCookie(c, COUPON_NOTICE_COOKIE);
  if (!raw) return null;
  deleteCookie(c, COUPON_NOTICE_COOKIE, { path: "/cart" });
  return raw.slice(0, 300);
}

/** The AMP page's "Add to Cart" lands on /cart?product={id}: what to offer for that id. */
function offerFor(c: Context<AppEnv>, raw: string): Promise<AddOffer> {
  const id = idOrNull(raw);
  return id === null ? Promise.resolve({ status: "unknown" }) : addOffer(c.var.db, id);
}

/**
 * The confirm box for /cart?product={id}. A GET never changes the cart: the shopper confirms with a
 * same-origin form post to the ordinary add endpoint (which the CSRF guard checks).
 */
function AddPrompt({ offer }: { offer: AddOffer }) {
  const box = "mx-auto mt-6 max-w-7xl px-4";
  if (offer.status !== "available") {
    return (
      <section className={box} aria-label="Add to cart">
        <p role="status" className="rounded-xl border border-stone-200 bg-white p-4 text-stone-700">
          {offer.status === "unknown" ? "That product could not be found, so nothing was added to your cart." : (
            <>
              <a href={`/product/${offer.slug}`} className="font-semibold underline">{offer.name}</a>
              {" is out of stock, so it was not added to your cart."}
            </>
          )}
        </p>
      </section>
    );
  }
  return (
    <section className={box} aria-labelledby="add-prompt-heading">
      <form
        method="post"
        action="/cart"
        className="flex flex-col gap-4 rounded-xl border-2 border-green-700 bg-green-50 p-5 sm:flex-row sm:items-center"
      >
        <h2 id="add-prompt-heading" className="flex-1 text-lg font-bold">
          Add <a href={`/product/${offer.slug}`} className="underline">{offer.name}</a> to your cart?
        </h2>
        <input type="hidden" name="productId" value={offer.productId} />
        <input type="hidden" name="quantity" value="1" />
        <input type="hidden" name="redirect" value="/cart" />
        {offer.variants.length
          ? (
            <label className="flex items-center gap-2 text-sm font-medium">
              Option
              <select name="variantId" required className="rounded-lg border border-stone-300 bg-white px-3 py-2">
                {offer.variants.map((v) => <option key={v.id} value={v.id}>{v.name}</option>)}
              </select>
            </label>
          )
          : null}
        <div className="flex items-center gap-3">
          <button
            type="submit"
            className="rounded-lg bg-green-800 px-5 py-2.5 font-semibold text-white hover:bg-green-900"
          >
            Add to Cart
          </button>
          <a href="/" className="text-sm font-semibold text-stone-700 hover:underline">Continue Shopping</a>
        </div>
      </form>
    </section>
  );
}

/** The coupons kept for the signed-in customer's tags, as the coupon box's "For you" hints. */
async function offerHints(c: Context<AppEnv>): Promise<OfferHint[]> {
  const user = c.var.user;
  if (!user) return [];
  return (await offersForCustomer(c.var.db, user.id)).map((o) => ({ code: o.code, text: offerText(o) }));
}

export function cartPages() {
  const app = new Hono<AppEnv>();

  app.get("/cart", async (c) => {
    const notice = takeCouponNotice(c);
    let cart = await currentCartJson(c);
    if (notice && !cart.couponNotice && !cart.coupon) cart = { ...cart, couponNotice: notice };
    const productParam = c.req.query("product");
    const offer = productParam === undefined ? null : await offerFor(c, productParam);
    const body = (
      <>
        {offer ? <AddPrompt offer={offer} /> : null}
        <Island
          name="CartView"
          component={CartView}
          props={{ initial: cart, couponMessage: takeCouponMessage(c), offers: await offerHints(c) }}
        />
        <SetupGaps lists={await chosenSetups(c)} />
      </>
    );
    // A coupon dropped on this read is announced here too, so no-JS actions and the first load after
    // signing in tell the shopper (the pending flash, when there is one, wins; the notice is also inline).
    return renderPage(c, {
      head: CART_HEAD,
      body,
      toast: cart.couponNotice ? couponRemovedToast(cart.couponNotice) : null,
    });
  });

  // The no-JavaScript twins of the cart actions (routes/api/cart_actions.ts): same schemas, same handlers.
  formRoute(app, addToCartAction, {
    path: "/cart",
    input: (fields) => ({ productId: fields.productId, variantId: fields.variantId, quantity: fields.quantity ?? "1" }),
    onSuccess: (c, output, input, fields) => {
      // The toast the island shows: a coupon dropped by this add is told in it, not lost.
      setFlash(c, addedToast(input.quantity, output.added.name, output.cart));
      return afterAdd(c, fields);
    },
    onError: (c, err, fields) => {
      setFlash(c, { title: "Failed to add item to cart", description: err.message, variant: "destructive" });
      return afterAdd(c, fields);
    },
  });

  // Changing, removing and clearing read the cart back, as their JSON routes answer it: a coupon
  // that read drops is carried to the next /cart render, which tells it (toast and inline).
  const backToCart = (c: Context<AppEnv>, cart: { couponNotice: string | null }) => {
    if (cart.couponNotice) setCouponNotice(c, cart.couponNotice);
    return c.redirect("/cart", 303);
  };
  formRoute(app, updateCartItemAction, {
    path: "/cart/items/:id",
    input: (fields) => ({ quantity: fields.quantity }),
    onSuccess: backToCart,
    onError: (c, err) => refused(c, "Failed to update cart item", err),
  });
  formRoute(app, removeCartItemAction, {
    path: "/cart/items/:id/remove",
    onSuccess: backToCart,
    onError: (c, err) => refused(c, "Failed to remove item from cart", err),
  });
  formRoute(app, clearCartAction, {
    path: "/cart/clear",
    onSuccess: backToCart,
    onError: (c, err) => refused(c, "Failed to clear cart", err),
  });

  formRoute(app, applyCouponAction, {
    path: "/cart/coupon",
    input: (fields) => ({ code: fields.code ?? "" }),
    onSuccess: (c, output, _input, fields) => {
      setFlash(c, { title: "Coupon Applied", description: couponAppliedText(output.coupon.code, output.note) });
      return c.redirect(returnTo(fields), 303);
    },
    onError: (c, err, fields) => {
      const to = returnTo(fields);
      // The spec's toast; the server's specific reason goes under the coupon box on /cart.
      if (err instanceof ValidationError) {
        setFlash(c, { ...COUPON_INVALID, variant: "destructive" });
        if (to === "/cart") setCouponMessage(c, fields.code ?? "", err.message);
      } else {
        // A rate limit ("Too many attempts...") or another refusal that is not about the code itself.
        setFlash(c, { title: "Failed to apply coupon", description: err.message, variant: "destructive" });
      }
      return c.redirect(to, 303);
    },
  });

  formRoute(app, removeCouponAction, {
    path: "/cart/coupon/remove",
    onSuccess: (c, _output, _input, fields) => {
      setFlash(c, { title: "Coupon Removed", description: COUPON_REMOVED });
      return c.redirect(returnTo(fields), 303);
    },
    onError: (c, err, fields) => {
      setFlash(c, { title: "Failed to remove coupon", description: err.message, variant: "destructive" });
      return c.redirect(returnTo(fields), 303);
    },
  });
  return app;
}
