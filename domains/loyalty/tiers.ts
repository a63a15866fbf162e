/** Loyalty tiers (spec sections 4 and 9): Bronze below 500 points, Silver 500 to 999, Gold from 1000. */

export type LoyaltyTier = "Bronze" | "Silver" | "Gold";

export const SILVER_POINTS = 500;
export const GOLD_POINTS = 1000;

/** The tier a balance earns. */
export function loyaltyTier(points: number): LoyaltyTier {
  return points >= GOLD_POINTS ? "Gold" : points >= SILVER_POINTS ? "Silver" : "Bronze";
}

/** Progress towards Gold for the loyalty page's bar: balance / 1000, as a whole percentage from 0 to 100. */
export function goldProgress(points: number): number {
  return Math.max(0, Math.min(100, Math.round((points / GOLD_POINTS) * 100)));
}

/** Points still needed for Gold (0 once reached). */
export function pointsToGold(points: number): number {
  return Math.max(0, GOLD_POINTS - points);
}
