/** Shopper coupon endpoints: POST /api/coupons/validate, /apply, /remove (admin coupon management lives elsewhere). */
import { Hono } from "hono";
import type { AppEnv } from "../../app.ts";
import { cartSchemas, checkCoupon } from "../../domains/cart/mod.ts";
import { toRand } from "../../lib/money.ts";
import { validate } from "../validate.ts";
import { readOwner } from "../cart_owner.ts";
import { applyCouponHandler, couponAttempt, removeCouponHandler } from "./cart.ts";
import { couponJson } from "./cart_json.ts";

export function couponApi() {
  const app = new Hono<AppEnv>();
  app.post("/validate", validate("json", cartSchemas.couponBody), async (c) => {
    const owner = readOwner(c) ?? { sessionId: "none" };
    const check = await checkCoupon(c.var.db, owner, c.req.valid("json").code, new Date(), couponAttempt(c));
    return c.json(
      check.valid
        ? {
          valid: true,
          isValid: true,
          coupon: couponJson(check.coupon),
          message: check.note ?? "Coupon is valid",
          discount: toRand(check.discountCents),
        }
        : { valid: false, isValid: false, coupon: null, message: check.message },
    );
  });
  app.post("/apply", validate("json", cartSchemas.couponBody), (c) => applyCouponHandler(c, c.req.valid("json").code));
  app.post("/remove", (c) => removeCouponHandler(c));
  return app;
}
