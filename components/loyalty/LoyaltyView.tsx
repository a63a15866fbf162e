/**
 * The loyalty programme page (/loyalty): for a visitor, a prompt to log in or register beside the ways
 * to earn and the rewards on offer; for a customer, the balance and tier with the bar towards Gold, the
 * tabs Points History / Available Rewards / My Redemptions (server-rendered panels that the Tabs
 * island turns into tabs), 'How to Earn Points' and a summary of their redemptions.
 */
import type { ReactNode } from "react";
import type { LedgerEntry, LoyaltyTier, Redemption, Reward } from "../../domains/loyalty/mod.ts";
import { Island } from "../../lib/islands.tsx";
import { formatMoney } from "../../lib/money.ts";
import RedeemReward from "../../islands/RedeemReward.tsx";
import Tabs, { tabPanel } from "../../islands/Tabs.tsx";
import { Breadcrumbs } from "../ui/Breadcrumbs.tsx";
import { primaryButton, secondaryButton } from "../ui/buttons.ts";
import { AwardIcon, CheckCircleIcon, LockIcon, StarIcon, UsersIcon } from "../ui/icons.tsx";
import { formatDate, formatPoints, relativeTime, signedPoints } from "./format.ts";
import { PointsCard } from "./PointsCard.tsx";

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

const CRUMBS = [
  { label: "Home", href: "/" },
  { label: "Account", href: "/account" },
  { label: "Loyalty Programme" },
];

const card = "rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6";
const textLink =
  "font-semibold text-green-800 underline decoration-green-800/30 underline-offset-2 hover:decoration-green-800";

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <Breadcrumbs items={CRUMBS} />
      <header className="mt-5">
        <h1 className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">Loyalty Programme</h1>
        <p className="mt-2 text-stone-600">Earn points on every order and spend them on rewards.</p>
      </header>
      {children}
    </div>
  );
}

const WAYS: { icon: ReactNode; text: string; points: string; live: boolean }[] = [
  { icon: <AwardIcon className="h-5 w-5" />, text: "For every R1 you spend", points: "1 point", live: true },
  {
    icon: <StarIcon className="h-5 w-5" />,
    text: "For each product review (once approved)",
    points: "10 points",
    live: true,
  },
  {
    icon: <CheckCircleIcon className="h-5 w-5" />,
    text: "When a review is marked helpful",
    points: "5 points",
    live: true,
  },
  { icon: <UsersIcon className="h-5 w-5" />, text: "For each successful referral", points: "50 points", live: true },
];

/** The ways to earn (a way not credited yet would carry a 'coming soon' badge), with the referral page's link. */
export function HowToEarn() {
  return (
    <section aria-labelledby="earn-title" className={card} data-how-to-earn>
      <h2 id="earn-title" className="text-lg font-bold tracking-tight text-stone-900">How to Earn Points</h2>
      <ul className="mt-4 space-y-3">
        {WAYS.map((w) => (
          <li key={w.text} className="flex items-start gap-3 text-sm">
            <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-green-50 text-green-800">
              {w.icon}
            </span>
            <span className="min-w-0">
              <span className="flex flex-wrap items-center gap-x-2 font-semibold text-stone-900">
                {w.points}
                {w.live
                  ? null
                  : (
                    <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-600/20">
                      coming soon
                    </span>
                  )}
              </span>
              <span className="block text-stone-600">{w.text}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-xs text-stone-500">
        Points are credited for paid orders, approved reviews, helpful votes on your reviews and friends' first orders;
        each appears in your history.
      </p>
      <p className="mt-3 text-sm">
        <a href="/referral" className={textLink} data-referral-link>Refer a friend: get your code and share link</a>
      </p>
    </section>
  );
}

function rewardValue(r: Reward): string {
  if (r.discountType === "percentage") return `${r.discountValueCents / 100}% off`;
  if (r.discountType === "free_shipping") return "Free delivery";
  return `${formatMoney(r.discountValueCents)} off`;
}

function RewardCard({ reward, children }: { reward: Reward; children: ReactNode }) {
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

function NoneYet({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-stone-300 bg-stone-50/60 px-6 py-8 text-center text-sm text-stone-600">
      {children}
    </p>
  );
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

function BalanceCard({ data }: { data: LoyaltyPageData }) {
  return (
    <PointsCard
      id="balance-title"
      title="Your points balance"
      points={data.balance}
      data="data-loyalty-balance"
      badge={
        <span className="rounded-full bg-white/15 px-3 py-1 text-xs font-bold ring-1 ring-white/25" data-tier>
          {data.tier} Tier
        </span>
      }
    >
      <div className="mt-6">
        <div className="flex justify-between text-xs font-semibold text-green-100">
          <span>Silver Tier</span>
          <span>Gold Tier</span>
        </div>
        <div
          className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-white/15"
          role="progressbar"
          aria-label="Progress to Gold Tier"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={data.progressPercent}
        >
          <div className="h-full rounded-full bg-yellow-300" style={{ width: `${data.progressPercent}%` }} />
        </div>
        <p className="mt-2 text-sm text-green-50" data-tier-progress>
          {data.pointsToGold > 0
            ? `Earn ${formatPoints(data.pointsToGold)} more points to reach Gold Tier`
            : "You've reached Gold Tier status"}
        </p>
      </div>
    </PointsCard>
  );
}

function HistoryPanel({ history, now }: { history: LedgerEntry[]; now: Date }) {
  if (!history.length) {
    return (
      <NoneYet>
        No points yet. You earn 1 point for every R1 you spend.{" "}
        <a href="/products" className={textLink}>Start shopping</a>
      </NoneYet>
    );
  }
  return (
    <ul className="divide-y divide-stone-100" data-points-history>
      {history.map((e) => (
        <li key={e.id} className="flex items-center justify-between gap-4 py-3">
          <div className="min-w-0">
            <p className="font-medium text-stone-900">{e.reason}</p>
            <time
              dateTime={e.createdAt.toISOString()}
              title={formatDate(e.createdAt)}
              className="text-xs text-stone-500"
            >
              {relativeTime(e.createdAt, now)}
            </time>
          </div>
          <span
            className={`shrink-0 font-bold tabular-nums ${e.points < 0 ? "text-red-700" : "text-green-800"}`}
            data-signed-points
          >
            {signedPoints(e.points)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function RewardsPanel({ data }: { data: LoyaltyPageData }) {
  if (!data.rewards.length) return <NoneYet>No rewards are on offer right now. Please check back soon.</NoneYet>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2" data-rewards>
      {data.rewards.map((r) => (
        <RewardCard key={r.id} reward={r}>
          <Island
            name="RedeemReward"
            component={RedeemReward}
            props={{
              reward: { id: r.id, name: r.name, pointsCost: r.pointsCost },
              balance: data.balance,
            }}
          />
        </RewardCard>
      ))}
    </ul>
  );
}

function statusOf(r: Redemption, now: Date): "Used" | "Active" | "Expired" | "Voided" {
  if (r.voided) return "Voided";
  if (r.used) return "Used";
  return r.expiresAt && r.expiresAt <= now ? "Expired" : "Active";
}

const BADGE = {
  Used: "bg-stone-100 text-stone-700 ring-stone-300",
  Active: "bg-green-50 text-green-900 ring-green-700/25",
  Expired: "bg-amber-50 text-amber-900 ring-amber-600/25",
  Voided: "bg-red-50 text-red-800 ring-red-600/25",
};

function RedemptionsPanel({ redemptions, now }: { redemptions: Redemption[]; now: Date }) {
  if (!redemptions.length) {
    return <NoneYet>You haven't redeemed any rewards yet. Choose one under Available Rewards.</NoneYet>;
  }
  return (
    <ul className="divide-y divide-stone-100" data-redemptions>
      {redemptions.map((r) => {
        const status = statusOf(r, now);
        return (
          <li key={r.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 py-3" data-redemption>
            <div className="min-w-0">
              <p className="font-medium text-stone-900">{r.rewardName}</p>
              <p className="mt-1 flex flex-wrap items-center gap-2">
                <code className="rounded bg-stone-100 px-2 py-0.5 font-mono text-sm font-semibold tracking-wide text-stone-900">
                  {r.code}
                </code>
                <span className={`rounded-full px-2 py-0.5 text-xs font-bold ring-1 ${BADGE[status]}`} data-badge>
                  {status}
                </span>
              </p>
              <p className="mt-1 text-xs text-stone-500">
                {r.voided && r.usedAt
                  ? `Cancelled ${formatDate(r.usedAt)}, its points returned to your balance`
                  : r.used && r.usedAt
                  ? `Used ${formatDate(r.usedAt)}`
                  : r.expiresAt
                  ? `${status === "Expired" ? "Expired" : "Expires"} ${formatDate(r.expiresAt)}`
                  : "Does not expire"}
              </p>
            </div>
            <span className="shrink-0 text-sm font-semibold text-stone-700 tabular-nums">
              {formatPoints(r.pointsSpent)} points
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function RedemptionsSummary({ redemptions, now }: { redemptions: Redemption[]; now: Date }) {
  const active = redemptions.filter((r) => statusOf(r, now) === "Active");
  // A voided code's points came back, so they are not counted as spent.
  const spent = redemptions.reduce((sum, r) => sum + (r.voided ? 0 : r.pointsSpent), 0);
  return (
    <section aria-labelledby="summary-title" className={card} data-redemptions-summary>
      <h2 id="summary-title" className="text-lg font-bold tracking-tight text-stone-900">Your redemptions</h2>
      <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
        {[
          ["Active", active.length],
          ["Redeemed", redemptions.length],
          ["Points spent", spent],
        ].map(([label, value]) => (
          // The term comes first (HTML wants dt before dd); the figure still shows above it.
          <div key={label} className="flex flex-col-reverse rounded-lg bg-stone-50 px-2 py-3">
            <dt className="text-xs text-stone-600">{label}</dt>
            <dd className="text-xl font-extrabold text-stone-900 tabular-nums">{formatPoints(value as number)}</dd>
          </div>
        ))}
      </dl>
      {active.length
        ? (
          <ul className="mt-4 space-y-2 text-sm">
            {active.slice(0, 3).map((r) => (
              <li key={r.id} className="flex items-center justify-between gap-2">
                <span className="min-w-0 truncate text-stone-700">{r.rewardName}</span>
                <code className="shrink-0 font-mono text-xs font-semibold text-stone-900">{r.code}</code>
              </li>
            ))}
          </ul>
        )
        : null}
      <a href="#my-redemptions" className={`${textLink} mt-4 inline-block text-sm`}>View My Redemptions</a>
    </section>
  );
}

function JustRedeemed({ redemption }: { redemption: Redemption }) {
  return (
    <section className="mt-6 rounded-2xl border border-green-700/25 bg-green-50 p-5" data-just-redeemed>
      <h2 className="font-bold text-green-900">Reward Redeemed Successfully!</h2>
      <p className="mt-1 text-sm text-green-950">
        {redemption.rewardName}: your code is{" "}
        <code className="rounded bg-white px-2 py-0.5 font-mono font-bold tracking-wide">{redemption.code}</code>
        {redemption.expiresAt ? `, valid until ${formatDate(redemption.expiresAt)}` : ""}. It is kept under My
        Redemptions; to use it, place your order and enter the code in the Reward code box at the payment step.
      </p>
    </section>
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
          <BalanceCard data={data} />
          <section aria-label="Loyalty programme" className="min-w-0">
            <Island name="Tabs" component={Tabs} props={{ label: "Loyalty programme", tabs: TABS }} />
            <div className="flex flex-col gap-8 rounded-b-xl border border-t-0 border-stone-200 bg-white p-4 sm:p-6">
              <div {...tabPanel("points-history")}>
                <h2 className="mb-3 text-lg font-bold">Points History</h2>
                <HistoryPanel history={data.history} now={data.now} />
              </div>
              <div {...tabPanel("available-rewards")}>
                <h2 className="mb-3 text-lg font-bold">Available Rewards</h2>
                <RewardsPanel data={data} />
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
