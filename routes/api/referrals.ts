/**
 * /api/referrals (spec 001: POST /referrals, /referrals/redeem, /referrals/my): the signed-in
 * customer's code and share link, redeeming a friend's code before one's first paid order, and the
 * referrer's list of friends with the points they earned. Never cached.
 */
import type { Context } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../context.ts";
import {
  ensureInvitation,
  myReferrals,
  redeemReferral,
  REFERRAL_POINTS,
  referralDiscountPercent,
  referralLink,
  referralSchemas,
} from "../../domains/referrals/mod.ts";
import { currentUser, requireUser } from "../guards.ts";
import { privateNoStore } from "../page_cache.ts";
import { actionApi, defineAction } from "../action.ts";

/** The percent a customer redeeming now is promised: the staff setting, else the environment's. */
export function currentReferralPercent(c: Context<AppEnv>): Promise<number> {
  return referralDiscountPercent(c.var.db, c.var.config.referralDiscountPercent);
}

/** What the referee is told after redeeming (API answer and registration toast alike). */
export function redeemedMessage(percent: number): string {
  return `Referral code applied: you get ${percent}% off your first order.`;
}

/** The /referral page and GET /my share this: the customer's code, link and friends. */
export async function referralOverview(
  c: Context<AppEnv>,
): Promise<z.infer<typeof referralSchemas.myReferralsJson>> {
  const summary = await myReferrals(c.var.db, currentUser(c).id);
  return {
    code: summary.code,
    link: referralLink(c.var.config.siteUrl, summary.code),
    referrals: summary.referrals.map((r) => ({
      username: r.username,
      status: r.status,
      dateUsed: r.dateUsed?.toISOString() ?? null,
      firstOrderCompleted: r.firstOrderCompleted,
    })),
    pointsEarned: summary.pointsEarned,
    discountPercent: await currentReferralPercent(c),
    pointsPerReferral: REFERRAL_POINTS,
  };
}

export const myReferralsAction = defineAction({
  method: "get",
  path: "/referrals/my",
  input: undefined,
  output: referralSchemas.myReferralsJson,
  auth: "customer",
  summary: "The customer's referral code, link, the people who used it and the points earned",
  handler: referralOverview,
});

export const inviteAction = defineAction({
  method: "post",
  path: "/referrals",
  input: undefined,
  output: referralSchemas.invitationJson,
  auth: "customer",
  summary: "The customer's referral code and link (created on first call)",
  handler: async (c) => {
    const { code } = await ensureInvitation(c.var.db, currentUser(c).id);
    return { code, link: referralLink(c.var.config.siteUrl, code) };
  },
});

export const redeemReferralAction = defineAction({
  method: "post",
  path: "/referrals/redeem",
  input: referralSchemas.redeemBody,
  output: referralSchemas.redeemJson,
  auth: "customer",
  summary: "Redeem a friend's referral code for a first-order discount",
  handler: async (c, input) => {
    const percent = await currentReferralPercent(c);
    const redeemed = await redeemReferral(c.var.db, currentUser(c).id, input.code, percent);
    return {
      success: true as const,
      code: redeemed.code,
      discountType: "percentage" as const,
      discountPercent: redeemed.discountPercent,
      message: redeemedMessage(redeemed.discountPercent),
    };
  },
});

export function referralApi() {
  return actionApi(
    "/referrals",
    [inviteAction, myReferralsAction, redeemReferralAction],
    requireUser(),
    privateNoStore,
  );
}
