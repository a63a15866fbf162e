/** Request shapes for the cart and coupon endpoints. */
import { z } from "zod";
import { dbId } from "../../lib/ids.ts";

const id = (name: string) => dbId(`${name} must be a positive whole number`);

const quantity = z.coerce.number({ error: "Quantity must be a whole number" }).int("Quantity must be a whole number")
  .max(999, "Quantity must be 999 or less");

export const addBody = z.object({
  productId: id("productId"),
  variantId: z.preprocess((v) => (v === "" || v === null ? undefined : v), id("variantId").optional()),
  quantity: quantity.min(1, "Quantity must be at least 1").default(1),
}).strict();

export const updateBody = z.object({ quantity }).strict();

/** cartTotal is accepted for compatibility and ignored: the server prices the cart itself. */
export const couponBody = z.object({
  code: z.string({ error: "Please enter a coupon code" }).trim().min(1, "Please enter a coupon code")
    .max(20, "Coupon codes are at most 20 characters"),
  cartTotal: z.unknown().optional(),
}).strict();
