/**
 * The admin coupon API of spec 001 section 7 under /api/coupons: GET /, POST / (201), PUT /{id},
 * DELETE /{id}, for admin and super_admin. Guarded route by route: the shopper routes beside them
 * (/validate, /apply, /remove) stay public.
 */
import { z } from "zod";
import {
  COUPON_TYPES,
  couponSchemas,
  createCoupon,
  deleteCoupon,
  getAdminCoupon,
  listCoupons,
  updateCoupon,
} from "../../domains/coupons/mod.ts";
import { currentUser } from "../guards.ts";
import { validate } from "../validate.ts";
import { adminBodyLimit } from "../admin_limits.ts";
import { actionApi, defineAction, validParams, validQuery } from "../action.ts";

/** A coupon as the admin API answers it (the domain's AdminCoupon). */
const adminCouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  type: z.enum(COUPON_TYPES),
  value: z.number(),
  minOrderValue: z.number().nullable(),
  maxDiscount: z.number().nullable(),
  categoryId: z.number().int().nullable(),
  productId: z.number().int().nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  usageLimit: z.number().nullable(),
  userLimit: z.number(),
  firstTimeOnly: z.boolean(),
  customerTag: z.string().nullable().describe("Only customers staff tagged so may use it; null for everyone"),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  usage: z.object({ timesUsed: z.number(), revenue: z.number(), discountGiven: z.number() }),
});

export const createCouponAction = defineAction({
  method: "post",
  path: "/coupons",
  input: couponSchemas.couponBody,
  output: adminCouponSchema,
  status: 201,
  auth: "admin",
  middleware: [adminBodyLimit()],
  summary: "Create a coupon",
  handler: async (c, input) => await createCoupon(c.var.db, input, currentUser(c).id),
});

export const updateCouponAction = defineAction({
  method: "put",
  path: "/coupons/:id",
  input: couponSchemas.couponBody,
  output: adminCouponSchema,
  auth: "admin",
  middleware: [adminBodyLimit(), validate("param", couponSchemas.couponIdParam)],
  summary: "Change a coupon",
  handler: async (c, input) =>
    await updateCoupon(c.var.db, validParams(c, couponSchemas.couponIdParam).id, input, currentUser(c).id),
});

export const deleteCouponAction = defineAction({
  method: "delete",
  path: "/coupons/:id",
  input: undefined,
  output: z.object({ ok: z.literal(true), message: z.string() }),
  auth: "admin",
  middleware: [validate("param", couponSchemas.couponIdParam)],
  summary: "Delete a coupon (one already used is refused: deactivate it instead)",
  handler: async (c) => {
    await deleteCoupon(c.var.db, validParams(c, couponSchemas.couponIdParam).id, currentUser(c).id);
    return { ok: true as const, message: "Coupon Deleted" };
  },
});

export const listCouponsAction = defineAction({
  method: "get",
  path: "/coupons",
  input: undefined,
  output: z.object({ items: z.array(adminCouponSchema), total: z.number().int() }),
  auth: "admin",
  middleware: [validate("query", couponSchemas.couponListQuery)],
  summary: "Coupons by code or description and status, with their usage figures (50 a page)",
  handler: (c) => listCoupons(c.var.db, validQuery(c, couponSchemas.couponListQuery)),
});

export const getCouponAction = defineAction({
  method: "get",
  path: "/coupons/:id",
  input: undefined,
  output: adminCouponSchema,
  auth: "admin",
  middleware: [validate("param", couponSchemas.couponIdParam)],
  summary: "One coupon with its usage figures",
  handler: (c) => getAdminCoupon(c.var.db, validParams(c, couponSchemas.couponIdParam).id),
});

export function adminCouponApi() {
  return actionApi("/coupons", [
    listCouponsAction,
    getCouponAction,
    createCouponAction,
    updateCouponAction,
    deleteCouponAction,
  ]);
}
