/** Request shapes of the loyalty API, with the spec's messages. */
import { z } from "zod";
import { dbId } from "../../lib/ids.ts";

/** POST /api/loyalty/redeem. The spec's client also sends pointsCost: accepted and ignored (the cost is the database's). */
export const redeemBody = z.object({
  rewardId: dbId("Please choose a reward."),
  pointsCost: z.unknown().optional(),
}).strict();

/** POST /api/loyalty/validate-redemption. */
export const validateRedemptionBody = z.object({
  code: z.string({ error: "Please enter a redemption code" }).trim()
    .min(1, { error: "Please enter a redemption code" })
    .max(40, { error: "Invalid redemption code" }),
}).strict();

/** The spec's 'No order available' text: a reward code is applied to a placed order, never to a cart. */
export const NO_ORDER_FOR_CODE = "Unable to apply redemption code without an order";

/** POST /api/loyalty/apply-redemption: the spec's body (code, orderId). */
export const applyRedemptionBody = validateRedemptionBody.extend({
  orderId: dbId(NO_ORDER_FOR_CODE),
}).strict();

export const loyaltySchemas = { redeemBody, validateRedemptionBody, applyRedemptionBody };
