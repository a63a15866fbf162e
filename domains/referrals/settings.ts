/**
 * The referee's first-order discount in percent. Staff may store one under the settings key
 * "referrals" ({ discountPercent }); without it the environment's REFERRAL_DISCOUNT_PERCENT
 * (config.referralDiscountPercent, default 10) applies. The percent is copied onto the referee's
 * referral row when they redeem, so a later change never alters a discount already promised.
 */
import type { Db } from "../../db/client.ts";
import { readSetting } from "../settings/mod.ts";

export const REFERRAL_SETTINGS_KEY = "referrals";
export const DEFAULT_REFERRAL_DISCOUNT_PERCENT = 10;

/** A whole percent from 1 to 100, or null. */
export function validPercent(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 100 ? value : null;
}

/** The percent a customer redeeming a code now is promised. */
export async function referralDiscountPercent(db: Db, fallback = DEFAULT_REFERRAL_DISCOUNT_PERCENT): Promise<number> {
  const stored = await readSetting(db, REFERRAL_SETTINGS_KEY);
  const percent = stored && typeof stored === "object"
    ? validPercent((stored as Record<string, unknown>).discountPercent)
    : null;
  return percent ?? fallback;
}
