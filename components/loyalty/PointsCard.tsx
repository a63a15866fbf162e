/**
 * The green points card: a title, the balance and a tier badge, with whatever the page adds below
 * (the account overview's link to rewards, the loyalty page's progress to Gold). A balance below
 * zero (a refund's debt) is explained on the card itself, on both pages.
 */
import type { ReactNode } from "react";
import { AwardIcon } from "../ui/icons.tsx";
import { formatPoints } from "./format.ts";

export function PointsCard(
  { id, title, points, badge, data, children }: {
    /** The heading's id (the section is labelled by it). */
    id: string;
    title: string;
    points: number;
    badge: ReactNode;
    /** A data attribute naming the card for tests, e.g. "data-loyalty-card". */
    data: string;
    children: ReactNode;
  },
) {
  return (
    <section
      aria-labelledby={id}
      className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-green-800 via-green-900 to-emerald-950 p-5 text-white shadow-sm sm:p-6"
      {...{ [data]: "" }}
    >
      <AwardIcon className="pointer-events-none absolute -top-4 -right-4 h-32 w-32 text-white/5" />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={id} className="text-sm font-semibold tracking-wide text-green-100 uppercase">{title}</h2>
          <p className="mt-2 text-4xl font-extrabold tracking-tight tabular-nums" data-points>
            {formatPoints(points)}
            <span className="ml-1.5 text-base font-semibold text-green-100">points</span>
          </p>
        </div>
        {badge}
      </div>
      {points < 0
        ? (
          // A debt left by a refund of points already spent (docs/decisions/0057).
          <p className="mt-3 rounded-lg bg-white/10 px-3 py-2 text-sm text-green-50" data-points-debt>
            A refund took back {formatPoints(-points)} points more than you had. Points you earn pay this off first.
          </p>
        )
        : null}
      {children}
    </section>
  );
}

/**
 * The bar towards the next tier and the sentence under it, drawn alike on the account overview and the
 * loyalty page (`bar` sizes it for its card).
 */
export function TierProgress({ percent, bar, text }: { percent: number; bar: string; text: string }) {
  return (
    <>
      <div
        className={`${bar} overflow-hidden rounded-full bg-white/15`}
        role="progressbar"
        aria-label="Progress to Gold Tier"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="h-full rounded-full bg-yellow-300" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-2 text-sm text-green-50" data-tier-progress>{text}</p>
    </>
  );
}
