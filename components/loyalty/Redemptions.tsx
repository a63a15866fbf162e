/**
 * The customer's reward codes on the loyalty page: the "My Redemptions" panel (each code with its
 * status), the side summary (active codes, how many redeemed, points spent) and the callout for a
 * code just redeemed.
 */
import type { Redemption } from "../../domains/loyalty/mod.ts";
import { formatDate, formatPoints } from "./format.ts";
import { NoneYet } from "./LoyaltyFrame.tsx";
import { card, textLink } from "./styles.ts";

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

export function RedemptionsPanel({ redemptions, now }: { redemptions: Redemption[]; now: Date }) {
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

export function RedemptionsSummary({ redemptions, now }: { redemptions: Redemption[]; now: Date }) {
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

/** The callout after a redeem (/loyalty?code=...): the new code and where to use it. */
export function JustRedeemed({ redemption }: { redemption: Redemption }) {
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
