/** Edge schemas of the admin coupon API (spec 001 section 7): one body for create and update. */
import { z } from "zod";
import { COUPON_MESSAGES, COUPON_TYPES, couponIssues } from "./rules.ts";
import { customerTag } from "../../lib/customer_tag.ts";

const MAX_ID = 2_147_483_647;
const id = z.number().int().min(1).max(MAX_ID);

/**
 * POST /api/coupons and PUT /api/coupons/{id}. The types are checked here; the spec's rules (and
 * their words) come from rules.ts, which the island runs too.
 */
export const couponBody = z.object({
  code: z.string({ error: COUPON_MESSAGES.codeShort }).max(100, COUPON_MESSAGES.codeLong),
  description: z.string({ error: COUPON_MESSAGES.description }).max(2000, COUPON_MESSAGES.descriptionLong),
  type: z.enum(COUPON_TYPES, { error: COUPON_MESSAGES.type }).default("percentage"),
  value: z.number({ error: COUPON_MESSAGES.value }),
  minOrderValue: z.number({ error: COUPON_MESSAGES.minOrderValue }).nullable().default(null),
  maxDiscount: z.number({ error: COUPON_MESSAGES.maxDiscount }).nullable().default(null),
  startDate: z.string({ error: COUPON_MESSAGES.startDate }).max(40, COUPON_MESSAGES.startDate),
  endDate: z.string({ error: COUPON_MESSAGES.endDate }).max(40, COUPON_MESSAGES.endDate).nullable().default(null),
  usageLimit: z.number({ error: COUPON_MESSAGES.usageLimit }).nullable().default(null),
  userLimit: z.number({ error: COUPON_MESSAGES.userLimit }).nullable().default(1).transform((n) => n ?? 1),
  firstTimeOnly: z.boolean({ error: "firstTimeOnly must be true or false" }).default(false),
  // Only customers with this tag; "" or null for everyone.
  customerTag: z.union([z.literal("").transform(() => null), customerTag], {
    error: (issue) =>
      issue.code === "invalid_union" && issue.input !== undefined && typeof issue.input !== "string"
        ? "customerTag must be a tag (text) or null"
        : undefined,
  }).nullable().default(null),
  active: z.boolean({ error: "active must be true or false" }).default(true),
  categoryId: id.nullable().default(null),
  productId: id.nullable().default(null),
}).strict().transform((b) => ({
  ...b,
  code: b.code.trim().toUpperCase(),
  description: b.description.trim(),
  // The maximum discount belongs to percentage coupons only (spec 001 section 5).
  maxDiscount: b.type === "percentage" ? b.maxDiscount : null,
})).superRefine((b, ctx) => {
  for (const issue of couponIssues(b)) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
});
export type CouponInput = z.output<typeof couponBody>;

export const couponIdParam = z.object({
  id: z.coerce.number({ error: "Coupon not found" }).int().min(1).max(MAX_ID, "Coupon not found"),
});

/** GET /api/coupons and the Manage Coupons page: search, status filter, page. */
export const couponListQuery = z.object({
  search: z.string().max(100).optional().catch(undefined),
  status: z.enum(["all", "active", "inactive"]).catch("all").default("all"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
