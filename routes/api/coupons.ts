/** Shopper coupon endpoints: POST /api/coupons/validate, /apply, /remove (the admin coupon API: admin_coupons.ts). */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { cartSchemas, checkCoupon } from "../../domains/cart/mod.ts";
import { toRand } from "../../lib/money.ts";
import { validateCouponOutput } from "../../contract/cart.ts";
import { defineAction, jsonRoute, jsonRoutes } from "../action.ts";
import { readOwner } from "../cart_owner.ts";
import { cartActions, couponAttempt } from "./cart_actions.ts";
import { couponJson } from "./cart_json.ts";
import { adminCouponApi } from "./admin_coupons.ts";

export const validateCouponAction = defineAction({
  method: "post",
  path: "/coupons/validate",
  input: cartSchemas.couponBody,
  output: validateCouponOutput,
  auth: "public",
  summary: "Check a coupon code against the visitor's cart without applying it",
  handler: async (c, input) => {
    const owner = readOwner(c) ?? { sessionId: "none" };
    const check = await checkCoupon(c.var.db, owner, input.code, new Date(), couponAttempt(c));
    return check.valid
      ? {
        valid: true as const,
        isValid: true as const,
        coupon: couponJson(check.coupon),
        message: check.note ?? "Coupon is valid",
        discount: toRand(check.discountCents),
      }
      : { valid: false as const, isValid: false as const, coupon: null, message: check.message };
  },
});

export function couponApi() {
  const app = new Hono<AppEnv>();
  jsonRoute(app, validateCouponAction, "/coupons");
  // /apply and /remove: the cart's coupon actions under the spec's second pair of paths.
  jsonRoutes(app, "/coupons", cartActions);
  app.route("/", adminCouponApi());
  return app;
}
