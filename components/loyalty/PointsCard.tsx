/**
 * The green points card: a title, the balance and a tier badge, with whatever the page adds below
 * (the account overview's link to rewards, the loyalty page's progress to Gold).
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
      {children}
    </section>
  );
}
