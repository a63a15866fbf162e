/** The cart API (guest or signed in): GET/POST/DELETE /api/cart, PUT/PATCH/DELETE /api/cart/{id}, coupons. */
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../../app.ts";
import {
  addToCart,
  applyCoupon,
  cartSchemas,
  clearCart,
  type CouponAttempt,
  getCart,
  removeCartItem,
  removeCoupon,
  updateCartItem,
} from "../../domains/cart/mod.ts";
import { parseId } from "../../lib/ids.ts";
import { toRand } from "../../lib/money.ts";
import { clientIp } from "../client_ip.ts";
import { validate } from "../validate.ts";
import { readOwner, writeOwner } from "../cart_owner.ts";
import { cartJson, couponJson, emptyCartJson } from "./cart_json.ts";

async function currentCart(c: Context<AppEnv>) {
  const owner = readOwner(c);
  return owner ? cartJson(await getCart(c.var.db, owner)) : emptyCartJson();
}

export const COUPON_REMOVED = "The coupon has been removed from your cart.";

/** The visitor's bucket for refused coupon codes, shared by every way of trying one (API and form). */
export function couponAttempt(c: Context<AppEnv>): CouponAttempt {
  return { limitKey: `coupon:ip:${clientIp(c)}` };
}

/** POST apply-coupon, shared by /api/cart/apply-coupon and /api/coupons/apply. */
export async function applyCouponHandler(c: Context<AppEnv>, code: string) {
  const result = await applyCoupon(c.var.db, await writeOwner(c), code, couponAttempt(c));
  return c.json({
    success: true,
    coupon: couponJson(result.coupon),
    message: `Coupon ${result.coupon.code} applied${result.note ? `. ${result.note}` : ""}`,
    discount: toRand(result.discountCents),
    discountAmount: toRand(result.discountCents),
    cart: await currentCart(c),
  });
}

export async function removeCouponHandler(c: Context<AppEnv>) {
  const owner = readOwner(c);
  if (owner) await removeCoupon(c.var.db, owner);
  return c.json({ success: true, message: COUPON_REMOVED, cart: await currentCart(c) });
}

export function cartApi() {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => c.json(await currentCart(c)));
  app.post("/", validate("json", cartSchemas.addBody), async (c) => {
    const added = await addToCart(c.var.db, await writeOwner(c), c.req.valid("json"));
    return c.json({
      added: { id: added.lineId, quantity: added.quantity, name: added.name },
      cart: await currentCart(c),
    }, 201);
  });
  app.delete("/", async (c) => {
    const owner = readOwner(c);
    if (owner) await clearCart(c.var.db, owner);
    return c.json(await currentCart(c));
  });
  app.post(
    "/apply-coupon",
    validate("json", cartSchemas.couponBody),
    (c) => applyCouponHandler(c, c.req.valid("json").code),
  );
  app.post("/remove-coupon", (c) => removeCouponHandler(c));
  const update = async (c: Context<AppEnv>, quantity: number) => {
    const owner = readOwner(c);
    const id = parseId(c.req.param("id"));
    if (!owner) return c.json({ error: "Cart item not found" }, 404);
    await updateCartItem(c.var.db, owner, id, quantity);
    return c.json(await currentCart(c));
  };
  app.put("/:id", validate("json", cartSchemas.updateBody), (c) => update(c, c.req.valid("json").quantity));
  app.patch("/:id", validate("json", cartSchemas.updateBody), (c) => update(c, c.req.valid("json").quantity));
  app.delete("/:id", async (c) => {
    const owner = readOwner(c);
    const id = parseId(c.req.param("id"));
    if (!owner) return c.json({ error: "Cart item not found" }, 404);
    await removeCartItem(c.var.db, owner, id);
    return c.json(await currentCart(c));
  });
  return app;
}
