/**
 * The rewards on the loyalty page: a reward's card (name, cost, what it takes off) and the customer's
 * "Available Rewards" panel, where each card carries the RedeemReward island.
 */
import type { ReactNode } from "react";
import type { Reward } from "../../domains/loyalty/mod.ts";
import { Island } from "../../lib/islands.tsx";
import { formatMoney } from "../../lib/money.ts";
import RedeemReward from "../../islands/RedeemReward.tsx";
import { formatPoints } from "./format.ts";
import { NoneYet } from "./LoyaltyFrame.tsx";

function rewardValue(r: Reward): string {
  if (r.discountType === "percentage") return `${r.discountValueCents / 100}% off`;
  if (r.discountType === "free_shipping") return "Free delivery";
  return `${formatMoney(r.discountValueCents)} off`;
}

/** One reward; `children` is what the viewer can do with it (redeem, or log in to redeem). */
export function RewardCard({ reward, children }: { reward: Reward; children: ReactNode }) {
  return (
    <li className="flex flex-col rounded-xl border border-stone-200 bg-white p-4 shadow-sm" data-reward={reward.id}>
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-bold text-stone-900">{reward.name}</h3>
        <span className="shrink-0 rounded-full bg-green-50 px-2.5 py-1 text-xs font-bold text-green-900 ring-1 ring-green-700/20">
          {formatPoints(reward.pointsCost)} points
        </span>
      </div>
      <p className="mt-1 text-xs font-semibold tracking-wide text-stone-500 uppercase">{rewardValue(reward)}</p>
      {reward.description ? <p className="mt-2 text-sm text-stone-600">{reward.description}</p> : null}
      <div className="mt-4 flex flex-1 flex-col justify-end">{children}</div>
    </li>
  );
}

export function RewardsPanel({ rewards, balance }: { rewards: Reward[]; balance: number }) {
  if (!rewards.length) return <NoneYet>No rewards are on offer right now. Please check back soon.</NoneYet>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2" data-rewards>
      {rewards.map((r) => (
        <RewardCard key={r.id} reward={r}>
          <Island
            name="RedeemReward"
            component={RedeemReward}
            props={{
              reward: { id: r.id, name: r.name, pointsCost: r.pointsCost },
              balance,
            }}
          />
        </RewardCard>
      ))}
    </ul>
  );
}
