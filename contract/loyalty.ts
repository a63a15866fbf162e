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

const int = z.number().int();
const isoTime = z.string().describe("ISO 8601 date and time");

export const rewardJsonSchema = z.object({
  id: int,
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  pointsCost: int,
  discountValue: z.number().describe("Rand for fixed_amount, percent for percentage, 0 for free_shipping"),
  discountType: z.enum(["percentage", "fixed_amount", "free_shipping"]),
  expiresAt: isoTime.nullable(),
});

export const pointsJsonSchema = z.object({ points: int, tier: z.enum(["Bronze", "Silver", "Gold"]) });

export const historyJsonSchema = z.object({
  id: int,
  points: int.describe("Earned (positive) or spent or taken back (negative)"),
  reason: z.string(),
  referenceType: z.string().nullable(),
  referenceId: z.string().nullable(),
  createdAt: isoTime,
});

export const redemptionJsonSchema = z.object({
  id: int,
  rewardId: int,
  reward: z.object({ id: int, name: z.string() }),
  code: z.string(),
  used: z.boolean(),
  usedAt: isoTime.nullable(),
  voided: z.boolean().describe("Cancelled with its points given back; `used` is true as well"),
  expiresAt: isoTime.nullable(),
  pointsSpent: int,
  createdAt: isoTime,
});
