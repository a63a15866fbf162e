/** Shopper coupon endpoints: POST /api/coupons/validate, /apply, /remove (the admin coupon API: admin_coupons.ts). */
import { Hono } from "hono";
import type { AppEnv } from "../../app.ts";
import { cartSchemas, checkCoupon } from "../../domains/cart/mod.ts";
import { toRand } from "../../lib/money.ts";
import { validate } from "../validate.ts";
import { jsonRoute } from "../action.ts";
import { readOwner } from "../cart_owner.ts";
import { cartActions, couponAttempt } from "./cart_actions.ts";
import { couponJson } from "./cart_json.ts";
import { adminCouponApi } from "./admin_coupons.ts";

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
  // /apply and /remove: the cart's coupon actions under the spec's second pair of paths.
  for (const action of cartActions) jsonRoute(app, action, "/coupons");
  app.route("/", adminCouponApi());
  return app;
}
