/**
 * What the loyalty actions the islands call answer (redeem a reward, check and apply a code).
 */
import { z } from "zod";

export const redeemRewardOutput = z.object({
  currentPoints: z.number().int(),
  redemptionCode: z.string(),
  expiresAt: z.string(),
});

export const validateRedemptionOutput = z.object({
  isValid: z.boolean(),
  message: z.string(),
  discount: z.object({
    type: z.enum(["percentage", "fixed_amount", "free_shipping"]),
    value: z.number(),
    maxAmount: z.number().nullable(),
  }).nullable(),
});

export const applyRedemptionOutput = z.object({
  success: z.literal(true),
  message: z.string(),
  discountAmount: z.number(),
});
