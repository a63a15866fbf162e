/** Request and answer shapes of /api/referrals, with the texts the shopper sees. */
import { z } from "zod";

export const CODE_REQUIRED = "Please enter a referral code";

/** A referral code as typed or pasted: case and spaces do not matter. */
export const referralCode = z.string({ error: CODE_REQUIRED }).trim().toUpperCase()
  .min(1, { error: CODE_REQUIRED })
  .max(40, { error: "This referral code is not valid." });

/** POST /api/referrals/redeem. */
export const redeemBody = z.object({ code: referralCode }).strict();

/** POST /api/referrals answers the customer's own code and share link. */
export const invitationJson = z.object({ code: z.string(), link: z.string() });

/** POST /api/referrals/redeem answers the discount the referee will get on their first order. */
export const redeemJson = z.object({
  success: z.literal(true),
  code: z.string(),
  discountType: z.literal("percentage"),
  discountPercent: z.number(),
  message: z.string(),
});

/** GET /api/referrals/my. */
export const myReferralsJson = invitationJson.extend({
  referrals: z.array(z.object({
    username: z.string(),
    status: z.enum(["pending", "completed", "reversed"]),
    dateUsed: z.string().nullable(),
    firstOrderCompleted: z.boolean(),
  })),
  pointsEarned: z.number(),
  discountPercent: z.number(),
  pointsPerReferral: z.number(),
});

export const referralSchemas = { redeemBody, invitationJson, redeemJson, myReferralsJson };
