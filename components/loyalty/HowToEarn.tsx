/**
 * The loyalty page's "How to Earn Points" card, shown to visitors and customers alike: the ways to
 * earn and the link to the referral page.
 */
import type { ReactNode } from "react";
import { AwardIcon, CheckCircleIcon, StarIcon, UsersIcon } from "../ui/icons.tsx";
import { card, textLink } from "./styles.ts";

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
