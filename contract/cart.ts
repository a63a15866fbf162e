/**
 * The cart's JSON contract: the shape of the cart and of what each cart and coupon action answers.
 * Read by the routes (the actions' declared outputs), by /api/openapi.json and by the islands, which
 * type their calls with it (so a changed shape breaks `deno task check` on both sides).
 */
import { z } from "zod";
import { rand } from "./money.ts";

export const couponSchema = z.object({
  code: z.string(),
  type: z.string(),
  value: z.number().describe("Percent for percentage coupons, rand for fixed amounts"),
  description: z.string(),
  minOrderValue: rand.nullable(),
  endDate: z.string().nullable(),
});

export const cartItemSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  variantId: z.number().int().nullable(),
  quantity: z.number().int(),
  product: z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    sku: z.string(),
    brand: z.string().nullable(),
    image: z.string().nullable(),
    variantName: z.string().nullable(),
    price: rand,
    regularPrice: rand.nullable(),
    stock: z.number().int(),
    preorder: z.boolean(),
    pudoEligible: z.boolean(),
  }),
  lineTotal: rand,
});

export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  itemCount: z.number().int(),
  subtotal: rand,
  discount: rand,
  /** A referred customer's first-order discount (0 when none), its referral, and why a coupon gave way or not. */
  referralDiscount: rand,
  referral: z.object({ code: z.string(), percent: z.number() }).nullable(),
  referralNote: z.string().nullable(),
  total: rand,
  coupon: couponSchema.nullable(),
  freeShipping: z.boolean(),
  /** Standard delivery as domains/cart/delivery.ts decides it (PUDO, free, is chosen at checkout). */
  delivery: z.object({
    fee: rand,
    free: z.enum(["threshold", "coupon", "pudo"]).nullable().describe(
      "Why delivery is free; null when the fee applies",
    ),
    amountToFree: rand.describe("How much more in goods makes delivery free (0 when it is)"),
    freeThreshold: rand,
  }),
  orderTotal: rand.describe("The discounted total plus standard delivery"),
  couponNotice: z.string().nullable(),
  /** A guest's first-order coupon: provisional until they sign in. */
  couponNeedsSignIn: z.boolean(),
});

export type CouponJson = z.output<typeof couponSchema>;
export type CartJson = z.output<typeof cartSchema>;

/** POST /api/cart/bundle: what was added (product names) and what was refused, with the reason. */
export const addBundleOutput = z.object({
  added: z.array(z.string()),
  refused: z.array(z.object({ productId: z.number().int(), message: z.string() })),
});

/** POST /api/orders/{id}/buy-again: the past order's lines put back in the cart, and those that could not be. */
export const buyAgainOutput = z.object({
  added: z.array(z.string()).describe("The lines added, by name"),
  refused: z.array(z.object({ name: z.string(), message: z.string() })).describe("The lines not added, and why"),
  cart: cartSchema,
});

export const addToCartOutput = z.object({
  added: z.object({ id: z.number().int(), quantity: z.number().int(), name: z.string() }),
  cart: cartSchema,
});

export const updateCartItemOutput = cartSchema;

export const removeCartItemOutput = cartSchema;

export const applyCouponOutput = z.object({
  success: z.literal(true),
  coupon: couponSchema,
  message: z.string(),
  /** The first-order coupon's note to a guest (sign in to confirm it), or null. */
  note: z.string().nullable(),
  discount: z.number(),
  discountAmount: z.number(),
  cart: cartSchema,
});

export const removeCouponOutput = z.object({ success: z.literal(true), message: z.string(), cart: cartSchema });

export const validateCouponOutput = z.union([
  z.object({
    valid: z.literal(true),
    isValid: z.literal(true),
    coupon: couponSchema,
    message: z.string(),
    discount: z.number(),
  }),
  z.object({ valid: z.literal(false), isValid: z.literal(false), coupon: z.null(), message: z.string() }),
]);
