/**
 * The cart's state-changing actions, each declared once: the JSON routes under /api (cart.ts,
 * coupons.ts mount them), the no-JavaScript forms on /cart (pages/cart.tsx) and /api/openapi.json.
 */
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import {
  addToCart,
  applyCoupon,
  cartSchemas,
  clearCart,
  type CouponAttempt,
  removeCartItem,
  removeCoupon,
  updateCartItem,
} from "../../domains/cart/mod.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { parseId } from "../../lib/ids.ts";
import { toRand } from "../../lib/money.ts";
import { recommendationSchemas } from "../../domains/recommendations/mod.ts";
import { addBundleToCart } from "../../flows/add_bundle_to_cart.ts";
import {
  addBundleOutput,
  addToCartOutput,
  applyCouponOutput,
  cartSchema,
  removeCartItemOutput,
  removeCouponOutput,
  updateCartItemOutput,
} from "../../contract/cart.ts";
import { defineAction } from "../action.ts";
import { readOwner, writeOwner } from "../cart_owner.ts";
import { clientIp } from "../client_ip.ts";
import { couponJson, currentCartJson } from "./cart_json.ts";

export const COUPON_REMOVED = "The coupon has been removed from your cart.";

/** The visitor's bucket for refused coupon codes, shared by every way of trying one (API and form). */
export function couponAttempt(c: Context<AppEnv>): CouponAttempt {
  return { limitKey: `coupon:ip:${clientIp(c)}` };
}

/** The visitor's cart as JSON (empty, with no cart query, for a visitor without a session). */
export const currentCart = currentCartJson;

/** A cart line the visitor may change: a visitor without a session has none. */
function ownerAndLine(c: Context<AppEnv>) {
  const owner = readOwner(c);
  const id = parseId(c.req.param("id"));
  if (!owner) throw new NotFoundError("Cart item not found");
  return { owner, id };
}

export const addToCartAction = defineAction({
  method: "post",
  path: "/cart",
  input: cartSchemas.addBody,
  output: addToCartOutput,
  status: 201,
  auth: "public",
  summary: "Add a product (or one of its variants) to the visitor's cart",
  handler: async (c, input) => {
    const added = await addToCart(c.var.db, await writeOwner(c), input);
    return {
      added: { id: added.lineId, quantity: added.quantity, name: added.name },
      cart: await currentCart(c),
    };
  },
});

export const updateCartItemAction = defineAction({
  method: "put",
  path: "/cart/:id",
  aliases: [{ method: "patch", path: "/cart/:id" }],
  input: cartSchemas.updateBody,
  output: updateCartItemOutput,
  auth: "public",
  summary: "Set a cart line's quantity (0 removes it)",
  handler: async (c, input) => {
    const { owner, id } = ownerAndLine(c);
    await updateCartItem(c.var.db, owner, id, input.quantity);
    return await currentCart(c);
  },
});

export const removeCartItemAction = defineAction({
  method: "delete",
  path: "/cart/:id",
  input: undefined,
  output: removeCartItemOutput,
  auth: "public",
  summary: "Remove a line from the cart",
  handler: async (c) => {
    const { owner, id } = ownerAndLine(c);
    await removeCartItem(c.var.db, owner, id);
    return await currentCart(c);
  },
});

export const clearCartAction = defineAction({
  method: "delete",
  path: "/cart",
  input: undefined,
  output: cartSchema,
  auth: "public",
  summary: "Empty the cart",
  handler: async (c) => {
    const owner = readOwner(c);
    if (owner) await clearCart(c.var.db, owner);
    return await currentCart(c);
  },
});

export const applyCouponAction = defineAction({
  method: "post",
  path: "/cart/apply-coupon",
  aliases: [{ method: "post", path: "/coupons/apply" }],
  input: cartSchemas.couponBody,
  output: applyCouponOutput,
  auth: "public",
  summary: "Apply a coupon code to the cart (prices re-checked on the server)",
  handler: async (c, input) => {
    const result = await applyCoupon(c.var.db, await writeOwner(c), input.code, couponAttempt(c));
    return {
      success: true as const,
      coupon: couponJson(result.coupon),
      message: `Coupon ${result.coupon.code} applied${result.note ? `. ${result.note}` : ""}`,
      note: result.note,
      discount: toRand(result.discountCents),
      discountAmount: toRand(result.discountCents),
      cart: await currentCart(c),
    };
  },
});

export const removeCouponAction = defineAction({
  method: "post",
  path: "/cart/remove-coupon",
  aliases: [{ method: "post", path: "/coupons/remove" }],
  input: undefined,
  output: removeCouponOutput,
  auth: "public",
  summary: "Remove the applied coupon from the cart",
  handler: async (c) => {
    const owner = readOwner(c);
    if (owner) await removeCoupon(c.var.db, owner);
    return { success: true as const, message: COUPON_REMOVED, cart: await currentCart(c) };
  },
});

/** 'Add all to cart' under a product's lists: one of each, in its default option; each refused one says why. */
export const addBundleAction = defineAction({
  method: "post",
  path: "/cart/bundle",
  input: recommendationSchemas.bundleForm,
  output: addBundleOutput,
  auth: "public",
  summary: "Add several products to the visitor's cart at once (one of each); each refused one says why",
  handler: async (c, input) => await addBundleToCart(c.var.db, await writeOwner(c), input.productId),
});

/** Every cart action, for the JSON routes. */
export const cartActions = [
  addToCartAction,
  addBundleAction,
  updateCartItemAction,
  removeCartItemAction,
  clearCartAction,
  applyCouponAction,
  removeCouponAction,
];
