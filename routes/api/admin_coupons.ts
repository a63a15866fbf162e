/**
 * The admin coupon API of spec 001 section 7 under /api/coupons: GET /, POST / (201), PUT /{id},
 * DELETE /{id}, for admin and super_admin. Guarded route by route: the shopper routes beside them
 * (/validate, /apply, /remove) stay public.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../app.ts";
import {
  couponSchemas,
  createCoupon,
  deleteCoupon,
  getAdminCoupon,
  listCoupons,
  updateCoupon,
} from "../../domains/coupons/mod.ts";
import { currentUser, requireRole } from "../guards.ts";
import { validate } from "../validate.ts";
import { adminBodyLimit } from "../admin_limits.ts";

export function adminCouponApi() {
  const app = new Hono<AppEnv>();
  const staff = requireRole("admin");
  app.get("/", staff, validate("query", couponSchemas.couponListQuery), async (c) => {
    const q = c.req.valid("query");
    return c.json(await listCoupons(c.var.db, q));
  });
  app.get("/:id", staff, validate("param", couponSchemas.couponIdParam), async (c) => {
    return c.json(await getAdminCoupon(c.var.db, c.req.valid("param").id));
  });
  app.post("/", staff, adminBodyLimit(), validate("json", couponSchemas.couponBody), async (c) => {
    return c.json(await createCoupon(c.var.db, c.req.valid("json"), currentUser(c).id), 201);
  });
  app.put(
    "/:id",
    staff,
    adminBodyLimit(),
    validate("param", couponSchemas.couponIdParam),
    validate("json", couponSchemas.couponBody),
    async (c) => {
      const coupon = await updateCoupon(c.var.db, c.req.valid("param").id, c.req.valid("json"), currentUser(c).id);
      return c.json(coupon);
    },
  );
  app.delete("/:id", staff, validate("param", couponSchemas.couponIdParam), async (c) => {
    await deleteCoupon(c.var.db, c.req.valid("param").id, currentUser(c).id);
    return c.json({ ok: true, message: "Coupon Deleted" });
  });
  return app;
}
