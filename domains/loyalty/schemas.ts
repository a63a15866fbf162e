/** Request shapes of the loyalty API, with the spec's messages. */
import { z } from "zod";

/** POST /api/loyalty/redeem. The spec's client also sends pointsCost: accepted and ignored (the cost is the database's). */
export const redeemBody = z.object({
  rewardId: z.coerce.number({ error: "Please choose a reward." }).int({ error: "Please choose a reward." })
    .positive({ error: "Please choose a reward." }),
  pointsCost: z.unknown().optional(),
}).strict();

/** POST /api/loyalty/validate-redemption. */
export const validateRedemptionBody = z.object({
  code: z.string({ error: "Please enter a redemption code" }).trim()
    .min(1, { error: "Please enter a redemption code" })
    .max(40, { error: "Invalid redemption code" }),
}).strict();

export const loyaltySchemas = { redeemBody, validateRedemptionBody };
