/**
 * The reviews block's summary column: the average, how many reviews, and one bar per star count that
 * is also the rating filter (the same star again clears it).
 */
import type { ReviewPageJson } from "../../domains/reviews/json.ts";
import type { FilterLink, ReviewFilters } from "./filters.ts";
import { FilledStar, Stars } from "./parts.tsx";

export function ReviewSummary(
  { summary, state, to }: { summary: ReviewPageJson["summary"]; state: ReviewFilters; to: FilterLink },
) {
  return (
    <div>
      <p className="text-4xl font-extrabold text-stone-900">{summary.average.toFixed(1)}</p>
      <Stars rating={summary.average} className="h-5 w-5" />
      <p className="mt-1 text-sm text-stone-600">
        Based on {summary.count} {summary.count === 1 ? "review" : "reviews"}
      </p>
      <ul className="mt-4 space-y-1.5" aria-label="Filter by rating">
        {[5, 4, 3, 2, 1].map((stars) => {
          const n = summary.distribution[String(stars) as "1"];
          const share = summary.count ? Math.round((n / summary.count) * 100) : 0;
          const active = state.rating === stars;
          const next = { ...state, rating: active ? null : stars, page: 1 };
          return (
            <li key={stars}>
              <a
                {...to(next)}
                aria-current={active ? "true" : undefined}
                className={`flex items-center gap-2 rounded px-1 py-0.5 text-sm ${
                  active ? "bg-amber-50 font-semibold ring-1 ring-amber-400" : "hover:bg-stone-100"
                }`}
              >
                <span className="inline-flex w-8 items-center gap-0.5 text-stone-700">
                  {/* Named by its content, so the name holds what is on screen: "5 star reviews: 2". */}
                  {stars} <span className="sr-only">star reviews:</span>
                  <span className="text-amber-500">
                    <FilledStar className="h-3.5 w-3.5" />
                  </span>
                </span>
                <span className="h-2 flex-1 overflow-hidden rounded-full bg-stone-200">
                  <span className="block h-full rounded-full bg-amber-500" style={{ width: `${share}%` }} />
                </span>
                <span className="w-8 text-right text-stone-600">{n}</span>{" "}
                {active ? <span className="sr-only">(selected, select again to clear)</span> : null}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
