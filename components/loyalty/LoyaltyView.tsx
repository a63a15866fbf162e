/**
 * The loyalty programme page (/loyalty), its two views: for a visitor, a prompt to log in or register
 * beside the ways to earn and the rewards on offer; for a customer, the balance and tier with the bar
 * towards Gold, the tabs Points History / Available Rewards / My Redemptions (server-rendered panels
 * that the Tabs island turns into tabs), 'How to Earn Points' and a summary of their redemptions.
 * The cards and panels live in their own files beside this one.
 */
import type { LedgerEntry, LoyaltyTier, Redemption, Reward } from "../../domains/loyalty/mod.ts";
import { Island } from "../../lib/islands.tsx";
import Tabs, { tabPanel } from "../../islands/Tabs.tsx";
import { primaryButton, secondaryButton } from "../ui/buttons.ts";
import { LockIcon } from "../ui/icons.tsx";
import { BalanceCard } from "./BalanceCard.tsx";
import { HistoryPanel } from "./HistoryPanel.tsx";
import { HowToEarn } from "./HowToEarn.tsx";
import { Frame } from "./LoyaltyFrame.tsx";
import { JustRedeemed, RedemptionsPanel, RedemptionsSummary } from "./Redemptions.tsx";
import { RewardCard, RewardsPanel } from "./Rewards.tsx";
import { card, textLink } from "./styles.ts";

export interface LoyaltyPageData {
  balance: number;
  tier: LoyaltyTier;
  progressPercent: number;
  pointsToGold: number;
  history: LedgerEntry[];
  rewards: Reward[];
  redemptions: Redemption[];
  /** A code just redeemed (shown in a callout), when it is one of the customer's. */
  justRedeemed: Redemption | null;
  now: Date;
}

/** The page for a visitor: a prompt to sign in, the ways to earn and the rewards on offer. */
export function LoyaltyGuestView({ rewards }: { rewards: Reward[] }) {
  return (
    <Frame>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="space-y-6">
          <section className={`${card} text-center`} data-loyalty-login-prompt>
            <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-green-100 text-green-800">
              <LockIcon className="h-6 w-6" />
            </span>
            <h2 className="mt-4 text-xl font-bold text-stone-900">Log in to see your points</h2>
            <p className="mx-auto mt-2 max-w-md text-sm text-stone-600">
              Sign in to check your balance and redeem rewards, or create an account to start earning 1 point for every
              R1 you spend.
            </p>
            <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">
              <a href="/login?redirect=/loyalty" className={primaryButton}>Log in</a>
              <a href="/register" className={secondaryButton}>Create an account</a>
            </div>
          </section>
          {rewards.length
            ? (
              <section aria-labelledby="guest-rewards-title">
                <h2 id="guest-rewards-title" className="text-lg font-bold text-stone-900">Rewards you can earn</h2>
                <ul className="mt-4 grid gap-4 sm:grid-cols-2">
                  {rewards.map((r) => (
                    <RewardCard key={r.id} reward={r}>
                      <a href="/login?redirect=/loyalty" className={`${secondaryButton} w-full`}>Log in to redeem</a>
                    </RewardCard>
                  ))}
                </ul>
              </section>
            )
            : null}
        </div>
        <HowToEarn />
      </div>
    </Frame>
  );
}

const TABS = [
  { id: "points-history", label: "Points History" },
  { id: "available-rewards", label: "Available Rewards" },
  { id: "my-redemptions", label: "My Redemptions" },
];

/** The page for a signed-in customer. */
export function LoyaltyView({ data }: { data: LoyaltyPageData }) {
  return (
    <Frame>
      {data.justRedeemed ? <JustRedeemed redemption={data.justRedeemed} /> : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="min-w-0 space-y-6">
          <BalanceCard
            balance={data.balance}
            tier={data.tier}
            progressPercent={data.progressPercent}
            pointsToGold={data.pointsToGold}
          />
          <section aria-label="Loyalty programme" className="min-w-0">
            <Island name="Tabs" component={Tabs} props={{ label: "Loyalty programme", tabs: TABS }} />
            <div className="flex flex-col gap-8 rounded-b-xl border border-t-0 border-stone-200 bg-white p-4 sm:p-6">
              <div {...tabPanel("points-history")}>
                <h2 className="mb-3 text-lg font-bold">Points History</h2>
                <HistoryPanel history={data.history} now={data.now} />
              </div>
              <div {...tabPanel("available-rewards")}>
                <h2 className="mb-3 text-lg font-bold">Available Rewards</h2>
                <RewardsPanel rewards={data.rewards} balance={data.balance} />
              </div>
              <div {...tabPanel("my-redemptions")}>
                <h2 className="mb-3 text-lg font-bold">My Redemptions</h2>
                <RedemptionsPanel redemptions={data.redemptions} now={data.now} />
              </div>
            </div>
          </section>
        </div>
        <aside className="space-y-6">
          <RedemptionsSummary redemptions={data.redemptions} now={data.now} />
          <HowToEarn />
          <section className={card}>
            <h2 className="text-lg font-bold tracking-tight text-stone-900">Keep earning</h2>
            <p className="mt-2 text-sm text-stone-600">
              Your points grow with every paid order. See your orders in{" "}
              <a href="/account" className={textLink}>your account</a> or head to{" "}
              <a href="/checkout" className={textLink}>checkout</a>, where a reward code goes in the Reward code box at
              the payment step.
            </p>
          </section>
        </aside>
      </div>
    </Frame>
  );
}
