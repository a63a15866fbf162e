/**
 * /api/loyalty: the points balance and tier, the points history, the rewards on offer (public),
 * one's redemptions, redeeming a reward, checking a redemption code and applying it to one's unpaid
 * order. Everything but /rewards needs a signed-in customer and is never cached.
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import {
  type LedgerEntry,
  listHistory,
  listRedemptions,
  listRewards,
  loyaltySchemas,
  loyaltyTier,
  pointsBalance,
  redeemReward,
  type Redemption,
  type Reward,
  validateRedemption,
} from "../../domains/loyalty/mod.ts";
import { ERROR_CODES, UnauthorizedError } from "../../lib/errors.ts";
import { toRand } from "../../lib/money.ts";
import { finalizeOptions } from "../finalize_options.ts";
import { currentUser, requireUser } from "../guards.ts";
import {
  applyRedemptionOutput,
  historyJsonSchema,
  pointsJsonSchema,
  redeemRewardOutput,
  redemptionJsonSchema,
  rewardJsonSchema,
  validateRedemptionOutput,
} from "../../contract/loyalty.ts";
import { privateNoStore } from "../page_cache.ts";
import { defineAction, jsonRoute, jsonRoutes } from "../action.ts";
import { applyRewardCode } from "../../flows/apply_reward_code.ts";

export function rewardJson(r: Reward) {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    description: r.description,
    pointsCost: r.pointsCost,
    discountValue: toRand(r.discountValueCents),
    discountType: r.discountType,
    expiresAt: r.expiresAt?.toISOString() ?? null,
  };
}

export function historyJson(e: LedgerEntry): z.input<typeof historyJsonSchema> {
  return {
    id: e.id,
    points: e.points,
    reason: e.reason,
    referenceType: e.referenceType,
    referenceId: e.referenceId,
    createdAt: e.createdAt.toISOString(),
  };
}

export function redemptionJson(r: Redemption): z.input<typeof redemptionJsonSchema> {
  return {
    id: r.id,
    rewardId: r.rewardId,
    reward: { id: r.rewardId, name: r.rewardName },
    code: r.code,
    used: r.used,
    usedAt: r.usedAt?.toISOString() ?? null,
    // Cancelled with its points given back (docs/decisions/0057); `used` is true as well.
    voided: r.voided,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    pointsSpent: r.pointsSpent,
    createdAt: r.createdAt.toISOString(),
  };
}

export const redeemRewardAction = defineAction({
  method: "post",
  path: "/loyalty/redeem",
  input: loyaltySchemas.redeemBody,
  output: redeemRewardOutput,
  auth: "customer",
  summary: "Spend points on a reward: a one-time redemption code",
  errors: [ERROR_CODES.insufficientPoints],
  handler: async (c, input) => {
    const result = await redeemReward(c.var.db, currentUser(c).id, input.rewardId);
    return { ...result, expiresAt: result.expiresAt.toISOString() };
  },
});

export const validateRedemptionAction = defineAction({
  method: "post",
  path: "/loyalty/validate-redemption",
  input: loyaltySchemas.validateRedemptionBody,
  output: validateRedemptionOutput,
  auth: "customer",
  summary: "Check whether a redemption code is one of the customer's own, unused and unexpired",
  handler: async (c, input) => await validateRedemption(c.var.db, currentUser(c).id, input.code),
});

// Spends a code on the customer's unpaid order; checkout owns the order's money.
export const applyRedemptionAction = defineAction({
  method: "post",
  path: "/loyalty/apply-redemption",
  input: loyaltySchemas.applyRedemptionBody,
  output: applyRedemptionOutput,
  auth: "customer",
  summary: "Apply a redemption code to the customer's unpaid order",
  handler: async (c, { code, orderId }) => {
    const applied = await applyRewardCode(
      c.var.db,
      { userId: currentUser(c).id, orderId, code },
      c.var.payments,
      finalizeOptions(c),
    );
    return { success: true as const, message: applied.message, discountAmount: toRand(applied.discountCents) };
  },
});

export const listRewardsAction = defineAction({
  method: "get",
  path: "/loyalty/rewards",
  input: undefined,
  output: z.array(rewardJsonSchema),
  auth: "public",
  summary: "The rewards points can buy",
  handler: async (c) => {
    c.header("Cache-Control", "public, max-age=60");
    return (await listRewards(c.var.db)).map(rewardJson);
  },
});

export const pointsAction = defineAction({
  method: "get",
  path: "/loyalty/points",
  input: undefined,
  output: pointsJsonSchema,
  auth: "customer",
  summary: "The customer's points balance and tier",
  handler: async (c) => {
    const points = await pointsBalance(c.var.db, currentUser(c).id);
    return { points, tier: loyaltyTier(points) };
  },
});

export const historyAction = defineAction({
  method: "get",
  path: "/loyalty/history",
  input: undefined,
  output: z.array(historyJsonSchema),
  auth: "customer",
  summary: "The customer's points ledger, newest first",
  handler: async (c) => (await listHistory(c.var.db, currentUser(c).id)).map(historyJson),
});

export const redemptionsAction = defineAction({
  method: "get",
  path: "/loyalty/redemptions",
  input: undefined,
  output: z.array(redemptionJsonSchema),
  auth: "customer",
  summary: "The customer's redemption codes, newest first",
  handler: async (c) => (await listRedemptions(c.var.db, currentUser(c).id)).map(redemptionJson),
});

export function loyaltyApi() {
  const app = new Hono<AppEnv>();
  jsonRoute(app, listRewardsAction, "/loyalty");

  app.use("/redeem", async (c, next) => {
    if (!c.var.user) throw new UnauthorizedError("Please log in to redeem rewards.");
    await next();
  });
  app.use("*", requireUser(), privateNoStore);
  jsonRoutes(app, "/loyalty", [
    pointsAction,
    historyAction,
    redemptionsAction,
    redeemRewardAction,
    validateRedemptionAction,
    applyRedemptionAction,
  ]);
  return app;
}
