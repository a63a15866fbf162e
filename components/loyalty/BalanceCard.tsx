/** The signed-in loyalty page's balance card: the points, the tier, and the bar towards Gold Tier. */
import type { LoyaltyTier } from "../../domains/loyalty/mod.ts";
import { formatPoints } from "./format.ts";
import { PointsCard, TierProgress } from "./PointsCard.tsx";

export function BalanceCard(
  { balance, tier, progressPercent, pointsToGold }: {
    balance: number;
    tier: LoyaltyTier;
    progressPercent: number;
    pointsToGold: number;
  },
) {
  return (
    <PointsCard
      id="balance-title"
      title="Your points balance"
      points={balance}
      data="data-loyalty-balance"
      badge={
        <span className="rounded-full bg-white/15 px-3 py-1 text-xs font-bold ring-1 ring-white/25" data-tier>
          {tier} Tier
        </span>
      }
    >
      <div className="mt-6">
        <div className="flex justify-between text-xs font-semibold text-green-100">
          <span>Silver Tier</span>
          <span>Gold Tier</span>
        </div>
        <TierProgress
          percent={progressPercent}
          bar="mt-1.5 h-2.5"
          text={pointsToGold > 0
            ? `Earn ${formatPoints(pointsToGold)} more points to reach Gold Tier`
            : "You've reached Gold Tier status"}
        />
      </div>
    </PointsCard>
  );
}
